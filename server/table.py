"""One table: the commands (join, act, start, ...) that change it.

A table is one trio task (``run``) that alone changes it: every command (a session's
request, a lost connection, a searching bot's answer, what its clocks say is due) is
carried out in that task, one at a time, from its mailbox (server/mailbox.py), so a
table never sees a half-made change, even while an accepted action is being written to
disk: an action is stored *before* it is acknowledged or broadcast. After each change
``_changed`` tells everyone, stores the table's row and re-arms the clocks. The table
never calls into a session: it queues frames for its members (``Member.send``) and
answers the command; a session that takes a seat back sends its own welcome.

The table is built of parts, one concern each: ``TableState`` (server/state.py, what
it holds and who is here), ``Broadcaster`` (server/broadcast.py, events, snapshots and
timers as each member may see them), and ``Table`` here, which owns its ``clocks``
(server/clocks.py: deadlines, sans IO; they say what is due, ``Table`` carries it out
in its task ``run``). Engine values reach the wire through server/wire.py only.

Nothing here blocks on a network: members are told things through ``Member.send``,
which only queues (a connection that cannot keep up is dropped by its own session).
"""

from __future__ import annotations

import contextlib
import copy
import logging
import math
import secrets
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from contextlib import asynccontextmanager
from functools import partial
from typing import Any, Concatenate, ParamSpec, TypeVar

import outcome
import trio

from engine import Action as EngineAction
from engine import Game, TakiError, action_from_json, replay, view_of
from engine.bots import Bot, make_bot
from protocol.dedupe import RecentIds
from protocol.errors import ProtocolError
from protocol.limits import INT_MAX
from protocol.messages import (
    Ack,
    ChatLine,
    Error,
    GameAction,
    Message,
    TableOptions,
    TableUpdate,
    Timer,
    decode_message,
)

from .broadcast import Broadcaster
from .clocks import (
    BotTurn,
    Due,
    EndGrace,
    Plus3Over,
    RetryStore,
    TurnOver,
    legal_choice,
    safe_default,
    searches,
    thinkers,
)
from .faults import PAUSED_TEXT, UNAVAILABLE, StoreUnavailable
from .mailbox import Closed, Mailbox
from .seats import Member, Seat, Watch
from .standings import Tally
from .state import engine_options
from .store import SavedTable
from .text import clean_chat, unique_name
from .thinking import SEARCH_LIMIT, SearchTimeout, Thinking

log = logging.getLogger("taki.server")
T = TypeVar("T")

RETURN_TIME = 12.0
"""Seconds a person needs to come back after the server restarts, from the moment it
listens again: their client's longest pause between reconnect attempts (taki-client:
10 s) and 2 s to connect and say hello. No stand-in, turn timer or +3 window acts for
anyone at a rebuilt table before this and the stand-in delay have passed."""

P = ParamSpec("P")


def _refused() -> outcome.Outcome[Any]:
    return outcome.Error(ProtocolError("no_such_table", "this table has closed"))


def _done() -> outcome.Outcome[Any]:
    return outcome.Value(None)


def _commands(
    if_closed: Closed,
) -> Callable[[Callable[Concatenate[Table, P], Awaitable[T]]],
              Callable[Concatenate[Table, P], Awaitable[T]]]:
    def decorate(
        method: Callable[Concatenate[Table, P], Awaitable[T]],
    ) -> Callable[Concatenate[Table, P], Awaitable[T]]:
        async def call(self: Table, /, *args: P.args, **kwargs: P.kwargs) -> T:
            return await self._mailbox.call(partial(method, self, *args, **kwargs), if_closed)

        call.__name__, call.__qualname__ = method.__name__, method.__qualname__
        call.__doc__ = method.__doc__
        return call

    return decorate


command = _commands(_refused)
"""A table command: carried out in the table's task (``run``), its caller waits for
its answer; a closed table refuses it (``no_such_table``)."""
command_quiet = _commands(_done)
"""A table command that a closed table takes as done (leaving, a lost connection,
storing an answer: there is nothing left to change)."""

BOT_NAMES = ("Noa", "Avi", "Tal", "Maya", "Gil", "Yael", "Omer", "Lior", "Roni", "Shira")
"""Bots get people's names (their seats are marked as bots everywhere)."""


