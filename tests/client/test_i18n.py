"""The UI translations: every ``_()`` string in every catalog, the rules help, switching.

The strings are found the way a gettext extractor would (tests/support/ui_strings.py):
every ``_("literal")`` call in ``client/**/*.py``, read with ``ast`` (so a new string
without its translations fails here). The table states the screens show through
``_(info.state)`` come from the protocol and are checked with them.
"""

from __future__ import annotations

import locale
import re
import unicodedata
from collections import Counter
from collections.abc import Iterator

import pytest

from client import i18n
from client.screens.help import RULES as ENGLISH_RULES
from protocol.messages import TABLE_STATES

from ..support.ui_strings import PLURAL_NUMBERS, PLURAL_STRINGS, UI_STRINGS, catalog

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


REQUIRED = {**UI_STRINGS, **{state: "protocol TABLE_STATES" for state in DYNAMIC}}


def messages(lang: str) -> dict[str, str]:
    found = getattr(catalog(lang), "MESSAGES", None)
    assert isinstance(found, dict), f"{lang}: no MESSAGES dict"
    return {str(k): str(v) for k, v in found.items()}


def plurals(lang: str) -> dict[str, dict[str, str]]:
    found = getattr(catalog(lang), "PLURALS", None)
    assert isinstance(found, dict), f"{lang}: no PLURALS dict"
    return {str(k): {str(c): str(t) for c, t in v.items()} for k, v in found.items()}


def catalog_rules(lang: str) -> str:
    found = getattr(catalog(lang), "RULES", None)
    assert isinstance(found, str), f"{lang}: no RULES string"
    return found


def key_names(english: str) -> set[str]:
    keys: set[str] = set()
    if " · " in english:
        keys.update(k.rstrip(":") for k in _HINT_KEY.findall(english))
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
    colour_keys = messages(lang)["keys|rgby"]
    for mine, theirs in zip(rows[2:], english[2:], strict=True):
        keys = _TABLE_KEY.findall(theirs[0])
        if theirs[0] == "r, g, b, y":  # the colour picker's keys are the language's own
            keys = ["1-4"] if colour_keys == "1234" else list(colour_keys)
            assert any(has_token(cell, "1-4") for cell in mine), f"{lang}: 1-4 lost in {mine}"
        for key in keys:
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

# CLDR's own examples for whole numbers (plurals.xml, "@integer" samples), the five
# languages' rules as Babel 2.19 (CLDR 47) states them:
#   en one: i = 1 and v = 0          fr one: i = 0,1; many: i != 0 and i % 1000000 = 0
#   bg one: n = 1                    is one: t = 0 and i % 10 = 1 and i % 100 != 11
#   kn one: i = 0 or n = 1
_STANDARD = [*range(2, 17), 100, 1000, 10000, 100000]
CLDR_SAMPLES: dict[str, dict[str, list[int]]] = {
    "en": {"one": [1], "other": [0, *_STANDARD, 1000000]},
    "fr": {"one": [0, 1], "many": [1000000, 2000000, 10000000],
           "other": [*_STANDARD, 17, 1000001]},
    "bg": {"one": [1], "other": [0, *_STANDARD, 1000000]},
    "is": {"one": [1, 21, 31, 41, 51, 61, 71, 81, 101, 1001],
           "other": [0, *_STANDARD, 11, 111, 1011, 1000000]},
    "kn": {"one": [0, 1], "other": [*_STANDARD, 17, 1000000]},
}


@pytest.mark.parametrize("lang", list(i18n.LANGUAGES))
def test_plural_rules_are_cldrs(lang: str) -> None:
    """Each language's category for CLDR's sample numbers (French and Kannada put 0 with
    1, Icelandic 21 but not 11, French a million in 'many')."""
    samples = CLDR_SAMPLES[lang]
    assert set(samples) == set(i18n.CATEGORIES[lang])
    for category, numbers in samples.items():
        for n in numbers:
            assert i18n.plural_category(n, lang) == category, (lang, n)
    assert {i18n.plural_category(n, lang) for n in range(2000)} | (
        {"many"} if lang == "fr" else set()) == set(i18n.CATEGORIES[lang])


