"""One table: its one task (the shell) around its pure core (server/model.py).

A table is one trio task (``run``) that alone changes it: every command (a session's
request, a lost connection, a searching bot's answer, what its clocks say is due) is
carried out in that task, one at a time, from its mailbox (server/mailbox.py), so a
table never sees a half-made change, even while an accepted action is being written to
disk: an action is stored *before* it is acknowledged or broadcast.

What the table is, and every change to it, is ``TableModel`` (server/model.py): no
trio, no IO, no awaits; it takes commands with the time they happen (``now``) and
leaves its effects (frames for members, a connection to close, the lobby to tell:
server/effects.py) for this shell to carry out, in order, after each step and before
each wait on the store. This shell does only what waits: the store's writes (worded
by the model, ``Write``; the model's undo when one fails), a searching bot's decision
(in a task beside the table's, its answer coming back as a command), and sleeping
until the next deadline the model's clocks name.

A played card's path, file by file (3 to 8 in the table's own task, where nothing waits
for a session or the lobby; 4 to 8 are each called from this shell, which drives them
in turn, so the path comes back only into the shell and, between steps, the model):

1. server/session.py: the reader reads the ``action`` request and posts it to its
   table (``_post``, ``post_action``), naming its port, not itself, and reads on;
2. server/mailbox.py: the command waits in the table's mailbox (``post``) until the
   table's task takes it (``next``, ``carry_out``);
3. server/table.py: ``_answer_action`` asks the model (``_act``);
4. server/model.py: ``action_of`` (the seat's action, as the engine's, through
   protocol/messages.py), then ``apply`` (the engine plays it), which words the store's
   write (``AppendAction``);
5. server/store.py: the shell awaits the write (``_write``; shielded);
6. server/model.py: ``applied``, then ``changed`` numbers the events and has
7. server/broadcast.py (and server/wire.py) encode each member's frames: one
   ``Frames`` effect;
8. server/outbox.py: the shell carries the effect out (``_carry_out``): each member's
   ``Port.send_encoded`` queues its piece (a connection that cannot keep up is
   dropped by its port);
9. server/table.py queues the answer (the ack) through the member's port after the
   frames and flushes every outbox (server/outbox.py); the session, which did not
   wait, waits for its table only before it answers anything itself (``_settle``).

So the table never calls a session (it holds ports, server/outbox.py) and never calls
the lobby: what the lobby knows of a table is the ``Notice`` the table posts to it
(``LobbyChanged``, server/effects.py) and the lobby takes in in its own time. Sessions
ask the table only by command. Engine values reach the wire through server/wire.py
only.
"""

from __future__ import annotations

import contextlib
import logging
import math
import random
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from contextlib import asynccontextmanager
from functools import partial
from typing import Any, Concatenate, ParamSpec, TypeVar

import outcome
import trio

from engine import Action as EngineAction
from engine import view_of
from engine.bots import Bot, make_bot
from protocol.errors import ProtocolError
from protocol.messages import (
    Ack,
    Action,
    Error,
    GameAction,
    Message,
    Replay,
    TableOptions,
    decode_message,
)

from .clocks import (
    BotTurn,
    Due,
    EndGrace,
    Plus3Over,
    RetryStore,
    TurnOver,
    safe_default,
)
from .effects import AppendAction, Close, Frames, LobbyChanged, Notice, SaveRow, Send, Write
from .faults import PAUSED_TEXT, UNAVAILABLE, StoreUnavailable, kept_for_retries
from .hints import Question, question
from .mailbox import Closed, Mailbox, Postbox
from .model import Ask, TableModel
from .outbox import Outboxes, Port
from .seats import Member, Seat
from .standings import Tally, key_of
from .store import SavedTable, Store
from .thinking import SEARCH_LIMIT, SearchTimeout, Thinkers, thinkers

log = logging.getLogger("taki.server")
T = TypeVar("T")

