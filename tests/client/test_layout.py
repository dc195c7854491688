"""The hand: sorted by colour then symbol (o: as dealt), a key on every card up to 22,
and larger tiles when the terminal is 120x40 or more."""

from __future__ import annotations

import re

import pytest
from rich.cells import cell_len

from client import i18n
from client.app import TakiApp
from client.config import Settings
from client.screens.table import TableScreen
from client.widgets.cards import (
    TILE_KEYS,
    CardTile,
    HandView,
    card_text,
    cards_line,
    color_initial,
    sort_hand,
    symbol,
    tile_key,
)
from client.widgets.keybar import fit_keys
from engine.position import game_from_position

from ..support.clientkit import Table, seated_game, set_game, settled, until
from ..support.server_thread import ServerThread
from ..support.util import position

HAND = ["+3", "Y9", "R7", "B+2", "G1", "R1", "king", "Bstop", "G9", "Y1", "R+2", "color"]


def test_sort_by_colour_then_symbol() -> None:
    assert sort_hand(HAND) == ["R1", "R7", "R+2", "G1", "G9", "Bstop", "B+2", "Y1", "Y9",
                               "color", "king", "+3"]
    assert sort_hand([]) == []


def test_every_card_up_to_22_has_its_own_key() -> None:
    keys = [tile_key(i) for i in range(len(TILE_KEYS))]
    assert keys[:10] == list("1234567890") and len(set(keys)) == len(keys) == 22
    assert tile_key(22) == ""
    # None of them is a table key.
    assert not set(TILE_KEYS) & set("dclbpestaxrvqoA?")


def test_key_bar_shrinks_to_fit() -> None:
    items = [("d", "draw", True), ("t", "chat", False), ("q", "leave", False)]
    assert fit_keys(items, 80).plain == "d draw  t chat  q leave"
    assert fit_keys(items, 16, lines=1).plain == "d draw  t  q"


def test_key_bar_takes_a_second_line_before_any_label_goes() -> None:
    """The French lobby at 80 columns showed 's  ?  q', keys without a word: a second
    line keeps every item whole ("key label") and never splits one."""
    items = [("n", "new table", True), ("Enter", "join", True), ("s", "settings", False),
             ("?", "help", False), ("q", "back", False)]
    assert fit_keys(items, 51).plain == "n new table  Enter join  s settings  ? help  q back"
    assert fit_keys(items, 50).plain == "n new table  Enter join  s settings  ? help\nq back"
    assert fit_keys(items, 31).plain == "n new table  Enter join\ns settings  ? help  q back"
    assert fit_keys(items, 20).plain == "n new table\nEnter join  s  ?  q"  # two lines at most


def test_key_bar_drops_the_least_important_labels_one_at_a_time() -> None:
    """A few cells too long drops one label, not all of them (the lobby in fr, bg, is
    showed 's  ?  q'); what matters keeps its words longest."""
    items = [("n", "new table", True), ("Enter", "join", True), ("s", "settings", False),
             ("?", "help", False), ("q", "back", False)]
    assert fit_keys(items, 50, lines=1).plain == "n new table  Enter join  s settings  ? help  q"
    assert fit_keys(items, 45, lines=1).plain == "n new table  Enter join  s settings  ?  q"
    assert fit_keys(items, 32, lines=1).plain == "n new table  Enter join  s  ?  q"
    assert fit_keys(items, 31, lines=1).plain == "n new table  Enter  s  ?  q"


pytestmark = pytest.mark.usefixtures("config_dir")


@pytest.mark.asyncio
async def test_sorted_hand_keys_beyond_nine_and_as_dealt(server: ServerThread) -> None:
    app = TakiApp(f"127.0.0.1:{server.port}", name="Tester", settings=Settings())
    async with app.run_test(size=(80, 24)) as pilot:
        await seated_game(app, server)
        table = server.server.lobby.tables["t1"] if server.server else None
        assert table is not None
        server.call(lambda: set_game(table, position(hands=[HAND, ["B1", "B3"]])))
        await until(lambda: len(app.screen.query(CardTile)) == len(HAND))
        screen = app.screen
        assert isinstance(screen, TableScreen)
        tiles = list(screen.query(CardTile))
        assert [t.code for t in tiles] == sort_hand(HAND)
        assert str(tiles[10].render()).startswith("f ")  # the key is on the tile
        await pilot.press("f")  # the 11th card: king
        assert screen.shown_hand()[screen.selected] == "king"
        await pilot.press("0")
        assert screen.shown_hand()[screen.selected] == "color"
        await pilot.press("o")  # as dealt; the selected card stays selected
        await until(lambda: [t.code for t in screen.query(CardTile)] == HAND)
        assert screen.shown_hand()[screen.selected] == "color"
        await pilot.press("o")
        await until(lambda: [t.code for t in screen.query(CardTile)] == sort_hand(HAND))


