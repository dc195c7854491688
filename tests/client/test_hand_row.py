"""The hand is one row of tiles at any length: tiles narrow as it grows, then the row
scrolls, keeping the selected card in view, with "n more" signs at the edges.

Issue 14 saw 17 cards wrap onto a second row at 80x24. The window arithmetic is pinned
alone; then a real server deals hands of 8, 12, 17 and 25 cards at 80x24 in every
language, and every card is picked by its key or the arrows.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest
from rich.cells import cell_len

from client import i18n
from client.app import TakiApp
from client.config import Settings
from client.screens.table import TableScreen
from client.widgets.cards import (
    SHORT_LABEL_CELLS,
    TILE_KEYS,
    TILE_WIDTHS,
    CardTile,
    HandView,
    MoreSign,
    card_text,
    color_initial,
    hand_window,
    short_symbols,
    symbol,
    symbols,
    tile_key,
)
from engine.cards import CODES, COLOR_OF, SYMBOL_OF

from ..support.clientkit import POOL, seated_game, set_game, until
from ..support.fit import overflows
from ..support.server_thread import ServerThread
from ..support.util import position

LANGS = list(i18n.LANGUAGES)


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    i18n.set_language("en")


# ------------------------------------------------------------ the window, alone


def row_cells(count: int, start: int, end: int, tile: int, sign: int) -> int:
    """Cells the row takes: the signs shown (and a cell after the left one), the tiles
    one cell apart, and a cell before the right sign."""
    cells = (end - start) * (tile + 1) - 1
    if start > 0:
        cells += sign + 1
    if end < count:
        cells += sign + 1
    return cells


def test_a_hand_that_fits_shows_whole() -> None:
    assert hand_window(9, 8, 0, 78, 7, 4) == (0, 9)  # 9 x 8 - 1 = 71 cells
    assert hand_window(0, 0, 0, 78, 7, 4) == (0, 0)


@pytest.mark.parametrize("count", [16, 17, 25, 40])
@pytest.mark.parametrize("room", [30, 78, 118])
def test_the_window_follows_the_selection_and_fits(count: int, room: int) -> None:
    tile, sign = 4, 8
    first = 0
    for selected in [*range(count), *reversed(range(count))]:  # right to the end, back
        start, end = hand_window(count, selected, first, room, tile, sign)
        assert start <= selected < end
        assert row_cells(count, start, end, tile, sign) <= room
        if start > 0 and end < count:  # a full window: no room left for another tile
            assert row_cells(count, start, end + 1, tile, sign) > room
        # It moves only as far as the selection asks: to the right until the selected
        # card is the last one shown (or all the rest are), to the left until it is first.
        if start > first:
            assert end in (selected + 1, count)
        if start < first:
            assert start == selected
        first = start


def test_the_window_closes_up_when_the_hand_shrinks() -> None:
    start, end = hand_window(25, 24, 0, 78, 4, 4)
    assert end == 25 and start > 0
    # Cards played: the window from before would leave room empty at the end.
    start2, end2 = hand_window(18, 17, start, 78, 4, 4)
    assert end2 == 18 and row_cells(18, start2, end2, 4, 4) + 5 > 78


@pytest.mark.parametrize("lang", LANGS)
def test_narrow_tiles_keep_whole_labels(lang: str) -> None:
    """At the narrowest tile every label is whole (its short form where the long one is
    wider), and the key with the colour's initial fits the tile's first line."""
    i18n.set_language(lang)
    narrow = TILE_WIDTHS[-1]
    assert narrow == SHORT_LABEL_CELLS
    for short in short_symbols().values():
        assert "|" not in short and 0 < cell_len(short) <= narrow, (lang, short)
    long = symbols()
    for code in CODES:
        label = symbol(code, narrow)
        assert label in (long.get(SYMBOL_OF[code], SYMBOL_OF[code]),
                         short_symbols().get(SYMBOL_OF[code]))
        assert label in card_text(code, width=narrow).plain, (lang, code, label)  # whole
        head = f"{tile_key(len(TILE_KEYS) - 1)} {color_initial(COLOR_OF[code])}".rstrip()
        assert cell_len(head) <= narrow, (lang, head)


def test_short_labels_only_where_the_long_one_is_too_wide() -> None:
    assert symbol("Bstop", 4) == "STOP" and symbol("color", 4) == "COL"
    assert symbol("color", 6) == "COLOUR" and symbol("color") == "COLOUR"
    i18n.set_language("is")
    assert symbol("Bstop", 4) == "STOP" and symbol("Bstop", 5) == "STOPP"


# ------------------------------------------------------------ on screen, every language


pytestmark = pytest.mark.usefixtures("config_dir")


def check_row(screen: TableScreen, count: int) -> list[str]:
    """The hand is one row inside the screen, the selected card among the tiles shown,
    and the signs count the cards that are not."""
    hand = screen.query_one(HandView)
    box = hand.content_region
    problems: list[str] = []
    if hand.region.height != 2:
        problems.append(f"hand is {hand.region.height} rows high")
    shown = [t for t in screen.query(CardTile) if t.display]
    for widget in [*shown, *(s for s in screen.query(MoreSign) if s.display)]:
        r = widget.region
        if r.y != box.y or r.x < box.x or r.right > box.right or r.width == 0:
            problems.append(f"{widget} at {r} outside the row {box}")
    indexes = [t.index for t in shown]
    if indexes != list(range(indexes[0], indexes[0] + len(indexes))) if indexes else True:
        problems.append(f"tiles shown: {indexes}")
    if screen.selected not in indexes:
        problems.append(f"selected card {screen.selected} not shown ({indexes})")
    hidden = {s.side: int(str(s.render()).split()[1 if s.side == "left" else 0])
              for s in screen.query(MoreSign) if s.display}
    expected = {side: n for side, n in (("left", indexes[0]),
                                        ("right", count - 1 - indexes[-1])) if n}
    if hidden != expected:
        problems.append(f"signs say {hidden}, hidden {expected}")
    problems += overflows(screen)
    return problems


@contextlib.asynccontextmanager
async def at_the_table(
    server: ServerThread, size: tuple[int, int]
) -> AsyncIterator[tuple[TakiApp, Any, TableScreen]]:
    """A seated game in a terminal of ``size``, its tiles in the order dealt (POOL's)."""
    app = TakiApp(f"127.0.0.1:{server.port}", name="Tester", settings=Settings())
    async with app.run_test(size=size) as pilot:
        await seated_game(app, server)
        screen = app.screen
        assert isinstance(screen, TableScreen)
        screen.as_dealt = True
        yield app, pilot, screen


async def deal(app: TakiApp, server: ServerThread, hand: list[str]) -> None:
    table = server.server.lobby.tables["t1"] if server.server else None
    assert table is not None
    server.call(lambda: set_game(table, position(hands=[hand, ["B1"] * 9])))
    await until(lambda: [t.code for t in app.screen.query(CardTile)] == hand)


async def pick(pilot: Any, screen: TableScreen, key: str, index: int, count: int,
               problems: list[str]) -> None:
    """Press ``key``; the card at ``index`` is selected and the row still fits."""
    await pilot.press(key)
    await pilot.pause()
    assert screen.selected == index, (key, screen.selected, index)
    problems += [f"{key} to {index}: {p}" for p in check_row(screen, count)]


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", LANGS)
async def test_long_hands_are_one_row_at_80x24(server: ServerThread, lang: str) -> None:
    i18n.set_language(lang)
    async with at_the_table(server, (80, 24)) as (app, pilot, screen):
        for count in (8, 12):  # these fit whole, in narrower tiles as the hand grows
            await deal(app, server, POOL[:count])
            await pilot.pause()
            assert all(t.display for t in screen.query(CardTile))
            assert not any(s.display for s in screen.query(MoreSign))
            assert check_row(screen, count) == [], (lang, count)
        assert next(iter(screen.query(CardTile))).tile_width < TILE_WIDTHS[0]
        for count in (17, 25):
            await deal(app, server, POOL[:count])
            await pilot.pause()
            problems = check_row(screen, count)
            assert any(s.display for s in screen.query(MoreSign))  # it does scroll
            last_key = min(count, len(TILE_KEYS)) - 1
            await pick(pilot, screen, TILE_KEYS[last_key], last_key, count, problems)
            await pick(pilot, screen, "1", 0, count, problems)
            await pick(pilot, screen, "left", count - 1, count, problems)  # round the end
            await pick(pilot, screen, "left", count - 2, count, problems)
            await pick(pilot, screen, "right", count - 1, count, problems)
            await pick(pilot, screen, "right", 0, count, problems)
            assert problems == [], f"{lang}, {count} cards:\n" + "\n".join(problems[:20])


@pytest.mark.asyncio
async def test_every_card_of_25_is_reached_by_key_or_arrows(server: ServerThread) -> None:
    async with at_the_table(server, (80, 24)) as (app, pilot, screen):
        count = 25
        await deal(app, server, POOL[:count])
        problems: list[str] = []
        for i in [*range(len(TILE_KEYS)), 0]:  # every key, then back to the first
            await pick(pilot, screen, TILE_KEYS[i], i, count, problems)
        for i in range(1, count):  # right to the last card (no key beyond z)
            await pick(pilot, screen, "right", i, count, problems)
        for i in reversed(range(count - 1)):
            await pick(pilot, screen, "left", i, count, problems)
        assert problems == [], "\n".join(problems[:20])


@pytest.mark.asyncio
async def test_large_tiles_while_they_fit_at_120x40(server: ServerThread) -> None:
    async with at_the_table(server, (120, 40)) as (app, pilot, screen):
        await deal(app, server, POOL[:11])  # 11 x 10 - 1 cells: large tiles fit
        await pilot.pause()
        tiles = list(screen.query(CardTile))
        assert all(t.large and t.region.width == 9 and t.region.height == 3 for t in tiles)
        await deal(app, server, POOL[:25])
        await pilot.pause()
        assert not any(t.large for t in screen.query(CardTile))
        assert check_row(screen, 25) == []
        assert sum(t.display for t in screen.query(CardTile)) >= 20


@pytest.mark.asyncio
async def test_clicking_a_sign_brings_the_next_hidden_card_into_view(
        server: ServerThread) -> None:
    async with at_the_table(server, (80, 24)) as (app, pilot, screen):
        await deal(app, server, POOL[:25])
        await pilot.pause()
        hand = screen.query_one(HandView)
        start, end = hand.window
        assert start == 0 and end < 25
        await pilot.click(".more.right", offset=(1, 0))
        await pilot.pause()
        assert screen.selected == end and hand.window[1] == end + 1
        assert screen.query_one(".more.left", MoreSign).display
        await pilot.click(".more.left", offset=(1, 0))
        await pilot.pause()
        assert screen.selected == hand.window[0] and screen.selected < end
        assert check_row(screen, 25) == []
