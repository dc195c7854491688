"""What the Textual client tests share: waiting for the app to reach a state, an app
for the test ``server`` seated at a dealt game (``make_app``, ``seated_game``), a chosen
position dealt at that server's table (``set_game``), and a table told to the app's
session without a server (``Table``).

The ``server`` and ``config_dir`` fixtures live in ``conftest.py``; a client test module
opts into the private config directory with
``pytestmark = pytest.mark.usefixtures("config_dir")`` so no test reads or writes the
real user's settings and tokens.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from textual import events
from textual.pilot import Pilot

from client.app import TakiApp
from client.config import Settings
from client.widgets.cards import CardTile
from engine import game_from_position
from engine.actions import Action
from engine.events import redact
from engine.views import view_of
from protocol.codec import event_to_wire, view_to_wire
from protocol.messages import Action as WireAction
from protocol.messages import Event, GameAction, SeatInfo, Snapshot, TableInfo, TableOptions
from protocol.patch import diff_view

from .util import position

if TYPE_CHECKING:
    from .server_thread import ServerThread


async def until(test: Callable[[], bool], timeout: float = 30) -> None:
    """Poll ``test`` until it holds; the app's state changes between event-loop turns.
    (30 s: a loaded CI machine once took more than 10 s to show a change.)"""
    async with asyncio.timeout(timeout):
        while not test():
            await asyncio.sleep(0.02)


async def play_to_the_end(app: TakiApp, timeout: float = 10) -> None:
    """Play the first legal move until the game is over (``timeout`` for each move's
    echo), saying "last card" with every play: a declaration with more cards left does
    nothing (RULES.md); without it the app seldom wins (at one card it draws 4), and a
    game against a basic bot takes twice as many moves on average (159 against 81 over
    200 deals)."""
    for _ in range(3000):
        if app.session.state.view and app.session.state.view.over:
            break
        if app.session.state.legal:
            sent = app.session.state.seq
            move = app.session.state.legal[0]
            app.session.send_action(move, last=move.type == "play")

            def echoed(s: int = sent) -> bool:
                return app.session.state.seq != s or not app.session.state.legal

            await until(echoed, timeout)
        else:
            await asyncio.sleep(0.02)


def make_app(server: ServerThread, **kw: Any) -> TakiApp:
    """A client app for ``server`` (name "Tester" unless ``name``), default settings."""
    return TakiApp(f"127.0.0.1:{server.port}", name=kw.pop("name", "Tester"),
                   settings=Settings(), **kw)


async def seated_game(app: TakiApp, server: ServerThread, bots: int = 1) -> None:
    """Create a table from the app, add bots, start; wait for the dealt snapshot."""
    await until(lambda: app.session.link is not None)
    app.session.create_table(TableOptions("Test", bots + 1))
    await until(lambda: app.session.state.info is not None)
    for _ in range(bots):
        app.session.host_command("add_basic")
    await until(lambda: app.session.state.info is not None
                and all(s is not None for s in app.session.state.info.seats))
    app.session.host_command("start")
    await until(lambda: app.session.state.view is not None)


def set_game(table: Any, pos: dict[str, Any]) -> None:
    """Deal a chosen position at a running table (server thread only), in the table's
    own task (the only one that changes a table)."""

    async def deal() -> None:
        table.model.game = game_from_position(pos)
        table.model.state = "playing"
        table.model.actions = []
        table.model.invalidate()
        table._arm()
        for member in table.model.members:
            member.send(table.model.snapshot(member))

    table.post(deal)


class Table:
    """A real engine game told to the app's session as the server tells a seat: a
    snapshot with the game's log, then numbered events, the view patch and the seat's
    legal moves on the last event of each action."""

    def __init__(self, app: TakiApp, pos: dict[str, Any], me: int = 0,
                 names: tuple[str, ...] = ("Ann", "Bo", "Cy"), name: str = "Friday",
                 state: str = "playing") -> None:
        self.app = app
        self.game = game_from_position(pos)
        self.me = me
        self.seq = 100  # the table's seq goes on across games: never 0 here
        self.log: list[dict[str, Any]] = []
        n = self.game.n
        self.info = TableInfo("t1", TableOptions(name, n), state,
                              tuple(SeatInfo(names[i]) for i in range(n)), host=0)

    def legal(self) -> tuple[GameAction, ...]:
        return tuple(GameAction(a.type, None, a.card, a.color)
                     for a in self.game.legal_actions() if a.seat == self.me)

    def snapshot(self) -> None:
        """A snapshot now (a deal, a reconnect, a resync): with the log of the game."""
        self.app.session.deliver(Snapshot(self.info, self.seq, self.me,
                                          view_to_wire(view_of(self.game, self.me)), self.legal(),
                                          tuple(self.log)))

    def act(self, action: Action, tell: bool = True) -> None:
        """Play ``action``; its events go to the session unless ``tell`` is False (the
        seat is away: a later snapshot tells it)."""
        before = view_to_wire(view_of(self.game, self.me))
        self.game.apply(action)
        events = self.game.take_events()
        after = view_to_wire(view_of(self.game, self.me))
        for i, ev in enumerate(events):
            self.seq += 1
            data = event_to_wire(redact(ev, self.me))
            self.log.append(data | {"seq": self.seq})
            last = i == len(events) - 1
            if tell:
                self.app.session.deliver(Event(
                    self.seq, data, diff_view(before, after) if last else None,
                    self.legal() if last else None))

    def play(self, seat: int, card: str | None = None) -> None:
        """``seat`` plays ``card`` (None: its first legal play, else a draw)."""
        legal = [a for a in self.game.legal_actions() if a.seat == seat]
        plays = [a for a in legal if a.type == "play" and card in (None, a.card)]
        self.act(plays[0] if plays else next(a for a in legal if a.type == "draw"))


async def settled(pilot: Any) -> None:
    """Let the app take in what was posted to it (what it should not do shows by then)."""
    for _ in range(4):
        await pilot.pause()


async def burst(pilot: Pilot[None], *keys: str) -> None:
    """Send ``keys`` as a terminal does when they come in one read: all of them queued
    before the app handles the first. (``pilot.press`` waits for the app to go idle
    after each key, which is slower than any person and hid the fault.)"""
    app = pilot.app
    assert app._driver is not None
    for key in keys:
        char = {"tab": "\t", "enter": "\r", "escape": "\x1b"}.get(key, key)
        event = events.Key(key, char if len(char) == 1 else None)
        event.set_sender(app)
        app._driver.send_message(event)
    await pilot.pause()


POOL = ["R1", "R3", "G3", "G+2", "Btaki", "color", "king", "+3", "breaker", "supertaki",
        "Ystop", "Yplus", "Ydir", "B9", "R7", "G5", "Bstop", "Y4", "Rplus", "G8", "B+2",
        "Ytaki", "R9", "Gdir", "B5"]
"""Cards of every kind, for hands of any length up to 25 (hand-row and key-bar tests)."""


async def deal(app: TakiApp, server: ServerThread, pos: dict[str, Any]) -> None:
    """Deal ``pos`` at the server's table t1 and wait until the app shows its hand."""
    table = server.server.lobby.tables["t1"] if server.server else None
    assert table is not None
    server.call(lambda: set_game(table, pos))
    hand = pos["players"][0]["hand"]
    await until(lambda: sorted(t.code for t in app.screen.query(CardTile)) == sorted(hand)
                and app.session.state.view is not None
                and app.session.state.view.turn == pos["turn"])


