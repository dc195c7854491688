"""The client's session: one connection to a server and what the client knows from it.

UI-free (no screen, no widget, no app): it owns the connection (``link``), the table
state (``state``), the lobby (``tables``), the chat, the timers and the seat token, and
says what happened by posting the Textual messages below to whoever gave it ``post``
(the app). The app passes it down to the screens, which read it ("attributes down");
the screens' wishes come back up as messages too (client/intents.py). The connection
loop (``run``) reads messages, updates this knowledge and posts ``Changed``; it never
waits on the UI and the UI never waits on it. When the connection drops it says so and
reconnects with backoff (``reconnect_delay``), presenting the seat token, so the server
hands back seat, hand and turn, and sends again what was left unanswered.
"""

from __future__ import annotations

import asyncio
import itertools
import random
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from textual.message import Message as UIMessage

from protocol.dedupe import DEFAULT_SIZE
from protocol.errors import is_fatal
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
    Hint,
    Join,
    Leave,
    ListTables,
    Message,
    Rematch,
    RemoveBot,
    Replay,
    ReplayInfo,
    Replays,
    Request,
    Resync,
    Snapshot,
    Spectate,
    Start,
    Suggestion,
    TableInfo,
    TableOptions,
    TableRemoved,
    Tables,
    TableUpdate,
    Timer,
)

from . import tokens
from .config import Settings
from .i18n import _
from .levels import usable
from .link_words import lost_words
from .net import PING_AFTER, Link, LinkClosed, Why
from .nudge import TurnWatch, turn_words
from .refusals import refusal_words
from .safe import inert
from .state import TableState

Answer = Callable[[Message], None]
Post = Callable[[UIMessage], object]

RECONNECT_FIRST = 0.5
"""Seconds from losing the server to the first attempt to reach it again."""
RECONNECT_MAX = 10.0
"""The longest wait between two attempts, however long the server stays away."""


def reconnect_delay(failed: int) -> float:
    """Seconds to wait before the next attempt to reach a server lost (or never reached)
    after ``failed`` attempts failed: 0.5 s before the first, 0.5 s after it, then
    doubling (1, 2, 4, 8) up to 10 s apart. Quick while it is likely a blip or a
    restart, and without hammering a server that is down for longer."""
    return min(RECONNECT_FIRST * 2.0 ** min(max(failed - 1, 0), 16), RECONNECT_MAX)



