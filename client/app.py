"""``taki-client``: the Textual app, and the command line.

The app owns the screens and one ``Session`` (client/session.py): the connection and
what the client knows, UI-free. The session's connection loop runs in a Textual worker
on the app's own asyncio loop and says what happened with messages (``Session.Changed``,
``Session.Seated``, ...), which the app turns into screens and redraws; it never waits
on the UI and the UI never waits on it.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import sys
from collections.abc import Callable, Sequence
from typing import Any

from textual import events, work
from textual.app import App
from textual.binding import Binding

from protocol.errors import is_fatal
from protocol.lan import DEFAULT_PORT
from protocol.limits import NAME_MAX, TABLE_NAME_MAX
from protocol.messages import (
    GetReplay,
    ListReplays,
    Spectate,
    TableOptions,
)

from . import intents
from .config import Settings, valid_name
from .discovery import Browser, list_games
from .ending import SignalExit
from .i18n import LANGUAGES, _, choose, set_language
from .keygate import KeyGate, unmeta
from .link_words import address_words, reach_words, start_words
from .local import LocalServer, count_others, start_lan_server
from .net import AddressError, parse_address
from .nudge import BEL, Terminal
from .refusals import refusal_words
from .screens.base import SessionScreen
from .screens.cannot_join import CannotJoinScreen
from .screens.help import HelpScreen
from .screens.hosting import HostingScreen, QuitHosting
from .screens.intro import IntroScreen
from .screens.lobby import LobbyScreen
from .screens.replay import ReplayScreen
from .screens.replays import ReplayListScreen
from .screens.start import StartScreen
from .screens.table import RULE_CODES, TableScreen
from .session import Session

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
        Binding("ctrl+r", "take_back", "Take your seat back", show=False),
    ]
    EXIT_SIGNALS = tuple(
        getattr(signal, n) for n in ("SIGTERM", "SIGHUP", "SIGINT") if hasattr(signal, n)
    )
    """Signals that end the client as a quit does: terminal restored, servers stopped;
    within 2 s even when the terminal is gone (client/ending.py)."""

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
        guest: bool = False,
        guest_renamed: bool = False,
    ) -> None:
        super().__init__()
        self.guest = guest
        """Started by the server's SSH entrance (``--guest``): the lobby is home and the
        only way in; no start screen (Play now and Host belong to a local client), no
        other address, no command palette (its screenshot writes files on the host)."""
        self.guest_renamed = guest_renamed
        if guest:
            self.use_command_palette = False
        self.discover = discover
        """List the games on the LAN on the start screen (off by default: no traffic)."""
        self.discovery_interfaces = discovery_interfaces
        self.discovery: Browser | None = None
        self.settings = settings or Settings()
        self.name_given = name is not None
        """A name came with the command line (``--name``), for this run."""
        saved = self.settings.spectator_name or _("Spectator") if watch else self.settings.name
        self.session = Session(
            self.post_message,
            settings=self.settings,
            player_name=name or saved or _("Player"),
            role="spectator" if watch else None,
            fresh=fresh,
        )
        """The connection and what the client knows (client/session.py)."""
        self.address = address
        self.watch_id = watch
        self.replay_id = replay
        self.list_replays = replays
        """Open the list of finished games once connected (``--replays``)."""
        self.bot_delay = bot_delay
        self.ending = SignalExit(self.exit, self._server_pids)
        """What a signal does (client/ending.py)."""
        self.local: LocalServer | None = None
        """Play now's server (loopback, throwaway)."""
        self.hosting: LocalServer | None = None
        """Host's server, for the LAN: it runs until the host quits."""
        self.host_note = ""
        self._after_connect: Callable[[], None] | None = None
        self._redraw_pending = False
        self.target: tuple[str, int] | None = None
        """The server the session is connected (or connecting) to."""
        self._asking_quit = False
        self.terminal = Terminal.from_env(os.environ)
        """How this terminal is told it is your turn (client/nudge.py)."""
        self._title_mine: bool | None = None
        """What the window's title says now (None: not set yet)."""
        self.keys = KeyGate(self, super().on_event)
        """Keys in order, each against the focus the one before left (client/keygate.py)."""

    # ------------------------------------------------------------ life

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.Key) and not event.is_forwarded:
            for key in unmeta(event):  # (Esc typed with a letter came as Alt+letter)
                if key is not event:
                    key.set_sender(self)
                await self.keys.take(key)
        else:
            await super().on_event(event)

    def on_mount(self) -> None:
        self.set_interval(1.0, self._tick)
        self.write_raw(self.terminal.save_title())
        self._show_turn_in_title()
        # SIGTERM, SIGHUP (the terminal closed) and SIGINT end the client the way a quit
        # does, and within 2 s even when its loop is stuck (client/ending.py).
        self.ending.install(self.EXIT_SIGNALS, asyncio.get_running_loop())
        if self.address:
            self.push_screen(LobbyScreen(self.session, quits=True, shows_name=self.guest))
            self._first_launch()
            self.join_address(self.address)
            if self.guest_renamed:
                self.notify(
                    _("Your ssh user name cannot be a name here: you play as {name}.").format(
                        name=self.session.player_name),
                    severity="warning", timeout=12)
        else:
            self.push_screen(self._start_screen())
            self._first_launch()

    def _start_screen(self) -> StartScreen:
        """The start screen; its name field has the focus while there is no name yet
        (none given, none saved), so that the first letters typed are the name."""
        named = self.name_given or bool(self.settings.name)
        return StartScreen(self.session, self.discovery, ask_name=not named)

    def _first_launch(self) -> None:
        """How to play, once per settings file: over the start screen, or over the
        lobby of the address given. Not for an SSH guest (a guest without a key has a
        fresh settings file each time, so it would be every time)."""
        if not self.settings.intro_seen and not self.guest:
            self.settings.intro_seen = True
            self.settings.save()
            top = self.screen_stack[-1] if self.screen_stack else None
            # (no name known: letters typed over it are the name's, client/screens/intro.py)
            typed = top.type_name if isinstance(top, StartScreen) and top.ask_name else None
            self.push_screen(IntroScreen(watching=self.watch_id is not None, typed=typed))

    def _intro_showing(self) -> bool:
        # (screen_stack, not self.screen: the stack is empty while the app closes)
        return bool(self.screen_stack) and isinstance(self.screen_stack[-1], IntroScreen)

    def _beneath_intro(self, go: Callable[[], None]) -> bool:
        """Go to a screen beneath the intro while it shows (a ``--watch`` or a seat taken
        back by token on a first launch): the table the player asked for shows behind
        it at once and is where Esc lands. Pushed over the intro, the table hid it;
        kept until the intro closed, the lobby stood behind it and the table seemed
        lost. (Textual pushes on top only: the intro is taken off and put back.)"""
        if not self._intro_showing():
            return False
        self.pop_screen()
        go()
        self.push_screen(IntroScreen(watching=self.watch_id is not None))
        return True

    async def on_unmount(self) -> None:
        self.session.quitting = True
        # First: they must not outlive us. After a signal they were told already and
        # end by themselves (a Host server first tells its players, which takes a
        # moment); the client does not wait long for that.
        signalled = self.ending.fired
        await asyncio.gather(*(
            server.stop(0.5 if signalled else 3.0, kill=not signalled)
            for server in (self.local, self.hosting) if server is not None
        ))
        if self.discovery is not None:
            await self.discovery.stop()
        if self.session.link is not None:
            await self.session.link.close()
        self.write_raw(self.terminal.restore_title())
        self.ending.uninstall()

    def _server_pids(self) -> list[int]:
        """The servers this client started that still run (Play now's, Host's)."""
        return [server.process.pid for server in (self.local, self.hosting)
                if server is not None and server.running and server.process is not None]

    async def others_at_my_server(self) -> int:
        """People other than me seated at the tables of the server I host, as that
        server says now: what this client heard is not enough (back on the start screen
        it hears nothing from it, and at a table it hears nothing of the others)."""
        hosting = self.hosting
        if hosting is None or not hosting.running:
            return 0
        tables = await hosting.tables()
        if tables is None:  # it does not answer: go by what this client last heard
            tables = list(self.session.tables.values())
        return count_others(tables, self._my_seat_at_my_server())

    def _my_seat_at_my_server(self) -> tuple[str, int] | None:
        """(table, seat) of mine at the server I host, if I sit at one of its tables."""
        hosting, target, state = self.hosting, self.target, self.session.state
        if hosting is None or target is None or state.info is None or state.seat is None:
            return None
        host, port = target
        here = host.startswith("127.") or host in ("localhost", "::1", *hosting.addresses)
        return (state.info.id, state.seat) if here and port == hosting.port else None

    async def action_quit(self) -> None:
        """Quit (q, ctrl+c, ctrl+q, the command palette): a host whose server has other
        players seated is asked first. (A signal quits without asking: client/ending.py.)"""
        if self._asking_quit or isinstance(self.screen, QuitHosting):
            return
        self._asking_quit = True
        try:
            others = await self.others_at_my_server()
        finally:
            self._asking_quit = False
        if not others:
            self.exit()
            return

        def answered(yes: bool | None) -> None:
            if yes:
                self.exit()

        if not isinstance(self.screen, QuitHosting):
            self.push_screen(QuitHosting(others), answered)

    def _tick(self) -> None:
        if self.session.timers:
            self.refresh_screen()

    def refresh_screen(self) -> None:
        """Redraw soon: many messages in a burst make one redraw, of the screens that
        show app state (the top one and any under a pop-up)."""
        if not self._redraw_pending:
            self._redraw_pending = True
            self.call_later(self._redraw)

    def _redraw(self) -> None:
        self._redraw_pending = False
        for screen in reversed(self.screen_stack):
            if isinstance(screen, SessionScreen) and screen.is_mounted:
                screen.refresh_view()
                break  # the screens below redraw when they come back on top

    def set_name(self, name: str) -> bool:
        name = name.strip()
        if not valid_name(name):
            self.notify(_("A name is 1 to {n} printable characters.").format(n=NAME_MAX),
                        severity="error")
            return False
        self.session.player_name = name
        self.settings.name = name
        self.settings.save()
        return True

    # ------------------------------------------------------------ what the session says

    def on_session_changed(self, _message: Session.Changed) -> None:
        self.refresh_screen()
        self._show_turn_in_title()

    def on_session_your_turn(self, message: Session.YourTurn) -> None:
        """The bell and the desktop notification, each unless turned off in the
        settings (client/nudge.py says when and which)."""
        out = BEL if self.settings.bell_on_turn else ""
        if self.settings.notify_on_turn:
            out += self.terminal.notification(message.text)
        self.write_raw(out)

    def _show_turn_in_title(self) -> None:
        """The window's title says "Your turn" while this seat has moves."""
        state = self.session.state
        mine = state.seat is not None and state.playing and bool(state.legal)
        if mine != self._title_mine:
            self._title_mine = mine
            self.write_raw(self.terminal.title(mine))

    def write_raw(self, text: str) -> None:
        """Bytes for the terminal itself (the bell, a notification, the title), in
        line with the screen's updates: none of them moves the cursor or draws."""
        driver = self._driver
        if text and driver is not None:
            driver.write(text)

    def on_session_notice(self, message: Session.Notice) -> None:
        severity: Any = message.severity
        self.notify(message.text, title=message.title, severity=severity,
                    timeout=message.timeout)

    def on_session_seated(self, _message: Session.Seated) -> None:
        # Posted with a snapshot; by the time it is handled the player may have left
        # that table again (leave_table empties the state): no table screen then.
        if self.session.state.info is not None:
            self.go_table()

    def on_session_seat_gone(self, _message: Session.SeatGone) -> None:
        self.go_lobby()

    def on_session_unreachable(self, _message: Session.Unreachable) -> None:
        if not isinstance(self.screen, CannotJoinScreen):
            self.push_screen(CannotJoinScreen(self.session))
        self.keys.release()  # (keys typed after the Enter on an address come here)

    def on_session_connected(self, message: Session.Connected) -> None:
        if isinstance(self.screen, CannotJoinScreen):
            self.pop_screen()
        if message.first:
            if not message.seated:
                self.go_lobby()
            if self.watch_id:
                self.session.request(Spectate, table=self.watch_id)
            if self.replay_id is not None:
                self.session.request(GetReplay, game=self.replay_id)
            elif self.list_replays:
                self.push_screen(ReplayListScreen(self.session))
            if self._after_connect is not None:
                self._after_connect()
                self._after_connect = None
            self.keys.release()  # (keys typed after the Enter on an address: the lobby)
        self.refresh_screen()

    def on_session_replay_arrived(self, message: Session.ReplayArrived) -> None:
        self.push_screen(ReplayScreen(message.replay))

    def on_session_replays_listed(self, message: Session.ReplaysListed) -> None:
        if isinstance(self.screen, ReplayListScreen):
            self.screen.show(message.games)

    def on_session_refused(self, message: Session.Refused) -> None:
        """A server refusal, shown where the player looks, never as a traceback."""
        error = message.error
        text = refusal_words(error.code, error.message, message.asked, self.session.tables)
        top = self.screen_stack[-1] if self.screen_stack else None  # None: closing
        if isinstance(top, TableScreen) and error.code in RULE_CODES and message.last_sent:
            top.refuse(*message.last_sent)  # the rule, in the player's words
        elif isinstance(top, TableScreen) and not is_fatal(error.code):
            top.flash(text)
        else:
            self.notify(text, title=_("Refused"), severity="error", timeout=6)

    # ------------------------------------------------------------ screens

    def _top(self) -> Any:
        for screen in reversed(self.screen_stack):
            if isinstance(screen, StartScreen | LobbyScreen | TableScreen):
                return screen
        return None

    def go_lobby(self) -> None:
        top = self._top()
        if isinstance(top, LobbyScreen) or self._beneath_intro(self.go_lobby):
            self.refresh_screen()
            return
        if isinstance(top, TableScreen):
            self.pop_screen()
        elif isinstance(top, StartScreen):
            self.push_screen(LobbyScreen(self.session, quits=bool(self.address)))
        self.refresh_screen()

    def go_table(self) -> None:
        top = self._top()
        if isinstance(top, TableScreen) or self._beneath_intro(self.go_table):
            return
        if isinstance(top, StartScreen):
            self.push_screen(LobbyScreen(self.session, quits=bool(self.address)))
        self.push_screen(TableScreen(self.session))
        self.keys.release()  # (keys typed after the Enter that asked for it come here)

    def action_take_back(self) -> None:
        """Play here again after another window took the seat (``replaced``)."""
        self.session.take_back()

    def action_help(self) -> None:
        # Keys typed with the "?" (End, PgDn, Esc) are for the help: they wait until it
        # has its focus, not only until the "?" has gone through (client/keygate.py).
        self.keys.hold()
        self.push_screen(HelpScreen())
        self.keys.release()

    def action_back_to_start(self) -> None:
        if self.address:  # started on a server's address: the lobby is home
            self.run_worker(self.action_quit())
            return
        self.session.quitting = True
        self.workers.cancel_group(self, "net")
        self.session.forget_server()
        self.target = None
        while not isinstance(self._top(), StartScreen):
            self.pop_screen()
        self.session.quitting = False

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
        self._hand_browser()

    def _hand_browser(self) -> None:
        """The start screens show the current browser (attributes down)."""
        for screen in self.screen_stack:
            if isinstance(screen, StartScreen):
                screen.browser = self.discovery
        self.refresh_screen()

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
            self.keys.release()  # no screen is coming: the keys typed after stay here
            return
        self.session.server_label = f"{host}:{port}"
        self.session.keep_tokens(f"{host}:{port}")
        self.connect(host, port)

    @work(exclusive=True, group="local")
    async def play_now(self) -> None:
        """One keypress: a server on this machine, a table with three bots, a deal."""
        try:
            if self.local is None:
                self.local = LocalServer("127.0.0.1", 0, bot_delay=self.bot_delay)
                await self.local.start()
        except OSError as exc:
            self.notify(start_words(exc), severity="error")
            return
        session = self.session
        session.server_label = _("this computer")
        session.token_home = None  # Play now keeps nothing

        def create() -> None:
            name = _("{name}'s table").format(name=session.player_name)[:TABLE_NAME_MAX]
            session.create_table(TableOptions(name, 4, hints=True),
                                 then=lambda: session.add_bots_and_start(3))

        self._after_connect = create
        self.connect("127.0.0.1", self.local.port)

    @work(exclusive=True, group="local")
    async def host_lan(self) -> None:
        """A server for the LAN on port 8254 (or the next free one, said plainly) that
        runs until the host quits; its addresses, big, then its lobby."""
        if self.hosting is None or not self.hosting.running:
            try:
                self.hosting = await start_lan_server()
            except OSError as exc:
                self.notify(start_words(exc), title=_("Cannot host"), severity="error",
                            timeout=10)
                return
            port = self.hosting.port
            self.host_note = "" if port == DEFAULT_PORT else _(
                "Port {busy} is taken by another program, so your server uses port {port}."
            ).format(busy=DEFAULT_PORT, port=port)
        port = self.hosting.port
        addresses = self.hosting.addresses or ["127.0.0.1"]
        self.session.keep_tokens(f"127.0.0.1:{port}")
        self.session.server_label = friends_line(addresses, port)
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
        if self.guest:  # a guest has no start screen: giving up is leaving
            self.exit()
            return
        self.address = None
        self.session.quitting = True
        self.workers.cancel_group(self, "net")
        self.session.forget_server()
        self.target = None
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self.push_screen(self._start_screen())
        self.session.quitting = False

    def retarget(self, text: str) -> str | None:
        """Try another address; the reason it is not one, or None."""
        if self.guest:  # through the SSH entrance, only its own server is reachable
            return _("A guest plays on this server only.")
        try:
            host, port = parse_address(text)
        except AddressError as exc:
            return address_words(exc)
        self.address = f"{host}:{port}"
        self.session.server_label = self.address
        self.session.attempt = 0
        self.session.retry_at = None
        self.connect(host, port)
        return None

    # ------------------------------------------------------------ network

    def connect(self, host: str, port: int) -> None:
        self.target = (host, port)
        self._network(host, port)

    @work(exclusive=True, group="net")
    async def _network(self, host: str, port: int) -> None:
        """The session's connection loop, in a worker on the app's loop."""
        await self.session.run(host, port, not self.address, reach_words)

    # ------------------------------------------------------------ what the screens ask

    def on_act(self, message: intents.Act) -> None:
        self.session.send_action(message.action, message.last)

    def on_leave_table(self, _message: intents.LeaveTable) -> None:
        self.leave_table()

    def on_host_command(self, message: intents.HostCommand) -> None:
        self.session.host_command(message.what)

    def on_ask_hint(self, _message: intents.AskHint) -> None:
        self.session.ask_hint()

    def on_show_replay(self, _message: intents.ShowReplay) -> None:
        self.show_replay()

    def on_send_chat(self, message: intents.SendChat) -> None:
        self.session.send_chat(message.text)

    def on_new_table(self, message: intents.NewTable) -> None:
        self.session.create_table(message.options)

    def on_join_table(self, message: intents.JoinTable) -> None:
        self.session.join_table(message.table)

    def on_watch_table(self, message: intents.WatchTable) -> None:
        self.session.watch_table(message.table)

    def on_ask_replay(self, message: intents.AskReplay) -> None:
        self.session.request(GetReplay, game=message.game)

    def on_list_replays(self, _message: intents.ListReplays) -> None:
        self.session.request(ListReplays)

    def on_back_to_start(self, _message: intents.BackToStart) -> None:
        self.action_back_to_start()

    def on_give_up(self, _message: intents.GiveUp) -> None:
        self.back_to_start()

    def on_retarget(self, message: intents.Retarget) -> None:
        if self.retarget(message.address) is not None:
            self.keys.release()  # no screen is coming: the keys typed after stay here

    def on_play_now(self, message: intents.PlayNow) -> None:
        if not self.guest and self.set_name(message.name):
            self.play_now()

    def on_host_lan(self, message: intents.HostLan) -> None:
        if not self.guest and self.set_name(message.name):
            self.host_lan()

    def on_join_address(self, message: intents.JoinAddress) -> None:
        if self.set_name(message.name):
            self.join_address(message.address)

    def on_look_for_games(self, _message: intents.LookForGames) -> None:
        self.start_discovery()

    def on_look_again(self, _message: intents.LookAgain) -> None:
        self.look_again()

    def on_name_changed(self, message: intents.NameChanged) -> None:
        if self.session.role != "spectator":
            self.session.player_name = message.name

    # ------------------------------------------------------------ commands

    def leave_table(self) -> None:
        self.session.leave_table()
        self.go_lobby()

    def show_replay(self) -> None:
        """Step through the finished game of this table."""
        kept = self.session.replay_of_table()
        if kept is not None:
            self.push_screen(ReplayScreen(kept))


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="taki-client",
        description="Play TAKI in the terminal. With no address: Play now against bots, "
        "host a game for your LAN, or join one.",
        epilog="Exit codes: 0 done, 1 --list could not look for games (or --standings could "
        "not ask, or found no such table), 2 usage error (a bad address, port or name). "
        "TAKI_DISCOVERY=loopback looks for games on this machine "
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
        "--standings", metavar="TABLE",
        help="print the standings of table TABLE (its id or name) as plain text and exit",
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
    parser.add_argument(  # what taki-server's SSH entrance starts (server/ssh/)
        "--guest",
        action="store_true",
        help="the lobby of ADDRESS only, showing your name (an SSH guest's client)",
    )
    parser.add_argument("--guest-renamed", action="store_true", help=argparse.SUPPRESS)
    return parser


