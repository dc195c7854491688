"""One table: its seats, spectators, game and clocks, as an actor.

Every command (join, act, start, ...) takes the table's lock, so commands are applied
one at a time and a table never sees a half-made change, even while an accepted action
is being written to disk: an action is stored *before* it is acknowledged or broadcast.
The table's own task (``run``) owns the clocks: it sleeps until the next deadline (a
bot's move, a stand-in for an absent player, the +3 window, the turn timer, the end of
a reconnect grace period) or until a command wakes it, then does what is due.
Deadlines use ``trio.current_time`` so tests drive them with ``trio.testing.MockClock``.

Nothing here blocks on a network: members are told things through ``Member.send``,
which only queues (a connection that cannot keep up is dropped by its own session).
"""

from __future__ import annotations

import contextlib
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
from engine import Game, Options, TakiError, action_from_json, redact, replay, view_of
from engine.bots import Bot, make_bot
from engine.events import BROKE, TURN
from engine.events import Event as EngineEvent
from protocol.dedupe import RecentIds
from protocol.errors import ProtocolError
from protocol.limits import INT_MAX
from protocol.messages import (
    Ack,
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
    decode_message,
)
from protocol.patch import Unpatchable, diff_view

from .faults import PAUSED_TEXT, UNAVAILABLE, Pause, StoreUnavailable
from .store import SavedTable, Store
from .text import clean_chat, unique_name

log = logging.getLogger("taki.server")

BOT_NAMES = ("Noa", "Avi", "Tal", "Maya", "Gil", "Yael", "Omer", "Lior", "Roni", "Shira")
"""Bots get people's names (their seats are marked as bots everywhere)."""

LOG_KEEP = 40
"""Events a snapshot carries for display (the client's log after a reconnect)."""


class Member(Protocol):
    """A connection as a table sees it: a name and non-blocking sends."""

    name: str

    @property
    def version(self) -> int: ...

    def send(self, message: Message) -> None: ...

    def send_encoded(self, data: bytes) -> None: ...

    def close_soon(self) -> None: ...


@dataclass
class Seat:
    """Who holds a seat: a person (by token, maybe away) or a bot."""

    name: str
    token: str | None = None
    bot: Bot | None = None
    bot_kind: str | None = None
    member: Member | None = None
    away_since: float | None = None
    """When a person's connection went (None: here, or a bot)."""
    stand_in: Bot | None = None
    """The bot playing for an absent person, once it had to act."""
    recent: RecentIds[Message] = field(default_factory=RecentIds)
    """Answers to this seat's recent request ids: a retry after a reconnect is applied
    once (PROTOCOL.md, requests)."""
    former_token: str | None = None
    """A bot seat taken over from a person whose grace ran out: that person's token, so
    the host can hand the seat back to them (``hand_back``)."""

    @property
    def person(self) -> bool:
        return self.bot is None

    def info(self) -> SeatInfo:
        if self.bot is not None:
            returnable = self.former_token is not None
            return SeatInfo(self.name, self.bot_kind, True, returnable=returnable)
        connected = self.member is not None
        if self.stand_in is not None:
            return SeatInfo(self.name, "basic", connected, stand_in=True)
        return SeatInfo(self.name, None, connected)

    def saved(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "token": self.token, "bot": self.bot_kind}
        if self.former_token is not None:
            out["former"] = self.former_token
        return out


@dataclass
class _Watch:
    """What the table remembers of a member: its seat (None: spectator), whether its
    view is in step with the table's (a snapshot since the deal), and its last hand."""

    seat: int | None
    synced: bool = False
    hand: list[str] | None = None


_WIRE: dict[EngineAction, GameAction] = {}


def _to_wire(action: EngineAction) -> GameAction:
    """The wire form of a legal action: without ``seat``, since every entry of a
    recipient's ``legal`` list is its own (PROTOCOL.md 6.1). Cached: the engine interns
    its actions."""
    wire = _WIRE.get(action)
    if wire is None:
        wire = _WIRE[action] = GameAction.trusted(
            type=action.type, card=action.card, color=action.color
        )
    return wire


def _wire_event(event: EngineEvent, viewer: int | None) -> dict[str, Any]:
    """The event map ``viewer`` may see. A ``broke`` names its card (``breaker``), so a
    client following the discard pile from events alone sees it land."""
    if event.kind == BROKE and event.card is None:
        event = event._replace(card="breaker")
    return redact(event, viewer).to_json()


def safe_default(legal: list[EngineAction]) -> EngineAction | None:
    """What the server plays for a seat whose turn timer ran out: close a run, end the
    turn, or draw, in that order; None if none of those is legal."""
    for kind in ("close_taki", "end_turn", "draw"):
        for action in legal:
            if action.type == kind:
                return action
    return None


