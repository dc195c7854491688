"""The help, the rules document and the first-launch how-to-play.

The help must explain the screen's signs, the deck and deal, colourless cards, the +3
window and its timeout, stairs and places, in every language (test_i18n checks the
translations keep the English structure); docs/RULES.md must be in the repository with
every house rule marked; the how-to-play shows on the first launch only.
"""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from typing import Any

import pytest
from rich.cells import cell_len

from client import i18n
from client.app import TakiApp, main
from client.config import Settings, config_path
from client.screens.help import RULES
from client.screens.intro import IntroScreen, close_hint, intro_lines

ROOT = Path(__file__).resolve().parents[2]


pytestmark = pytest.mark.usefixtures("config_dir")


def test_help_explains_the_screen_and_the_rules() -> None:
    for needed in ("▶", "★", "bright", "116", "Colourless", "The +3 window", "4 by default",
                   "Stairs", "Play for places", "Turn timer", "House rules", "Last card",
                   "(with 2 players: no change)", "counts as one"):
        assert needed in RULES, needed


@pytest.mark.parametrize("lang", list(i18n.LANGUAGES))
def test_help_lists_the_standings_key_in_every_language(lang: str) -> None:
    i18n.set_language(lang)
    try:
        assert "\n| S | " in i18n.rules(RULES), lang
    finally:
        i18n.set_language("en")


def sections(markdown: str) -> dict[str, str]:
    """The help's sections by their place (0: before the first '## ', 1: the screen...)."""
    return {str(i): part for i, part in enumerate(re.split(r"^## ", markdown, flags=re.M))}


@pytest.mark.parametrize("lang", list(i18n.LANGUAGES))
def test_help_says_every_hand_is_shown_when_the_game_is_over(lang: str) -> None:
    """The screen's section names the "Game over." the table shows, as the screen says
    it, and says the hands are then shown (the English help lacked it, like the four
    translations; docs/RULES.md had it)."""
    i18n.set_language(lang)
    try:
        screen = sections(i18n.rules(RULES))["1"]
        over = i18n._("Game over.").rstrip(".")  # quoted in a sentence: no full stop
    finally:
        i18n.set_language("en")
    item = next((line for line in re.split(r"^- ", screen, flags=re.M)
                 if f"*{over}*" in line), None)
    assert item is not None, f"{lang}: no item on *{over}* in\n{screen}"


@pytest.mark.parametrize("lang", [lang for lang in i18n.LANGUAGES if lang != "en"])
def test_every_language_has_the_english_rule_items_section_by_section(lang: str) -> None:
    """Same sections, same number of items in each: a rule line left out of one
    language (or moved to another section) shows here."""
    i18n.set_language(lang)
    try:
        mine = sections(i18n.rules(RULES))
    finally:
        i18n.set_language("en")
    english = sections(RULES)

    def items(part: str) -> int:
        return len(re.findall(r"^- ", part, flags=re.M))

    assert [items(mine[k]) for k in mine] == [items(english[k]) for k in english], lang


def test_rules_document_in_the_repository() -> None:
    doc = (ROOT / "docs" / "RULES.md").read_text(encoding="utf-8")
    for needed in ("116", "Colourless", "The +3 window", "Stairs", "Play for places",
                   "Last card", "With 2 players it changes nothing",
                   "inside a run just counts as one"):
        assert needed in doc, needed
    # Every house rule of the shared rules is marked in the players' document.
    assert doc.count("**(house rule") >= 5
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "(docs/RULES.md)" in readme and "../shared/RULES.md" not in readme


@pytest.mark.parametrize("lang", list(i18n.LANGUAGES))
def test_intro_fits_80_columns(lang: str) -> None:
    i18n.set_language(lang)
    try:
        lines = intro_lines()
        playing, watching = close_hint(watching=False), close_hint(watching=True)
    finally:
        i18n.set_language("en")
    assert len(lines) <= 12
    for line in [*lines, playing, watching]:
        assert cell_len(line) <= 70, (lang, line)  # the box is 76 wide with padding
    assert watching != playing, lang  # a spectator is not told to start playing


async def _until(test: Any) -> None:
    async with asyncio.timeout(10):
        while not test():
            await asyncio.sleep(0.02)


@pytest.mark.asyncio
async def test_intro_on_the_first_launch_only() -> None:
    assert not config_path().exists()
    app = TakiApp(name="Tester", settings=Settings.load())
    async with app.run_test(size=(80, 24)) as pilot:
        await _until(lambda: isinstance(app.screen, IntroScreen))
        await pilot.press("escape")
        await _until(lambda: not isinstance(app.screen, IntroScreen))
    assert Settings.load().intro_seen
    again = TakiApp(name="Tester", settings=Settings.load())
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert not isinstance(again.screen, IntroScreen)


def test_command_line_language_and_name_are_not_saved(monkeypatch: pytest.MonkeyPatch) -> None:
    ran: list[TakiApp] = []
    monkeypatch.setattr(TakiApp, "run", lambda self: ran.append(self))
    assert main(["--lang", "fr", "--name", "Zoé"]) == 0
    try:
        assert ran and ran[0].session.player_name == "Zoé" and i18n.language() == "fr"
    finally:
        i18n.set_language("en")
    saved = Settings.load()
    assert saved.lang == "" and saved.name == ""