def test_every_count_goes_through_ngettext() -> None:
    assert "{n} card" in PLURAL_STRINGS
    assert "{count} other player is at your server. Quitting stops it for them too." in (
        PLURAL_STRINGS)
    for singular, (plural, where) in PLURAL_STRINGS.items():
        assert singular not in UI_STRINGS, f"{where}: {singular!r} is also a _() msgid"
        assert _PLACEHOLDER.findall(singular) == _PLACEHOLDER.findall(plural), where


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_plural_has_the_languages_forms(lang: str) -> None:
    """One translation per CLDR category of the language, each with the English
    placeholders; no entry for a count the UI no longer says."""
    table = plurals(lang)
    problems: list[str] = []
    for singular, (_plural, where) in PLURAL_STRINGS.items():
        forms = table.get(singular)
        if forms is None:
            problems.append(f"{where}: missing {singular!r}")
            continue
        if set(forms) != set(i18n.CATEGORIES[lang]):
            problems.append(f"{singular!r}: categories {sorted(forms)}")
        for category, text in forms.items():
            if sorted(_PLACEHOLDER.findall(text)) != sorted(_PLACEHOLDER.findall(singular)):
                problems.append(f"{singular!r} {category}: placeholders in {text!r}")
            if bad_characters(text, allow_newlines=False) or _MARKUP.search(text):
                problems.append(f"{singular!r} {category}: control or markup in {text!r}")
            for end in (".", ":", "!"):
                if singular.endswith(end) and not text.endswith(end):
                    problems.append(f"{singular!r} {category}: ends with {end!r}")
    problems += [f"stale plural {k!r}" for k in table if k not in PLURAL_STRINGS]
    assert not problems, f"{lang}:\n" + "\n".join(problems)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_plural_picked_by_another_number_is_given_that_number(lang: str) -> None:
    """A catalog's ``PLURAL_BY`` names a plural msgid and a number of its sentence that
    the UI's ``ngettext`` call passes (else the form would silently follow ``n``)."""
    picked = getattr(catalog(lang), "PLURAL_BY", {})
    assert isinstance(picked, dict)
    for singular, number in picked.items():
        assert singular in PLURAL_STRINGS, f"{lang}: PLURAL_BY names no plural {singular!r}"
        assert "{" + number + "}" in singular, f"{lang}: {singular!r} has no {{{number}}}"
        assert number in PLURAL_NUMBERS[singular], (
            f"{PLURAL_STRINGS[singular][1]}: ngettext is not given {number}=")


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_stale_strings(lang: str) -> None:
    """A catalog holds only what the UI still says (a stale entry is a review wasted)."""
    stale = [k for k in messages(lang) if k not in REQUIRED]
    assert not stale, f"{lang}: " + ", ".join(map(repr, stale))


def test_ngettext_picks_the_form_by_the_rule() -> None:
    from client.words import cards_count

    try:
        i18n.set_language("fr")
        assert [cards_count(n) for n in (0, 1, 2, 1000000)] == [
            "0 carte", "1 carte", "2 cartes", "1000000 de cartes"]
        i18n.set_language("is")
        text = "{count} other player is at your server. Quitting stops it for them too."
        other = "{count} other players are at your server. Quitting stops it for them too."
        one, many = (i18n.ngettext(text, other, n) for n in (21, 11))
        assert one.startswith("{count} annar ") and many.startswith("{count} aðrir ")
        i18n.set_language("bg")
        assert (cards_count(1), cards_count(5)) == ("1 карта", "5 карти")
        i18n.set_language("kn")
        assert cards_count(0) == "0 ಕಾರ್ಡ್"
        i18n.set_language("en")
        assert (cards_count(0), cards_count(1)) == ("0 cards", "1 card")
    finally:
        i18n.set_language("en")


