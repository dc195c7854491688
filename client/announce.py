"""Announcements: what the events imply but do not say, for the log and the banner.

The server sends what the engine recorded. Some things a player must be told are only
implied by it, and this module works them out from the events in order:

- a *last card* said with a play (bots always do it this way) leaves no event of its
  own: a turn that ends with one card in hand and no penalty draw was declared;
- who has said last card and still holds that one card (the ``LAST CARD!`` marker): the
  view's ``declared`` lasts only for the turn it was said in, and a bot that says it
  with its play leaves no event; a declaration with more cards than one marks nothing;
- a turn timer that ran out reads like a choice ("B drew 1"): the server marks the
  events the timeout made with ``"timeout": true`` (PROTOCOL.md section 9.7; left out
  when false), and that mark decides. A marked pass is the +3 window running out, told
  by its own line and nothing else (the draws after it end no turn). Until a mark has
  been seen (a server that may not send it), an end of turn (draw, close, end) by the
  seat whose turn timer is already due is taken for the timeout's;

(A stand-in's moves are marked by the server itself: ``words.describe`` words them.)
It also says which lines deserve the banner (the short notice above the log). Pure but
for the clock it is given (for the timer), so it is tested without a server.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from engine.events import DrawReason
from engine.events import EventKind as K
from engine.views import View
from protocol.codec import TableEvent

from .i18n import _

TIMER_SLACK = 1.0
"""Seconds a due timer may look early by (the clock and the server's drift apart)."""

_TIMEOUT_ENDS: frozenset[str] = frozenset({K.DREW, K.CLOSED, K.LEFT_OPEN, K.DECLINED})
_BANNER_KINDS: frozenset[str] = frozenset(
    {K.DECLARED, K.BROKE, K.CANCELLED, K.RESHUFFLED, K.REVERSED, K.CLIMBED, K.FINISHED}
)


def timeout_words(who: str, mine: bool) -> str:
    """A turn timer ran out (for ``who``; ``mine``: for this client's seat)."""
    return (_("Time ran out: your turn ends") if mine else
            _("Time ran out for {who}")).format(who=who)


@dataclass
class Said:
    """What to add around an event's own log line."""

    before: list[str] = field(default_factory=list)
    after: list[str] = field(default_factory=list)
    banner: str | None = None
    """The line (this event's own, or one of the above) to show in the banner."""


@dataclass
class Announcer:
    """Follows one table's events; see the module docstring."""

    clock: Callable[[], float] = time.monotonic
    turn: int | None = None
    """Whose turn is going on (as of the last event or snapshot)."""
    declared: bool = False
    """The seat on turn declared last card with an event of its own this turn."""
    penalised: bool = False
    """The seat on turn drew the last-card penalty this turn."""
    turn_due: tuple[int | None, float] | None = None
    """The running turn timer: (seat, deadline on ``clock``)."""
    timeout_told: bool = False
    """This turn's timeout was announced (the server marks each event it made)."""
    marking: bool = False
    """The server was seen to send the mark: no more inferring from the clock."""
    climbed: bool = False
    """The seat on turn climbed a stage this turn (stairs: its new hand may be one card,
    drawn, not declared)."""
    said: set[int] = field(default_factory=set)
    """Seats that said last card and have not drawn or played since."""

    @staticmethod
    def _name(names: Sequence[str], seat: int) -> str:
        return names[seat] if 0 <= seat < len(names) else "?"

    def restart(self, view: View | None) -> None:
        """After a snapshot: follow from its position."""
        self.turn = view.turn if view else None
        self.declared = self.penalised = self.timeout_told = self.climbed = False
        # A snapshot: whoever holds one card said last card (or drew the penalty).
        players = view.players if view else ()
        self.said = {i for i, p in enumerate(players) if p.cards == 1}

    def said_last_card(self, seat: int, view: View | None) -> bool:
        """Whether ``seat`` shows the LAST CARD! marker: it holds one card and said so
        (this turn, by key, or on a turn that ended with that one card), while the game
        runs."""
        if view is None or view.over:  # (the hands are shown then: nothing is pending)
            return False
        players = view.players
        if not 0 <= seat < len(players) or players[seat].cards != 1:
            return False
        return seat in self.said or players[seat].declared

    def on_timer(self, kind: str, seat: int | None, seconds: float | None) -> None:
        if kind != "turn":
            return
        self.turn_due = None if seconds is None else (seat, self.clock() + seconds)

    def event(
        self,
        told: TableEvent,
        view: View | None,
        names: Sequence[str],
        me: int | None,
        line: str | None,
    ) -> Said:
        """What to say about ``told`` (whose own words are ``line``), in order."""
        said = Said()
        event = told.event
        kind = event.kind
        seat = event.seat
        who = self._name(names, seat)
        mine = seat == me
        if kind == K.TURN:
            self._turn_ended(view, names, me, said)
            self.turn = seat if seat >= 0 else None
            self.declared = self.penalised = self.timeout_told = self.climbed = False
            return said
        if kind == K.DECLARED and seat == self.turn:
            self.declared = True
        if kind in (K.DREW, K.PLAYED):
            self.said.discard(seat)
        if kind == K.CLIMBED and seat == self.turn:
            self.climbed = True
        if kind == K.DREW and event.reason == DrawReason.PENALTY:
            self.penalised = True
            said.banner = (
                _("You did not say last card: you draw {n}")
                if mine
                else _("{who} did not say last card: draws {n}")
            ).format(who=who, n=event.amount or 4)
        if kind == K.PASSED and told.timeout:
            # The +3 window ran out: the pass's own line says so (words.describe), and
            # it is the one thing told of it; an older server marks the draws that close
            # the window too, which are not a turn running out (that seat's turn starts).
            self.marking = True
            self.timeout_told = True
            said.banner = line
        if not self.timeout_told and self._by_timeout(told, kind, seat):
            # Told once, before the first of the events the timeout made.
            said.before.append(timeout_words(who, mine))
            said.banner = said.before[-1]
            self.turn_due = None
            self.timeout_told = True
        # (A +3 and the passes take no banner: the table's title tells the window, with
        # this seat's keys, for as long as it is open and not a frame longer; a banner
        # kept its own 6 s and stayed in the title after the window had closed.)
        if kind in _BANNER_KINDS and said.banner is None:
            said.banner = line
        return said

    def _by_timeout(self, told: TableEvent, kind: str, seat: int) -> bool:
        """Whether the turn timer made this event: the server's mark when the event
        carries the field, else inferred from the due timer (an older server)."""
        if told.timeout is not None:
            self.marking = True
            # A pass the closing +3 window made says so in its own line (words.describe).
            return told.timeout and kind != K.PASSED
        if self.marking:  # this server marks (and leaves the field out when false)
            return False
        return kind in _TIMEOUT_ENDS and seat == self.turn and self._timed_out(seat)

    def _timed_out(self, seat: int) -> bool:
        due = self.turn_due
        return due is not None and due[0] == seat and self.clock() >= due[1] - TIMER_SLACK

    def _turn_ended(
        self, view: View | None, names: Sequence[str], me: int | None, said: Said
    ) -> None:
        """The turn of ``self.turn`` ended: with one card and no penalty, it was declared."""
        ended = self.turn
        if ended is None or view is None or self.penalised or self.climbed:
            return
        players = view.players
        if not 0 <= ended < len(players) or players[ended].cards != 1:
            return
        self.said.add(ended)
        if self.declared:
            return  # told with its own event
        if ended == me:
            text = _("You said last card")
        else:
            who = names[ended] if ended < len(names) else "?"
            text = _("{who} said last card").format(who=who)
        said.before.append(text)
        said.banner = text
