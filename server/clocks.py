"""A table's clocks, sans IO: bots' moves, absent players' stand-ins, the +3 window,
the turn timer, the reconnect grace periods and a paused table's store retries.

``Clocks`` reads the table's state (never writes it) and keeps only its own
deadlines. It answers two questions: when the next deadline is (``next_deadline``)
and what is due at a given time (``due(now)``, as commands: ``EndGrace``,
``Plus3Over``, ``BotTurn``, ``TurnOver``, ``RetryStore``). The table carries the
commands out and re-arms the clocks after every change (``arm``, which returns the
``timer`` messages to tell). Times are plain floats (``trio.current_time`` at the
table, so tests drive them with ``trio.testing.MockClock``); nothing here sleeps.

**Everyone away.** While a game runs and every person seated at it is away at once (a
router restart, a server restart), the table waits for them (``waiting_since``): no
bot, stand-in, turn timer or +3 window moves, and no grace period runs out, so nobody
loses a seat because everyone's connection went at once. When one of them is back,
play resumes as if the others had gone that moment: the table gives each seat still
away a fresh grace period and stand-in delay (server/table.py), and the turn timer and
+3 window start afresh. A table everyone stays away from for ``ABANDONED`` seconds is
given up as at the end of a grace period (bots take the seats and finish the game).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine import Action as EngineAction
from engine.bots import Bot
from protocol.messages import Timer

if TYPE_CHECKING:
    from .model import TableModel
    from .seats import Seat


def safe_default(legal: list[EngineAction]) -> EngineAction | None:
    """What the server plays for a seat whose turn timer ran out: close a run, end the
    turn, or draw, in that order; None if none of those is legal."""
    for kind in ("close_taki", "end_turn", "draw"):
        for action in legal:
            if action.type == kind:
                return action
    return None


ABANDONED = 3600.0
"""Seconds a running game waits with every person away before their seats go to bots,
as at the end of a grace period (or the table's ``reconnect_grace`` if longer)."""

def legal_choice(choice: EngineAction, seat: int, legal: list[EngineAction]) -> bool:
    """Whether ``choice`` is one of ``legal`` for ``seat``, as the engine judges it: a
    play may carry the last-card flag, which the legal list never shows."""
    return choice.seat == seat and choice.plain() in legal


def searches(bot: Bot) -> bool:
    """Whether ``bot`` searches (and so thinks away from the event loop): one that
    follows its seat's events (``observe``, engine/strong.py) does."""
    return hasattr(bot, "observe")


@dataclass(frozen=True)
class EndGrace:
    """Reconnect grace periods ran out: their seats go to bots (or are freed)."""


@dataclass(frozen=True)
class Plus3Over:
    """The +3 window ran out: everyone who may still answer it passes."""


@dataclass(frozen=True)
class BotTurn:
    """A bot (or an absent person's stand-in) is due to act."""


@dataclass(frozen=True)
class TurnOver:
    """The seat on turn ran out of time: the server plays its safe default."""


@dataclass(frozen=True)
class RetryStore:
    """A paused table tries its store again."""


Due = EndGrace | Plus3Over | BotTurn | TurnOver | RetryStore


class Clocks:
    """A table's deadlines; see the module docstring. ``table`` is only read."""

    def __init__(self, table: TableModel) -> None:
        self.table = table
        self.bot_due: float | None = None
        self.plus3_due: float | None = None
        self.turn_due: float | None = None
        self.turn_key: tuple[int, int] | None = None
        """The turn the turn timer runs for: (seat, turns), so a seat that plays
        again (a Plus, a Stop) gets a fresh timer."""
        self.turns = 0
        """Turn events seen (``turn_passed``)."""
        self.turn_started: float | None = None
        """When the turn timer of ``turn_key`` started."""
        self.waiting_since: float | None = None
        """Since when every person at the running game has been away (the table waits
        for them, see the module docstring); None: someone is here."""

    def turn_passed(self) -> None:
        self.turns += 1

    def fresh_turn(self) -> None:
        """The turn timer starts again for the seat on turn (after a pause: nobody loses
        a turn to it)."""
        self.turn_key = None

    def stop(self) -> None:
        """Forget every deadline (after a failure: the next change re-arms)."""
        self.bot_due = self.plus3_due = self.turn_due = None

    def hold(self, until: float) -> None:
        """A rebuilt game's turn timer and +3 window run out no sooner than ``until``
        (they ran while the server was down, and the people they are for are away)."""
        if self.turn_due is not None:
            self.turn_due = max(self.turn_due, until)
        if self.plus3_due is not None:
            self.plus3_due = max(self.plus3_due, until)

    def _returning(self) -> float:
        """When the last person still away since a restart has had their time to come
        back (``Seat.stand_in_from``); -inf when nobody is."""
        return max(
            (
                s.stand_in_from
                for s in self.table.seats
                if s is not None and s.member is None and s.stand_in_from is not None
            ),
            default=-math.inf,
        )

    def everyone_away(self) -> bool:
        """A game runs, people sit at it, and every one of them is away now."""
        t = self.table
        if t.game is None or t.state != "playing":
            return False
        people = False  # (asked after every action: one pass, no lists)
        for s in t.seats:
            if s is not None and s.bot is None:  # (a person)
                if s.member is not None:
                    return False
                people = True
        return people

    def _wait(self, now: float) -> list[Timer]:
        """Everyone is away: stop every deadline, and lift the timers everyone was told
        of (turn, +3 window, the grace periods: none runs out while the table waits)."""
        t = self.table
        told: list[Timer] = []
        if self.waiting_since is None:
            self.waiting_since = now
            if self.plus3_due is not None:
                told.append(Timer("plus3", None, None))
            if self.turn_due is not None and t.game is not None:
                told.append(Timer("turn", t.game.turn, None))
            for i, s in enumerate(t.seats):
                if s is not None and s.person and s.away_since is not None:
                    told.append(Timer("reconnect", i, None))
        self.bot_due = self.plus3_due = self.turn_due = None
        self.turn_key = None  # (the turn timer starts in full when play resumes)
        return told

    def acting_seats(self) -> list[int]:
        t = self.table
        game = t.game
        if game is None or t.state != "playing":
            return []
        seats: list[int] = []
        for a in game.legal_actions():
            if a.seat not in seats:
                seats.append(a.seat)
        return seats

    def arm(self, now: float) -> list[Timer]:
        """Set or clear each deadline for the state the table is now in; returns the
        timers that started or stopped (for everyone to be told)."""
        t = self.table
        if self.everyone_away():
            return self._wait(now)
        self.waiting_since = None
        told: list[Timer] = []
        game = t.game
        playing = game is not None and t.state == "playing"
        if playing and game is not None and game.plus3 is not None:
            if self.plus3_due is None:
                # (a window opened while people are still away after a restart waits
                # for them too: its timeout passes for everyone who has not answered)
                self.plus3_due = max(now + t.options.plus3_window, self._returning())
                told.append(Timer("plus3", None, self.plus3_due - now))
        elif self.plus3_due is not None:
            self.plus3_due = None
            told.append(Timer("plus3", None, None))
        limit = t.options.turn_timer
        if playing and game is not None and limit and game.plus3 is None:
            key = (game.turn, self.turns)
            holder = t.seats[game.turn]
            if holder is not None and holder.bot is None:
                if key != self.turn_key:
                    self.turn_key = key
                    self.turn_started = now
                    self.turn_due = now + limit
                    if holder.member is None and holder.stand_in_from is not None:
                        # not back yet since a restart: not timed out before it had
                        # its time to come back (as for stand-ins, PROTOCOL.md 5.4)
                        self.turn_due = max(self.turn_due, holder.stand_in_from)
                    told.append(Timer("turn", game.turn, self.turn_due - now))
            else:
                self.turn_due = None
        else:
            self.turn_due = None
        bot_due = math.inf
        # (``acting_seats`` without its order, which this minimum does not need)
        acting = {a.seat for a in game.legal_actions()} if playing and game is not None else ()
        for index in acting:
            seat = t.seats[index]
            if seat is None:
                continue
            if seat.bot is not None or seat.stand_in is not None:
                bot_due = min(bot_due, now + t.bot_delay)
            elif seat.member is None and seat.away_since is not None:
                bot_due = min(bot_due, self.stand_in_due(index, seat))
        if bot_due == math.inf:
            self.bot_due = None
        elif self.bot_due is None or bot_due < self.bot_due:
            self.bot_due = bot_due
        return told

    def stand_in_due(self, index: int, seat: Seat) -> float:
        """When a stand-in may act for the absent person at ``index``: the stand-in
        delay after they went, but a person who dropped during their own timed turn
        keeps the rest of that turn's time to come back (their reconnect takes seconds;
        the timer was theirs anyway). Later turns get the plain delay, so a long absence
        does not slow the table by a whole turn timer each round."""
        assert seat.away_since is not None
        due = seat.stand_in_at(self.table.stand_in_delay)
        started = self.turn_started
        if (
            self.turn_due is not None and started is not None and self.turn_key is not None
            and self.turn_key[0] == index and seat.away_since > started
        ):
            due = max(due, self.turn_due)
        return due

    def grace_due(self) -> float | None:
        t = self.table
        if self.waiting_since is not None:  # (no grace runs out while everyone is away)
            return self.waiting_since + max(ABANDONED, t.options.reconnect_grace)
        due: float | None = None  # (asked whenever the table's task waits: no list;
        # a seat is asked first whether its person is away: most are not)
        for s in t.seats:
            if s is not None and s.away_since is not None and s.member is None and s.person:
                mine = s.away_since + t.options.reconnect_grace
                if due is None or mine < due:
                    due = mine
        return due

    def next_deadline(self) -> float:
        pause = self.table.pause
        if pause.paused:
            return pause.retry_at or math.inf
        if self.waiting_since is not None:
            return self.grace_due() or math.inf
        first = math.inf  # (asked whenever the table's task waits: no list)
        for due in (self.bot_due, self.plus3_due, self.turn_due, self.grace_due()):
            if due is not None and due < first:
                first = due
        return first

    def running(self, now: float) -> list[Timer]:
        """A ``timer`` for each deadline running now (what a snapshot is followed by)."""
        t = self.table
        timers: list[Timer] = []
        waiting = self.everyone_away()  # (no grace period runs meanwhile)
        for i, s in enumerate(t.seats):
            if waiting:
                break
            if s is not None and s.person and s.member is None and s.away_since is not None:
                left = s.away_since + t.options.reconnect_grace - now
                timers.append(Timer("reconnect", i, max(0.0, left)))
        if self.plus3_due is not None:
            timers.append(Timer("plus3", None, max(0.0, self.plus3_due - now)))
        if self.turn_due is not None and t.game is not None:
            timers.append(Timer("turn", t.game.turn, max(0.0, self.turn_due - now)))
        if t.pause.paused and t.pause.retry_at is not None:
            timers.append(Timer("paused", None, max(0.0, t.pause.retry_at - now)))
        return timers

    def due(self, now: float) -> list[Due]:
        """What is due at ``now``, at most one thing, the most pressing first: a paused
        table's retry (nothing else moves while paused), an ended grace period, a
        timed-out +3 window, a bot's move, a timed-out turn. A deadline handed out is
        cleared; the table re-arms once it has acted."""
        t = self.table
        if t.pause.paused:
            if t.stored and now >= (t.pause.retry_at or 0):
                return [RetryStore()]
            return []
        grace = self.grace_due()
        if grace is not None and grace <= now:
            return [EndGrace()]
        game = t.game
        if game is None or t.state != "playing" or self.waiting_since is not None:
            return []
        if self.plus3_due is not None and self.plus3_due <= now and game.plus3 is not None:
            self.plus3_due = None
            return [Plus3Over()]
        if self.bot_due is not None and self.bot_due <= now:
            self.bot_due = None
            return [BotTurn()]
        if self.turn_due is not None and self.turn_due <= now:
            self.turn_due = None
            return [TurnOver()]
        return []
