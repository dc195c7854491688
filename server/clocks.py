"""A table's clocks and stand-ins: bots' moves, absent players' stand-ins, the +3
window, the turn timer and the reconnect grace periods.

The table's own task (``run``) sleeps until the next deadline or until a command wakes
it, then does what is due (``tick``). Deadlines use ``trio.current_time`` so tests drive
them with ``trio.testing.MockClock``. What is done goes through the table's commands
(``_apply``, ``_changed``, ``_give_up``, ``_retry_store``: server/table.py).
"""

from __future__ import annotations

import logging
import math
import sys
from collections.abc import Awaitable, Callable, Iterable
from typing import Any, TypeVar

import trio

from engine import Action as EngineAction
from engine import view_of
from engine.bots import Bot, make_bot
from protocol.errors import ProtocolError
from protocol.messages import (
    Timer,
)

from .faults import UNAVAILABLE
from .seats import Member
from .state import TableState
from .thinking import SEARCH_LIMIT, SearchTimeout, Thinking

log = logging.getLogger("taki.server")
T = TypeVar("T")


def safe_default(legal: list[EngineAction]) -> EngineAction | None:
    """What the server plays for a seat whose turn timer ran out: close a run, end the
    turn, or draw, in that order; None if none of those is legal."""
    for kind in ("close_taki", "end_turn", "draw"):
        for action in legal:
            if action.type == kind:
                return action
    return None


THINKERS = 1
"""Searching bots thinking at once in threads (a table without ``thinkers``: the
server's own tables think in worker processes, server/thinking.py). A search holds
the GIL, so a second thread mostly takes the interpreter from the event loop."""

SWITCH = 0.0005
"""The interpreter's thread switch interval (seconds) once a bot searches in a
thread: it gives the event loop the GIL back within half a millisecond instead of
Python's default 5 ms."""

_THINKERS: trio.lowlevel.RunVar[trio.CapacityLimiter] = trio.lowlevel.RunVar("thinkers")


def thinkers() -> trio.CapacityLimiter:
    """The server's limiter of searching bots' worker threads (one per trio run); the
    first call also shortens the thread switch interval (``SWITCH``)."""
    try:
        return _THINKERS.get()
    except LookupError:
        limiter = trio.CapacityLimiter(THINKERS)
        _THINKERS.set(limiter)
        sys.setswitchinterval(min(SWITCH, sys.getswitchinterval()))
        return limiter


def _legal(choice: EngineAction, seat: int, legal: list[EngineAction]) -> bool:
    """Whether ``choice`` is one of ``legal`` for ``seat``, as the engine judges it: a
    play may carry the last-card flag, which the legal list never shows."""
    return choice.seat == seat and choice.plain() in legal


def searches(bot: Bot) -> bool:
    """Whether ``bot`` searches (and so thinks away from the event loop): one that
    follows its seat's events (``observe``, engine/strong.py) does."""
    return hasattr(bot, "observe")


