"""Replays: the list of finished games, opening one, colours in hands, every step in words."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from textual.widgets import DataTable

from client import i18n
from client.app import TakiApp, main
from client.config import Settings
from client.screens.replay import ReplayScreen
from client.screens.replays import ReplayListScreen
from client.words import action_words, card_words
from engine import Game, Options
from protocol.messages import GameAction, Replay, TableOptions

from ..support import clientkit
from ..support.clientkit import seated_game
from ..support.fit import screen_lines
from ..support.server_thread import ServerThread

pytestmark = pytest.mark.usefixtures("config_dir")

until = functools.partial(clientkit.until, timeout=20)  # these tests store whole games


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerThread]:
    """Unlike the shared one, this server keeps its finished games; its bots move at
    once (the tests play whole games and look at them afterwards)."""
    with ServerThread(data_dir=tmp_path / "data", bot_delay=0) as thread:
        yield thread


def test_every_action_has_words() -> None:
    names = ["Ann", "Bo"]
    for kind in ("draw", "close_taki", "end_turn", "declare_last_card", "break", "pass"):
        words = action_words({"type": kind, "seat": 1}, names)
        assert words.startswith("Bo ") and "?" not in words, kind
    assert action_words({"type": "play", "seat": 0, "card": "R7"}, names) == "Ann played red 7"
    assert action_words({"type": "pass", "seat": 0}, ["{x}"]) == "{x} let the +3 through"


def test_replays_flag_needs_an_address(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--replays"]) == 2
    assert "server address" in capsys.readouterr().err


@pytest.mark.asyncio
async def test_list_finished_games_and_open_one(server: ServerThread) -> None:
    app = TakiApp(f"127.0.0.1:{server.port}", name="Tester", settings=Settings())
    async with app.run_test(size=(100, 32)) as pilot:
        await seated_game(app, server)
        await clientkit.play_to_the_end(app, timeout=20)
        assert app.session.state.view is not None and app.session.state.view.over
        app.leave_table()
        await pilot.press("v")  # the lobby's list of finished games
        await until(lambda: isinstance(app.screen, ReplayListScreen))
        screen = app.screen
        assert isinstance(screen, ReplayListScreen)
        await until(lambda: screen.games is not None and len(screen.games) == 1)
        assert screen.query_one(DataTable).row_count == 1
        await pilot.press("enter")
        await until(lambda: isinstance(app.screen, ReplayScreen))
        replay = app.screen
        assert isinstance(replay, ReplayScreen)
        for step in range(1, len(replay.actions) + 1):
            _game, lines, _told = replay._game_at(step)
            assert lines and all(line.strip() for line in lines), step
        board = board_text(replay)
        # Hands as the game-over screen shows them: the colour's initial once before its
        # cards ("G PLUS B 3 8"), never glued to a label as the engine's codes are.
        assert re.search(r"\b[RGBY] (\d|\+2|STOP|PLUS|TAKI|<->)", board), board
        assert not re.search(r"\b[RGBY](\d|\+2|STOP|PLUS|TAKI)\b", board), board


@pytest.mark.asyncio
async def test_replays_flag_opens_the_list(server: ServerThread) -> None:
    app = TakiApp(f"127.0.0.1:{server.port}", name="Tester", settings=Settings(),
                  replays=True)
    async with app.run_test(size=(80, 24)):
        await until(lambda: isinstance(app.screen, ReplayListScreen))
        screen = app.screen
        assert isinstance(screen, ReplayListScreen)
        await until(lambda: screen.games == ())
        assert "No finished games" in str(screen.query_one("#replays-note").render())


@pytest.mark.asyncio
async def test_a_game_on_a_server_that_keeps_nothing_is_kept_for_the_session() -> None:
    bare = ServerThread(bot_delay=0)  # no data dir: like the Play-now server
    bare.start()
    try:
        app = TakiApp(f"127.0.0.1:{bare.port}", name="Tester", settings=Settings())
        async with app.run_test(size=(100, 32)) as pilot:
            await seated_game(app, bare)
            await clientkit.play_to_the_end(app, timeout=20)
            await until(lambda: len(app.session.kept_replays) == 1)
            assert not isinstance(app.screen, ReplayScreen)  # kept, not shown
            app.leave_table()
            await pilot.press("v")
            await until(lambda: isinstance(app.screen, ReplayListScreen))
            screen = app.screen
            assert isinstance(screen, ReplayListScreen)
            await until(lambda: screen.games == () and len(screen.rows) == 1)
            await pilot.press("enter")
            await until(lambda: isinstance(app.screen, ReplayScreen))
    finally:
        bare.stop()


def board_text(screen: ReplayScreen) -> str:
    """The board's text: the leading card, each player and hand, the step in words."""
    return "\n".join(str(s.render()) for s in screen.query("#replay-body Static"))


