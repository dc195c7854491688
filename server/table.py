"""One table: its seats, spectators, game and clocks, as an actor.

Every command (join, act, start, ...) is a plain synchronous method: in trio nothing
else runs until it returns, so commands are applied one at a time and a table never
sees a half-made change. The table's own task (``run``) owns the clocks: it sleeps
until the next deadline (a bot's move, the +3 window, the turn timer) or until a
command wakes it, then does what is due. Deadlines use ``trio.current_time`` so tests
drive them with ``trio.testing.MockClock``.

Nothing here blocks on a network: members are told things through ``Member.send``,
which only queues (a connection that cannot keep up is dropped by its own session).
"""

from __future__ import annotations

import logging
import math
import random
import secrets
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, Protocol

import trio

from engine import Action as EngineAction
from engine import Game, Options, TakiError, action_from_json, redact, view_of
from engine.bots import Bot, make_bot
from engine.events import TURN
from engine.events import Event as EngineEvent
from protocol.dedupe import RecentIds
from protocol.errors import ProtocolError
from protocol.messages import (
    ChatLine,
    Error,
    Event,
    GameAction,
    Message,
    SeatInfo,
    Snapshot,
    TableInfo,
    TableOptions,
    TableUpdate,
    Timer,
)
from protocol.patch import Unpatchable, diff_view

from .text import clean_chat, unique_name

log = logging.getLogger("taki.server")

LOG_KEEP = 40
"""Events a snapshot carries for display (the client's log after a reconnect)."""


class Member(Protocol):
    """A connection as a table sees it: a name and a non-blocking send."""

    name: str

    def send(self, message: Message) -> None: ...


@dataclass
class Seat:
    """Who holds a seat: a person (by token, maybe disconnected) or a bot."""

    name: str
    token: str | None = None
    bot: Bot | None = None
    bot_kind: str | None = None
    member: Member | None = None
    recent: RecentIds[Message] = field(default_factory=RecentIds)
    """Answers to this seat's recent request ids: a retry after a reconnect is applied
    once (PROTOCOL.md, requests)."""

    def info(self) -> SeatInfo:
        connected = self.bot is not None or self.member is not None
        return SeatInfo(self.name, self.bot_kind, connected)


@dataclass
class _Watch:
    """What the table remembers of a member: its seat (None: spectator), last view."""

    seat: int | None
    view: dict[str, Any] | None = None
    extra: dict[str, Any] = field(default_factory=dict)


def _to_wire(action: EngineAction) -> GameAction:
    return GameAction(action.type, action.seat, action.card, action.color)


def safe_default(legal: list[EngineAction]) -> EngineAction | None:
    """What the server plays for a seat whose turn timer ran out: close a run, end the
    turn, or draw, in that order; None if none of those is legal."""
    for kind in ("close_taki", "end_turn", "draw"):
        for action in legal:
            if action.type == kind:
                return action
    return None


