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

    @property
    def person(self) -> bool:
        return self.bot is None

    def info(self) -> SeatInfo:
        if self.bot is not None:
            return SeatInfo(self.name, self.bot_kind, True)
        connected = self.member is not None
        if self.stand_in is not None:
            return SeatInfo(self.name, "basic", connected, stand_in=True)
        return SeatInfo(self.name, None, connected)

    def saved(self) -> dict[str, Any]:
        return {"name": self.name, "token": self.token, "bot": self.bot_kind}


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
            if watch is None:
                return
            if watch.seat is not None:
                seat = self.seats[watch.seat]
                if seat is not None and seat.member is member:
                    self._give_up(watch.seat)
            await self._changed()

    def _give_up(self, index: int) -> None:
        """A person's seat is let go: a bot for good in a game, else a free seat."""
        seat = self.seats[index]
        assert seat is not None
        if self.state == "playing":
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
            if self.state == "playing":
                raise ProtocolError("game_in_progress", "bots leave only between games")
            if not 0 <= seat < len(self.seats):
                raise ProtocolError("bad_seat", f"there is no seat {seat}")
            holder = self.seats[seat]
            if holder is None or holder.bot is None:
                raise ProtocolError("not_a_bot", f"seat {seat} is not held by a bot")
            self.seats[seat] = None
            await self._changed()

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
        # Pack the seats so that engine seat i is table seat i.
        order = [i for i, s in enumerate(self.seats) if s is not None]
        moved = {old: new for new, old in enumerate(order)}
        self.seats = taken + [None] * (len(self.seats) - len(taken))
        if self.host is not None:
            self.host = moved.get(self.host)
        for watch in self.members.values():
            if watch.seat is not None:
                watch.seat = moved.get(watch.seat)
            watch.synced = False
        self.first = moved[first_seat] if first_seat is not None else None
        self.seed = self._seeds.randrange(INT_MAX + 1)  # a replay's seed is on the wire
        opts = _engine_options(self.options)
        self.game = Game.new(len(taken), self.seed, opts, self.first)
        self.actions = []
        if self.store is not None:
            self.game_id = await self.store.new_game(
                self.id, len(taken), self.seed, self.first, self.options.to_dict(),
                [s.name for s in taken],
            )
        self.state = "playing"
        self.log.clear()
        self.game.take_events()
        await self._changed(snapshot_to=list(self.members))

    async def act(self, member: Member, action: GameAction, seq: int | None = None) -> None:
        """Apply a seated member's action; the engine's refusals keep their codes.

        ``seq``, when given, is the last event the client had seen: if the table has
        moved on since, the action was meant for another state and is refused as
        ``stale`` (PROTOCOL.md, the game)."""
        async with self.lock:
            watch = self.members.get(member)
            if watch is None or watch.seat is None:
                raise ProtocolError("not_seated", "only a seated player may act")
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
            await self._apply(engine_action)

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
        log_maps = tuple(_wire_event(e, seat) | {"seq": s} for s, e in self.log)
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

    async def _apply(self, action: EngineAction) -> None:
        """Apply, store, then tell: an action is on disk before anyone hears of it."""
        game = self.game
        assert game is not None
        try:
            game.apply(action)
        except TakiError as exc:
            raise ProtocolError(exc.code, exc.message) from None
        self.actions.append(action)
        finished = game.over
        if finished:
            self.state = "over"
        if self.store is not None and self.game_id is not None:
            with trio.CancelScope(shield=True):  # half-written is not an option
                await self.store.append_action(
                    self.game_id, len(self.actions), action.to_json()
                )
                if finished:
                    await self.store.finish_game(self.game_id, game.winner)
        await self._changed(seats=finished)

    def _broadcast_events(self) -> None:
        """Number the game's new events and send each member what it may see.

        Views differ between members only in ``hand``, so the public view is diffed once
        per action and each seat's patch adds its hand when it changed; events other
        than the last are the same bytes for everyone (bar a drawer's own draw), so
        they are encoded once."""
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
                    message = Event.trusted(seq=seq, event=_wire_event(ev, seat))
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
                    event=_wire_event(last_ev, seat),
                    view=patch,
                    legal=legal.get(seat, ()) if seat is not None else None,
                )
            )
            if patch is None:
                member.send(self.snapshot(member))

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
        self._saved_info = info
        with trio.CancelScope(shield=True):
            await self.store.save_table(
                self.id,
                self.options.to_dict(),
                self.state,
                [s.saved() if s else None for s in self.seats],
                self.host,
                self.game_id,
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
        table.host = saved.host
        table.state = saved.state
        game = saved.game
        if game is not None and saved.state in ("playing", "over"):
            from engine import action_from_json as parse

            actions = [parse(a) for a in game.actions]
            table.game = replay(
                game.players, game.seed, actions, _engine_options(table.options), game.first,
                record=True,
            )
            table.game.take_events()
            table.game_id = game.id
            table.seed = game.seed
            table.first = game.first
            table.actions = actions
            table.state = "over" if table.game.over else "playing"
        table._saved_info = table.info()
        table._arm()
        return table

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
        now = trio.current_time()
        grace = self._grace_due()
        if grace is not None and grace <= now:
            for i, s in enumerate(self.seats):
                if (
                    s is not None and s.person and s.member is None and s.away_since is not None
                    and s.away_since + self.options.reconnect_grace <= now
                ):
                    self._give_up(i)
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
                    await self._apply(bot.choose(view_of(game, index), mine))
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