def _engine_options(opts: TableOptions) -> Options:
    return Options(opts.stairs, opts.must_play_if_able, opts.play_for_places)


class Table:
    """A table of 2-10 seats; see the module docstring."""

    def __init__(
        self,
        table_id: str,
        options: TableOptions,
        *,
        bot_delay: float = 0.8,
        stand_in_delay: float = 3.0,
        seed_source: random.Random | None = None,
        store: Store | None = None,
        on_change: Any = None,
    ) -> None:
        self.id = table_id
        self.options = options
        self.seats: list[Seat | None] = [None] * options.seats
        self.host: int | None = None
        self.state = "waiting"
        self.game: Game | None = None
        self.game_id: int | None = None
        self.seed = 0
        self.first: int | None = None
        self.actions: list[EngineAction] = []
        self.seq = 0
        self.log: deque[tuple[int, EngineEvent]] = deque(maxlen=LOG_KEEP)
        self.members: dict[Member, _Watch] = {}
        self.bot_delay = bot_delay
        self.stand_in_delay = stand_in_delay
        self.store = store
        self.lock = trio.Lock()
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
        self._saved_info: TableInfo | None = None
        self._info: TableInfo | None = None
        self._public: dict[str, Any] | None = None
        self._sleep_until = math.inf
        self.pause = Pause(table_id)
        """The storage fault this table waits out, if any (server/faults.py)."""
        self.stand_in_moves: set[int] = set()
        """Indexes in ``actions`` of the moves stand-ins made (marked in the replay)."""
        self._held: list[EngineEvent] = []
        """Events taken from the game to number them before storing their action."""
        self._held_by: int | None = None
        """The seat whose stand-in made the held events' action, if one did."""
        self._stand_in_seqs: set[int] = set()
        """Seqs of the events a stand-in's move caused for its seat ("for you")."""
        self._returning: dict[Member, str] = {}
        """Members watching while they wait to be handed their seat back: their token."""

    # ---------------------------------------------------------------- who is here

    def info(self) -> TableInfo:
        """The table as the lobby sees it (cached until a command changes it)."""
        if self._info is None:
            self._info = TableInfo(
                self.id,
                self.options,
                self.state,
                tuple(s.info() if s else None for s in self.seats),
                self.host,
                sum(1 for w in self.members.values() if w.seat is None),
            )
        return self._info

    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s is not None and s.person]

    def seat_of_token(self, token: str) -> int | None:
        wanted = token.encode("utf-8", "surrogatepass")  # compare_digest refuses non-ASCII str
        for i, s in enumerate(self.seats):
            if s is not None and s.token is not None and secrets.compare_digest(
                s.token.encode(), wanted
            ):
                return i
        return None

    @property
    def empty(self) -> bool:
        """Nobody but bots, and nobody waiting to come back: the lobby may close it."""
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

    def seat_for(self, member: Member) -> Seat | None:
        watch = self.members.get(member)
        if watch is None or watch.seat is None:
            return None
        seat = self.seats[watch.seat]
        return seat if seat is not None and seat.member is member else None

    # ---------------------------------------------------------------- commands

    async def join(self, member: Member, seat: int | None = None) -> tuple[int, str]:
        """Seat ``member``; returns its seat and the token that takes it back later."""
        async with self.lock:
            index = self._free_seat(seat)
            name = unique_name(member.name, self._names())
            token = secrets.token_hex(16)
            self.seats[index] = Seat(name, token=token, member=member)
            member.name = name
            if self.host is None or self.seats[self.host] is None:
                self.host = index
            self.members[member] = _Watch(index)
            await self._changed(snapshot_to=[member])
            return index, token

    async def spectate(self, member: Member) -> None:
        """Watch: the public view and the events, never a hand."""
        async with self.lock:
            self.members[member] = _Watch(None)
            await self._changed(snapshot_to=[member])

    async def reclaim(
        self, token: str, member: Member, welcome: Callable[[int], None] | None = None
    ) -> int | None:
        """Take back the seat that ``token`` holds; returns the seat or None.

        ``welcome(seat)`` is called once the seat is sure, under the table's lock and
        before the snapshot, so a welcome never names a seat that is then not given. A
        connection already holding the seat is told it was replaced and let go."""
        async with self.lock:
            index = self.seat_of_token(token)
            if index is None:
                return None
            seat = self.seats[index]
            assert seat is not None
            member.name = seat.name  # the welcome gives the name the seat is shown under
            if welcome is not None:
                welcome(index)
            old = seat.member
            if old is not None and old is not member:
                self.members.pop(old, None)
                old.send(Error("replaced", "this seat was taken back by another connection"))
                old.close_soon()
            if seat.away_since is not None:
                # Lift the grace period that ``disconnect`` announced (or that a snapshot's
                # timers showed); a take-over of a connected seat started none: no lift.
                self._tell(Timer("reconnect", index, None))
            seat.member = member
            seat.away_since = None
            seat.stand_in = None
            self.members[member] = _Watch(index)
            await self._changed(snapshot_to=[member])
            return index

    async def leave(self, member: Member) -> None:
        """The member goes back to the lobby. A player leaving a running game is replaced
        by a basic bot so the others play on; the host role passes on."""
        async with self.lock:
            watch = self.members.pop(member, None)
            self._returning.pop(member, None)
            if watch is None:
                return
            if watch.seat is not None:
                seat = self.seats[watch.seat]
                if seat is not None and seat.member is member:
                    self._give_up(watch.seat)
            await self._changed()

    def _give_up(self, index: int, *, returnable: bool = False) -> None:
        """A person's seat is let go: a bot for good in a game, else a free seat.

        ``returnable``: the person did not leave but stayed away past the grace
        period, so the host may hand the seat back to them later."""
        seat = self.seats[index]
        assert seat is not None
        if self.state == "playing":
            seat.former_token = seat.token if returnable else None
            log.info("table %s: a bot now plays for %s (seat %d)", self.id, seat.name, index)
            seat.member = None
            seat.token = None
            seat.away_since = None
            seat.stand_in = None
            seat.bot_kind = "basic"  # the name stays: everyone sees who the bot replaced
            seat.bot = make_bot("basic")
        else:
            self.seats[index] = None
        if self.host == index:
            self.host = self._next_host()

    async def disconnect(self, member: Member) -> None:
        """The member's connection is gone: a seat waits for its token (grace period)."""
        async with self.lock:
            watch = self.members.pop(member, None)
            self._returning.pop(member, None)
            if watch is None:
                return
            if watch.seat is not None:
                seat = self.seats[watch.seat]
                if seat is not None and seat.member is member:
                    seat.member = None
                    seat.away_since = trio.current_time()
                    self._tell(Timer("reconnect", watch.seat, self.options.reconnect_grace))
                    if self.host == watch.seat:
                        self.host = self._next_host()
            await self._changed()

    async def add_bot(self, member: Member, kind: str, seat: int | None = None) -> int:
        async with self.lock:
            self._need_host(member)
            index = self._free_seat(seat)
            taken = {n.casefold() for n in self._names()}
            free = [n for n in BOT_NAMES if n.casefold() not in taken]
            name = free[0] if free else unique_name(BOT_NAMES[0], self._names())
            bot = make_bot(kind, self._seeds.randrange(2**31))
            self.seats[index] = Seat(name, bot=bot, bot_kind=kind)
            await self._changed()
            return index

    async def remove_bot(self, member: Member, seat: int) -> None:
        async with self.lock:
            self._need_host(member)
            if not 0 <= seat < len(self.seats):
                raise ProtocolError("bad_seat", f"there is no seat {seat}")
            holder = self.seats[seat]
            if self.state == "playing":
                if holder is not None and holder.bot is not None and holder.former_token:
                    self._hand_back(seat, holder)
                    await self._changed()
                    return
                raise ProtocolError("game_in_progress", "bots leave only between games")
            if holder is None or holder.bot is None:
                raise ProtocolError("not_a_bot", f"seat {seat} is not held by a bot")
            self.seats[seat] = None
            await self._changed()

    def _hand_back(self, index: int, seat: Seat) -> None:
        """The bot that kept a seat after the grace period leaves; the person who held
        it sits again with the hand as it is: at once if they are watching, else on
        their return with their token (a fresh grace period, a stand-in meanwhile)."""
        self._info = None
        seat.bot = None
        seat.bot_kind = None
        seat.token, seat.former_token = seat.former_token, None
        seat.recent = RecentIds()
        seat.stand_in = None
        seat.away_since = trio.current_time()
        back = next((m for m, t in self._returning.items() if t == seat.token), None)
        log.info("table %s: seat %d handed back to %s", self.id, index, seat.name)
        if back is not None:
            del self._returning[back]
            seat.member = back
            seat.away_since = None
            self.members[back] = _Watch(index)
            back.send(self.snapshot(back))
        else:
            self._tell(Timer("reconnect", index, self.options.reconnect_grace))

    async def watch_to_return(
        self, token: str, member: Member, welcome: Callable[[], None] | None = None
    ) -> bool:
        """A person whose seat a bot took for good came back with their old token: they
        watch the table until the host hands the seat back. False if no seat here
        remembers that token."""
        async with self.lock:
            if self.seat_of_former(token) is None:
                return False
            if welcome is not None:
                welcome()
            self.members[member] = _Watch(None)
            self._returning[member] = token
            await self._changed(snapshot_to=[member])
            return True

    def seat_of_former(self, token: str) -> int | None:
        """The bot seat that ``token`` held before the bot took it for good."""
        wanted = token.encode("utf-8", "surrogatepass")
        for i, s in enumerate(self.seats):
            if s is not None and s.former_token is not None and secrets.compare_digest(
                s.former_token.encode(), wanted
            ):
                return i
        return None

    async def start(self, member: Member, first_seat: int | None = None) -> None:
        """Deal a game to the seated players (seats are packed to the front first)."""
        async with self.lock:
            self._need_host(member)
            if self.state == "playing":
                raise ProtocolError("game_in_progress", "a game is already being played")
            await self._deal(first_seat)

    async def rematch(self, member: Member) -> None:
        async with self.lock:
            self._need_host(member)
            if self.state != "over":
                code = "game_in_progress" if self.state == "playing" else "no_game"
                raise ProtocolError(code, "a rematch follows a finished game")
            await self._deal(None)

    async def _deal(self, first_seat: int | None) -> None:
        taken = [s for s in self.seats if s is not None]
        if len(taken) < 2:
            raise ProtocolError("not_enough_players", "a game needs at least 2 seated players")
        if first_seat is not None and (
            first_seat >= len(self.seats) or self.seats[first_seat] is None
        ):
            raise ProtocolError("bad_seat", f"seat {first_seat} is empty")
        self._not_paused()
        # Pack the seats so that engine seat i is table seat i.
        order = [i for i, s in enumerate(self.seats) if s is not None]
        moved = {old: new for new, old in enumerate(order)}
        first = moved[first_seat] if first_seat is not None else None
        seed = self._seeds.randrange(INT_MAX + 1)  # a replay's seed is on the wire
        game_id = None
        if self.store is not None:  # stored first: a refused deal changes nothing
            try:
                game_id = await self.store.new_game(
                    self.id, len(taken), seed, first, self.options.to_dict(),
                    [s.name for s in taken],
                )
            except StoreUnavailable as exc:
                self._fault(exc)
                raise ProtocolError(UNAVAILABLE, PAUSED_TEXT) from None
        self.seats = taken + [None] * (len(self.seats) - len(taken))
        if self.host is not None:
            self.host = moved.get(self.host)
        for watch in self.members.values():
            if watch.seat is not None:
                watch.seat = moved.get(watch.seat)
            watch.synced = False
        self.first = first
        self.seed = seed
        opts = _engine_options(self.options)
        self.game = Game.new(len(taken), self.seed, opts, self.first)
        self.actions = []
        self.stand_in_moves = set()
        self.game_id = game_id
        self.state = "playing"
        self.log.clear()
        self.game.take_events()
        await self._changed(snapshot_to=list(self.members))

    async def act(
        self, member: Member, action: GameAction, seq: int | None = None, rid: int | None = None
    ) -> None:
        """Apply a seated member's action; the engine's refusals keep their codes.

        ``seq``, when given, is the last event the client had seen: if the table has
        moved on since, the action was meant for another state and is refused as
        ``stale`` (PROTOCOL.md, the game)."""
        async with self.lock:
            watch = self.members.get(member)
            if watch is None or watch.seat is None:
                raise ProtocolError("not_seated", "only a seated player may act")
            self._not_paused()
            if seq is not None and seq != self.seq:
                raise ProtocolError("stale", f"the table is at event {self.seq}, not {seq}")
            if self.game is None or self.state != "playing":
                raise ProtocolError("no_game", "no game is being played here")
            if action.seat is not None and action.seat != watch.seat:
                raise ProtocolError("bad_action", f"seat: you sit at seat {watch.seat}")
            data = action.for_seat(watch.seat)
            try:
                engine_action = action_from_json(data)
            except TakiError as exc:
                raise ProtocolError(exc.code, exc.message) from None
            holder = self.seats[watch.seat]
            answer = None
            if rid is not None and holder is not None and holder.token is not None:
                answer = (self.id, holder.token, rid, Ack(rid).to_dict())
            await self._apply(engine_action, answer=answer)

    async def chat(self, member: Member, text: str) -> None:
        async with self.lock:
            watch = self.members.get(member)
            if watch is None:
                raise ProtocolError("not_at_table", "join or watch a table to chat")
            line = clean_chat(text)
            if not line:
                raise ProtocolError("bad_message", "text: nothing printable to say")
            self._tell(ChatLine(member.name, line, watch.seat, watch.seat is None))

    async def resync(self, member: Member) -> None:
        async with self.lock:
            if member in self.members:
                self._send_snapshot(member)

    def _send_snapshot(self, member: Member) -> None:
        """A snapshot, then a ``timer`` for each deadline running now: a snapshot holds
        no clocks, and a later lift must never be the first a member hears of one."""
        member.send(self.snapshot(member))
        for timer in self._running_timers():
            member.send(timer)

    def _running_timers(self) -> list[Timer]:
        now = trio.current_time()
        timers: list[Timer] = []
        for i, s in enumerate(self.seats):
            if s is not None and s.person and s.member is None and s.away_since is not None:
                left = s.away_since + self.options.reconnect_grace - now
                timers.append(Timer("reconnect", i, max(0.0, left)))
        if self._plus3_due is not None:
            timers.append(Timer("plus3", None, max(0.0, self._plus3_due - now)))
        if self._turn_due is not None and self.game is not None:
            timers.append(Timer("turn", self.game.turn, max(0.0, self._turn_due - now)))
        if self.pause.paused and self.pause.retry_at is not None:
            timers.append(Timer("paused", None, max(0.0, self.pause.retry_at - now)))
        return timers

    def snapshot(self, member: Member) -> Snapshot:
        """Everything ``member`` may see now."""
        watch = self.members[member]
        seat = watch.seat
        view = legal = None
        if self.game is not None:
            view = view_of(self.game, seat)
            self._public = view_of(self.game, None)
            watch.synced = True
            if seat is not None:
                watch.hand = list(self.game.hands[seat])
                legal = self._legal_for(seat)
        log_maps = tuple(self._event_map(s, e, seat) | {"seq": s} for s, e in self.log)
        return Snapshot(self.info(), self.seq, seat, view, legal, log_maps)

    # ---------------------------------------------------------------- the game

    def _legal_for(self, seat: int) -> tuple[GameAction, ...]:
        assert self.game is not None
        return tuple(_to_wire(a) for a in self.game.legal_actions() if a.seat == seat)

    def _legal_by_seat(self) -> dict[int, tuple[GameAction, ...]]:
        assert self.game is not None
        grouped: dict[int, list[GameAction]] = {}
        for a in self.game.legal_actions():
            grouped.setdefault(a.seat, []).append(_to_wire(a))
        return {seat: tuple(actions) for seat, actions in grouped.items()}

    async def _apply(
        self,
        action: EngineAction,
        *,
        stand_in: bool = False,
        answer: tuple[str, str, int, dict[str, Any]] | None = None,
    ) -> None:
        """Apply, store, then tell: an action is on disk before anyone hears of it.

        The action is stored with the table's event seq after it, whether a stand-in
        made it, and ``answer`` (the ack its request earned), in one transaction. If the
        store cannot take it, the game is put back as it was, the table pauses and the
        request is refused ``unavailable``: nothing unstored is acknowledged or told."""
        game = self.game
        assert game is not None
        try:
            game.apply(action)
        except TakiError as exc:
            raise ProtocolError(exc.code, exc.message) from None
        self.actions.append(action)
        self._held.extend(game.take_events())
        self._held_by = action.seat if stand_in else None
        finished = game.over
        if self.store is not None and self.game_id is not None:
            try:
                with trio.CancelScope(shield=True):  # half-written is not an option
                    await self.store.append_action(
                        self.game_id, len(self.actions), action.to_json(),
                        seq=self.seq + len(self._held), by="stand_in" if stand_in else None,
                        answer=answer, winner=(game.winner,) if finished else None,
                    )
            except StoreUnavailable as exc:
                self._undo_last()
                self._fault(exc)
                raise ProtocolError(UNAVAILABLE, PAUSED_TEXT) from None
        if stand_in:
            self.stand_in_moves.add(len(self.actions) - 1)
        if finished:
            self.state = "over"
        await self._changed(seats=finished)

    def _undo_last(self) -> None:
        """Take back the last applied action (it could not be stored): replay the rest."""
        self.actions.pop()
        self._held = []
        self._held_by = None
        self.game = self._replayed(self.actions)
        self._public = None
        for watch in self.members.values():
            watch.synced = False

    def _replayed(self, actions: list[EngineAction]) -> Game:
        game = replay(
            len(self.game.hands) if self.game is not None else 0, self.seed, actions,
            _engine_options(self.options), self.first, record=True,
        )
        game.take_events()
        return game

    # ---------------------------------------------------------------- storage faults

    def _not_paused(self) -> None:
        if self.pause.paused:
            raise ProtocolError(UNAVAILABLE, PAUSED_TEXT)

    def _fault(self, exc: BaseException) -> None:
        """The store failed: pause (once), tell everyone in words, retry later."""
        now = trio.current_time()
        if self.pause.begin(str(exc) or type(exc).__name__, now):
            self._tell(Error(UNAVAILABLE, PAUSED_TEXT))
            self._tell(Timer("paused", None, self.pause.delay))
        self._saved_info = None  # the table's row is written again on resume
        self._wake.set()

    async def _retry_store(self) -> None:
        """While paused: try a write; on success store the table and go on."""
        assert self.store is not None
        now = trio.current_time()
        try:
            with trio.CancelScope(shield=True):
                await self.store.probe()
                await self._write_row()
        except StoreUnavailable:
            self.pause.failed_again(now)
            self._tell(Timer("paused", None, self.pause.delay))
            return
        self.pause.end(now)
        self._turn_key = None  # a fresh turn timer: nobody loses a turn to the pause
        self._tell(Timer("paused", None, None))
        self._arm()

    async def remember_answer(self, member: Member, rid: int, answer: Message) -> None:
        """Store the answer to a seated member's request (best effort: an answer that
        cannot be stored is still kept in memory)."""
        if self.store is None:
            return
        seat = self.seat_for(member)
        if seat is None or seat.token is None:
            return
        try:
            with trio.CancelScope(shield=True):
                await self.store.remember_answer(self.id, seat.token, rid, answer.to_dict())
        except StoreUnavailable as exc:
            log.debug("table %s: answer %d not stored: %s", self.id, rid, exc)

    def _broadcast_events(self) -> None:
        """Number the game's new events and send each member what it may see.

        Views differ between members only in ``hand``, so the public view is diffed once
        per action and each seat's patch adds its hand when it changed; events other
        than the last are the same bytes for everyone (bar a drawer's own draw), so
        they are encoded once."""
        game = self.game
        if game is None:
            return
        events = self._held + game.take_events()
        by = self._held_by
        self._held = []
        self._held_by = None
        if not events:
            return
        batch: list[tuple[int, EngineEvent]] = []
        for ev in events:
            self.seq += 1
            batch.append((self.seq, ev))
            self._log_event(self.seq, ev, by)
            if ev.kind == TURN:
                self._turns += 1
        public = view_of(game, None)
        public_patch: dict[str, Any] | None = None
        if self._public is not None:
            try:
                public_patch = diff_view(self._public, public)
            except Unpatchable:
                public_patch = None
        self._public = public
        legal = self._legal_by_seat()
        shared: dict[tuple[int, int, int | None], bytes] = {}
        *early, (last_seq, last_ev) = batch
        for member, watch in list(self.members.items()):
            seat = watch.seat
            version = member.version
            for i, (seq, ev) in enumerate(early):
                mine = seat if ev.cards and ev.seat == seat else None
                key = (i, version, mine)
                data = shared.get(key)
                if data is None:
                    message = Event.trusted(seq=seq, event=self._event_map(seq, ev, seat))
                    data = shared[key] = message.encode(version)
                member.send_encoded(data)
            patch: dict[str, Any] | None = None
            if watch.synced and public_patch is not None:
                patch = public_patch
                if seat is not None:
                    hand = game.hands[seat]
                    if hand != watch.hand:
                        patch = {**public_patch, "hand": list(hand)}
                        watch.hand = list(hand)
            member.send(
                Event.trusted(
                    seq=last_seq,
                    event=self._event_map(last_seq, last_ev, seat),
                    view=patch,
                    legal=legal.get(seat, ()) if seat is not None else None,
                )
            )
            if patch is None:
                member.send(self.snapshot(member))

    def _log_event(self, seq: int, ev: EngineEvent, stand_in_seat: int | None) -> None:
        """Keep an event for snapshots, noting whether a stand-in made it for its seat."""
        self.log.append((seq, ev))
        if stand_in_seat is not None and ev.seat == stand_in_seat:
            self._stand_in_seqs.add(seq)
            if len(self._stand_in_seqs) > 2 * LOG_KEEP:
                oldest = self.log[0][0]
                self._stand_in_seqs = {s for s in self._stand_in_seqs if s >= oldest}

    def _event_map(self, seq: int, ev: EngineEvent, viewer: int | None) -> dict[str, Any]:
        """An event as ``viewer`` may see it; ``stand_in: true`` when a bot standing in
        for an absent person made it (so nobody reads "You played" for it)."""
        data = _wire_event(ev, viewer)
        if seq in self._stand_in_seqs:
            data["stand_in"] = True
        return data

    async def _changed(self, snapshot_to: Iterable[Member] = (), *, seats: bool = True) -> None:
        """After any command: tell everyone, store the table, re-arm the clocks.

        ``seats`` False: only the game moved, so the table's info (seats, host, state,
        spectators) need not be rebuilt."""
        if seats:
            self._info = None
        self._broadcast_events()
        targets = list(snapshot_to)
        for member in targets:
            if member in self.members:
                self._send_snapshot(member)
        info = self.info()
        if info != self._last_info:
            self._last_info = info
            update = TableUpdate(info)
            for member in list(self.members):
                if member not in targets:
                    member.send(update)
            if self._on_change is not None:
                self._on_change(self)
        await self._save()
        self._arm()
        if self.next_deadline() < self._sleep_until:
            self._wake.set()

    async def _save(self) -> None:
        if self.store is None:
            return
        info = self.info()
        if info.seats == getattr(self._saved_info, "seats", None) and info.state == getattr(
            self._saved_info, "state", None
        ) and info.host == getattr(self._saved_info, "host", None):
            return
        try:
            with trio.CancelScope(shield=True):
                await self._write_row()
        except StoreUnavailable as exc:
            self._fault(exc)  # kept in memory; written again once the store is back
            return
        self._saved_info = info

    async def _write_row(self) -> None:
        assert self.store is not None
        await self.store.save_table(
            self.id,
            self.options.to_dict(),
            self.state,
            [s.saved() if s else None for s in self.seats],
            self.host,
            self.game_id,
            self.seq,
        )

    # ---------------------------------------------------------------- restoring

    @classmethod
    def restore(cls, saved: SavedTable, **kwargs: Any) -> Table:
        """Rebuild a stored table: seats from the store, the game by replay."""
        table = cls(saved.id, TableOptions.from_dict(saved.options), **kwargs)
        now = trio.current_time()
        for i, entry in enumerate(saved.seats[: len(table.seats)]):
            if entry is None:
                continue
            kind = entry.get("bot")
            if kind:
                table.seats[i] = Seat(str(entry["name"]), bot=make_bot(str(kind)), bot_kind=kind)
            else:
                token = entry.get("token")
                table.seats[i] = Seat(str(entry["name"]), token=token, away_since=now)
            seat = table.seats[i]
            assert seat is not None
            former = entry.get("former")
            seat.former_token = str(former) if former else None
            for rid, answer in saved.answers.get(str(seat.token), []):
                with contextlib.suppress(ProtocolError):
                    seat.recent.remember(rid, decode_message(answer))
        table.host = saved.host
        table.state = saved.state
        table.seq = saved.seq
        game = saved.game
        if game is not None and saved.state in ("playing", "over"):
            table._replay_saved(game.players, game.seed, game.first, game.actions, game.seqs,
                                game.by)
            table.game_id = game.id
            table.state = "over" if table.game is not None and table.game.over else "playing"
        table._saved_info = table.info()
        table._arm()
        return table

    def _replay_saved(
        self,
        players: int,
        seed: int,
        first: int | None,
        stored: list[dict[str, Any]],
        seqs: list[int | None],
        by: list[str | None],
    ) -> None:
        """Rebuild the game action by action, numbering each action's events so that
        the last one carries the seq stored with it: ``seq`` continues where it was and
        the log keeps its recent history (stand-in moves marked as such)."""
        self.seed = seed
        self.first = first
        self.game = game = Game.new(players, seed, _engine_options(self.options), first,
                                    record=True)
        game.take_events()
        self.actions = []
        count = self.seq if not any(q is not None for q in seqs) else 0
        for i, data in enumerate(stored):
            action = action_from_json(data)
            game.apply(action)
            self.actions.append(action)
            events = game.take_events()
            stored_seq = seqs[i] if i < len(seqs) else None
            last = stored_seq if stored_seq is not None else count + len(events)
            stand_in = i < len(by) and by[i] == "stand_in"
            if stand_in:
                self.stand_in_moves.add(i)
            for k, ev in enumerate(events):
                self._log_event(last - len(events) + 1 + k, ev, action.seat if stand_in else None)
            count = last
        self.seq = max(self.seq, count)

    # ---------------------------------------------------------------- clocks

    def _acting_seats(self) -> list[int]:
        game = self.game
        if game is None or self.state != "playing":
            return []
        seats: list[int] = []
        for a in game.legal_actions():
            if a.seat not in seats:
                seats.append(a.seat)
        return seats

    def _bot_for(self, index: int, now: float) -> Bot | None:
        """The bot that acts for ``index`` now: a bot seat's own, or an absent person's
        stand-in once the stand-in delay has passed."""
        seat = self.seats[index]
        if seat is None:
            return None
        if seat.bot is not None:
            return seat.bot
        if seat.member is None and seat.away_since is not None:
            if seat.stand_in is None and now >= seat.away_since + self.stand_in_delay:
                seat.stand_in = make_bot("basic")
                self._info = None  # everyone is shown the stand-in
            return seat.stand_in
        return None

    def _arm(self) -> None:
        """Set or clear each deadline for the state the game is now in."""
        now = trio.current_time()
        game = self.game
        playing = game is not None and self.state == "playing"
        acting = self._acting_seats()
        bot_due = math.inf
        for index in acting:
            seat = self.seats[index]
            if seat is None:
                continue
            if seat.bot is not None or seat.stand_in is not None:
                bot_due = min(bot_due, now + self.bot_delay)
            elif seat.member is None and seat.away_since is not None:
                bot_due = min(bot_due, seat.away_since + self.stand_in_delay)
        if bot_due == math.inf:
            self._bot_due = None
        elif self._bot_due is None or bot_due < self._bot_due:
            self._bot_due = bot_due
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

    def _grace_due(self) -> float | None:
        dues = [
            s.away_since + self.options.reconnect_grace
            for s in self.seats
            if s is not None and s.person and s.member is None and s.away_since is not None
        ]
        return min(dues) if dues else None

    def _tell(self, message: Message) -> None:
        for member in list(self.members):
            member.send(message)

    def next_deadline(self) -> float:
        if self.pause.paused:
            return self.pause.retry_at or math.inf
        dues = [
            d
            for d in (self._bot_due, self._plus3_due, self._turn_due, self._grace_due())
            if d is not None
        ]
        return min(dues) if dues else math.inf

    async def tick(self) -> None:
        """Do whatever is due now: an ended grace period, a timed-out +3 window, a bot's
        (or stand-in's) move, a timed-out turn."""
        async with self.lock:
            await self._tick()

    async def _tick(self) -> None:
        if self.pause.paused:
            if self.store is not None and trio.current_time() >= (self.pause.retry_at or 0):
                await self._retry_store()
            return  # nothing moves while nothing can be stored
        try:
            await self._tick_due()
        except ProtocolError as exc:
            if exc.code != UNAVAILABLE:
                raise  # (a stored-move failure paused the table and was logged once)

    async def _tick_due(self) -> None:
        now = trio.current_time()
        grace = self._grace_due()
        if grace is not None and grace <= now:
            for i, s in enumerate(self.seats):
                if (
                    s is not None and s.person and s.member is None and s.away_since is not None
                    and s.away_since + self.options.reconnect_grace <= now
                ):
                    self._give_up(i, returnable=True)
            await self._changed()
            return
        game = self.game
        if game is None or self.state != "playing":
            return
        if self._plus3_due is not None and self._plus3_due <= now and game.plus3 is not None:
            self._plus3_due = None
            for action in [a for a in game.legal_actions() if a.type == "pass"]:
                if game.plus3 is None:
                    break
                await self._apply(action)
            return
        if self._bot_due is not None and self._bot_due <= now:
            self._bot_due = None
            for index in self._acting_seats():
                bot = self._bot_for(index, now)
                if bot is not None:
                    mine = [a for a in game.legal_actions() if a.seat == index]
                    holder = self.seats[index]
                    # A bot for an absent person, or one keeping the seat of a person
                    # who may be handed it back: either way "a bot played for you".
                    stand_in = holder is not None and (
                        holder.bot is None or holder.former_token is not None
                    )
                    await self._apply(bot.choose(view_of(game, index), mine), stand_in=stand_in)
                    return
            self._arm()
            return
        if self._turn_due is not None and self._turn_due <= now:
            self._turn_due = None
            seat = game.turn
            mine = [a for a in game.legal_actions() if a.seat == seat]
            choice = safe_default(mine) or make_bot("basic").choose(view_of(game, seat), mine)
            await self._apply(choice)

    async def run(self) -> None:
        """The table's task: sleep until the next deadline or a change, then tick."""
        while not self._closed:
            self._sleep_until = self.next_deadline()
            with trio.move_on_at(self._sleep_until):
                await self._wake.wait()
            self._wake = trio.Event()
            try:
                await self.tick()
            except Exception:  # a bug here must not take the lobby (and every table) down
                log.exception("table %s: tick failed", self.id)
                self._bot_due = self._plus3_due = self._turn_due = None

    def close(self) -> None:
        self._closed = True
        self._wake.set()

    def invalidate(self) -> None:
        """Forget cached views and info (after the game was replaced from outside)."""
        self._info = None
        self._public = None
        for watch in self.members.values():
            watch.synced = False