class Table:
    """A table of 2-10 seats; see the module docstring for how it runs."""

    def __init__(
        self,
        table_id: str,
        options: TableOptions,
        *,
        bot_delay: float = 0.8,
        seed_source: random.Random | None = None,
        on_change: Callable[[Table], None] | None = None,
    ) -> None:
        self.id = table_id
        self.options = options
        self.seats: list[Seat | None] = [None] * options.seats
        self.host: int | None = None
        self.state = "waiting"
        self.game: Game | None = None
        self.seed = 0
        self.actions: list[EngineAction] = []
        self.seq = 0
        self.log: deque[tuple[int, EngineEvent]] = deque(maxlen=LOG_KEEP)
        self.members: dict[Member, _Watch] = {}
        self.bot_delay = bot_delay
        self._seeds = seed_source or random.Random(secrets.randbits(64))
        self._on_change = on_change
        self._wake = trio.Event()
        self._closed = False
        self._bot_due: float | None = None
        self._plus3_due: float | None = None
        self._turn_due: float | None = None
        self._turn_key: tuple[int, int] | None = None
        self._turns = 0
        self._last_info: TableInfo | None = None

    # ---------------------------------------------------------------- who is here

    def info(self) -> TableInfo:
        return TableInfo(
            self.id,
            self.options,
            self.state,
            tuple(s.info() if s else None for s in self.seats),
            self.host,
            sum(1 for w in self.members.values() if w.seat is None),
        )

    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s is not None and s.bot is None]

    def seat_of_token(self, token: str) -> int | None:
        for i, s in enumerate(self.seats):
            if s is not None and s.token is not None and secrets.compare_digest(s.token, token):
                return i
        return None

    @property
    def empty(self) -> bool:
        """Nobody but bots: the lobby may close the table."""
        return not self.humans() and not self.members

    def _names(self) -> list[str]:
        return [s.name for s in self.seats if s is not None]

    def _free_seat(self, seat: int | None) -> int:
        if self.state == "playing":
            raise ProtocolError("game_in_progress", "the game has started; watch it instead")
        if seat is not None:
            if seat >= len(self.seats):
                raise ProtocolError("bad_seat", f"there is no seat {seat}")
            if self.seats[seat] is not None:
                raise ProtocolError("seat_taken", f"seat {seat} is taken")
            return seat
        for i, s in enumerate(self.seats):
            if s is None:
                return i
        raise ProtocolError("table_full", "every seat is taken")

    def _next_host(self) -> int | None:
        """The next seated person, connected ones first (None: only bots are left)."""
        people = self.humans()
        online = [i for i in people if (s := self.seats[i]) is not None and s.member is not None]
        chosen = online or people
        return chosen[0] if chosen else None

    def _need_host(self, member: Member) -> None:
        watch = self.members.get(member)
        if watch is None or watch.seat is None or watch.seat != self.host:
            raise ProtocolError("not_host", "only the table's host may do this")

    # ---------------------------------------------------------------- commands

    def join(self, member: Member, seat: int | None = None) -> tuple[int, str]:
        """Seat ``member``; returns its seat and the token that takes it back later."""
        index = self._free_seat(seat)
        name = unique_name(member.name, self._names())
        token = secrets.token_hex(16)
        self.seats[index] = Seat(name, token=token, member=member)
        member.name = name
        if self.host is None or self.seats[self.host] is None:
            self.host = index
        self.members[member] = _Watch(index)
        self._changed(snapshot_to=[member])
        return index, token

    def spectate(self, member: Member) -> None:
        """Watch: the public view and the events, never a hand."""
        self.members[member] = _Watch(None)
        self._changed(snapshot_to=[member])

    def reclaim(self, token: str, member: Member) -> int | None:
        """Take back the seat that ``token`` holds; returns the seat or None.

        A connection already holding the seat is told it was replaced and let go."""
        index = self.seat_of_token(token)
        if index is None:
            return None
        seat = self.seats[index]
        assert seat is not None
        old = seat.member
        if old is not None and old is not member:
            self.members.pop(old, None)
            old.send(_error("replaced", "this seat was taken back by another connection"))
            closer = getattr(old, "close_soon", None)
            if callable(closer):
                closer()
        seat.member = member
        member.name = seat.name
        self.members[member] = _Watch(index)
        self._changed(snapshot_to=[member])
        return index

    def leave(self, member: Member) -> None:
        """The member goes back to the lobby. A player leaving a running game is replaced
        by a basic bot so the others play on; the host role passes on."""
        watch = self.members.pop(member, None)
        if watch is None:
            return
        if watch.seat is not None:
            index = watch.seat
            seat = self.seats[index]
            if seat is not None and seat.member is member:
                if self.state == "playing":
                    seat.member = None
                    seat.token = None
                    seat.bot_kind = "basic"
                    seat.bot = make_bot("basic")
                    seat.name = unique_name(f"{seat.name} (bot)", self._names())
                else:
                    self.seats[index] = None
                if self.host == index:
                    self.host = self._next_host()
        self._changed()

    def disconnect(self, member: Member) -> None:
        """The member's connection is gone: a seat keeps waiting for its token."""
        watch = self.members.pop(member, None)
        if watch is None:
            return
        if watch.seat is not None:
            seat = self.seats[watch.seat]
            if seat is not None and seat.member is member:
                seat.member = None
        self._changed()

    def add_bot(self, member: Member, kind: str, seat: int | None = None) -> int:
        self._need_host(member)
        index = self._free_seat(seat)
        name = unique_name(f"{kind.capitalize()} bot", self._names())
        bot = make_bot(kind, self._seeds.randrange(2**31))
        self.seats[index] = Seat(name, bot=bot, bot_kind=kind)
        self._changed()
        return index

    def remove_bot(self, member: Member, seat: int) -> None:
        self._need_host(member)
        if self.state == "playing":
            raise ProtocolError("game_in_progress", "bots leave only between games")
        if not 0 <= seat < len(self.seats):
            raise ProtocolError("bad_seat", f"there is no seat {seat}")
        holder = self.seats[seat]
        if holder is None or holder.bot is None:
            raise ProtocolError("not_a_bot", f"seat {seat} is not held by a bot")
        self.seats[seat] = None
        self._changed()

    def start(self, member: Member, first_seat: int | None = None) -> None:
        """Deal a game to the seated players (seats are packed to the front first)."""
        self._need_host(member)
        if self.state == "playing":
            raise ProtocolError("game_in_progress", "a game is already being played")
        self._deal(first_seat)

    def rematch(self, member: Member) -> None:
        self._need_host(member)
        if self.state != "over":
            raise ProtocolError("game_in_progress" if self.state == "playing" else "no_game",
                                "a rematch follows a finished game")
        self._deal(None)

    def _deal(self, first_seat: int | None) -> None:
        taken = [s for s in self.seats if s is not None]
        if len(taken) < 2:
            raise ProtocolError("not_enough_players", "a game needs at least 2 seated players")
        if first_seat is not None and (
            first_seat >= len(self.seats) or self.seats[first_seat] is None
        ):
            raise ProtocolError("bad_seat", f"seat {first_seat} is empty")
        # Pack the seats so that engine seat i is table seat i.
        order = [i for i, s in enumerate(self.seats) if s is not None]
        moved = {old: new for new, old in enumerate(order)}
        self.seats = taken + [None] * (len(self.seats) - len(taken))
        if self.host is not None:
            self.host = moved.get(self.host)
        for watch in self.members.values():
            if watch.seat is not None:
                watch.seat = moved.get(watch.seat)
            watch.view = None
        first = moved[first_seat] if first_seat is not None else None
        self.seed = self._seeds.randrange(2**63)
        opts = self.options
        self.game = Game.new(
            len(taken),
            self.seed,
            Options(opts.stairs, opts.must_play_if_able, opts.play_for_places),
            first,
        )
        self.actions = []
        self.state = "playing"
        self.log.clear()
        self.game.take_events()
        self._changed(snapshot_to=list(self.members))

    def act(self, member: Member, action: GameAction) -> None:
        """Apply a seated member's action; the engine's refusals keep their codes."""
        watch = self.members.get(member)
        if watch is None or watch.seat is None:
            raise ProtocolError("not_seated", "only a seated player may act")
        if self.game is None or self.state != "playing":
            raise ProtocolError("no_game", "no game is being played here")
        data = action.for_seat(watch.seat)
        try:
            engine_action = action_from_json(data)
        except TakiError as exc:
            raise ProtocolError(exc.code, exc.message) from None
        self._apply(engine_action)

    def chat(self, member: Member, text: str) -> None:
        watch = self.members.get(member)
        if watch is None:
            raise ProtocolError("not_at_table", "join or watch a table to chat")
        line = clean_chat(text)
        if not line:
            raise ProtocolError("bad_message", "text: nothing printable to say")
        message = ChatLine(member.name, line, watch.seat, watch.seat is None)
        for other in list(self.members):
            other.send(message)

    def snapshot(self, member: Member) -> Snapshot:
        """Everything ``member`` may see now."""
        watch = self.members[member]
        seat = watch.seat
        view = legal = None
        if self.game is not None:
            view = view_of(self.game, seat)
            watch.view = view
            if seat is not None:
                legal = self._legal_for(seat)
        log = tuple(redact(e, seat).to_json() | {"seq": s} for s, e in self.log)
        return Snapshot(self.info(), self.seq, seat, view, legal, log)

    # ---------------------------------------------------------------- the game

    def _legal_for(self, seat: int) -> tuple[GameAction, ...]:
        assert self.game is not None
        return tuple(_to_wire(a) for a in self.game.legal_actions() if a.seat == seat)

    def _apply(self, action: EngineAction) -> None:
        game = self.game
        assert game is not None
        try:
            game.apply(action)
        except TakiError as exc:
            raise ProtocolError(exc.code, exc.message) from None
        self.actions.append(action)
        if game.over:
            self.state = "over"
        self._changed()

    def _broadcast_events(self) -> None:
        game = self.game
        if game is None:
            return
        events = game.take_events()
        if not events:
            return
        batch: list[tuple[int, EngineEvent]] = []
        for ev in events:
            self.seq += 1
            batch.append((self.seq, ev))
            self.log.append((self.seq, ev))
            if ev.kind == TURN:
                self._turns += 1
        for member, watch in list(self.members.items()):
            seat = watch.seat
            new_view = view_of(game, seat)
            patch: dict[str, Any] | None = None
            if watch.view is not None:
                try:
                    patch = diff_view(watch.view, new_view)
                except Unpatchable:
                    patch = None
            watch.view = new_view
            legal = self._legal_for(seat) if seat is not None else None
            last = len(batch) - 1
            for i, (seq, ev) in enumerate(batch):
                member.send(
                    Event(
                        seq,
                        redact(ev, seat).to_json(),
                        view=patch if i == last else None,
                        legal=legal if i == last else None,
                    )
                )
            if patch is None:
                member.send(self.snapshot(member))

    def _changed(self, snapshot_to: Iterable[Member] = ()) -> None:
        """After any command: tell everyone, re-arm the clocks, wake the runner."""
        self._broadcast_events()
        targets = list(snapshot_to)
        for member in targets:
            if member in self.members:
                member.send(self.snapshot(member))
        info = self.info()
        if info != self._last_info:
            self._last_info = info
            update = TableUpdate(info)
            for member in list(self.members):
                if member not in targets:
                    member.send(update)
            if self._on_change is not None:
                self._on_change(self)
        self._arm()
        self._wake.set()

    # ---------------------------------------------------------------- clocks

    def _bot_seats_to_act(self) -> list[int]:
        game = self.game
        if game is None or self.state != "playing":
            return []
        seats = []
        for a in game.legal_actions():
            holder = self.seats[a.seat]
            if holder is not None and holder.bot is not None and a.seat not in seats:
                seats.append(a.seat)
        return seats

    def _arm(self) -> None:
        """Set or clear each deadline for the state the game is now in."""
        now = trio.current_time()
        game = self.game
        playing = game is not None and self.state == "playing"
        if playing and self._bot_seats_to_act():
            if self._bot_due is None:
                self._bot_due = now + self.bot_delay
        else:
            self._bot_due = None
        if playing and game is not None and game.plus3 is not None:
            if self._plus3_due is None:
                self._plus3_due = now + self.options.plus3_window
                self._tell(Timer("plus3", None, self.options.plus3_window))
        elif self._plus3_due is not None:
            self._plus3_due = None
            self._tell(Timer("plus3", None, None))
        limit = self.options.turn_timer
        if playing and game is not None and limit and game.plus3 is None:
            key = (game.turn, self._turns)
            holder = self.seats[game.turn]
            if holder is not None and holder.bot is None:
                if key != self._turn_key:
                    self._turn_key = key
                    self._turn_due = now + limit
                    self._tell(Timer("turn", game.turn, limit))
            else:
                self._turn_due = None
        else:
            self._turn_due = None

    def _tell(self, message: Message) -> None:
        for member in list(self.members):
            member.send(message)

    def next_deadline(self) -> float:
        dues = [d for d in (self._bot_due, self._plus3_due, self._turn_due) if d is not None]
        return min(dues) if dues else math.inf

    def tick(self) -> None:
        """Do whatever is due now: a timed-out +3 window, a bot's move, a timed-out turn."""
        game = self.game
        if game is None or self.state != "playing":
            return
        now = trio.current_time()
        if self._plus3_due is not None and self._plus3_due <= now and game.plus3 is not None:
            self._plus3_due = None
            for action in [a for a in game.legal_actions() if a.type == "pass"]:
                if game.plus3 is None:
                    break
                game.apply(action)
                self.actions.append(action)
            self._changed()
            return
        if self._bot_due is not None and self._bot_due <= now:
            self._bot_due = None
            seats = self._bot_seats_to_act()
            if seats:
                seat = seats[0]
                holder = self.seats[seat]
                assert holder is not None and holder.bot is not None
                mine = [a for a in game.legal_actions() if a.seat == seat]
                choice = holder.bot.choose(view_of(game, seat), mine)
                self._apply(choice)
            else:
                self._arm()
            return
        if self._turn_due is not None and self._turn_due <= now:
            self._turn_due = None
            seat = game.turn
            mine = [a for a in game.legal_actions() if a.seat == seat]
            choice = safe_default(mine) or make_bot("basic").choose(view_of(game, seat), mine)
            self._apply(choice)

    async def run(self) -> None:
        """The table's task: sleep until the next deadline or a change, then tick."""
        while not self._closed:
            with trio.move_on_at(self.next_deadline()):
                await self._wake.wait()
            self._wake = trio.Event()
            try:
                self.tick()
            except Exception:  # a bug here must not take the lobby (and every table) down
                log.exception("table %s: tick failed", self.id)
                self._bot_due = self._plus3_due = self._turn_due = None

    def close(self) -> None:
        self._closed = True
        self._wake.set()


def _error(code: str, message: str) -> Message:
    return Error(code, message)