@pytest.mark.asyncio
async def test_large_tiles_at_120x40(server: ServerThread) -> None:
    app = TakiApp(f"127.0.0.1:{server.port}", name="Tester", settings=Settings())
    async with app.run_test(size=(120, 40)):
        await seated_game(app, server)
        await until(lambda: len(app.screen.query(CardTile)) == 8)
        tile = next(iter(app.screen.query(CardTile)))
        assert tile.large
        await until(lambda: tile.size.height == 3 and tile.size.width == 9)


def test_spacing_marks_take_a_cell_as_in_tmux() -> None:
    """Measured in tmux 3.3a: Kannada's spacing vowel signs (Mc) advance the cursor."""
    from rich.cells import cell_len

    import client  # noqa: F401  (installs the measure)

    assert cell_len("ಾ") == 1 and cell_len("ಕಾ") == 2  # KA + VOWEL SIGN AA
    assert cell_len("್") == 0  # the virama is non-spacing (Mn): still zero
    assert cell_len("TAKI") == 4 and cell_len("日本") == 4


@pytest.mark.asyncio
async def test_the_log_box_is_sized_to_its_lines_at_120x40(server: ServerThread) -> None:
    from textual.widgets import RichLog

    app = TakiApp(f"127.0.0.1:{server.port}", name="Tester", settings=Settings())
    async with app.run_test(size=(120, 40)) as pilot:
        await seated_game(app, server)
        screen = app.screen
        assert isinstance(screen, TableScreen)
        log = screen.query_one("#log", RichLog)
        for i in range(12):  # more lines than the smallest box, far fewer than the room
            app.session.state.note(f"line {i}")
        app.refresh_screen()

        def no_empty_rows() -> bool:
            return len(log.lines) >= 12 and log.size.height == len(log.lines)

        await until(no_empty_rows)
        # The rows the log does not need stay with the screen, and the hand and the
        # keys are still at the bottom.
        await pilot.pause()
        keys = screen.query_one("#keys")
        assert keys.region.bottom == 40
        # The free rows are the table's middle: the leading card, large.
        spare = screen.query_one("#room")
        lead = str(app.session.state.view.lead if app.session.state.view else None)
        await until(lambda: symbol(lead) in str(spare.render()))
        for i in range(12, 80):  # a long log: the box fills the room, never more
            app.session.state.note(f"line {i}")
        app.refresh_screen()
        await until(lambda: not spare.display and log.max_scroll_y > 0)
        await pilot.pause()
        assert log.size.height > 14 and keys.region.bottom == 40


@pytest.mark.asyncio
async def test_a_table_entered_from_a_snapshot_with_a_long_log_fits_80x24() -> None:
    """A client coming back to its seat goes straight to the table with the game's whole
    log: the log's box was fitted while the hand, recomposed, still took no rows, so the
    box took its 2 rows and the cards' symbols and the key line fell off the screen
    until the next move (in tmux, 3 restarts out of 3)."""
    from textual.widgets import RichLog

    app = TakiApp(name="Ann", settings=Settings())
    async with app.run_test(size=(80, 24)) as pilot:
        pos = position(hands=[["R1", "G3", "B4", "Y6"], ["G7", "B8", "Y9"]])
        pos["draw"] = [f"{c}{n}" for c in "YBG" for n in (1, 3, 4, 5, 6, 7, 8, 9)]
        table = Table(app, pos)
        for _ in range(20):  # a long game the client did not see: 20 lines of log
            table.act(next(a for a in table.game.legal_actions() if a.type == "draw"),
                      tell=False)
        table.snapshot()
        await until(lambda: isinstance(app.screen, TableScreen)
                    and len(app.screen.query(CardTile)) == 14)
        screen = app.screen
        log = screen.query_one("#log", RichLog)
        await until(lambda: len(log.lines) >= 20 and screen.query_one("#hand").size.height == 2)
        await settled(pilot)
        hand, keys = screen.query_one("#hand"), screen.query_one("#keys")
        assert "Enter" in str(keys.render())  # Ann's move: the line says how to play
        assert (hand.region.height, keys.region.height) == (2, 1)
        assert keys.region.bottom == 24 and hand.region.bottom == keys.region.y
        assert log.max_scroll_y > 0  # the box is as tall as the room, the rest scrolls