TICK_RETRY = 1.0
"""Seconds after a deadline's handling failed (a bug, logged) before the table's clocks
are armed again for the state it is in: what was due is tried again, so the table goes
on -- rather than waiting, clocks stopped, for the next command, which at a table whose
turn is a bot's may never come."""

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
        def call(self: Table, /, *args: P.args, **kwargs: P.kwargs) -> Awaitable[T]:
            # (the mailbox's own coroutine is handed back: one coroutine less per request)
            return self._mailbox.call(partial(method, self, *args, **kwargs), if_closed)

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

__all__ = ["RETURN_TIME", "Table"]




class Table:
    """A table of 2-10 seats: its model, and the one task that changes it; see the
    module docstring."""

    def __init__(
        self,
        table_id: str,
        options: TableOptions,
        *,
        bot_delay: float = 0.8,
        stand_in_delay: float = 3.0,
        seed_source: random.Random | None = None,
        store: Store | None = None,
        notices: Postbox[Notice] | None = None,
        thinkers: Thinkers | None = None,
    ) -> None:
        self.id = table_id
        self.options = options
        self.model = TableModel(
            table_id, options, bot_delay=bot_delay, stand_in_delay=stand_in_delay,
            seed_source=seed_source, stored=store is not None,
        )
        self.store = store
        self.thinkers = thinkers
        """Where searching bots think (None: a thread of this process)."""
        self._notices = notices
        """Where the table posts its notices for the lobby (server/lobby.py drains it)."""
        self._closed = False
        self._mailbox = Mailbox(table_id)
        self._nursery: trio.Nursery | None = None
        self.publish_first()

    def publish_first(self) -> None:
        """Post the table's notice as it is now (made, or rebuilt), for the lobby to
        file before anyone was told anything of the table."""
        if self._notices is not None:
            self._notices.post(self.model.notice(first=True))

    # ------------------------------------------------------------------ effects

    def _carry_out(self) -> None:
        """Carry out what the model's last steps asked for, in order (nothing here
        blocks: sends only queue)."""
        effects = self.model.effects
        if not effects:
            return
        self.model.effects = []
        for effect in effects:
            if type(effect) is Frames:  # (an action's: the most frequent)
                for member, data in effect.pieces:
                    member.send_encoded(data)
            elif isinstance(effect, Send):
                effect.member.send(effect.message)
            elif isinstance(effect, Close):
                effect.member.close_soon()
            elif isinstance(effect, LobbyChanged) and self._notices is not None:
                self._notices.post(effect.notice)  # (posted, never waited for)

    # ------------------------------------------------------------------ commands

    @command
    async def join(self, member: Member, seat: int | None = None) -> tuple[int, str]:
        """Seat ``member``; returns its seat and the token that takes it back later."""
        undo = self.model.seat_backup()
        index, token = self.model.join(member, seat)
        await self._store_seats(undo)
        self.model.joined(member, index)
        await self._changed(snapshot_to=[member])
        return index, token

    @command
    async def spectate(self, member: Member) -> None:
        """Watch: the public view and the events, never a hand."""
        self.model.spectate(member)
        await self._changed(snapshot_to=[member])

    @command
    async def reclaim(self, token: str, member: Member) -> int | None:
        """Take back the seat that ``token`` holds; returns the seat or None.

        The snapshot (and what follows) is sent to ``member`` before the caller hears
        the seat: a session that has yet to welcome its client holds them back until
        it has sent the welcome naming that seat, so a welcome never names a seat that
        is then not given. A connection already holding the seat is told it was
        replaced and let go."""
        index = self.model.reclaim(token, member)
        if index is not None:
            await self._changed(snapshot_to=[member])
        return index

    @command_quiet
    async def leave(self, member: Member) -> None:
        """The member goes back to the lobby. A player leaving a running game is replaced
        by a basic bot so the others play on; the host role passes on.

        A leave is never refused, but while the store cannot take the seat's change the
        seat is kept for the person as after a lost connection (a grace period, then a
        bot or a free seat): what a restart from the store would give back."""
        model = self.model
        if not model.has(member):
            model.returning.pop(member, None)
            return
        held = model.gone(member)
        if held is not None:
            await self._let_go(*held)
        await self._changed()

    async def _let_go(self, index: int, seat: Seat) -> None:
        """A person leaves their seat: it is given up once that is stored, else (the
        store is down) kept for them as after a lost connection."""
        model = self.model
        if not model.pause.paused:
            undo = model.seat_backup()
            model.give_up(index)
            try:
                await self._store_seats(undo)
                return
            except ProtocolError:  # (unavailable: undone, and the table paused)
                pass
        model.away(index, seat, trio.current_time())

    @command_quiet
    async def disconnect(self, member: Member) -> None:
        """The member's connection is gone: a seat waits for its token (grace period)."""
        model = self.model
        if not model.has(member):
            model.returning.pop(member, None)
            return
        held = model.gone(member)
        if held is not None:
            model.away(*held, trio.current_time())
        await self._changed()

    @command
    async def add_bot(self, member: Member, kind: str, seat: int | None = None) -> int:
        undo = self.model.seat_backup()
        index = self.model.add_bot(member, kind, seat)
        await self._store_seats(undo)
        await self._changed()
        return index

    @command
    async def remove_bot(self, member: Member, seat: int) -> None:
        """Free a bot's seat between games, or (mid-game) hand a seat a bot kept after
        the grace period back to its person."""
        undo = self.model.seat_backup()
        handing_back = self.model.remove_bot(member, seat, trio.current_time())
        await self._store_seats(undo)
        if handing_back:
            self.model.handed_back(seat)
        await self._changed()

    @command
    async def watch_to_return(self, token: str, member: Member) -> bool:
        """A person whose seat a bot took for good came back with their old token: they
        watch the table until the host hands the seat back. False if no seat here
        remembers that token."""
        if not self.model.watch_to_return(token, member):
            return False
        await self._changed(snapshot_to=[member])
        return True

    @command
    async def start(self, member: Member, first_seat: int | None = None) -> None:
        """Deal a game to the seated players (seats are packed to the front first)."""
        self.model.deal_check(member, first_seat)
        await self._deal(first_seat)

    @command
    async def rematch(self, member: Member) -> None:
        self.model.deal_check(member, None, rematch=True)
        await self._deal(None)

    async def _deal(self, first_seat: int | None) -> None:
        """Stored first, seats and all: a refused deal changes nothing."""
        model = self.model
        plan = model.deal_plan(first_seat)
        game_id = None
        if self.store is not None:
            try:
                game_id = await self._write(model.game_write(plan))
            except StoreUnavailable as exc:
                model.fault(_reason(exc), trio.current_time())
                raise ProtocolError(UNAVAILABLE, PAUSED_TEXT) from None
        model.deal(plan, game_id)
        await self._changed(snapshot_to=list(model.members))

    @command
    async def act(
        self, member: Member, action: GameAction, seq: int | None = None, rid: int | None = None,
        *, flusher: Outboxes | None = None,
    ) -> None:
        """Apply a seated member's action; the engine's refusals keep their codes.

        ``seq``, when given, is the last event the client had seen: if the table has
        moved on since, the action was meant for another state and is refused as
        ``stale`` (PROTOCOL.md, the game). ``flusher``: the caller flushes these
        outboxes as soon as it has its answer, so the action's frames are queued
        without waking their flushing task (one task switch less per action)."""
        await self._act(member, action, seq, rid)
        if flusher is not None:
            flusher.hold()
            try:
                self._carry_out()
            finally:
                flusher.release()

    async def _act(
        self, member: Member, action: GameAction, seq: int | None, rid: int | None
    ) -> None:
        engine_action, token = self.model.action_of(member, action, seq)
        answer = None
        if self.store is not None and rid is not None and token is not None:
            answer = (self.id, token, rid, Ack.trusted(id=rid).to_dict())
        await self._apply(engine_action, answer=answer)

    def post_action(self, port: Port, request: Action, flusher: Outboxes | None) -> bool:
        """Have ``request`` (an ``action`` from ``port``'s connection) carried out and
        answered in the table's task, without waiting for it: the table queues the
        answer after the action's frames and flushes ``flusher`` (every connection's
        frames go at once). The session saves a task switch per action (it would
        otherwise wait for the answer only to queue it); it waits for the table only
        before it answers anything itself, so answers keep their order. False: the
        table's task has ended (the caller asks by ``act`` and gets its refusal)."""
        mailbox = self._mailbox
        if mailbox.closed:
            return False
        mailbox.post(
            partial(self._answer_action, port, request, flusher),
            partial(self._dropped_action, port, request.id),
        )
        return True

    async def _answer_action(self, port: Port, request: Action, flusher: Outboxes | None
                             ) -> None:
        """``post_action``'s step: what ``Session._handle`` does with an action's
        answer (remembered, an error stored with the seat), here in the table's task."""
        rid = request.id
        answer = port.recent.get(rid)  # (a retry sent before the first was answered)
        if answer is None:
            try:
                await self._act(port, request.action, request.seq, rid)
                answer = Ack.bare(rid)
            except ProtocolError as exc:
                answer = Error(exc.code, exc.message[:1000], rid)
            except Exception:
                port.close_soon()  # (a bug: the connection ends, as its session would)
                raise
            if kept_for_retries(answer.code if type(answer) is Error else None):
                port.recent.remember(rid, answer)
                if type(answer) is Error:
                    await self._remember_answer(port, rid, answer)
        if flusher is None:
            self._carry_out()
            port.send(answer)
            return
        flusher.hold()
        try:
            self._carry_out()
            port.send(answer)
        finally:
            flusher.release()
            flusher.flush()

    def _dropped_action(self, port: Port, rid: int) -> None:
        """A posted action the table's task ended before: refused as ``act`` is."""
        error = Error("no_such_table", "this table has closed", rid)
        port.recent.remember(rid, error)
        port.send(error)

    @command_quiet
    async def settled(self) -> None:
        """Nothing: returns once everything posted to the table before is done."""

    @command_quiet
    async def present(self, member: Member) -> bool:
        """Whether ``member`` is at this table (seated or watching); a closed table has
        nobody."""
        return self.model.has(member)

    @command_quiet
    async def finished_game(self) -> Replay | None:
        """The game just finished here as a ``replay`` (None: none is, in memory)."""
        return self.model.replay()

    @command
    async def hint_question(self, member: Member) -> Question:
        """What a hint for ``member``'s seat is worked out from (server/hints.py). A
        seat's first hint of a game is stored with its row, so the game counts as
        hinted in the standings even if the server is killed before it ends."""
        model = self.model
        hinted = len(model.hinted)
        asked = question(model, member)
        if len(model.hinted) > hinted and self.store is not None:
            try:
                await self._write(model.row())
            except StoreUnavailable:  # (the hint still helps; only a restart forgets it)
                log.warning("table %s: a hinted game could not be stored", self.id)
        return asked

    @command
    async def chat(self, member: Member, text: str) -> None:
        self.model.chat(member, text)

    @command
    async def resync(self, member: Member) -> None:
        if self.model.has(member):
            self.model.send_snapshot(member, trio.current_time())

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
        model = self.model
        by = "stand_in" if stand_in else "timeout" if timeout else None
        tally, write = model.apply(action, by, answer)
        if write is not None and self.store is not None:
            try:
                await self._write(write)
            except StoreUnavailable as exc:
                model.undo_last()
                model.fault(_reason(exc), trio.current_time())
                raise ProtocolError(UNAVAILABLE, PAUSED_TEXT) from None
        model.applied(by, tally)
        await self._changed(seats=tally is not None)

    async def _retry_store(self) -> None:
        """While paused: try a write; on success store the table and go on."""
        assert self.store is not None
        now = trio.current_time()
        self._carry_out()
        try:
            with trio.CancelScope(shield=True):
                await self.store.probe()
            await self._write(self.model.row())
        except StoreUnavailable:
            self.model.retry_failed(now)
            return
        self.model.resumed(trio.current_time())

    @command_quiet
    async def remember_answer(self, member: Member, rid: int, answer: Message) -> None:
        """Store the answer to a seated member's request (best effort: an answer that
        cannot be stored is still kept in memory)."""
        await self._remember_answer(member, rid, answer)

    async def _remember_answer(self, member: Member, rid: int, answer: Message) -> None:
        if self.store is None:
            return
        seat = self.model.seat_for(member)
        if seat is None or seat.token is None:
            return
        self._carry_out()
        try:
            with trio.CancelScope(shield=True):
                await self.store.remember_answer(self.id, seat.token, rid, answer.to_dict())
        except StoreUnavailable as exc:
            log.debug("table %s: answer %d not stored: %s", self.id, rid, exc)

    async def _changed(self, snapshot_to: Iterable[Member] = (), *, seats: bool = True) -> None:
        """After any command: tell everyone (``TableModel.changed``), store the table,
        re-arm the clocks."""
        now = trio.current_time()
        self.model.changed(now, snapshot_to, seats=seats)
        if self.store is not None and await self._save():  # (no store: no coroutine made)
            now = trio.current_time()
        self.model.arm(now)  # (its timers told once the step is over)

    async def _store_seats(self, undo: Callable[[], None]) -> None:
        """Store a seat change before anyone is told of it. If the store cannot take
        it, the change is undone, the table pauses and the request is refused
        ``unavailable``: a seat change is never kept in memory only, to be lost if the
        server is killed before the store comes back."""
        if self.store is None:
            return
        try:
            await self._write(self.model.row())
        except StoreUnavailable as exc:
            undo()
            self.model.fault(_reason(exc), trio.current_time())
            raise ProtocolError(UNAVAILABLE, PAUSED_TEXT) from None
        self.model.seat_stored()

    async def _save(self) -> bool:
        """Store the table's row if its seats, state or host changed; whether it
        waited for the store."""
        if self.store is None or not self.model.row_unsaved():
            return False
        info = self.model.info()
        try:
            await self._write(self.model.row())
        except StoreUnavailable as exc:
            # kept in memory; written again once the store is back
            self.model.fault(_reason(exc), trio.current_time())
            return True
        self.model.saved_info = info
        return True

    async def _write(self, write: Write) -> int | None:
        """Have the store take ``write`` (shielded: half-written is not an option),
        once what the model asked to tell before it is on its way; a deal's game
        number. Raises ``StoreUnavailable`` when nothing was written."""
        store = self.store
        assert store is not None
        self._carry_out()
        game_id = None
        with trio.CancelScope(shield=True):
            if isinstance(write, AppendAction):
                await store.append_action(
                    write.game_id, write.n, write.action, seq=write.seq, by=write.by,
                    answer=write.answer, winner=write.winner,
                    standings=(self.id, write.standings) if write.standings is not None
                    else None,
                )
            elif isinstance(write, SaveRow):
                await store.save_table(self.id, self.options.to_dict(), write.state,
                                       write.seats, write.host, write.game_id, write.seq)
            else:
                game_id = await store.new_game(
                    self.id, write.players, write.seed, write.first, self.options.to_dict(),
                    write.names, table=("playing", write.seats, write.host, write.seq),
                )
        return game_id

    @classmethod
    def restore(
        cls, saved: SavedTable, return_time: float = RETURN_TIME, **kwargs: Any
    ) -> Table:
        """Rebuild a stored table: seats from the store, the game by replay.

        Called once the server listens again: every person is away from now, and
        nothing is played for anyone (stand-in, turn timer, +3 window) before they had
        ``return_time`` to come back and the stand-in delay has passed."""
        table = cls(saved.id, TableOptions.from_dict(saved.options), **kwargs)
        model = table.model
        now = trio.current_time()
        hold = now + return_time + model.stand_in_delay
        hinted: set[str] = set()
        for i, entry in enumerate(saved.seats[: len(model.seats)]):
            if entry is None:
                continue
            kind = entry.get("bot")
            if kind:
                model.seats[i] = Seat(str(entry["name"]), bot=make_bot(str(kind)), bot_kind=kind)
            else:
                token = entry.get("token")
                model.seats[i] = Seat(
                    str(entry["name"]), token=token, away_since=now, stand_in_from=hold
                )
            seat = model.seats[i]
            assert seat is not None
            former = entry.get("former")
            seat.former_token = str(former) if former else None
            if entry.get("hinted"):
                hinted.add(key_of(seat)[0])
            for rid, answer in saved.answers.get(str(seat.token), []):
                with contextlib.suppress(ProtocolError):
                    seat.recent.remember(rid, decode_message(answer))
        model.host = saved.host
        model.standings = Tally.from_json(saved.standings)
        model.state = saved.state
        model.seq = saved.seq
        game = saved.game
        if game is not None and saved.state in ("playing", "over"):
            model.replay_saved(game.players, game.seed, game.first, game.actions, game.seqs,
                               game.by)
            model.game_id = game.id
            model.state = "over" if model.game is not None and model.game.over else "playing"
            model.hinted = hinted
        model.info_cache = None  # (made for the empty table's first notice)
        model.saved_info = model.info()
        table.publish_first()
        table._arm()
        model.clocks.hold(hold)
        return table

    # ------------------------------------------------------------------ clocks

    def _arm(self) -> None:
        """Re-arm the clocks for the state the table is now in, telling everyone of a
        timer that starts or stops."""
        self.model.arm(trio.current_time())
        self._carry_out()

    @command
    async def tick(self) -> None:
        """Do whatever is due now (what the table's task does at each deadline)."""
        await self._tick()

    async def _tick(self) -> None:
        """Carry out what the clocks say is due (``Clocks.due``); a searching bot's
        decision starts beside the table's task (``_think``)."""
        for due in self.model.clocks.due(trio.current_time()):
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

    async def _on_due(self, due: Due) -> Ask | None:
        """Carry out what the clocks say is due."""
        model = self.model
        now = trio.current_time()
        if isinstance(due, RetryStore):
            await self._retry_store()
            return None
        if isinstance(due, EndGrace):
            undo = model.seat_backup()
            model.grace_over(now)
            await self._store_seats(undo)  # (if it cannot be: undone, paused, tried later)
            await self._changed()
            return None
        game = model.game
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
        move = model.bot_move(now)
        if isinstance(move, Ask):
            return move
        if isinstance(move, str):  # (BUSY)
            return None  # (one search at a time: its end re-arms)
        if move is not None:
            action, stand_in = move
            await self._apply(action, stand_in=stand_in)
            return None
        self._arm()
        return None

    async def _think(self, job: Ask) -> None:
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

    async def _answered(self, job: Ask, choice: EngineAction | None, bot: Bot) -> None:
        """A searching bot's answer, in the table's task: applied if the game is still
        where it was (``TableModel.finish_thinking``); whatever happens the search is
        over and the clocks re-armed, so the bot is asked again if its move is still
        due."""
        try:
            move = self.model.finish_thinking(job, choice, bot)
            if move is not None:
                await self._unpaused(self._apply(move, stand_in=job.stand_in))
        finally:
            self.model.thinking_over(job)
            self._arm()

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
                rearm_at: float | None = None  # (after a failed tick: ``TICK_RETRY``)
                while not self._closed:
                    deadline = self.model.clocks.next_deadline()
                    if rearm_at is not None:
                        deadline = min(deadline, rearm_at)
                    if deadline != math.inf and deadline <= trio.current_time():
                        if rearm_at is not None and rearm_at <= trio.current_time():
                            rearm_at = None
                            self._arm()  # (what was due is due again, once)
                            continue
                        try:
                            await self._tick()
                        except Exception:  # a bug here must not take every table down
                            log.exception("table %s: tick failed", self.id)
                            self.model.clocks.stop()
                            rearm_at = trio.current_time() + TICK_RETRY
                        self._carry_out()
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
                        self._carry_out()
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

    def close(self, farewell: Message | None = None) -> None:
        """Stop the table's task (once it has carried out what it has begun), telling
        its members ``farewell`` first if given (the server stopping)."""
        if farewell is None:
            self._closed = True
            self._mailbox.post(_nothing)
            return

        async def tell_and_close() -> None:
            self.model.tell(farewell)
            self._closed = True

        self._mailbox.post(tell_and_close)


async def _nothing() -> None:
    """A command that does nothing (wakes the table's task to see it is closed)."""


def _reason(exc: BaseException) -> str:
    """A store failure in words (for the log, once per pause)."""
    return str(exc) or type(exc).__name__
