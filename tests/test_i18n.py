"""The UI translations: every ``_()`` string in every catalog, the rules help, switching.

The strings are found the way a gettext extractor would: every ``_("literal")`` call in
``client/**/*.py``, read with ``ast`` (so a new string without its translations fails
here). The table states the screens show through ``_(info.state)`` come from the
protocol and are checked with them.
"""

from __future__ import annotations

import ast
import importlib
import locale
import re
import unicodedata
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from client import i18n
from client.screens.help import RULES as ENGLISH_RULES
from protocol.messages import TABLE_STATES

CLIENT = Path(__file__).resolve().parent.parent / "client"
TRANSLATED = sorted(lang for lang in i18n.LANGUAGES if lang != "en")

# Shown through ``_(info.state)``: not literals, but on screen all the same.
DYNAMIC = tuple(TABLE_STATES)

# Key names inside UI strings; they name keys, so a translation keeps them as they are.
_KEY_PATTERNS = (
    re.compile(r"\((\w)\)"),  # '... or end the turn (e)'
    re.compile(r"^(\w|Esc|Enter): "),  # 't: chat', 'Esc: cancel'
    re.compile(r"[:,] (\w) "),  # 'You host this table: a add a bot, x remove a bot, ...'
    re.compile(r"\bpress (\w)\b"),  # 'press n to open one'
)
_HINT_KEY = re.compile(r"(?:^|· )(\S+) ")  # 'p play now · h host · ...'
_TABLE_KEY = re.compile(r"Enter|Esc|1-9|←/→|(?<!\w)[a-z?](?!\w)")
_BOLD_KEY = re.compile(r"\*\*([a-z?])\*\*")
_CODE_SPAN = re.compile(r"`[^`]+`")
_PLACEHOLDER = re.compile(r"\{[^{}]*\}")
_MARKUP = re.compile(r"\[/?[A-Za-z#@$][^\[\]]*\]")  # Rich/Textual markup: [b], [/], [red]
_JOINERS = {"\u200c", "\u200d"}  # ZWNJ/ZWJ: legitimate in Indic scripts


def ui_strings() -> dict[str, str]:
    """Every ``_("...")`` and ``ngettext("...", "...", n)`` literal under client/, with
    where it first occurs."""
    found: dict[str, str] = {}
    for path in sorted(CLIENT.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in ("_", "ngettext")
            ):
                where = f"{path.relative_to(CLIENT.parent)}:{node.lineno}"
                for arg in node.args[:2] if node.func.id == "ngettext" else node.args[:1]:
                    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                        found.setdefault(arg.value, where)
    return found


UI_STRINGS = ui_strings()
REQUIRED = {**UI_STRINGS, **{state: "protocol TABLE_STATES" for state in DYNAMIC}}


def catalog(lang: str) -> ModuleType:
    return importlib.import_module(f"client.locales.{lang}")


def messages(lang: str) -> dict[str, str]:
    found = getattr(catalog(lang), "MESSAGES", None)
    assert isinstance(found, dict), f"{lang}: no MESSAGES dict"
    return {str(k): str(v) for k, v in found.items()}


def catalog_rules(lang: str) -> str:
    found = getattr(catalog(lang), "RULES", None)
    assert isinstance(found, str), f"{lang}: no RULES string"
    return found


def key_names(english: str) -> set[str]:
    keys: set[str] = set()
    if " · " in english:
        keys.update(_HINT_KEY.findall(english))
    for pattern in _KEY_PATTERNS:
        keys.update(pattern.findall(english))
    return keys


def has_token(text: str, token: str, lang: str = "en") -> bool:
    """``token`` (a key name) is in ``text``, as is or as ``lang``'s keyboards name it."""
    names = {token, getattr(catalog(lang), "KEYS", {}).get(token, token)} if lang != "en" else {
        token
    }
    return any(re.search(rf"(?<!\w){re.escape(t)}(?!\w)", text) for t in names)


def table_rows(markdown: str) -> list[list[str]]:
    rows = [line for line in markdown.splitlines() if line.startswith("|")]
    return [[cell.strip() for cell in row.strip("|").split("|")] for row in rows]


def headings(markdown: str) -> list[int]:
    return [len(m.group(1)) for m in re.finditer(r"^(#+) ", markdown, re.MULTILINE)]


def list_items(markdown: str) -> int:
    return len(re.findall(r"^- ", markdown, re.MULTILINE))