@pytest.mark.asyncio
async def test_a_new_deal_clears_the_last_games_ending_from_the_title() -> None:
    """After a rematch the title still said "You win!" over the new game (its banner
    lasts 6 s; seen in tmux with the new game under way)."""
    app = TakiApp(name="Ann", settings=Settings())
    async with app.run_test(size=(80, 24)) as pilot:
        table = Table(app, position(hands=[["R1"], ["G7", "B8"]], discard=["R5"]))
        table.snapshot()
        await until(lambda: isinstance(app.screen, TableScreen))
        table.play(0, "R1")  # Ann's last card: she wins
        await until(lambda: bool(app.session.state.view and app.session.state.view.over))
        await settled(pilot)
        won = app.session.state.banner
        assert won and won in str(app.screen.query_one("#title").render())
        table.game = game_from_position(position(hands=[["R1", "G3"], ["G7", "B8"]],
                                                 discard=["R5"]))
        table.log = []
        table.snapshot()  # the rematch is dealt
        await until(lambda: bool(app.session.state.view and not app.session.state.view.over))
        await settled(pilot)
        assert won not in str(app.screen.query_one("#title").render())


@pytest.mark.asyncio
@pytest.mark.parametrize("turn", [0, 1])
async def test_the_kings_prompt_and_its_key_are_shown_only_to_the_seat_that_acts(
        turn: int) -> None:
    """After a King, "play any card or end the turn (e)" was shown to every seat: the
    others cannot press e, and beside "Waiting for NAME" (a name of 24 characters) the
    line took 80-87 columns in four of the five languages, more than 80x24 has."""
    app = TakiApp(name="Ann", settings=Settings())
    async with app.run_test(size=(80, 24)) as pilot:
        pos = position(hands=[["R1", "G3", "B4"], ["G7", "B8", "Y9"]],
                       discard=["R5", "king"], follow="king", turn=turn)
        Table(app, pos).snapshot()
        await until(lambda: isinstance(app.screen, TableScreen)
                    and len(app.screen.query(CardTile)) == 3)
        await settled(pilot)
        status = str(app.screen.query_one("#status").render())
        assert ("King: play any card or end the turn (e)" in status) == (turn == 0), status


@pytest.mark.asyncio
@pytest.mark.parametrize("turn", [0, 1])
async def test_the_plus_prompt_is_shown_only_to_the_seat_that_acts(turn: int) -> None:
    """Seen in tmux: after Noa's Plus, Ada's status read "Waiting for Noa  ·  Plus: play
    one more card or draw", an order to Ada that only Noa could follow."""
    app = TakiApp(name="Ann", settings=Settings())
    async with app.run_test(size=(80, 24)) as pilot:
        pos = position(hands=[["R1", "G3", "B4"], ["G7", "B8", "Y9"]],
                       discard=["R5", "Rplus"], follow="plus", turn=turn)
        Table(app, pos).snapshot()
        await until(lambda: isinstance(app.screen, TableScreen)
                    and len(app.screen.query(CardTile)) == 3)
        await settled(pilot)
        status = str(app.screen.query_one("#status").render())
        assert ("Plus: play one more card or draw" in status) == (turn == 0), status


RUNS_BG = {"B": "серия със синьо TAKI", "G": "серия със зелено TAKI",
           "R": "серия с червено TAKI", "Y": "серия с жълто TAKI"}
"""Bulgarian "с" is "със" before a word that begins with с or з."""


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", ["bg"], indirect=True)
async def test_the_bulgarian_run_says_sas_before_blue_and_green(lang: str) -> None:
    """A tmux game at 80x24 showed "серия с синьо TAKI" under the leading card."""
    del lang
    app = TakiApp(name="Ann", settings=Settings())
    async with app.run_test(size=(80, 24)) as pilot:
        for color, said in RUNS_BG.items():
            pos = position(hands=[[f"{color}3", "R9"], ["B1"] * 3], color=color,
                           discard=[f"{color}taki", f"{color}5"],
                           taki={"color": color, "by": 0, "cards": 1, "open": False})
            Table(app, pos).snapshot()
            hand = sorted([f"{color}3", "R9"])
            await until(lambda hand=hand: isinstance(app.screen, TableScreen)
                        and sorted(app.session.state.hand) == hand)
            await settled(pilot)
            status = str(app.screen.query_one("#status").render())
            assert said in status, status