def sent_actions(app: TakiApp, delay: float = 0.5) -> list[WireAction]:
    """Every game action the session sends from now on (in order), each reaching the
    server ``delay`` seconds late (a slow network: its answer comes after the keys
    typed with it)."""
    sent: list[WireAction] = []
    link = app.session.link
    assert link is not None
    send = link.send

    def spy(message: Any) -> None:
        if isinstance(message, WireAction):
            sent.append(message)
            asyncio.get_running_loop().call_later(delay, send, message)
        else:
            send(message)

    link.send = spy  # type: ignore[method-assign]
    return sent


async def plus3_played(app: TakiApp, pilot: Any, table: Table) -> Table:
    """Show ``table`` (its snapshot) and have seat 1 play a +3 from it: returns once the
    app shows the window open and has drawn it."""
    from client.screens.table import TableScreen

    table.snapshot()
    await until(lambda: isinstance(app.screen, TableScreen))
    table.play(1, "+3")
    await until(lambda: app.session.state.view is not None
                and app.session.state.view.plus3 is not None)
    await settled(pilot)
    return table


def shown(app: TakiApp, part: str) -> str:
    """The text the current screen's Static ``part`` (a CSS selector) shows."""
    from textual.widgets import Static

    return str(app.screen.query_one(part, Static).render())


COLOUR_HAND = ["color", "R7", "G3"]
"""A hand whose first card (key "1") is a Change Colour."""


async def colour_dialog_open(app: TakiApp, server: ServerThread, pilot: Any) -> Any:
    """A seated game, ``COLOUR_HAND`` dealt as dealt, its Change Colour selected and Enter
    pressed: returns the table screen once the colour dialog is open over it."""
    from client.screens.table import ColorPicker, TableScreen

    await seated_game(app, server)
    screen = app.screen
    assert isinstance(screen, TableScreen)
    screen.as_dealt = True
    await deal(app, server, position(hands=[COLOUR_HAND, ["B1", "B3", "B4"]], turn=0))
    await pilot.press("1", "enter")
    await until(lambda: isinstance(app.screen, ColorPicker))
    return screen