# ------------------------------------------------------------ grammar the slots need


def test_coloured_cards_agree_with_each_cards_gender() -> None:
    """One phrase per colour and card kind: Bulgarian numbers are a карта, Стоп
    masculine, TAKI neuter; Icelandic Plús masculine, the rest neuter like spil."""
    from client.words import card_words

    try:
        i18n.set_language("bg")
        assert [card_words(c) for c in ("R7", "Rstop", "Rdir", "Rtaki", "B+2")] == [
            "червена 7", "червен Стоп", "червена Смяна на посоката", "червено TAKI",
            "син +2"]
        i18n.set_language("is")
        assert [card_words(c) for c in ("G7", "Gplus", "Gtaki")] == [
            "grænt 7", "grænn Plús", "grænt TAKI"]
        i18n.set_language("fr")
        assert [card_words(c) for c in ("Y7", "Ydir")] == ["7 jaune", "Changement de sens jaune"]
    finally:
        i18n.set_language("en")


_IS_CASE_WORDS = ("frá", "til", "eftir", "hjá", "fyrir", "við", "um", "af", "að", "með",
                  "handa", "tími", "sæti", "borð")
"""Icelandic words after which a name or a card would have to be inflected."""


def test_icelandic_never_inflects_a_name_or_a_card() -> None:
    """A name or card from the game cannot be declined: it is a subject, or stands after
    a colon or in brackets ('Tími {who}' needed the genitive, 'frá {name}' the dative)."""
    texts = [*messages("is").values(), *(f for v in plurals("is").values() for f in v.values())]
    problems = []
    for text in texts:
        for slot in ("{who}", "{name}", "{names}", "{card}", "{cards}"):
            at = text.find(slot)
            if at < 0:
                continue
            before = text[:at].rstrip().split(" ")[-1].casefold() if at else ""
            if before in _IS_CASE_WORDS:
                problems.append(text)
            if slot == "{card}" and not text[:at].endswith(": "):
                problems.append(text)
    assert not problems, problems


def test_french_never_elides_before_a_name() -> None:
    """'de', 'que', 'le' before a name would have to become d', qu', l' for a name
    starting with a vowel ('Au tour de Anne', '+3 de Anne' in a tmux game): a name or
    a table's name never follows them."""
    texts = [*messages("fr").values(), *(f for v in plurals("fr").values() for f in v.values())]
    slots = re.compile(r"\b(?:de|que|le|la|je|ne|se|ce)\s+\{(?:who|name|names|table)\}",
                       re.IGNORECASE)
    found = [text for text in texts if slots.search(text)]
    assert not found, found


def test_bulgarian_never_puts_s_or_v_before_a_slot() -> None:
    """"с" and "в" take a vowel ("със", "във") before с/з and в/ф, which a slot's fill
    (a card, a host name such as "vega.lan") may begin with: no Bulgarian template puts
    them before one. A count is safe after "в": no number is read starting with в or ф."""
    texts = [*messages("bg").values(), *(f for v in plurals("bg").values() for f in v.values())]
    found = [(m.group(0), text) for text in texts
             for m in re.finditer(r"(?<!\w)([свСВ]) \{(\w+)\}", text)
             if (m.group(1).casefold(), m.group(2)) != ("в", "n")]
    assert not found, found


def test_kannada_objects_take_the_accusative() -> None:
    table = plurals("kn")
    for key in ("You drew {n} card", "{who} drew {n} card"):
        assert "ಕಾರ್ಡನ್ನು" in table[key]["one"] and "ಕಾರ್ಡುಗಳನ್ನು" in table[key]["other"]
    assert "ತೆಗೆಯುತ್ತೀರಿ" in messages("kn")["You did not say last card: you draw {n}"]