@pytest.mark.asyncio
@pytest.mark.parametrize(("size", "wide"), [((120, 40), True), ((80, 24), False)])
async def test_the_players_panel_spreads_at_120x40(server: ServerThread,
                                                   size: tuple[int, int], wide: bool) -> None:
    """At 120x40 the players take half the top (they stayed ~30-38 columns wide, the
    leading card's panel empty beside them) and their counts line up in a column; at
    80x24 the panel stays as wide as its lines."""
    from rich.cells import cell_len

    app = TakiApp(f"127.0.0.1:{server.port}", name="Tester", settings=Settings())
    async with app.run_test(size=size) as pilot:
        await seated_game(app, server, bots=2)
        await until(lambda: len(app.screen.query(CardTile)) > 0)
        await pilot.pause()
        players = app.screen.query_one("#players")
        lead = app.screen.query_one("#lead")
        if wide:
            assert players.region.width == size[0] // 2
            assert lead.region.x == players.region.right
            lines = [line for line in str(players.render()).splitlines()[1:] if line]
            at = [re.search(r"\d+ cards?", line) for line in lines]
            columns = {cell_len(line[: m.start()]) for line, m in zip(lines, at, strict=True)
                       if m}
            assert len(lines) == 3 and len(columns) == 1, lines
        else:
            assert players.region.width < size[0] // 2 + 1


@pytest.mark.parametrize("lang", list(i18n.LANGUAGES))
def test_a_hand_cut_at_the_end_counts_the_rest_in_words(lang: str) -> None:
    """A game-over hand too long for its room said '+2' for two more cards: in tmux,
    'Gu+2 +2' read as two +2 cards. The count now says '(2 more)', as the hand's signs
    do, in brackets: after cards shown as bare numbers, 'R 1 3 4 7 more' read as four
    cards."""
    hand = ["R1", "R3", "R4", "R5", "G+2", "Y+2", "Y4", "Y5"]
    i18n.set_language(lang)
    try:
        line = cards_line(hand, 20).plain
        more = i18n._("{n} more")
        initials = {color_initial(c) for c in "RGBY"}
    finally:
        i18n.set_language("en")
    assert cell_len(line) <= 20, line
    counts = [k for k in range(1, len(hand))
              if line.endswith(" (" + more.format(n=k) + ")")]
    assert counts, f"{lang}: no '({more})' count at the end of {line!r}"
    shown = [w for w in line[: -len(more.format(n=counts[0])) - 2].split()
             if w not in initials]
    assert len(shown) + counts[0] == len(hand), line
    assert cards_line(hand, 80).plain.split()[-1] == "+2"  # all fit: no count


@pytest.mark.parametrize("lang", list(i18n.LANGUAGES))
def test_a_game_over_hand_shows_the_hands_tiles_not_card_codes(lang: str) -> None:
    """At 80x24 a finished game showed "Bob 4 cards GPLUS B3 B8 BTAKI": the colour's
    initial glued to each label read as the engine's card codes. Each card is now the
    hand's tile (its label on its colour), the initial once before each colour's cards,
    as the hand's tiles carry it above them."""
    hand = ["Btaki", "B8", "Gplus", "B3", "king"]
    i18n.set_language(lang)
    try:
        line = cards_line(hand, 80)
        want = [color_initial("G"), symbol("Gplus", 4), color_initial("B"), "3", "8", "TAKI",
                symbol("king", 4)]
        tiles = {code: (symbol(code, 4), card_text(code).style) for code in hand}
    finally:
        i18n.set_language("en")
    assert line.plain.split() == want, line.plain
    spans = [(line.plain[s.start:s.end], s.style) for s in line.spans]
    for code, tile in tiles.items():
        assert tile in spans, f"{code}: {tile} not drawn as the hand draws it in {spans}"