def bad_characters(text: str, *, allow_newlines: bool) -> list[str]:
    bad = []
    for ch in text:
        category = unicodedata.category(ch)
        if ch == "\n" and allow_newlines:
            continue
        if category == "Cc" or (category == "Cf" and ch not in _JOINERS):
            bad.append(f"U+{ord(ch):04X}")
    return bad


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    i18n.set_language("en")


# ------------------------------------------------------------ extraction


def test_extraction_finds_the_ui_strings() -> None:
    assert len(UI_STRINGS) > 50
    for text in ("Play now", "Leading card", "LAST CARD!", "New table"):
        assert text in UI_STRINGS


def test_key_names_are_found_in_hints() -> None:
    assert key_names("p play now · h host · j join · ? help · q quit") == {
        "p",
        "h",
        "j",
        "?",
        "q",
    }
    assert key_names("You host this table: a add a bot, x remove a bot, s start.") == {
        "a",
        "x",
        "s",
    }
    assert key_names("King: play any card or end the turn (e)") == {"e"}
    assert key_names("Esc: cancel") == {"Esc"}
    assert key_names("A name is 1 to {n} printable characters.") == set()


def test_every_language_has_a_catalog() -> None:
    assert set(TRANSLATED) == {"fr", "bg", "is", "kn"}
    for lang in TRANSLATED:
        assert messages(lang)
        assert catalog_rules(lang).strip()


# ------------------------------------------------------------ the catalogs


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_string_is_translated(lang: str) -> None:
    table = messages(lang)
    missing = [f"{where}: {text!r}" for text, where in REQUIRED.items() if text not in table]
    empty = [f"{REQUIRED[text]}: {text!r}" for text in REQUIRED if not table.get(text, "x").strip()]
    assert not missing, f"{lang} lacks:\n" + "\n".join(missing)
    assert not empty, f"{lang} has empty translations:\n" + "\n".join(empty)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_translations_keep_their_form(lang: str) -> None:
    table = messages(lang)
    problems: list[str] = []
    for english in REQUIRED:
        text = table.get(english)
        if text is None:
            continue
        lead, trail = len(english) - len(english.lstrip()), len(english) - len(english.rstrip())
        if text[: len(text) - len(text.lstrip())] != english[:lead] or (
            trail and not text.endswith(english[-trail:])
        ):
            problems.append(f"surrounding spaces: {english!r} -> {text!r}")
        if sorted(_PLACEHOLDER.findall(text)) != sorted(_PLACEHOLDER.findall(english)):
            problems.append(f"placeholders: {english!r} -> {text!r}")
        for end in ("...", ":", "!", ".", ")"):
            if english.endswith(end) and not text.endswith(end):
                problems.append(f"ends with {end!r}: {english!r} -> {text!r}")
        for key in sorted(key_names(english)):
            if not has_token(text, key, lang):
                problems.append(f"key {key!r} lost: {english!r} -> {text!r}")
    assert not problems, f"{lang}:\n" + "\n".join(problems)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_markup_or_control_characters(lang: str) -> None:
    problems: list[str] = []
    for english, text in messages(lang).items():
        if _MARKUP.search(text):
            problems.append(f"markup in {text!r}")
        if bad := bad_characters(text, allow_newlines=False):
            problems.append(f"control characters {bad} in {english!r} -> {text!r}")
        if text != text.strip() and english == english.strip():
            problems.append(f"stray spaces in {text!r}")
    rules = catalog_rules(lang)
    if match := _MARKUP.search(rules):
        problems.append(f"markup in RULES: {match.group()!r}")
    if bad := bad_characters(rules, allow_newlines=True):
        problems.append(f"control characters {bad} in RULES")
    assert not problems, f"{lang}:\n" + "\n".join(problems)


# ------------------------------------------------------------ the rules help