def friends_line(addresses: Sequence[str], port: int) -> str:
    """What the lobby's header says of a hosted server: the addresses friends type, or
    that none was found (it once said "Friends join with:" and nothing after it)."""
    lan = [f"{a}:{port}" for a in addresses if not a.startswith("127.")]
    if lan:
        return _("Friends join with:") + " " + ", ".join(lan)
    return _("No network found: only this machine can join ({address}).").format(
        address=f"127.0.0.1:{port}")


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
        print(f"taki-client: a name is 1 to {NAME_MAX} printable characters", file=sys.stderr)
        return EXIT_USAGE
    if (args.watch or args.replay is not None or args.replays) and not args.address:
        print("taki-client: --watch and --replay(s) need a server address", file=sys.stderr)
        return EXIT_USAGE
    if args.standings is not None:
        if not args.address:
            print("taki-client: --standings needs a server address", file=sys.stderr)
            return EXIT_USAGE
        from .standings_cli import print_standings

        return print_standings(args.address, args.standings)
    if args.guest and not args.address:
        print("taki-client: --guest needs a server address", file=sys.stderr)
        return EXIT_USAGE
    app = TakiApp(
        args.address,
        name=args.name.strip() if args.name else None,
        watch=args.watch,
        replay=args.replay,
        replays=args.replays,
        settings=settings,
        discover=True,
        discovery_interfaces=args.discovery_interface,
        fresh=args.fresh,
        guest=args.guest,
        guest_renamed=args.guest_renamed,
    )
    app.ending.for_the_command()
    app.run()
    return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
