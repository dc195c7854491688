"""Keys that mean what the screen says: Esc out of the chat box, the colour picker's
keys in the player's language, and the help's key table read whole (issue 24)."""

from __future__ import annotations

import re

import pytest
from rich.cells import cell_len
from textual.widgets import Input

from client import i18n
from client.app import TakiApp
from client.config import Settings
from client.screens.help import HelpScreen, card_labels, closing_words, help_text
from client.screens.table import ColorPicker, TableScreen
from client.widgets.cards import color_keys

from ..support.clientkit import seated_game, until
from ..support.fit import screen_lines
from ..support.server_thread import ServerThread

pytestmark = pytest.mark.usefixtures("config_dir")


@pytest.mark.asyncio
async def test_escape_leaves_the_chat_box(server: ServerThread) -> None:
    app = TakiApp(f"127.0.0.1:{server.port}", name="Tester", settings=Settings())
    async with app.run_test(size=(80, 24)) as pilot:
        await seated_game(app, server)
        screen = app.screen
        assert isinstance(screen, TableScreen)
        await pilot.press("t")
        chat = screen.query_one("#chat-input", Input)
        await until(lambda: app.focused is chat)
        await pilot.pause()
        keys = str(screen.query_one("#keys").render())
        assert "Enter send" in keys and "Esc back to the game" in keys and "draw" not in keys
        await pilot.press("h", "i", "escape")
        await until(lambda: app.focused is None)
        assert chat.value == "hi"  # kept for later
        await pilot.pause()
        keys = str(screen.query_one("#keys").render())
        assert "t chat" in keys or "t " in keys
        assert "send" not in keys
        await pilot.press("o")  # a game key again, not a letter in the chat box
        assert chat.value == "hi"
        await until(lambda: screen.as_dealt)


@pytest.mark.asyncio
@pytest.mark.parametrize(("lang", "presses"), [
    ("en", {"r": "R", "g": "G", "b": "B", "y": "Y", "3": "B"}),
    ("fr", {"r": "R", "v": "G", "b": "B", "j": "Y", "1": "R"}),
    ("is", {"1": "R", "2": "G", "3": "B", "4": "Y"}),
    ("bg", {"2": "G", "4": "Y"}),
    ("kn", {"1": "R", "3": "B"}),
], indirect=["lang"])
async def test_colour_picker_takes_the_languages_keys(lang: str,
                                                      presses: dict[str, str]) -> None:
    """The keys shown are the tiles' initials where they are distinct Latin letters
    (French V for vert, J for jaune), else 1-4 (Icelandic g would be grænn or gulur);
    1-4 work in every language."""
    app = TakiApp(name="Tester", settings=Settings(intro_seen=True))
    async with app.run_test(size=(80, 24)) as pilot:
        for key, colour in presses.items():
            picked: list[str | None] = []
            app.push_screen(ColorPicker(), picked.append)
            await pilot.pause()
            shown = str(app.screen.query("Static")[1].render())
            for col, k in color_keys().items():
                assert f" {k} " in shown, (col, k, shown)
            await pilot.press(key)
            await until(lambda p=picked: bool(p))
            assert picked == [colour], (lang, key)


@pytest.mark.parametrize("lang", list(i18n.LANGUAGES), indirect=True)
def test_colour_keys_are_the_tile_initials_or_digits(lang: str) -> None:
    from client.widgets.cards import color_initial

    keys = color_keys()
    assert len(set(keys.values())) == 4
    for col, k in keys.items():
        assert k == str("RGBY".index(col) + 1) or k == color_initial(col).lower()
    if lang in ("en", "fr"):
        assert not any(k.isdigit() for k in keys.values())


def key_rows(markdown: str) -> list[tuple[str, str]]:
    """The (keys, what they do) rows of the help's key table: its last section's."""
    keys_section = markdown.rsplit("\n## ", 1)[1]
    rows = [line.strip("|").split(" | ") for line in keys_section.splitlines()
            if line.startswith("| ") and not line.startswith("|---")]
    return [(keys.strip(), does.strip()) for keys, does in rows[1:]]  # no header


@pytest.mark.asyncio
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
@pytest.mark.parametrize("lang", list(i18n.LANGUAGES), indirect=True)
async def test_help_key_table_keeps_each_key_cell_on_one_line(lang: str,
                                                              size: tuple[int, int]) -> None:
    """The key column is as wide as its widest cell ('←/→, 1-9, 0' wrapped one word a
    line in a 7-cell column) and the words beside it keep most of the width: read on
    the screen, page by page, each key cell whole on one row with its first words.
    (The terminal is the size's width and 300 rows tall: the table's layout depends on
    the width only, and a tall screen holds the help in a page or two, not ten.)"""
    app = TakiApp(name="Tester", settings=Settings(intro_seen=True))
    async with app.run_test(size=(size[0], 300)) as pilot:
        app.push_screen(HelpScreen())
        await until(lambda: isinstance(app.screen, HelpScreen))
        await pilot.pause()
        seen: list[str] = []
        box = app.screen.query_one("#help")
        for _ in range(30):  # PgDn to the end, every row kept
            seen += screen_lines(app.screen)
            if box.scroll_y >= box.max_scroll_y:
                break
            await pilot.press("pagedown")
            await pilot.pause()
    rows = key_rows(help_text())
    assert len(rows) >= 15 and rows[0][0].startswith("←/→"), rows
    for keys, does in rows:
        first = does.split()[0]
        found = [line for line in seen
                 if re.search(rf"│ *{re.escape(keys)} *│ *{re.escape(first)}(\s|$)", line)]
        assert found, (keys, does)
        line = found[0]
        start = cell_len(line[:line.index(first)])
        right = cell_len(line[:line.rindex("│")])
        assert right - start >= size[0] // 2, line


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", list(i18n.LANGUAGES), indirect=True)
async def test_the_help_says_how_to_close_it_on_its_first_screen(lang: str) -> None:
    """Over a table the key bar below still lists the table's keys: the help's own box
    says, in its first screenful at 80x24, which key closes it."""
    app = TakiApp(name="Tester", settings=Settings(intro_seen=True))
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(HelpScreen())
        await until(lambda: isinstance(app.screen, HelpScreen))
        await pilot.pause()
        seen = "\n".join(screen_lines(app.screen))
    assert i18n.key("Esc") in closing_words()
    assert closing_words() in seen, seen


@pytest.mark.parametrize("lang", list(i18n.LANGUAGES), indirect=True)
def test_help_names_the_card_of_each_label(lang: str) -> None:
    from client.widgets.cards import short_symbols, symbols
    from client.words import symbol_word

    table = card_labels()
    for sym in ("breaker", "color", "supertaki"):
        assert symbols()[sym] in table and short_symbols()[sym] in table
        assert symbol_word(sym) in table
    if lang == "en":
        assert "| BREAK, BRK | +3 Breaker |" in table
        assert "| COLOUR, COL | Change Colour |" in table
        assert "| SUPER, SUP | Super TAKI |" in table