class Clocks(TableState):
    """Deadlines and what is done when one passes; see the module docstring."""

    async def _apply(
        self,
        action: EngineAction,
        *,
        stand_in: bool = False,
        timeout: bool = False,
        answer: tuple[str, str, int, dict[str, Any]] | None = None,
    ) -> None:
        raise NotImplementedError  # Table: apply, store, tell

    async def _changed(self, snapshot_to: Iterable[Member] = (), *, seats: bool = True) -> None:
        raise NotImplementedError  # Table: tell, store, re-arm

    def _give_up(self, index: int, *, returnable: bool = False) -> None:
        raise NotImplementedError  # Table: a bot takes the seat, or it is freed

    async def _retry_store(self) -> None:
        raise NotImplementedError  # Table: try the store again while paused

    def _seat_backup(self) -> Callable[[], None]:
        raise NotImplementedError  # Table: an undo for a seat change about to be made

    async def _store_seats(self, undo: Callable[[], None]) -> None:
        raise NotImplementedError  # Table: store a seat change, or undo it and refuse it

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
            if seat.stand_in is None and now >= seat.stand_in_at(self.stand_in_delay):
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
                bot_due = min(bot_due, seat.stand_in_at(self.stand_in_delay))
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

    def next_deadline(self) -> float:
        if self.pause.paused:
            return self.pause.retry_at or math.inf
        dues = [
            d
            for d in (self._bot_due, self._plus3_due, self._turn_due, self._grace_due())
            if d is not None
        ]
        return min(dues) if dues else math.inf

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

    async def tick(self) -> Thinking | None:
        """Do whatever is due now: an ended grace period, a timed-out +3 window, a bot's
        (or stand-in's) move, a timed-out turn. A searching bot's decision is returned
        instead, for ``think`` (``run`` starts it beside the table's clock)."""
        async with self.lock:
            return await self._tick()

    async def think(self, job: Thinking) -> None:
        """A searching bot (``strong``) decides in a worker process (``thinkers``),
        outside the table's lock and off the event loop, so neither this table's
        commands and clocks nor any other table wait for it; its choice is applied only
        if the game is still where it was. A search that fails, or does not answer in
        time, plays ``basic`` (logged). Whatever happens, the table is re-armed at the
        end: a bot's move is never dropped without the clock asking for it again."""
        bot = job.bot
        choice: EngineAction | None = None
        try:
            if self.thinkers is not None:
                choice, bot = await self.thinkers.choose(job.bot, job.view, job.legal)
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
        async with self.lock:
            try:
                await self._unpaused(self._finish_thinking(job, choice, bot))
            finally:
                if self._thinking is job:  # (still: _finish_thinking failed early)
                    self._thinking = None
                    self._held_for_bot = []
                self._rearm()

    async def _finish_thinking(
        self, job: Thinking, choice: EngineAction | None, bot: Bot
    ) -> None:
        """Apply a searching bot's choice if the game is still where it was; ``bot``
        (the one that thought, maybe a worker's copy) takes the seat's bot's place and
        is told what its seat saw meanwhile. Called under the table's lock, so no
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
        if game is None or self.state != "playing" or self.seq != job.seq or self.pause.paused:
            return  # the game moved on meanwhile: the bot is asked again
        if choice is None or not _legal(choice, job.seat, game.legal_actions()):
            if choice is not None:
                log.warning("table %s: seat %d's bot chose %s, not a legal action; it plays"
                            " basic", self.id, job.seat, choice)
            mine = [a for a in game.legal_actions() if a.seat == job.seat]
            if not mine:
                return
            choice = make_bot("basic").choose(view_of(game, job.seat), mine)
        await self._apply(choice, stand_in=job.stand_in)

    def _rearm(self) -> None:
        self._arm()
        if self.next_deadline() < self._sleep_until:
            self._wake.set()

    async def _tick(self) -> Thinking | None:
        if self.pause.paused:
            if self.store is not None and trio.current_time() >= (self.pause.retry_at or 0):
                await self._retry_store()
            return None  # nothing moves while nothing can be stored
        return await self._unpaused(self._tick_due())

    async def _unpaused(self, step: Awaitable[T]) -> T | None:
        try:
            return await step
        except ProtocolError as exc:
            if exc.code != UNAVAILABLE:
                raise  # (a stored-move failure paused the table and was logged once)
            return None

    async def _tick_due(self) -> Thinking | None:
        now = trio.current_time()
        grace = self._grace_due()
        if grace is not None and grace <= now:
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
        if game is None or self.state != "playing":
            return None
        if self._plus3_due is not None and self._plus3_due <= now and game.plus3 is not None:
            self._plus3_due = None
            for action in [a for a in game.legal_actions() if a.type == "pass"]:
                if game.plus3 is None:
                    break
                await self._apply(action)
            return None
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
                    if searches(bot):
                        if self._thinking is not None:
                            return None  # (one search at a time: its end re-arms)
                        job = Thinking(index, bot, view_of(game, index), mine, self.seq,
                                       stand_in)
                        self._thinking = job
                        return job
                    await self._apply(bot.choose(view_of(game, index), mine), stand_in=stand_in)
                    return None
            self._arm()
            return None
        if self._turn_due is not None and self._turn_due <= now:
            self._turn_due = None
            seat = game.turn
            mine = [a for a in game.legal_actions() if a.seat == seat]
            choice = safe_default(mine) or make_bot("basic").choose(view_of(game, seat), mine)
            await self._apply(choice, timeout=True)
        return None

    async def run(self) -> None:
        """The table's task: sleep until the next deadline or a change, then tick; a
        searching bot thinks in a task of its own beside it."""
        async with trio.open_nursery() as thinking:
            while not self._closed:
                self._sleep_until = self.next_deadline()
                with trio.move_on_at(self._sleep_until):
                    await self._wake.wait()
                self._wake = trio.Event()
                try:
                    job = await self.tick()
                except Exception:  # a bug here must not take the lobby (and every table) down
                    log.exception("table %s: tick failed", self.id)
                    self._bot_due = self._plus3_due = self._turn_due = None
                    continue
                if job is not None:
                    thinking.start_soon(self._think_safely, job)
            thinking.cancel_scope.cancel()

    async def _think_safely(self, job: Thinking) -> None:
        try:
            await self.think(job)
        except Exception:  # as for a tick: this table's bug stays this table's
            log.exception("table %s: a bot's move failed", self.id)
            if self._thinking is job:
                self._thinking = None
                self._held_for_bot = []
            self._rearm()

    def close(self) -> None:
        self._closed = True
        self._wake.set()