def _replay_of(actions: list[GameAction], game_id: int = 1, seed: int = 7) -> Replay:
    return Replay(game_id, "t1", TableOptions("T", 2), ("Ann", "Bo"), seed, 0, tuple(actions))


def test_a_timed_out_turn_says_so_in_the_replay() -> None:
    """'Ann drew 1 card' read like Ann's choice: the step says time ran out first."""
    game = Game.new(2, 7, Options(), 0, record=True)
    draw = next(a for a in game.legal_actions() if a.type == "draw")
    marked = GameAction("draw", draw.seat, timeout=True)
    screen = ReplayScreen(_replay_of([marked]))
    _game, lines, _told = screen._game_at(1)
    assert lines[0] == "Time ran out for Ann"
    assert lines[1].startswith("Ann drew 1 card")
    plain = ReplayScreen(_replay_of([GameAction("draw", draw.seat)]))
    assert not any("Time ran out" in line for line in plain._game_at(1)[1])


@pytest.mark.asyncio
async def test_the_last_step_names_the_winner_once() -> None:
    game = Game.new(2, 7, Options(), 0, record=True)
    actions: list[GameAction] = []
    while not game.over:  # the same simple choice every time: a finished game
        legal = game.legal_actions()
        plays = [a for a in legal if a.type == "play"]
        action = (plays or legal)[0]
        game.apply(action._replace(last_card=True) if plays else action)
        actions.append(GameAction(action.type, action.seat, action.card, action.color,
                                  bool(plays)))
    app = TakiApp(name="Tester", settings=Settings(intro_seen=True))
    async with app.run_test(size=(100, 40)) as pilot:
        screen = ReplayScreen(_replay_of(actions))
        app.push_screen(screen)
        await pilot.pause()
        await pilot.press("end")
        await pilot.pause()
        board = board_text(screen)
        assert board.count("wins!") == 1, board


@pytest.mark.asyncio
async def test_a_long_hand_wraps_under_its_own_indent_at_80_columns() -> None:
    """A hand too long for one line went on at column 0, under the names; its lines
    now all start under the hand's own indent."""
    game = Game.new(2, 7, Options(), 0, record=True)
    actions: list[GameAction] = []
    while len(game.hands[0]) < 40:  # both draw, turn after turn: long hands
        draw = next(a for a in game.legal_actions() if a.type == "draw")
        game.apply(draw)
        actions.append(GameAction("draw", draw.seat))
    app = TakiApp(name="Tester", settings=Settings(intro_seen=True))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = ReplayScreen(_replay_of(actions))
        app.push_screen(screen)
        await pilot.pause()
        await pilot.press("end")
        await pilot.pause()
        lines = screen_lines(screen)
        ann = next(i for i, line in enumerate(lines) if re.match(r"^. Ann  \(\d+\)", line))
        bo = next(i for i, line in enumerate(lines) if re.match(r"^. Bo  \(\d+\)", line))
        hand = lines[ann + 1:bo]
        assert len(hand) >= 2, lines  # it wraps
        for line in hand:
            assert line.startswith("   ") and line[3] != " ", lines


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", list(i18n.LANGUAGES), indirect=True)
async def test_the_replays_leading_card_is_named_as_the_table_names_it(lang: str) -> None:
    """The replay's header showed only the card's tile ("SUPER", a bare "6") where the
    table says "Super TAKI" and "blue 6": each step's leading card is now named in the
    table's own words, at 80x24 in every language."""
    # (deal 6: a Change Colour and a Super TAKI lead within its first 10 actions)
    game = Game.new(2, 6, Options(), 0, record=True)
    actions: list[GameAction] = []
    leads = [game.lead()]
    while not game.over and len(actions) < 10:  # plays where it can: the lead changes
        legal = game.legal_actions()
        action = ([a for a in legal if a.type == "play"] or legal)[0]
        game.apply(action)
        actions.append(GameAction(action.type, action.seat, action.card, action.color))
        leads.append(game.lead())
    assert len({lead for lead in leads}) > 3 and {"color", "supertaki"} <= set(leads), leads
    app = TakiApp(name="Tester", settings=Settings(intro_seen=True))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = ReplayScreen(_replay_of(actions, seed=6))
        app.push_screen(screen)
        await pilot.pause()
        for step, lead in enumerate(leads):
            header = str(screen.query_one("#replay-lead").render())
            assert card_words(lead) in header, (lang, step, lead, header)
            await pilot.press("right")
            await pilot.pause()
