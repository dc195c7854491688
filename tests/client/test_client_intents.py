"""Messages up: a key on a screen becomes an intent the app carries out through the
session (no server: the session's sending is recorded)."""

from __future__ import annotations

import pytest

from client.app import TakiApp
from client.config import Settings
from client.screens.start import StartScreen
from client.screens.table import TableScreen
from protocol.messages import GameAction, SeatInfo, Snapshot, TableInfo, TableOptions

from ..support.clientkit import until

pytestmark = pytest.mark.usefixtures("config_dir")


@pytest.mark.asyncio
async def test_table_keys_reach_the_session_as_intents() -> None:
    app = TakiApp(name="Ann", settings=Settings())
    sent: list[tuple[GameAction, bool]] = []
    leaving: list[bool] = []

    def send_action(action: GameAction, last: bool = False) -> None:
        sent.append((action, last))

    app.session.send_action = send_action  # type: ignore[method-assign]
    app.session.leave_table = lambda: leaving.append(True)  # type: ignore[method-assign]
    draw = GameAction("draw", 0)
    info = TableInfo("t1", TableOptions("T", 2), "playing",
                     (SeatInfo("Ann"), SeatInfo("Bo", bot="basic")), host=0)
    view = {"hand": ["R1"], "turn": 0, "lead": "G5", "color": "G", "draw_count": 50,
            "players": [{"cards": 1}, {"cards": 3}], "direction": 1}
    async with app.run_test(size=(100, 30)) as pilot:
        await until(lambda: isinstance(app.screen, StartScreen))
        app.session.state.on_snapshot(Snapshot(info, 0, 0, view, legal=(draw,)))
        app.go_table()
        await until(lambda: isinstance(app.screen, TableScreen))
        await pilot.pause()
        await pilot.press("d")
        await until(lambda: bool(sent))
        assert sent == [(draw, False)]
        await pilot.press("q", "q")  # during a game: a second q leaves
        await until(lambda: bool(leaving))
        await until(lambda: not isinstance(app.screen, TableScreen))


def test_asking_for_the_replay_while_the_game_is_being_kept_opens_it_once() -> None:
    """A game that just ended is fetched quietly, to keep it for the session; a player
    who asks for its replay before it arrives gets it shown once, not a second fetch and
    a second screen (the replay screen then needed q twice)."""
    from typing import Any

    from client.session import Session
    from protocol.messages import (
        GetReplay,
        Replay,
        SeatInfo,
        TableInfo,
        TableOptions,
        TableUpdate,
    )

    posted: list[Any] = []
    asked: list[type[Any]] = []

    class Link:
        closing = False

        def send(self, message: Any) -> None:
            asked.append(type(message))

    session = Session(posted.append)
    session.link = Link()  # type: ignore[assignment]
    options = TableOptions("Mine", 2)
    seats = (SeatInfo("Tester"), SeatInfo("Noa", "basic"))
    playing = TableInfo("t1", options, "playing", seats, host=0)
    session.state.info = playing
    session.deliver(TableUpdate(TableInfo("t1", options, "over", seats, host=0)))
    assert asked == [GetReplay]  # kept quietly
    assert session.replay_of_table() is None  # not here yet: it opens when it comes
    assert asked == [GetReplay]
    session.deliver(Replay(1, "t1", options, ("Tester", "Noa"), 7))
    opened = [m for m in posted if isinstance(m, Session.ReplayArrived)]
    assert len(opened) == 1
    kept = session.replay_of_table()  # asked again later: the kept game, no request
    assert kept is not None and kept.game == 1 and asked == [GetReplay]