class Session:
    """See the module docstring."""

    # ------------------------------------------------------------ messages up

    class Changed(UIMessage):
        """What the session knows changed: the screens showing it redraw."""

    @dataclass
    class Notice(UIMessage):
        """Something to tell the player in a toast."""

        text: str
        title: str = ""
        severity: str = "information"
        timeout: float = 5.0

    @dataclass
    class Refused(UIMessage):
        """The server refused a request; ``last_sent`` is the game action sent last
        (a rule's refusal is worded from it); ``asked`` the request refused, when the
        error answers one still known (a table or game it names is worded from it)."""

        error: Error
        last_sent: tuple[str, str | None] | None
        asked: Request | None = None

    class Seated(UIMessage):
        """A snapshot of a table arrived: its screen is due."""

    class SeatGone(UIMessage):
        """Back from an outage, the seat was gone (the table closed or a bot took it)."""

    class Unreachable(UIMessage):
        """The address given cannot be reached (``reach_problem`` says why)."""

    @dataclass
    class Connected(UIMessage):
        """The connection is up; ``first``: the first of this run of the loop;
        ``seated``: the server handed a seat back."""

        first: bool
        seated: bool

    @dataclass
    class ReplayArrived(UIMessage):
        """A finished game the player asked to see."""

        replay: Replay

    @dataclass
    class ReplaysListed(UIMessage):
        """The server's list of finished games."""

        games: tuple[ReplayInfo, ...]

    @dataclass
    class YourTurn(UIMessage):
        """It became this seat's turn, or a +3 window asks it (once per turn:
        client/nudge.py); ``text`` says so, for a desktop notification."""

        kind: str
        text: str

    # ------------------------------------------------------------ life

    def __init__(
        self,
        post: Post,
        *,
        settings: Settings | None = None,
        player_name: str = "Player",
        role: str | None = None,
        fresh: bool = False,
    ) -> None:
        self.post = post
        self.settings = settings or Settings()
        self.player_name = player_name
        self.role = role
        self.fresh = fresh
        """Ignore a saved seat token on the first connection (``--fresh``)."""
        self.state = TableState()
        self.turn_watch = TurnWatch()
        """When this seat's turn is new (client/nudge.py): it outlives a table's state,
        so a reconnect or a resync does not ring twice for one turn."""
        self.tables: dict[str, TableInfo] = {}
        self.chat_lines: list[tuple[str, str, bool]] = []
        self.timers: dict[str, float] = {}
        self.link: Link | None = None
        self.token: str | None = None
        self.token_home: tuple[str, str] | None = None
        """(server address, player name) under which this player's seat token is saved
        (client/tokens.py); None: not saved (Play now, a spectator)."""
        self.watching: str | None = None
        """The table this client watches as a spectator (rejoined after a reconnect)."""
        self.leaving: str | None = None
        """The table this player left whose leave the server has not acknowledged yet:
        its seat token is kept (on disk too) until it has, so a leave asked for while
        disconnected is carried out on reconnecting, and a client quit before then comes
        back to the seat instead of a stranded one."""
        self._leave_id: int | None = None
        """The id of the Leave request in flight (None: not sent yet)."""
        self.last_sent: tuple[str, str | None] | None = None
        """The last game action sent (type, card): a refusal of it is worded from it."""
        self.actions_sent = 0
        """Game actions asked for (``send_action``), ever: with ``actions_answered``,
        whether one is on its way (``acting``)."""
        self.actions_answered = 0
        """Of those, the ones answered (an ack or a refusal) or that could not be sent."""
        self._action_ids: set[int] = set()
        self.kept_replays: list[Replay] = []
        """The games finished at this client's tables this session, oldest first."""
        self._quiet_replays = 0
        """Replays asked for to keep, not to show (their answers are still due)."""
        self.pending: dict[int, Answer | None] = {}
        """What to do with the answer to each request id not answered yet."""
        self.unanswered: dict[int, Request] = {}
        """The requests not answered yet, oldest first: sent again, with the same ids,
        when a lost connection comes back with the seat (``_resend``)."""
        self.connection_note = ""
        self.server_label = ""
        self.reach_problem = ""
        """Why the address typed cannot be reached, in words (CannotJoinScreen)."""
        self.retry_at: float | None = None
        self.attempt = 0
        """Attempts to connect that failed since the server was lost (or first tried)."""
        self.quiet = PING_AFTER
        """Seconds of quiet before the server is pinged; silent three times as long: lost."""
        self.sleep: Callable[[float], Awaitable[None]] = asyncio.sleep
        """How the connection loop waits between attempts (a test's fake clock)."""
        self.server_stopped = False
        """The server said ``server_shutdown``: it was stopped, not lost."""
        self.back_at_table = False
        """Connected again to a table (a seat taken back, or watched again): the
        snapshot that follows brings the log anew, and "Connected again." goes after it
        (the title's note going away was all that said so)."""
        self.quitting = False
        self.replaced = False
        """Another connection took this seat with its token (``replaced``): this one
        waits for ``take_back`` instead of reconnecting, so two windows of one player
        never take the seat from each other in turn."""
        self._take_back = asyncio.Event()
        self.hint: Suggestion | None = None
        """The last hint the server gave (``ask_hint``)."""
        self.hint_refused: Error | None = None
        """The server's refusal of the last hint asked, if it refused it."""
        self.hint_news = 0
        """Counts the hints and refusals of hints arrived (the table shows each once)."""
        self._hint_ids: set[int] = set()
        # Ids must not repeat within a seat's life, and a seat now outlives this process
        # (client/tokens.py): start at a random point, as PROTOCOL.md section 4 asks.
        self._request_ids = itertools.count(random.randrange(1, 2**31))

    def changed(self) -> None:
        self.post(Session.Changed())

    def notice(self, text: str, title: str = "", severity: str = "information",
               timeout: float = 5.0) -> None:
        self.post(Session.Notice(text, title, severity, timeout))

    def countdown(self, kind: str) -> float | None:
        """Seconds left on the timer of ``kind`` (None: none running)."""
        due = self.timers.get(kind)
        if due is None:
            return None
        return max(0.0, due - asyncio.get_running_loop().time())

    def forget_server(self) -> None:
        """Off this server (back to the start screen): its lobby is no longer known."""
        self.link = None
        self.tables.clear()
        self.reach_problem = ""
        if self.leaving is not None:
            # A leave never carried out: the seat's token stays saved on disk (a later
            # connection to this server reclaims the seat), but no other server sees it.
            self.leaving = self._leave_id = None
            self.token = None

    # ------------------------------------------------------------ seat tokens

    def keep_tokens(self, address: str) -> None:
        """Save this player's seat tokens for ``address`` (never a spectator's), and
        take up the one saved there, unless told to start afresh."""
        if self.role == "spectator":
            self.token_home = None
            return
        self.token_home = (address, self.player_name)
        if self.token is None and not self.fresh:
            self.token = tokens.load(address, self.player_name)
        self.fresh = False

    def saw_token(self, token: str | None) -> None:
        """A seat's token arrived (or, None, the seat is gone): remember it, on disk too."""
        self.token = token
        if self.token_home is None:
            return
        address, name = self.token_home
        if token is None:
            tokens.forget(address, name)
        else:
            tokens.save(address, name, token)

    # ------------------------------------------------------------ the connection

    async def run(self, host: str, port: int, give_up_first: bool,
                  reach_words: Callable[[LinkClosed, str, int], str]) -> None:
        """Connect, and stay connected: on a drop, retry with backoff and the token.
        ``give_up_first``: a first connection that fails is reported and not retried
        (the player typed it on the start screen and tries again). ``reach_words``
        words why the address cannot be reached (client/link_words.py)."""
        first = True
        told = False
        self.attempt = 0
        while not self.quitting:
            link = Link(host, port)
            try:
                welcome = await link.open(self.player_name, token=self.token, role=self.role)
            except (LinkClosed, TimeoutError) as exc:
                closed = (exc if isinstance(exc, LinkClosed)
                          else LinkClosed("no answer", Why.TIMEOUT))
                wait = reconnect_delay(self.attempt + 1)
                words = reach_words(closed, host, port)
                if first and give_up_first:
                    self.notice(words, _("Connection"), "error", 8)
                    return
                if first:  # the address given cannot be reached: say so, not a lobby
                    self.reach_problem = words
                    self.retry_at = asyncio.get_running_loop().time() + wait
                    self.post(Session.Unreachable())
                elif not told and not self.server_stopped:  # once per outage
                    self.notice(words, _("Connection"), "error", 8)
                told = True
                self.attempt += 1
                if not self.server_stopped:
                    self.connection_note = _("Not connected: retrying...")
                self.changed()
                await self.sleep(wait)
                self.retry_at = None
                continue
            self.link = link
            if welcome.table is not None:
                self._resend(link)
                if self.leaving is not None and self._leave_id not in self.unanswered:
                    self._send_leave()  # asked for while away: carried out now
            else:
                self._forget_unanswered()
                self._left()  # nothing to leave: the seat is gone already
            self.connection_note = ""
            self.reach_problem = ""
            if self.server_stopped:
                self.notice(_("The server is back."), _("Connection"), timeout=4)
                self.server_stopped = False
            self.attempt = 0
            told = False
            if welcome.name and welcome.table is None:
                # The server cleaned the name (welcome.name comes only when it changed
                # it). With a seat taken back, it is that seat's name (``Twin (2)``),
                # which the table shows; the player's own name stays for the lobby.
                self.player_name = welcome.name
            if welcome.table is None:
                if self.token is not None:  # the server no longer knows that seat
                    self.saw_token(None)
                self.request(ListTables)
                if self.watching is not None:
                    self.request(Spectate, table=self.watching)  # spectators stay spectators
                elif self.state.info is not None and not first:
                    self.notice(_("Your seat is gone: the table closed or a bot took it."),
                                severity="warning", timeout=8)
                    self.state = TableState()
                    self.post(Session.SeatGone())
            self.back_at_table = not first and self.state.info is not None
            self.post(Session.Connected(first, welcome.table is not None))
            first = False
            self.changed()
            try:
                await link.run(self.deliver, self.quiet)
            except LinkClosed as exc:
                if self.quitting:
                    return
                self.link = None
                self.state.legal = ()  # nothing can be played while away
                self.timers.clear()
                if self.replaced:  # played from elsewhere now: wait to be asked
                    self.changed()
                    await self._take_back.wait()
                    self._take_back.clear()
                    self.replaced = False
                    continue
                if self.server_stopped:  # it said so: no alarm, just wait for it quietly
                    self.connection_note = _("The server was stopped: waiting for it...")
                else:
                    self.connection_note = _("Connection lost: reconnecting...")
                    self.notice(lost_words(exc), _("Connection"), "warning")
                told = True
                self.changed()
                await self.sleep(reconnect_delay(0))

    def take_back(self) -> bool:
        """Take the seat back from the connection that replaced this one (ctrl+r);
        False when this session was not replaced."""
        if not self.replaced:
            return False
        self.connection_note = _("Taking your seat back...")
        self._take_back.set()
        self.changed()
        return True

    def request(
        self, message_type: type[Request], /, then: Answer | None = None, **fields: Any
    ) -> int | None:
        """Send a request; ``then`` gets its ack. Errors are shown to the player. Until
        it is answered it is kept, to be sent again if the connection drops first.
        Returns its id (None: not connected)."""
        link = self.link
        if link is None:
            self.notice(_("Not connected."), severity="warning")
            return None
        rid = next(self._request_ids)
        message = message_type(id=rid, **fields)
        self.pending[rid] = then
        self.unanswered[rid] = message
        try:
            link.send(message)
        except LinkClosed as exc:
            if link.closing:  # the connection is going: sent again once it is back
                return rid
            self.pending.pop(rid, None)  # this message cannot be sent at all
            self.unanswered.pop(rid, None)
            self.notice(lost_words(exc), severity="error")
        return rid

    def _resend(self, link: Link) -> None:
        """Back with the seat: every request still unanswered goes again, oldest first,
        with its own id. The server keeps the answers to a seat's last ``DEFAULT_SIZE``
        ids (PROTOCOL.md section 4): one it carried out is answered again, not carried
        out twice; one it never got is carried out now. Older ones are dropped rather
        than risk being carried out twice."""
        waiting = list(self.unanswered.items())
        for rid, _message in waiting[:-DEFAULT_SIZE]:
            self._answered(rid)
        for _rid, message in waiting[-DEFAULT_SIZE:]:
            try:
                link.send(message)
            except LinkClosed:
                return  # gone again: the next connection sends them

    def _forget_unanswered(self) -> None:
        """Back without a seat: the server's memory of the requests of a connection
        without one ended with it, so nothing old is sent again (the lobby list is
        asked anew)."""
        for rid in list(self.unanswered):
            self._answered(rid)

    def _answered(self, rid: int | None) -> Answer | None:
        """Done with request ``rid``; what to do with its answer."""
        if rid is None:
            return None
        if rid in self._action_ids:
            self._action_ids.discard(rid)
            self.actions_answered += 1
        self.unanswered.pop(rid, None)
        return self.pending.pop(rid, None)

    @property
    def acting(self) -> bool:
        """A game action was sent and the server has not answered it yet: until it has,
        the legal moves held are those from before it (the table sends no other)."""
        return self.actions_answered < self.actions_sent

    def deliver(self, message: Message) -> None:
        """One message from the server: update what is known, say what happened."""
        if self.leaving is not None and isinstance(message, Snapshot | Event | Timer):
            return  # the table being left (back at it until the leave is carried out)
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
            self._snapshot(message)
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
                self.post(Session.ReplayArrived(message))
        elif isinstance(message, Replays):
            self.post(Session.ReplaysListed(message.games))
        elif isinstance(message, Suggestion):
            self.hint, self.hint_refused = message, None
            self.hint_news += 1
        elif isinstance(message, Timer):
            self._timer(message)
        elif isinstance(message, Ack):
            if message.token:
                self.saw_token(message.token)
            then = self._answered(message.id)
            if then is not None:
                then(message)
        elif isinstance(message, Error):
            self._error(message)
        if isinstance(message, Snapshot | Event):
            kind = self.turn_watch.due(self.state)
            if kind is not None:
                self.post(Session.YourTurn(kind, turn_words(self.state, kind)))
        self.changed()

    def _snapshot(self, message: Snapshot) -> None:
        # A game with no event yet (a first game, a rematch, a return before the first
        # move): the log the snapshot brings is empty, and it begins with who starts.
        self.state.on_snapshot(message)
        view = self.state.view
        fresh = view is not None and not view.over and message.log is not None \
            and not message.log
        self.tables[message.table.id] = message.table
        if message.seat is None:
            self.watching = message.table.id
        else:
            self.watching = None  # seated (again: a host may hand a seat back)
        if fresh and view is not None:
            names = self.state.names()
            first = view.turn
            if first == message.seat:
                self.state.note(_("New game: you start."))
            else:
                self.state.note(_("New game: {name} starts.").format(name=names[first]))
        if self.back_at_table:
            self.back_at_table = False
            self.state.note(_("Connected again."))
        self.post(Session.Seated())

    def _timer(self, message: Timer) -> None:
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

    def _error(self, message: Error) -> None:
        asked = self.unanswered.get(message.id) if message.id is not None else None
        self._answered(message.id)
        if message.id is not None and message.id == self._leave_id:
            self._left(ask_tables=True)  # refused (no such seat any more): left all the same
            return
        if message.id in self._hint_ids:  # (the table screen words it)
            self._hint_ids.discard(message.id)
            self.hint, self.hint_refused = None, message
            self.hint_news += 1
            return
        if message.code == "replaced":
            self.replaced = True
            # (short: the note stays in the title, beside the table's name, at 80 columns)
            self.connection_note = _("Your seat is in another window: ctrl+r takes it back")
            self.notice(_(
                "Your seat is now played from another window. Press ctrl+r to take it back here."
            ), _("Connection"), "warning", 12)
        elif message.code == "server_shutdown":  # stopped on purpose, not a crash
            self.server_stopped = True
            self.connection_note = _("The server was stopped: waiting for it...")
            self.notice(_("The server was stopped."), _("Connection"), "warning", 8)
        else:
            self.post(Session.Refused(message, self.last_sent, asked))
            if is_fatal(message.code):
                self.connection_note = refusal_words(message.code, message.message)

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
        def list_again(_ack: Message) -> None:
            self.request(ListTables)

        if self.token is not None and self.state.info is not None and self.watching is None:
            # A seat: its token is kept until the server has acknowledged the leave (an
            # answer lost with the connection, or a leave asked for while away, is sent
            # again on reconnecting with that token).
            self.leaving = self.state.info.id
            if self.link is not None:
                self._send_leave()
        else:
            self.request(Leave, then=list_again)
            self.saw_token(None)
        self.watching = None
        self.state = TableState()
        self.back_at_table = False  # (no snapshot of the table left is coming)
        self.timers.clear()
        self.changed()

    def _send_leave(self) -> None:
        self._leave_id = self.request(Leave, then=lambda _ack: self._left(ask_tables=True))

    def _left(self, ask_tables: bool = False) -> None:
        """The server has acknowledged the leave (or the seat was gone): the token goes."""
        if self.leaving is None:
            return
        self.leaving = None
        self._leave_id = None
        self.saw_token(None)
        if ask_tables:  # lobby pushes stopped when we sat down (PROTOCOL.md 5.1)
            self.request(ListTables)

    def send_action(self, action: GameAction, last: bool = False) -> None:
        self.last_sent = (action.type, action.card)
        if last:
            action = GameAction(action.type, action.seat, action.card, action.color, True)
        self.actions_sent += 1
        rid = self.request(Action, action=action, seq=None)
        if rid is not None and rid in self.unanswered:
            self._action_ids.add(rid)
        else:  # not sent (not connected, or it cannot be): no answer will come
            self.actions_answered += 1

    def replay_of_table(self) -> Replay | None:
        """The finished game of this table kept this session; else None, and it is
        asked of the server (a ``ReplayArrived`` follows)."""
        info = self.state.info
        if info is None:
            return None
        kept = [r for r in self.kept_replays if r.table == info.id]
        if kept and not self._quiet_replays:
            return kept[-1]
        if self._quiet_replays:  # the game just ended is on its way: show it when it comes
            self._quiet_replays -= 1  # (asking again would open it twice)
            return None
        self.request(GetReplay, table=info.id)
        return None

    def ask_hint(self) -> None:
        """What would the strong bot play from this seat (PROTOCOL.md 6.3)? The answer
        comes as ``hint`` (or ``hint_refused``), counted in ``hint_news``."""
        rid = self.request(Hint)
        if rid is not None:
            self._hint_ids.add(rid)

    def send_chat(self, text: str) -> None:
        self.request(Chat, text=text[:CHAT_MAX])

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

    def add_bots_and_start(self, count: int) -> None:
        """Play now: ``count`` bots of the level chosen, and deal."""
        level = usable(self.settings.bot_level)
        for _i in range(count):
            self.request(AddBot, kind=level)
        self.request(Start)