@pytest.mark.asyncio
@pytest.mark.parametrize("me", [0, 1], ids=["winner", "loser"])
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_game_over_screen_keeps_the_key_line_on_the_last_row(
    size: tuple[int, int], me: int, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """As in play, the key line is the last row once the game is over, for the winner
    (whose hand row goes: a follow-up from tmux at 80x24 saw the key line over two
    empty rows) and the loser. The hand's tiles are made to go late, as a real
    terminal may have them go after the screen fitted the log to the rows left; the
    log is long, so no spare row hides a gap."""
    shown = HandView.show

    def late(hand: HandView, cards: list[str], playable: set[str], selected: int) -> None:
        hand.set_timer(0.3, lambda: shown(hand, cards, playable, selected))

    app = TakiApp(name="Ann", settings=Settings())
    async with app.run_test(size=size) as pilot:
        table = Table(app, position(hands=[["R1"], ["G1", "G3"]]), me=me, state="playing")
        table.snapshot()
        await until(lambda: isinstance(app.screen, TableScreen))
        for n in range(40):
            app.session.state.note(f"Line {n}")
        app.refresh_screen()
        await until(lambda: len(app.screen.query(CardTile)) == 1 + me)
        await settled(pilot)
        screen = app.screen
        assert isinstance(screen, TableScreen)
        keys = screen.query_one("#keys")
        assert keys.region.bottom == size[1]  # in play: the last row
        monkeypatch.setattr(HandView, "show", late)
        table.play(0, "R1")  # the winner's last card: game over
        await until(lambda: app.session.state.view is not None and app.session.state.view.over)
        await until(lambda: len(screen.query(CardTile)) == 2 * me)
        await settled(pilot)
        await pilot.pause(0.5)
        assert keys.region.bottom == size[1], (
            f"key line on row {keys.region.y + 1} of {size[1]}")
        assert screen.query_one(HandView).region.bottom == keys.region.y


@pytest.mark.asyncio
async def test_the_logs_newest_lines_stay_in_view_when_the_terminal_shrinks() -> None:
    """In tmux a game ended at 120x40 (the whole log in view), then the window went back
    to 80x24: the log's box shrank but stayed scrolled to its top, so the game's ending
    (who won, the standings) was out of view, and no new line came to scroll it."""
    from textual.widgets import RichLog

    app = TakiApp(name="Ann", settings=Settings())
    async with app.run_test(size=(120, 40)) as pilot:
        table = Table(app, position(hands=[["R1"], ["G1", "G3"]]), state="playing")
        table.snapshot()
        await until(lambda: isinstance(app.screen, TableScreen))
        for n in range(15):  # fits the box at 120x40, not at 80x24
            app.session.state.note(f"Line {n}")
        app.refresh_screen()
        table.play(0, "R1")  # Ann's last card: game over, the log's last line says so
        await until(lambda: app.session.state.view is not None and app.session.state.view.over)
        await settled(pilot)
        log = app.screen.query_one("#log", RichLog)
        assert log.max_scroll_y == 0  # all in view
        await pilot.resize_terminal(80, 24)
        await until(lambda: log.max_scroll_y > 0)
        await settled(pilot)
        await pilot.pause(0.3)
        assert log.scroll_y == log.max_scroll_y, (
            f"log scrolled to {log.scroll_y} of {log.max_scroll_y}")


@pytest.mark.asyncio
@pytest.mark.usefixtures("config_dir")
@pytest.mark.parametrize("size", [20, 22])
async def test_a_game_over_hand_with_no_room_for_a_card_shows_only_its_count(
    server: ServerThread, size: int
) -> None:
    """At 80x24 a long name left no room for any card of a finished game's hand, and
    its line read "8 cards  (8 more)": more than what, none being shown. The count
    beside the name says it alone."""
    name = "W" * size  # (room for "(8 more)" but for no card at 80 columns)
    app = TakiApp(f"127.0.0.1:{server.port}", name=name, settings=Settings())
    hand = ["R1", "R3", "R4", "R5", "G7", "Y+2", "Y4", "Y5"]
    async with app.run_test(size=(80, 24)) as pilot:
        await seated_game(app, server)
        table = server.server.lobby.tables["t1"] if server.server else None
        assert table is not None
        over = position(hands=[hand, []], winner=1, places=[None, 1])
        server.call(lambda: set_game(table, over))
        await until(lambda: bool(app.session.state.view and app.session.state.view.over))
        await pilot.pause()
        lines = str(app.screen.query_one("#players").render()).splitlines()
        mine = next(line for line in lines if name in line)
        count = i18n.ngettext("{n} card", "{n} cards", 8).format(n=8)
        more = "(" + i18n._("{n} more").format(n=8) + ")"
    assert count in mine, mine
    assert more not in mine, mine