class Table(Broadcaster):
    """A table of 2-10 seats; see the module docstring."""

    def __init__(self, table_id: str, options: TableOptions, **kwargs: Any) -> None:
        super().__init__(table_id, options, **kwargs)
        self._mailbox = Mailbox(table_id)
        self._nursery: trio.Nursery | None = None

    @command
    async def join(self, member: Member, seat: int | None = None) -> tuple[int, str]:
        """Seat ``member``; returns its seat and the token that takes it back later."""
        index = self._free_seat(seat)
        self._not_paused()
        name = unique_name(member.name, self._names())
        token = secrets.token_hex(16)
        undo = self._seat_backup()
        self.seats[index] = Seat(name, token=token, member=member)
        if self.host is None or self.seats[self.host] is None:
            self.host = index
        await self._store_seats(undo)
        member.name = name
        self.members[member] = Watch(index)
        await self._changed(snapshot_to=[member])
        return index, token

    @command
    async def spectate(self, member: Member) -> None:
        """Watch: the public view and the events, never a hand."""
        self.members[member] = Watch(None)
        await self._changed(snapshot_to=[member])

    @command
    async def reclaim(self, token: str, member: Member) -> int | None:
        """Take back the seat that ``token`` holds; returns the seat or None.

        The snapshot (and what follows) is sent to ``member`` before the caller hears
        the seat: a session that has yet to welcome its client holds them back until
        it has sent the welcome naming that seat, so a welcome never names a seat that
        is then not given. A connection already holding the seat is told it was
        replaced and let go."""
        index = self.seat_of_token(token)
        if index is None:
            return None
        seat = self.seats[index]
        assert seat is not None
        member.name = seat.name  # the welcome gives the name the seat is shown under
        old = seat.member
        if old is not None and old is not member:
            self.members.pop(old, None)
            old.send(Error("replaced", "this seat was taken back by another connection"))
            old.close_soon()
        if seat.away_since is not None and self.clocks.waiting_since is None:
            # Lift the grace period that ``disconnect`` announced (or that a snapshot's
            # timers showed); a take-over of a connected seat started none, and a table
            # waiting for everyone lifted them all already (Clocks._wait): no lift.
            self._tell(Timer("reconnect", index, None))
        seat.member = member
        seat.away_since = None
        seat.stand_in = None
        seat.stand_in_from = None  # (gone again later: the usual delay)
        self.members[member] = Watch(index)
        await self._changed(snapshot_to=[member])
        return index

    @command_quiet
    async def leave(self, member: Member) -> None:
        """The member goes back to the lobby. A player leaving a running game is replaced
        by a basic bot so the others play on; the host role passes on.

        A leave is never refused, but while the store cannot take the seat's change the
        seat is kept for the person as after a lost connection (a grace period, then a
        bot or a free seat): what a restart from the store would give back."""
        watch = self.members.pop(member, None)
        self._returning.pop(member, None)
        if watch is None:
            return
        if watch.seat is not None:
            seat = self.seats[watch.seat]
            if seat is not None and seat.member is member:
                await self._let_go(watch.seat, seat)
        await self._changed()

    async def _let_go(self, index: int, seat: Seat) -> None:
        """A person leaves their seat: it is given up once that is stored, else (the
        store is down) kept for them as after a lost connection."""
        if not self.pause.paused:
            undo = self._seat_backup()
            self._give_up(index)
            try:
                await self._store_seats(undo)
                return
            except ProtocolError:  # (unavailable: undone, and the table paused)
                pass
        self._away(index, seat)

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
            seat.stand_in_from = None
            seat.bot_kind = "basic"  # the name stays: everyone sees who the bot replaced
            seat.bot = make_bot("basic")
        else:
            self.seats[index] = None
        if self.host == index:
            self.host = self._next_host()

    @command_quiet
    async def disconnect(self, member: Member) -> None:
        """The member's connection is gone: a seat waits for its token (grace period)."""
        watch = self.members.pop(member, None)
        self._returning.pop(member, None)
        if watch is None:
            return
        if watch.seat is not None:
            seat = self.seats[watch.seat]
            if seat is not None and seat.member is member:
                self._away(watch.seat, seat)
        await self._changed()

    def _away(self, index: int, seat: Seat) -> None:
        """The seat's person is gone for now: it waits for their token (grace period)."""
        seat.member = None
        seat.away_since = trio.current_time()
        self._tell(Timer("reconnect", index, self.options.reconnect_grace))
        if self.host == index:
            self.host = self._next_host()

    @command
    async def add_bot(self, member: Member, kind: str, seat: int | None = None) -> int:
        self._need_host(member)
        index = self._free_seat(seat)
        self._not_paused()
        taken = {n.casefold() for n in self._names()}
        free = [n for n in BOT_NAMES if n.casefold() not in taken]
        name = free[0] if free else unique_name(BOT_NAMES[0], self._names())
        bot = make_bot(kind, self._seeds.randrange(2**31))
        undo = self._seat_backup()
        self.seats[index] = Seat(name, bot=bot, bot_kind=kind)
        await self._store_seats(undo)
        await self._changed()
        return index

    @command
    async def remove_bot(self, member: Member, seat: int) -> None:
        self._need_host(member)
        if not 0 <= seat < len(self.seats):
            raise ProtocolError("bad_seat", f"there is no seat {seat}")
        holder = self.seats[seat]
        undo = self._seat_backup()
        if self.state == "playing":
            if holder is not None and holder.bot is not None and holder.former_token:
                self._not_paused()
                self._hand_back(seat, holder)
                await self._store_seats(undo)
                self._handed_back(seat, holder)
                await self._changed()
                return
            raise ProtocolError("game_in_progress", "bots leave only between games")
        if holder is None or holder.bot is None:
            raise ProtocolError("not_a_bot", f"seat {seat} is not held by a bot")
        self._not_paused()
        self.seats[seat] = None
        await self._store_seats(undo)
        await self._changed()

    def _hand_back(self, index: int, seat: Seat) -> None:
        """The bot that kept a seat after the grace period leaves; the person who held
        it sits again with the hand as it is (``_handed_back`` once that is stored)."""
        self._info = None
        seat.bot = None
        seat.bot_kind = None
        seat.token, seat.former_token = seat.former_token, None
        seat.recent = RecentIds()
        seat.stand_in = None
        seat.away_since = trio.current_time()

    def _handed_back(self, index: int, seat: Seat) -> None:
        """A seat handed back (and stored) is taken at once by its person if they are
        watching, else on their return with their token (a fresh grace period, a
        stand-in meanwhile)."""
        log.info("table %s: seat %d handed back to %s", self.id, index, seat.name)
        back = next((m for m, t in self._returning.items() if t == seat.token), None)
        if back is not None:
            del self._returning[back]
            seat.member = back
            seat.away_since = None
            self.members[back] = Watch(index)
            back.send(self.snapshot(back))
        else:
            self._tell(Timer("reconnect", index, self.options.reconnect_grace))

    @command
    async def watch_to_return(self, token: str, member: Member) -> bool:
        """A person whose seat a bot took for good came back with their old token: they
        watch the table until the host hands the seat back. False if no seat here
        remembers that token."""
        if self.seat_of_former(token) is None:
            return False
        self.members[member] = Watch(None)
        self._returning[member] = token
        await self._changed(snapshot_to=[member])
        return True

    @command
    async def start(self, member: Member, first_seat: int | None = None) -> None:
        """Deal a game to the seated players (seats are packed to the front first)."""
        self._need_host(member)
        if self.state == "playing":
            raise ProtocolError("game_in_progress", "a game is already being played")
        await self._deal(first_seat)

    @command
    async def rematch(self, member: Member) -> None:
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
        host = moved.get(self.host) if self.host is not None else None
        if self.store is not None:  # stored first, seats and all: a refused deal changes nothing
            packed = [s.saved() for s in taken] + [None] * (len(self.seats) - len(taken))
            try:
                with trio.CancelScope(shield=True):
                    game_id = await self.store.new_game(
                        self.id, len(taken), seed, first, self.options.to_dict(),
                        [s.name for s in taken], table=("playing", packed, host, self.seq),
                    )
            except StoreUnavailable as exc:
                self._fault(exc)
                raise ProtocolError(UNAVAILABLE, PAUSED_TEXT) from None
        self.seats = taken + [None] * (len(self.seats) - len(taken))
        for seat in taken:  # a searching bot's memory is of one game: a fresh one
            if seat.bot is not None and searches(seat.bot) and seat.bot_kind is not None:
                seat.bot = make_bot(seat.bot_kind, self._seeds.randrange(2**31))
        self.host = host
        for watch in self.members.values():
            if watch.seat is not None:
                watch.seat = moved.get(watch.seat)
            watch.synced = False
        self.first = first
        self.seed = seed
        opts = engine_options(self.options)
        self.game = Game.new(len(taken), self.seed, opts, self.first)
        self.actions = []
        self.stand_in_moves = set()
        self.timeout_moves = set()
        self.game_id = game_id
        self.state = "playing"
        self.log.clear()
        self.game.take_events()
        self._info = None
        self._saved_info = self.info()  # (stored with the game)
        await self._changed(snapshot_to=list(self.members))

    @command
    async def act(
        self, member: Member, action: GameAction, seq: int | None = None, rid: int | None = None
    ) -> None:
        """Apply a seated member's action; the engine's refusals keep their codes.

        ``seq``, when given, is the last event the client had seen: if the table has
        moved on since, the action was meant for another state and is refused as
        ``stale`` (PROTOCOL.md, the game)."""
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
        if (
            self.store is not None and rid is not None
            and holder is not None and holder.token is not None
        ):
            answer = (self.id, holder.token, rid, Ack.trusted(id=rid).to_dict())
        await self._apply(engine_action, answer=answer)

    @command
    async def chat(self, member: Member, text: str) -> None:
        watch = self.members.get(member)
        if watch is None:
            raise ProtocolError("not_at_table", "join or watch a table to chat")
        line = clean_chat(text)
        if not line:
            raise ProtocolError("bad_message", "text: nothing printable to say")
        self._tell(ChatLine(member.name, line, watch.seat, watch.seat is None))

    @command
    async def resync(self, member: Member) -> None:
        if member in self.members:
            self._send_snapshot(member)

    async def _apply(
        self,
        action: EngineAction,
        *,
        stand_in: bool = False,
        timeout: bool = False,
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
        by = "stand_in" if stand_in else "timeout" if timeout else None
        self._held_by = (action.seat, by) if by is not None else None
        finished = game.over
        tally = self.standings.after(game, self.seats, self.options.stairs) if finished else None
        if self.store is not None and self.game_id is not None:
            try:
                with trio.CancelScope(shield=True):  # half-written is not an option
                    await self.store.append_action(
                        self.game_id, len(self.actions), action.to_json(),
                        seq=self.seq + len(self._held), by=by,
                        answer=answer, winner=(game.winner,) if finished else None,
                        standings=(self.id, tally.to_json()) if tally is not None else None,
                    )
            except StoreUnavailable as exc:
                self._undo_last()
                self._fault(exc)
                raise ProtocolError(UNAVAILABLE, PAUSED_TEXT) from None
        if stand_in:
            self.stand_in_moves.add(len(self.actions) - 1)
        elif timeout:
            self.timeout_moves.add(len(self.actions) - 1)
        if tally is not None:
            self.standings = tally
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
            engine_options(self.options), self.first, record=True,
        )
        game.take_events()
        return game

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
        self.clocks.fresh_turn()  # a fresh turn timer: nobody loses a turn to the pause
        self._tell(Timer("paused", None, None))
        self._arm()

    @command_quiet
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

    async def _changed(self, snapshot_to: Iterable[Member] = (), *, seats: bool = True) -> None:
        """After any command: tell everyone, store the table, re-arm the clocks.

        ``seats`` False: only the game moved, so the table's info (seats, host, state,
        spectators) need not be rebuilt."""
        if seats:
            self._info = None
        targets = list(snapshot_to)
        self._back_from_everyone_away(targets)
        self._broadcast_events()
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

    def _back_from_everyone_away(self, targets: list[Member]) -> None:
        """The table waited with everyone away (Clocks.waiting_since) and someone is
        back: the seats still away start afresh, as if their people went now (a full
        grace period, announced again, and the stand-in delay before a stand-in plays).
        ``targets`` get a snapshot, whose timers say it instead."""
        if self.clocks.waiting_since is None or self.clocks.everyone_away():
            return
        now = trio.current_time()
        for i, seat in enumerate(self.seats):
            if seat is None or not seat.person or seat.member is not None:
                continue
            if seat.away_since is None:
                continue
            seat.away_since = now
            if seat.stand_in is not None:
                seat.stand_in = None
                self._info = None
            timer = Timer("reconnect", i, self.options.reconnect_grace)
            for member in list(self.members):
                if member not in targets:
                    member.send(timer)
        log.info("table %s: play resumes (it waited with everyone away)", self.id)

    def _seat_backup(self) -> Callable[[], None]:
        """An undo for a seat change about to be made (the seats and the host, as the
        store has them), for ``_store_seats``."""
        seats = list(self.seats)
        copies = [copy.copy(s) if s is not None else None for s in seats]
        host = self.host

        def undo() -> None:
            for seat, before in zip(seats, copies, strict=True):
                if seat is not None and before is not None:
                    vars(seat).update(vars(before))
            self.seats = seats
            self.host = host
            self._info = None

        return undo

    async def _store_seats(self, undo: Callable[[], None]) -> None:
        """Store a seat change before anyone is told of it. If the store cannot take
        it, the change is undone, the table pauses and the request is refused
        ``unavailable``: a seat change is never kept in memory only, to be lost if the
        server is killed before the store comes back."""
        if self.store is None:
            return
        try:
            with trio.CancelScope(shield=True):
                await self._write_row()
        except StoreUnavailable as exc:
            undo()
            self._fault(exc)
            raise ProtocolError(UNAVAILABLE, PAUSED_TEXT) from None
        self._info = None
        self._saved_info = self.info()

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

    @classmethod
    def restore(
        cls, saved: SavedTable, return_time: float = RETURN_TIME, **kwargs: Any
    ) -> Table:
        """Rebuild a stored table: seats from the store, the game by replay.

        Called once the server listens again: every person is away from now, and
        nothing is played for anyone (stand-in, turn timer, +3 window) before they had
        ``return_time`` to come back and the stand-in delay has passed."""
        table = cls(saved.id, TableOptions.from_dict(saved.options), **kwargs)
        now = trio.current_time()
        hold = now + return_time + table.stand_in_delay
        for i, entry in enumerate(saved.seats[: len(table.seats)]):
            if entry is None:
                continue
            kind = entry.get("bot")
            if kind:
                table.seats[i] = Seat(str(entry["name"]), bot=make_bot(str(kind)), bot_kind=kind)
            else:
                token = entry.get("token")
                table.seats[i] = Seat(
                    str(entry["name"]), token=token, away_since=now, stand_in_from=hold
                )
            seat = table.seats[i]
            assert seat is not None
            former = entry.get("former")
            seat.former_token = str(former) if former else None
            for rid, answer in saved.answers.get(str(seat.token), []):
                with contextlib.suppress(ProtocolError):
                    seat.recent.remember(rid, decode_message(answer))
        table.host = saved.host
        table.standings = Tally.from_json(saved.standings)
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
        table.clocks.hold(hold)
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
        self.game = game = Game.new(players, seed, engine_options(self.options), first,
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
            mark = by[i] if i < len(by) and by[i] in ("stand_in", "timeout") else None
            if mark == "stand_in":
                self.stand_in_moves.add(i)
            elif mark == "timeout":
                self.timeout_moves.add(i)
            held_by = (action.seat, mark) if mark is not None else None
            for k, ev in enumerate(events):
                self._log_event(last - len(events) + 1 + k, ev, held_by)
            count = last
        self.seq = max(self.seq, count)

    def invalidate(self) -> None:
        """Forget cached views and info (after the game was replaced from outside)."""
        self._info = None
        self._public = None
        for watch in self.members.values():
            watch.synced = False

    # ------------------------------------------------------------------ clocks

    def _arm(self) -> None:
        """Re-arm the clocks for the state the table is now in, telling everyone of a
        timer that starts or stops."""
        for timer in self.clocks.arm(trio.current_time()):
            self._tell(timer)

    def next_deadline(self) -> float:
        return self.clocks.next_deadline()

    @command
    async def tick(self) -> None:
        """Do whatever is due now (what the table's task does at each deadline)."""
        await self._tick()

    async def _tick(self) -> None:
        """Carry out what the clocks say is due (``Clocks.due``); a searching bot's
        decision starts beside the table's task (``_think``)."""
        for due in self.clocks.due(trio.current_time()):
            job = await self._unpaused(self._on_due(due))
            if job is not None:
                assert self._nursery is not None
                self._nursery.start_soon(self._think, job)

    async def _unpaused(self, step: Awaitable[T]) -> T | None:
        try:
            return await step
        except ProtocolError as exc:
            if exc.code != UNAVAILABLE:
                raise  # (a stored-move failure paused the table and was logged once)
            return None

    async def _on_due(self, due: Due) -> Thinking | None:
        """Carry out what the clocks say is due."""
        now = trio.current_time()
        if isinstance(due, RetryStore):
            await self._retry_store()
            return None
        if isinstance(due, EndGrace):
            undo = self._seat_backup()
            for i, s in enumerate(self.seats):
                if (
                    s is not None and s.person and s.member is None and s.away_since is not None
                    and s.away_since + self.options.reconnect_grace <= now
                ):
                    self._give_up(i, returnable=True)
            await self._store_seats(undo)  # (if it cannot be: undone, paused, tried later)
            await self._changed()
            return None
        game = self.game
        assert game is not None
        if isinstance(due, Plus3Over):
            for action in [a for a in game.legal_actions() if a.type == "pass"]:
                if game.plus3 is None:
                    break
                await self._apply(action, timeout=True)  # marked: not the seat's choice
            return None
        if isinstance(due, TurnOver):
            seat = game.turn
            mine = [a for a in game.legal_actions() if a.seat == seat]
            choice = safe_default(mine) or make_bot("basic").choose(view_of(game, seat), mine)
            await self._apply(choice, timeout=True)
            return None
        assert isinstance(due, BotTurn)
        for index in self.clocks.acting_seats():
            bot = self._bot_for(index, now)
            if bot is None:
                continue
            mine = [a for a in game.legal_actions() if a.seat == index]
            holder = self.seats[index]
            # A bot for an absent person, or one keeping the seat of a person who may
            # be handed it back: either way "a bot played for you".
            stand_in = holder is not None and (
                holder.bot is None or holder.former_token is not None
            )
            if searches(bot):
                if self._thinking is not None:
                    return None  # (one search at a time: its end re-arms)
                job = Thinking(index, bot, view_of(game, index), mine, self.seq, stand_in)
                self._thinking = job
                return job
            await self._apply(bot.choose(view_of(game, index), mine), stand_in=stand_in)
            return None
        self._arm()
        return None

    def _bot_for(self, index: int, now: float) -> Bot | None:
        """The bot that acts for ``index`` now: a bot seat's own, or an absent person's
        stand-in once the stand-in delay has passed."""
        seat = self.seats[index]
        if seat is None:
            return None
        if seat.bot is not None:
            return seat.bot
        if seat.member is None and seat.away_since is not None:
            if seat.stand_in is None and now >= seat.stand_in_at(self.stand_in_delay):
                seat.stand_in = make_bot("basic")
                self._info = None  # everyone is shown the stand-in
            return seat.stand_in
        return None

    async def _think(self, job: Thinking) -> None:
        """A searching bot (``strong``) decides in a worker process (``thinkers``),
        in a task beside the table's and off the event loop, so neither this table's
        commands and clocks nor any other table wait for it. Its answer comes back as
        a command (``_answered``), however the search ended: a search that fails, or
        does not answer in time, plays ``basic`` (logged)."""
        bot = job.bot
        choice: EngineAction | None = None
        try:
            if self.thinkers is not None:
                choice, bot = await self.thinkers.choose(job.bot, job.view, job.legal, self.id)
            else:  # (a table on its own, e.g. in a test: a thread of this process)
                with trio.fail_after(SEARCH_LIMIT):
                    choice = await trio.to_thread.run_sync(
                        job.bot.choose, job.view, job.legal,
                        limiter=thinkers(), abandon_on_cancel=True,
                    )
        except Exception as exc:  # (trio.TooSlowError and SearchTimeout among them)
            stuck = isinstance(exc, SearchTimeout | trio.TooSlowError)
            log.warning("table %s: seat %d's search %s; it plays basic", self.id, job.seat,
                        "did not answer in time" if stuck else f"failed ({exc!r})",
                        exc_info=not stuck)
            bot = job.bot
        self._mailbox.post(partial(self._answered, job, choice, bot))

    async def _answered(self, job: Thinking, choice: EngineAction | None, bot: Bot) -> None:
        """A searching bot's answer, in the table's task: applied if the game is still
        where it was; whatever happens the search is over and the clocks re-armed, so
        the bot is asked again if its move is still due."""
        try:
            await self._unpaused(self._finish_thinking(job, choice, bot))
        finally:
            if self._thinking is job:  # (still: _finish_thinking failed early)
                self._thinking = None
                self._held_for_bot = []
            self._arm()

    async def _finish_thinking(
        self, job: Thinking, choice: EngineAction | None, bot: Bot
    ) -> None:
        """Apply a searching bot's choice if the game is still where it was; ``bot``
        (the one that thought, maybe a worker's copy) takes the seat's bot's place and
        is told what its seat saw meanwhile. Carried out in the table's task, so no
        event falls between the search's end and the bot's swap. A choice the game
        refuses is logged and ``basic``'s is played instead: asking again would only
        get the same answer (the bot's state does not change while the game waits)."""
        held = self._held_for_bot if self._thinking is job else []
        if self._thinking is job:
            self._thinking = None
            self._held_for_bot = []
        holder = self.seats[job.seat]
        if holder is None or holder.bot is not job.bot:
            return  # the seat changed hands meanwhile (``think`` re-arms)
        holder.bot = bot
        observe = getattr(bot, "observe", None)
        if observe is not None and held:
            observe(held)
        game = self.game
        if (game is None or self.state != "playing" or self.seq != job.seq
                or self.pause.paused or self.clocks.waiting_since is not None):
            return  # the game moved on meanwhile (or waits for everyone): asked again
        if choice is None or not legal_choice(choice, job.seat, game.legal_actions()):
            if choice is not None:
                log.warning("table %s: seat %d's bot chose %s, not a legal action; it plays"
                            " basic", self.id, job.seat, choice)
            mine = [a for a in game.legal_actions() if a.seat == job.seat]
            if not mine:
                return
            choice = make_bot("basic").choose(view_of(game, job.seat), mine)
        await self._apply(choice, stand_in=job.stand_in)

    async def run(self, *, task_status: trio.TaskStatus[None] = trio.TASK_STATUS_IGNORED
                  ) -> None:
        """The table's one task: it alone changes the table. It carries out what is
        due (``Clocks.due``) and the commands in its mailbox, in order, and between
        them waits for whichever comes first, the next command or the next deadline;
        the deadline is asked of the clocks afresh each time, after whatever changed
        the table, so no change can leave the table asleep past a deadline it made.
        Searching bots think in tasks of their own beside it (``_think``)."""
        mailbox = self._mailbox
        try:
            async with trio.open_nursery() as nursery:
                self._nursery = nursery
                task_status.started()
                while not self._closed:
                    deadline = self.clocks.next_deadline()
                    if deadline <= trio.current_time():
                        try:
                            await self._tick()
                        except Exception:  # a bug here must not take every table down
                            log.exception("table %s: tick failed", self.id)
                            self.clocks.stop()
                        continue
                    call = mailbox.next_nowait()
                    if call is None:
                        if deadline == math.inf:  # (no deadline: no cancel scope to pay for)
                            call = await mailbox.next()
                        else:
                            with trio.move_on_at(deadline):
                                call = await mailbox.next()
                    if call is not None:
                        await mailbox.carry_out(call)
                nursery.cancel_scope.cancel()
        finally:
            self._closed = True
            mailbox.close()

    @asynccontextmanager
    async def held(self) -> AsyncIterator[None]:
        """Hold the table's task while the block runs: nothing else is carried out
        meanwhile (a test changes the table from outside, or plays a slow store)."""
        entered, done = trio.Event(), trio.Event()

        async def hold() -> None:
            entered.set()
            await done.wait()

        self._mailbox.post(hold)
        await entered.wait()
        try:
            yield
        finally:
            done.set()

    def post(self, step: Callable[[], Awaitable[None]]) -> None:
        """Have ``step`` carried out in the table's task (without waiting for it)."""
        self._mailbox.post(step)

    def close(self) -> None:
        """Stop the table's task (once it has carried out what it has begun)."""
        self._closed = True
        self._mailbox.post(_nothing)


async def _nothing() -> None:
    """A command that does nothing (wakes the table's task to see it is closed)."""
