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
import signal
import sys
from collections.abc import Callable, Sequence
from typing import Any

from textual import work
from textual.app import App
from textual.binding import Binding

from protocol.errors import is_fatal
from protocol.lan import DEFAULT_PORT
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

from .config import Settings, valid_name
from .discovery import Browser, list_games
from .i18n import LANGUAGES, _, choose, set_language
from .local import LocalServer, start_lan_server
from .net import Link, LinkClosed, parse_address
from .safe import inert
from .screens.cannot_join import CannotJoinScreen, problem_words
from .screens.help import HelpScreen
from .screens.hosting import HostingScreen, QuitHosting
from .screens.lobby import LobbyScreen
from .screens.replay import ReplayScreen
from .screens.start import StartScreen
from .screens.table import TableScreen
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
        settings: Settings | None = None,
        bot_delay: float = 0.8,
        discover: bool = False,
        discovery_interfaces: Sequence[str] | None = None,
    ) -> None:
        super().__init__()
        self.discover = discover
        """List the games on the LAN on the start screen (off by default: no traffic)."""
        self.discovery_interfaces = discovery_interfaces
        self.discovery: Browser | None = None
        self.settings = settings or Settings()
        self.player_name = name or self.settings.name or "Player"
        self.address = address
        self.watch_id = watch
        self.replay_id = replay
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
        self._request_ids = itertools.count(1)
        self._redraw_pending = False
        self.watching: str | None = None
        """The table this client watches as a spectator (rejoined after a reconnect)."""

    # ------------------------------------------------------------ life

    def on_mount(self) -> None:
        self.set_interval(1.0, self._tick)
        self._exit_on_signals()
        if self.address:
            self.push_screen(LobbyScreen())
            self.join_address(self.address)
        else:
            self.push_screen(StartScreen())

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
        self.connect(host, port)

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

        def create() -> None:
            options = TableOptions(f"{self.player_name}'s table"[:40], 4)
            self.create_table(options, then=self._bots_and_start)

        self._after_connect = create
        self.connect("127.0.0.1", self.local.port)

    def _bots_and_start(self) -> None:
        for _i in range(3):
            self.request(AddBot, kind="basic")
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
            if welcome.name:
                self.player_name = welcome.name
            if welcome.table is None:
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
            self.state.on_table(message.table)
        elif isinstance(message, TableRemoved):
            self.tables.pop(message.table, None)
        elif isinstance(message, Snapshot):
            fresh = message.seq == 0 and message.view is not None and not message.log
            self.state.on_snapshot(message)
            self.tables[message.table.id] = message.table
            if message.seat is None:
                self.watching = message.table.id
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
                (inert(message.name, 64), inert(message.text, 500), message.spectator)
            )
        elif isinstance(message, Replay):
            self.push_screen(ReplayScreen(message))
        elif isinstance(message, Timer):
            if message.seconds is None:
                self.timers.pop(message.kind, None)
            else:
                loop = asyncio.get_running_loop()
                self.timers[message.kind] = loop.time() + message.seconds
        elif isinstance(message, Ack):
            if message.token:
                self.token = message.token
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
        if isinstance(top, TableScreen) and not is_fatal(error.code):
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
        self.request(Leave)
        self.watching = None
        self.token = None
        self.state = TableState()
        self.timers.clear()
        self.go_lobby()

    def send_action(self, action: GameAction, last: bool = False) -> None:
        if last:
            action = GameAction(action.type, action.seat, action.card, action.color, True)
        self.request(Action, action=action, seq=None)

    def show_replay(self) -> None:
        """Step through the finished game of this table."""
        if self.state.info is not None:
            self.request(GetReplay, table=self.state.info.id)

    def send_chat(self, text: str) -> None:
        self.request(Chat, text=text[:500])

    def host_command(self, what: str) -> None:
        info = self.state.info
        if info is None or self.state.seat is None or info.host != self.state.seat:
            return
        if what == "start" and info.state == "waiting":
            self.request(Start)
        elif what == "add_basic":
            self.request(AddBot, kind="basic")
        elif what == "add_random":
            self.request(AddBot, kind="random")
        elif what == "remove_bot":
            bots = [i for i, s in enumerate(info.seats) if s is not None and s.bot]
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
    parser.add_argument("--name", help="your name at the table (remembered)")
    parser.add_argument("--watch", metavar="TABLE", help="watch table TABLE as a spectator")
    parser.add_argument(
        "--replay", metavar="GAME", type=int, help="step through finished game GAME"
    )
    parser.add_argument(
        "--lang", choices=sorted(LANGUAGES), help="language (default: saved, then the locale)"
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
    lang = set_language(choose(args.lang, settings.lang))
    if args.lang:
        settings.lang = lang
    if args.name:
        name = args.name.strip()
        if not valid_name(name):
            print("taki-client: a name is 1 to 24 printable characters", file=sys.stderr)
            return EXIT_USAGE
        settings.name = name
    if args.name or args.lang:
        settings.save()
    if (args.watch or args.replay is not None) and not args.address:
        print("taki-client: --watch and --replay need a server address", file=sys.stderr)
        return EXIT_USAGE
    TakiApp(
        args.address,
        name=args.name,
        watch=args.watch,
        replay=args.replay,
        settings=settings,
        discover=True,
        discovery_interfaces=args.discovery_interface,
    ).run()
    return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
