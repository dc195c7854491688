"""Each language names each thing one way: its glossary (docs/i18n/<lang>.md) against
its catalog, its help and, for English, docs/RULES.md.

A glossary row gives the term's stems ("found as", at least one must start a word in
the texts) and the words to avoid (none may start a word anywhere). Matching is at the
start of a word and case-insensitive, so inflected forms count; a word boundary is any
character that is not a letter, mark or digit (Kannada's vowel signs are marks).
"""

from __future__ import annotations

import importlib
import re
import unicodedata
from pathlib import Path

import pytest

from client import i18n
from client.screens.help import RULES as ENGLISH_RULES

from ..support.ui_strings import PLURAL_STRINGS, UI_STRINGS

ROOT = Path(__file__).resolve().parents[2]
GLOSSARIES = ROOT / "docs" / "i18n"
CONCEPTS = ("deck", "draw pile", "discard pile", "leading card", "hand", "turn", "table",
            "replay", "stage", "game", "player", "host", "bot", "last card", "colour",
            "Stop", "+2", "Change Direction", "Plus", "TAKI", "Change Colour", "Super TAKI",
            "King", "+3", "+3 Breaker")
"""What every glossary names: the issue's list (deck, pile, hand, turn, table, replay,
stage, each card) and the other words a player meets on every screen."""


def glossary(lang: str) -> list[tuple[str, str, list[str], list[str]]]:
    """(concept, term, stems, avoid) for each row of the language's table."""
    text = (GLOSSARIES / f"{lang}.md").read_text(encoding="utf-8")
    rows = []
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if not line.startswith("|") or len(cells) != 4 or cells[0] in ("concept", "---"):
            continue
        concept, term, found, avoid = cells
        split = [s.strip() for s in found.split(",") if s.strip()]
        shun = [] if avoid == "-" else [s.strip() for s in avoid.split(",") if s.strip()]
        rows.append((concept, term, split, shun))
    return rows


def texts(lang: str) -> dict[str, str]:
    """Where the language's words are, by name (for the failure message)."""
    if lang == "en":
        return {
            **{f"msgid {k!r}": k for k in UI_STRINGS},
            **{f"msgid {k!r}": f"{k}\n{p}" for k, (p, _w) in PLURAL_STRINGS.items()},
            "help RULES": ENGLISH_RULES,
            "docs/RULES.md": (ROOT / "docs" / "RULES.md").read_text(encoding="utf-8"),
        }
    module = importlib.import_module(f"client.locales.{lang}")
    found = {f"{k!r}": v for k, v in module.MESSAGES.items()}
    for key, forms in module.PLURALS.items():
        for category, form in forms.items():
            found[f"{key!r} ({category})"] = form
    found["RULES"] = module.RULES
    return found


def _words(text: str) -> str:
    """``text`` without its placeholders ('{color}' is a name for code, not a word)."""
    return re.sub(r"\{[^{}]*\}", " ", text)


def _is_word_char(ch: str) -> bool:
    return unicodedata.category(ch)[0] in "LMN"


def starts_a_word(stem: str, text: str) -> bool:
    """``stem`` begins a word of ``text`` (case-insensitive)."""
    low, needle = _words(text).casefold(), stem.casefold()
    at = low.find(needle)
    while at >= 0:
        if at == 0 or not _is_word_char(low[at - 1]):
            return True
        at = low.find(needle, at + 1)
    return False


LANGS = list(i18n.LANGUAGES)


@pytest.mark.parametrize("lang", LANGS)
def test_every_glossary_names_every_concept(lang: str) -> None:
    concepts = [row[0] for row in glossary(lang)]
    assert sorted(set(concepts)) == sorted(concepts), f"{lang}: a concept twice"
    missing = [c for c in CONCEPTS if c not in concepts]
    assert not missing, f"{lang}: glossary lacks {missing}"
    for concept, term, stems, _avoid in glossary(lang):
        assert term and stems, f"{lang}: {concept} has no term"


@pytest.mark.parametrize("lang", LANGS)
def test_the_texts_use_the_glossary_terms(lang: str) -> None:
    """Every term is in use: a glossary that drifted from the catalog fails here."""
    corpus = "\n".join(texts(lang).values())
    unused = [f"{concept}: {term} ({', '.join(stems)})"
              for concept, term, stems, _avoid in glossary(lang)
              if not any(starts_a_word(stem, corpus) for stem in stems)]
    assert not unused, f"{lang}: terms no text uses:\n" + "\n".join(unused)


@pytest.mark.parametrize("lang", LANGS)
def test_the_texts_avoid_the_other_words(lang: str) -> None:
    """One word per thing: no string says what the glossary rules out."""
    found = []
    for concept, term, _stems, avoid in glossary(lang):
        for word in avoid:
            found += [f"{where}: {word!r} (say {term!r} for {concept})"
                      for where, text in texts(lang).items() if starts_a_word(word, text)]
    assert not found, f"{lang}:\n" + "\n".join(found)


def test_the_matcher_finds_word_starts_only() -> None:
    assert starts_a_word("þrep", "á þrepi 3") and not starts_a_word("stig", "erfiðleikastig")
    assert starts_a_word("ಮೇಜ", "ಈ ಮೇಜಿನಲ್ಲಿ") and not starts_a_word("ರಾಶಿ", "ತೆಗೆಯುವರಾಶಿ")
    assert starts_a_word("Relecture", "la relecture") and not starts_a_word("tour", "retour")


@pytest.mark.parametrize("lang", LANGS)
def test_the_standings_heading_names_the_default_table_once(lang: str) -> None:
    """The default table name already says "table" ("Table : Anne", "Масата на Ivan"):
    the heading put round it must not say it again ("Класиране на масата Масата на
    Ivan", seen in a tmux game in bg, fr, is and kn)."""
    stems = next(row[2] for row in glossary(lang) if row[0] == "table")
    i18n.set_language(lang)
    try:
        table = i18n._("{name}'s table").format(name="Ivan")
        heading = i18n.ngettext("Standings of {table} after {n} game:",
                                "Standings of {table} after {n} games:", 1)
        heading = heading.format(table=table, n=1)
    finally:
        i18n.set_language("en")
    words = re.findall(r"[\w\u0c80-\u0cff]+", heading.casefold())
    said = [w for w in words if any(w.startswith(s.casefold()) for s in stems)]
    assert len(said) == 1, f"{lang}: {heading!r}"
