"""``taki-client``: the Textual app, its network worker, and the command line.

The app holds what the client knows (``state`` for its table, ``tables`` for the
lobby, ``chat_lines``) and the one connection (``link``). The connection lives in a
Textual worker on the app's own asyncio loop: it reads messages, updates that
knowledge, and asks the current screen to redraw; it never waits on the UI and the UI
never waits on it. When the connection drops it says so on screen and reconnects with
backoff, presenting the seat token, so the server hands back seat, hand and turn.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import random
import signal
import sys
from collections.abc import Callable, Sequence
from typing import Any

from textual import work
from textual.app import App
from textual.binding import Binding

from protocol.errors import is_fatal
from protocol.lan import DEFAULT_PORT
from protocol.limits import CHAT_MAX, NAME_MAX
from protocol.messages import (
    Ack,
    Action,
    AddBot,
    Chat,
    ChatLine,
    CreateTable,
    Error,
    Event,
    GameAction,
    GetReplay,
    Join,
    Leave,
    ListTables,
    Message,
    Rematch,
    RemoveBot,
    Replay,
    Replays,
    Request,
    Resync,
    Snapshot,
    Spectate,
    Start,
    TableInfo,
    TableOptions,
    TableRemoved,
    Tables,
    TableUpdate,
    Timer,
)

from . import tokens
from .config import Settings, valid_name
from .discovery import Browser, list_games
from .i18n import LANGUAGES, _, choose, set_language
from .levels import usable
from .local import LocalServer, start_lan_server
from .net import Link, LinkClosed, parse_address
from .safe import inert
from .screens.cannot_join import CannotJoinScreen, problem_words
from .screens.help import HelpScreen
from .screens.hosting import HostingScreen, QuitHosting
from .screens.intro import IntroScreen
from .screens.lobby import LobbyScreen
from .screens.replay import ReplayScreen
from .screens.replays import ReplayListScreen
from .screens.start import StartScreen
from .screens.table import RULE_CODES, TableScreen
from .state import TableState

Answer = Callable[[Message], None]
EXIT_OK, EXIT_USAGE = 0, 2
"""taki-client's exit codes: done (also after SIGTERM, SIGHUP, SIGINT: a clean quit); a
usage error (a bad address, name or option), refused before any screen opens. 1 is
``--list`` not able to look (client/discovery.py)."""


class TakiApp(App[None]):
    """See the module docstring."""

    CSS_PATH = "taki.tcss"
    TITLE = "TAKI"
    BINDINGS = [
        Binding("ctrl+c", "quit", "Quit", show=False, priority=True),
        Binding("i", "show_hosting", "Your server's addresses", show=False),
    ]
    EXIT_SIGNALS = tuple(
        getattr(signal, n) for n in ("SIGTERM", "SIGHUP", "SIGINT") if hasattr(signal, n)
    )
    """Signals that end the client as a quit does: terminal restored, servers stopped."""

    def __init__(
        self,
        address: str | None = None,
        *,
        name: str | None = None,
        watch: str | None = None,
        replay: int | None = None,
        replays: bool = False,
        settings: Settings | None = None,
        bot_delay: float = 0.8,
        discover: bool = False,
        discovery_interfaces: Sequence[str] | None = None,
        fresh: bool = False,
    ) -> None:
        super().__init__()
        self.discover = discover
        """List the games on the LAN on the start screen (off by default: no traffic)."""
        self.discovery_interfaces = discovery_interfaces
        self.discovery: Browser | None = None
        self.settings = settings or Settings()
        saved = self.settings.spectator_name or _("Spectator") if watch else self.settings.name
        self.player_name = name or saved or "Player"
        self.address = address
        self.watch_id = watch
        self.replay_id = replay
        self.list_replays = replays
        self.last_sent: tuple[str, str | None] | None = None
        """The last game action sent (type, card): a refusal of it is worded from it."""
        self.kept_replays: list[Replay] = []
        """The games finished at this client's tables this session, oldest first."""
        self._quiet_replays = 0
        """Replays asked for to keep, not to show (their answers are still due)."""
        """Open the list of finished games once connected (``--replays``)."""
        self.bot_delay = bot_delay
        self.state = TableState()
        self.tables: dict[str, TableInfo] = {}
        self.chat_lines: list[tuple[str, str, bool]] = []
        self.timers: dict[str, float] = {}
        self.link: Link | None = None
        self.token: str | None = None
        self.role: str | None = "spectator" if watch else None
        self.connection_note = ""
        self.server_label = ""
        self.local: LocalServer | None = None
        """Play now's server (loopback, throwaway)."""
        self.hosting: LocalServer | None = None
        """Host's server, for the LAN: it runs until the host quits."""
        self.host_note = ""
        self.reach_problem = ""
        """Why the address typed cannot be reached, in words (CannotJoinScreen)."""
        self.retry_at: float | None = None
        self.attempt = 0
        self.server_stopped = False
        """The server said ``server_shutdown``: it was stopped, not lost."""
        self.pending: dict[int, Answer | None] = {}
        self._after_connect: Callable[[], None] | None = None
        self._quitting = False
        # Ids must not repeat within a seat's life, and a seat now outlives this process
        # (client/tokens.py): start at a random point, as PROTOCOL.md section 4 asks.
        self._request_ids = itertools.count(random.randrange(1, 2**31))
        self._redraw_pending = False
        self.watching: str | None = None
        """The table this client watches as a spectator (rejoined after a reconnect)."""
        self.fresh = fresh
        """Ignore a saved seat token on the first connection (``--fresh``)."""
        self.token_home: tuple[str, str] | None = None
        """(server address, player name) under which this player's seat token is saved
        (client/tokens.py); None: not saved (Play now, a spectator)."""

    # ------------------------------------------------------------ life

    def on_mount(self) -> None:
        self.set_interval(1.0, self._tick)
        self._exit_on_signals()
        if self.address:
            self.push_screen(LobbyScreen())
            self.join_address(self.address)
        else:
            self.push_screen(StartScreen())
            if not self.settings.intro_seen:  # the first launch: how to play, once
                self.settings.intro_seen = True
                self.settings.save()
                self.push_screen(IntroScreen())

    async def on_unmount(self) -> None:
        self._quitting = True
        for server in (self.local, self.hosting):  # first: they must not outlive us
            if server is not None:
                await server.stop()
        if self.discovery is not None:
            await self.discovery.stop()
        if self.link is not None:
            await self.link.close()

    def _exit_on_signals(self) -> None:
        """SIGTERM, SIGHUP (the terminal closed) and SIGINT end the client the way a quit
        does, so Textual restores the terminal (alternate screen, mouse, cursor) and the
        servers it started are stopped. (Killed outright, those servers still end: their
        standard input is a pipe from us; client/local.py.)"""
        loop = asyncio.get_running_loop()
        for number in self.EXIT_SIGNALS:
            try:
                loop.add_signal_handler(number, self.exit)
            except (NotImplementedError, RuntimeError, ValueError):  # not on this platform
                continue

    def others_at_my_server(self) -> int:
        """People other than me seated at the tables of the server I host."""
        if self.hosting is None:
            return 0
        me = self.state.info.id if self.state.info is not None else None
        count = 0
        for table in self.tables.values():
            for seat, holder in enumerate(table.seats):
                if holder is None or (holder.bot is not None and not holder.stand_in):
                    continue
                if table.id == me and seat == self.state.seat:
                    continue
                count += 1
        return count

    async def action_quit(self) -> None:
        """Quit; a host whose server has other players is asked first."""
        others = self.others_at_my_server()
        if not others:
            self.exit()
            return

        def answered(yes: bool | None) -> None:
            if yes:
                self.exit()

        if not isinstance(self.screen, QuitHosting):
            self.push_screen(QuitHosting(others), answered)

    def _tick(self) -> None:
        if self.timers:
            self.refresh_screen()

    def countdown(self, kind: str) -> float | None:
        due = self.timers.get(kind)
        if due is None:
            return None
        return max(0.0, due - asyncio.get_running_loop().time())

    def refresh_screen(self) -> None:
        """Redraw soon: many messages in a burst make one redraw, of the screens that
        show app state (the top one and any under a pop-up)."""
        if not self._redraw_pending:
            self._redraw_pending = True
            self.call_later(self._redraw)

    def _redraw(self) -> None:
        self._redraw_pending = False
        for screen in reversed(self.screen_stack):
            refresh = getattr(screen, "refresh_view", None)
            if callable(refresh) and screen.is_mounted:
                refresh()
                break  # the screens below redraw when they come back on top

    def set_name(self, name: str) -> bool:
        name = name.strip()
        if not valid_name(name):
            self.notify(_("A name is 1 to 24 printable characters."), severity="error")
            return False
        self.player_name = name
        self.settings.name = name
        self.settings.save()
        return True

    # ------------------------------------------------------------ screens

    def _top(self) -> Any:
        for screen in reversed(self.screen_stack):
            if isinstance(screen, StartScreen | LobbyScreen | TableScreen):
                return screen
        return None

    def go_lobby(self) -> None:
        top = self._top()
        if isinstance(top, TableScreen):
            self.pop_screen()
        elif isinstance(top, StartScreen):
            self.push_screen(LobbyScreen())
        self.refresh_screen()

    def go_table(self) -> None:
        top = self._top()
        if isinstance(top, TableScreen):
            return
        if isinstance(top, StartScreen):
            self.push_screen(LobbyScreen())
        self.push_screen(TableScreen())

    def action_help(self) -> None:
        self.push_screen(HelpScreen())

    def action_back_to_start(self) -> None:
        if self.address:  # started on a server's address: the lobby is home
            self.run_worker(self.action_quit())
            return
        self._quitting = True
        self.workers.cancel_group(self, "net")
        self.link = None
        self.tables.clear()
        while not isinstance(self._top(), StartScreen):
            self.pop_screen()
        self._quitting = False

    # ------------------------------------------------------------ starting points

    def start_discovery(self) -> None:
        """Look for games on the LAN (the start screen lists them), once, if asked to."""
        if not self.discover and self.discovery is None:
            return
        if self.discovery is None:
            self.discovery = Browser(interfaces=self.discovery_interfaces)
        self.discovery.on_change = self.refresh_screen
        if not self.discovery.begun:
            self.run_worker(self.discovery.start(), group="discovery")

    def look_again(self) -> None:
        """Look for games anew: a fresh browser asks the network again."""
        old = self.discovery
        if old is None:
            return
        self.discovery = Browser(interfaces=self.discovery_interfaces)
        self.run_worker(old.stop(), group="discovery")
        self.start_discovery()

    def join_address(self, text: str) -> None:
        try:
            host, port = parse_address(text)
        except ValueError:
            self.notify(_("Type an address like 192.168.1.23:8254"), severity="error")
            return
        self.server_label = f"{host}:{port}"
        self._keep_tokens(f"{host}:{port}")
        self.connect(host, port)

    def _keep_tokens(self, address: str) -> None:
        """Save this player's seat tokens for ``address`` (never a spectator's), and
        take up the one saved there, unless told to start afresh."""
        if self.role == "spectator":
            self.token_home = None
            return
        self.token_home = (address, self.player_name)
        if self.token is None and not self.fresh:
            self.token = tokens.load(address, self.player_name)
        self.fresh = False

    def _saw_token(self, token: str | None) -> None:
        """A seat's token arrived (or, None, the seat is gone): remember it, on disk too."""
        self.token = token
        if self.token_home is None:
            return
        address, name = self.token_home
        if token is None:
            tokens.forget(address, name)
        else:
            tokens.save(address, name, token)

    @work(exclusive=True, group="local")
    async def play_now(self) -> None:
        """One keypress: a server on this machine, a table with three bots, a deal."""
        try:
            if self.local is None:
                self.local = LocalServer("127.0.0.1", 0, bot_delay=self.bot_delay)
                await self.local.start()
        except OSError as exc:
            self.notify(str(exc), severity="error")
            return
        self.server_label = _("this computer")
        self.token_home = None  # Play now keeps nothing

        def create() -> None:
            options = TableOptions(_("{name}'s table").format(name=self.player_name)[:40], 4)
            self.create_table(options, then=self._bots_and_start)

        self._after_connect = create
        self.connect("127.0.0.1", self.local.port)

    def _bots_and_start(self) -> None:
        level = usable(self.settings.bot_level)
        for _i in range(3):
            self.request(AddBot, kind=level)
        self.request(Start)

    @work(exclusive=True, group="local")
    async def host_lan(self) -> None:
        """A server for the LAN on port 8254 (or the next free one, said plainly) that
        runs until the host quits; its addresses, big, then its lobby."""
        if self.hosting is None or not self.hosting.running:
            try:
                self.hosting = await start_lan_server()
            except OSError as exc:
                self.notify(str(exc), title=_("Cannot host"), severity="error", timeout=10)
                return
            port = self.hosting.port
            self.host_note = "" if port == DEFAULT_PORT else _(
                "Port {busy} is taken by another program, so your server uses port {port}."
            ).format(busy=DEFAULT_PORT, port=port)
        port = self.hosting.port
        addresses = self.hosting.addresses or ["127.0.0.1"]
        self._keep_tokens(f"127.0.0.1:{port}")
        self.server_label = _("Friends join with:") + " " + ", ".join(
            f"{a}:{port}" for a in addresses if not a.startswith("127.")
        )
        self._after_connect = self.action_show_hosting  # over the lobby, once it is up
        self.connect("127.0.0.1", port)

    def action_show_hosting(self) -> None:
        """The addresses of the server I host, in large print (i)."""
        if self.hosting is None or isinstance(self.screen, HostingScreen):
            return
        self.push_screen(
            HostingScreen(self.hosting.addresses or ["127.0.0.1"], self.hosting.port,
                          self.host_note)
        )

    def back_to_start(self) -> None:
        """From a server that cannot be reached back to the start screen."""
        self.address = None
        self._quitting = True
        self.workers.cancel_group(self, "net")
        self.link = None
        self.tables.clear()
        self.reach_problem = ""
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self.push_screen(StartScreen())
        self._quitting = False

    def retarget(self, text: str) -> str | None:
        """Try another address; the reason it is not one, or None."""
        try:
            host, port = parse_address(text)
        except ValueError as exc:
            return str(exc)
        self.address = f"{host}:{port}"
        self.server_label = self.address
        self.attempt = 0
        self.retry_at = None
        self.connect(host, port)
        return None

    # ------------------------------------------------------------ network

    def connect(self, host: str, port: int) -> None:
        self._network(host, port)

    @work(exclusive=True, group="net")
    async def _network(self, host: str, port: int) -> None:
        """Connect, and stay connected: on a drop, retry with backoff and the token."""
        delay = 0.5
        first = True
        told = False
        self.attempt = 0
        while not self._quitting:
            link = Link(host, port, self._request_ids)
            try:
                welcome = await link.open(self.player_name, token=self.token, role=self.role)
            except (LinkClosed, TimeoutError) as exc:
                closed = exc if isinstance(exc, LinkClosed) else LinkClosed("", "timeout")
                words = problem_words(closed.problem, host, port, closed.reason)
                if first and not self.address:
                    # From the start screen: say what failed; the player tries again.
                    self.notify(words, title=_("Connection"), severity="error", timeout=8)
                    return
                if first:  # the address given cannot be reached: say so, not a lobby
                    self.reach_problem = words
                    self.retry_at = asyncio.get_running_loop().time() + delay
                    if not isinstance(self.screen, CannotJoinScreen):
                        self.push_screen(CannotJoinScreen())
                elif not told and not self.server_stopped:  # once per outage
                    self.notify(words, title=_("Connection"), severity="error", timeout=8)
                told = True
                self.attempt += 1
                if not self.server_stopped:
                    self.connection_note = _("Not connected: retrying...")
                self.refresh_screen()
                await asyncio.sleep(delay)
                self.retry_at = None
                delay = min(delay * 2, 10)
                continue
            self.link = link
            self.connection_note = ""
            self.reach_problem = ""
            if isinstance(self.screen, CannotJoinScreen):
                self.pop_screen()
            if self.server_stopped:
                self.notify(_("The server is back."), title=_("Connection"), timeout=4)
                self.server_stopped = False
            delay = 0.5
            self.attempt = 0
            told = False
            if welcome.name and welcome.table is None:
                # The server cleaned the name (welcome.name comes only when it changed
                # it). With a seat taken back, it is that seat's name (``Twin (2)``),
                # which the table shows; the player's own name stays for the lobby.
                self.player_name = welcome.name
            if welcome.table is None:
                if self.token is not None:  # the server no longer knows that seat
                    self._saw_token(None)
                self.request(ListTables)
                if self.watching is not None:
                    self.request(Spectate, table=self.watching)  # spectators stay spectators
                elif self.state.info is not None and not first:
                    self.notify(_("Your seat is gone: the table closed or a bot took it."),
                                severity="warning", timeout=8)
                    self.state = TableState()
                    self.go_lobby()
            if first:
                first = False
                if welcome.table is None:
                    self.go_lobby()
                if self.watch_id:
                    self.request(Spectate, table=self.watch_id)
                if self.replay_id is not None:
                    self.request(GetReplay, game=self.replay_id)
                elif self.list_replays:
                    self.push_screen(ReplayListScreen())
                if self._after_connect is not None:
                    self._after_connect()
                    self._after_connect = None
            self.refresh_screen()
            try:
                await link.run(self._deliver)
            except LinkClosed as exc:
                if self._quitting:
                    return
                self.link = None
                self.state.legal = ()  # nothing can be played while away
                self.timers.clear()
                if self.server_stopped:  # it said so: no alarm, just wait for it quietly
                    self.connection_note = _("The server was stopped: waiting for it...")
                else:
                    self.connection_note = _("Connection lost: reconnecting...")
                    self.notify(exc.reason, title=_("Connection"), severity="warning")
                told = True
                self.refresh_screen()
                await asyncio.sleep(delay)

    def request(
        self, message_type: type[Request], /, then: Answer | None = None, **fields: Any
    ) -> None:
        """Send a request; ``then`` gets its ack. Errors are shown to the player."""
        if self.link is None:
            self.notify(_("Not connected."), severity="warning")
            return
        try:
            rid = self.link.request(message_type, **fields)
        except LinkClosed as exc:
            self.notify(exc.reason, severity="error")
            return
        self.pending[rid] = then

    def _deliver(self, message: Message) -> None:
        if isinstance(message, Tables):
            self.tables = {t.id: t for t in message.tables}
        elif isinstance(message, TableUpdate):
            self.tables[message.table.id] = message.table
            ended = self.state.info is not None and self.state.info.id == message.table.id \
                and self.state.info.state == "playing" and message.table.state == "over"
            self.state.on_table(message.table)
            if ended:  # keep the game for this session (a Play-now server keeps nothing)
                self._quiet_replays += 1
                self.request(GetReplay, table=message.table.id)
        elif isinstance(message, TableRemoved):
            self.tables.pop(message.table, None)
        elif isinstance(message, Snapshot):
            fresh = message.seq == 0 and message.view is not None and not message.log
            self.state.on_snapshot(message)
            self.tables[message.table.id] = message.table
            if message.seat is None:
                self.watching = message.table.id
            else:
                self.watching = None  # seated (again: a host may hand a seat back)
            if fresh and message.view is not None:
                names = self.state.names()
                first = message.view.get("turn", 0)
                if first == message.seat:
                    self.state.note(_("New game: you start."))
                else:
                    self.state.note(_("New game: {name} starts.").format(name=names[first]))
            self.go_table()
        elif isinstance(message, Event):
            if not self.state.on_event(message):
                self.request(Resync, seq=self.state.seq)
        elif isinstance(message, ChatLine):
            self.chat_lines.append(
                (inert(message.name, NAME_MAX), inert(message.text, CHAT_MAX), message.spectator)
            )
        elif isinstance(message, Replay):
            self.kept_replays = [
                r for r in self.kept_replays
                if (r.table, r.game, r.seed) != (message.table, message.game, message.seed)
            ] + [message]
            if self._quiet_replays:
                self._quiet_replays -= 1
            else:
                self.push_screen(ReplayScreen(message))
        elif isinstance(message, Replays):
            if isinstance(self.screen, ReplayListScreen):
                self.screen.show(message.games)
        elif isinstance(message, Timer):
            self.state.on_timer(message.kind, message.seat, message.seconds)
            if message.kind == "paused" and (message.seconds is None) == ("paused" in self.timers):
                self.state.note(
                    _("Moves are saved again: the table goes on.") if message.seconds is None
                    else _("The server cannot save moves right now: the table waits until it can.")
                )
            if message.seconds is None:
                self.timers.pop(message.kind, None)
            else:
                loop = asyncio.get_running_loop()
                self.timers[message.kind] = loop.time() + message.seconds
        elif isinstance(message, Ack):
            if message.token:
                self._saw_token(message.token)
            then = self.pending.pop(message.id, None)
            if then is not None:
                then(message)
        elif isinstance(message, Error):
            if message.id is not None:
                self.pending.pop(message.id, None)
            if message.code == "server_shutdown":  # stopped on purpose, not a crash
                self.server_stopped = True
                self.connection_note = _("The server was stopped: waiting for it...")
                self.notify(_("The server was stopped."), title=_("Connection"),
                            severity="warning", timeout=8)
            else:
                self._refused(message)
                if is_fatal(message.code):
                    self.connection_note = message.message
        self.refresh_screen()

    def _refused(self, error: Error) -> None:
        """A server refusal, shown where the player looks, never as a traceback."""
        text = inert(error.message, 300)
        top = self.screen
        if isinstance(top, TableScreen) and error.code in RULE_CODES and self.last_sent:
            top.refuse(*self.last_sent)  # the rule, in the player's words
        elif isinstance(top, TableScreen) and not is_fatal(error.code):
            top.flash(text)
        else:
            self.notify(text, title=_("Refused"), severity="error", timeout=6)

    # ------------------------------------------------------------ commands

    def create_table(self, options: TableOptions, then: Callable[[], None] | None = None) -> None:
        self.chat_lines.clear()
        self.request(CreateTable, (lambda _m: then()) if then else None, options=options)

    def join_table(self, table: str) -> None:
        self.chat_lines.clear()
        self.request(Join, table=table)

    def watch_table(self, table: str) -> None:
        self.chat_lines.clear()
        self.request(Spectate, table=table)

    def leave_table(self) -> None:
        # Lobby pushes stopped when we sat down (PROTOCOL.md 5.1): ask for the list again.
        self.request(Leave, then=lambda _ack: self.request(ListTables))
        self.watching = None
        self._saw_token(None)
        self.state = TableState()
        self.timers.clear()
        self.go_lobby()

    def send_action(self, action: GameAction, last: bool = False) -> None:
        self.last_sent = (action.type, action.card)
        if last:
            action = GameAction(action.type, action.seat, action.card, action.color, True)
        self.request(Action, action=action, seq=None)

    def show_replay(self) -> None:
        """Step through the finished game of this table."""
        info = self.state.info
        if info is None:
            return
        kept = [r for r in self.kept_replays if r.table == info.id]
        if kept and not self._quiet_replays:
            self.push_screen(ReplayScreen(kept[-1]))
        else:
            self._quiet_replays = 0
            self.request(GetReplay, table=info.id)

    def send_chat(self, text: str) -> None:
        self.request(Chat, text=text[:500])

    def host_command(self, what: str) -> None:
        info = self.state.info
        if info is None or self.state.seat is None or info.host != self.state.seat:
            return
        if what == "start" and info.state == "waiting":
            self.request(Start)
        elif what == "add_basic":  # the level chosen (normal unless changed)
            self.request(AddBot, kind=usable(self.settings.bot_level))
        elif what == "add_random":
            self.request(AddBot, kind="random")
        elif what == "remove_bot":
            bots = [i for i, s in enumerate(info.seats) if s is not None and s.bot]
            if info.state == "playing":  # only a seat a bot keeps may be handed back
                bots = [i for i, s in enumerate(info.seats) if s is not None and s.returnable]
            if bots:
                self.request(RemoveBot, seat=bots[-1])
        elif what == "rematch" and info.state == "over":
            self.request(Rematch)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="taki-client",
        description="Play TAKI in the terminal. With no address: Play now against bots, "
        "host a game for your LAN, or join one.",
        epilog="Exit codes: 0 done, 1 --list could not look for games, 2 usage error (a bad "
        "address, port or name). TAKI_DISCOVERY=loopback looks for games on this machine "
        "only, TAKI_DISCOVERY=off not at all.",
    )
    parser.add_argument("address", nargs="?", help="a server to join, HOST:PORT")
    parser.add_argument("--name", help="your name for this run")
    parser.add_argument("--watch", metavar="TABLE", help="watch table TABLE as a spectator")
    parser.add_argument(
        "--fresh",
        action="store_true",
        help="do not take back the seat saved for this server and name; start afresh",
    )
    parser.add_argument(
        "--replay", metavar="GAME", type=int, help="step through finished game GAME"
    )
    parser.add_argument(
        "--replays", action="store_true", help="list the server's finished games to replay"
    )
    parser.add_argument(
        "--lang", choices=sorted(LANGUAGES), help="language for this run (default: saved, locale)"
    )
    parser.add_argument(
        "--list", action="store_true", help="print the games found on the LAN and exit"
    )
    parser.add_argument(
        "--discovery-interface",
        metavar="ADDR",
        action="append",
        help="look for games on the interface with this IPv4 address only (repeatable)",
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.address is not None:  # refused before any screen opens
        try:
            parse_address(args.address)
        except ValueError as exc:
            print(f"taki-client: {exc}", file=sys.stderr)
            return EXIT_USAGE
    if args.list:
        return list_games(interfaces=args.discovery_interface)
    settings = Settings.load()
    # --lang and --name are for this run only: the settings screen is what saves them.
    set_language(choose(args.lang, settings.lang))
    if args.name and not valid_name(args.name):
        print("taki-client: a name is 1 to 24 printable characters", file=sys.stderr)
        return EXIT_USAGE
    if (args.watch or args.replay is not None or args.replays) and not args.address:
        print("taki-client: --watch and --replay(s) need a server address", file=sys.stderr)
        return EXIT_USAGE
    TakiApp(
        args.address,
        name=args.name.strip() if args.name else None,
        watch=args.watch,
        replay=args.replay,
        replays=args.replays,
        settings=settings,
        discover=True,
        discovery_interfaces=args.discovery_interface,
        fresh=args.fresh,
    ).run()
    return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