@pytest.mark.parametrize("lang", TRANSLATED)
def test_rules_keep_the_markdown_structure(lang: str) -> None:
    rules = catalog_rules(lang)
    assert rules.startswith("# TAKI\n")
    assert rules != ENGLISH_RULES
    assert headings(rules) == headings(ENGLISH_RULES)
    assert list_items(rules) == list_items(ENGLISH_RULES)
    assert Counter(_BOLD_KEY.findall(rules)) == Counter(_BOLD_KEY.findall(ENGLISH_RULES))
    assert Counter(_CODE_SPAN.findall(rules)) == Counter(_CODE_SPAN.findall(ENGLISH_RULES))
    for symbol in ("+2", "+3", "<->", "TAKI"):
        if symbol in ENGLISH_RULES:
            assert symbol in rules, f"{lang}: {symbol!r} missing from RULES"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_rules_keys_table(lang: str) -> None:
    english = table_rows(ENGLISH_RULES)
    rows = table_rows(catalog_rules(lang))
    assert len(rows) == len(english) > 2
    assert rows[1] == english[1]  # the |---|---| line
    for mine, theirs in zip(rows, english, strict=True):
        assert len(mine) == len(theirs) and all(mine)
    for mine, theirs in zip(rows[2:], english[2:], strict=True):
        for key in _TABLE_KEY.findall(theirs[0]):
            assert has_token(mine[0], key, lang), f"{lang}: key {key!r} lost in row {mine}"
    table_text = "\n".join("|".join(row) for row in rows)
    i18n.set_language(lang)
    try:
        assert i18n.key("Esc") in table_text
    finally:
        i18n.set_language("en")


# ------------------------------------------------------------ switching


@pytest.mark.parametrize("lang", TRANSLATED)
def test_set_language_translates(lang: str) -> None:
    table = messages(lang)
    assert i18n.set_language(lang) == lang
    assert i18n.language() == lang
    for english in REQUIRED:
        assert i18n._(english) == table[english]
    assert i18n.rules(ENGLISH_RULES) == catalog_rules(lang)
    assert i18n._("no such string, surely") == "no such string, surely"


def test_english_is_the_source() -> None:
    i18n.set_language("fr")
    assert i18n.set_language("en") == "en"
    assert i18n.language() == "en"
    assert i18n._("Play now") == "Play now"
    assert i18n.rules(ENGLISH_RULES) == ENGLISH_RULES


@pytest.mark.parametrize("unknown", ["xx", "de", "", "FR", "../fr"])
def test_unknown_language_falls_back_to_english(unknown: str) -> None:
    i18n.set_language("kn")
    assert i18n.set_language(unknown) == "en"
    assert i18n.language() == "en"
    assert i18n._("Play now") == "Play now"
    assert i18n.rules(ENGLISH_RULES) == ENGLISH_RULES


def _clear_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setattr(locale, "getlocale", lambda: (None, None))


def test_choose_prefers_the_arguments(monkeypatch: pytest.MonkeyPatch) -> None:
    _clear_locale(monkeypatch)
    monkeypatch.setenv("LC_ALL", "bg_BG.UTF-8")
    monkeypatch.setenv("LANG", "is_IS.UTF-8")
    assert i18n.choose("fr", "kn") == "fr"
    assert i18n.choose(None, "kn") == "kn"
    assert i18n.choose("xx", "", None) == "bg"


def test_choose_reads_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    _clear_locale(monkeypatch)
    monkeypatch.setenv("LANG", "kn_IN.UTF-8")
    assert i18n.choose(None, None) == "kn"
    monkeypatch.setenv("LC_ALL", "is_IS")
    assert i18n.choose() == "is"


def test_choose_falls_back_to_english(monkeypatch: pytest.MonkeyPatch) -> None:
    _clear_locale(monkeypatch)
    assert i18n.choose() == "en"
    monkeypatch.setenv("LANG", "C.UTF-8")
    assert i18n.choose("de", None) == "en"


# ------------------------------------------------------------ plurals


def test_plural_rules_per_language() -> None:
    """CLDR integer rules: French and Kannada put 0 in the singular, Icelandic 21."""
    assert [i18n.plural_one(n, "en") for n in (0, 1, 2, 21)] == [False, True, False, False]
    assert [i18n.plural_one(n, "fr") for n in (0, 1, 2, 21)] == [True, True, False, False]
    assert [i18n.plural_one(n, "is") for n in (1, 11, 21, 111, 2)] == [
        True, False, True, False, False]
    assert [i18n.plural_one(n, "bg") for n in (0, 1, 2)] == [False, True, False]


def test_card_counts_use_the_plural_rule() -> None:
    from client.words import cards_count

    try:
        i18n.set_language("fr")
        assert (cards_count(0), cards_count(1), cards_count(2)) == (
            "0 carte", "1 carte", "2 cartes")
        i18n.set_language("bg")
        assert (cards_count(1), cards_count(5)) == ("1 карта", "5 карти")
        i18n.set_language("en")
        assert (cards_count(0), cards_count(1)) == ("0 cards", "1 card")
    finally:
        i18n.set_language("en")
