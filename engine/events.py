"""What happened, as data: the game's event log.

The engine appends an Event for everything a player would want told ("Dana played a
red 7", "Omer drew 4: forgot to declare last card"). The server broadcasts them and the
client words them. A drawn card is private: ``redact`` strips it for every viewer but
the drawer, so a log can be sent to anyone. Kinds and draw reasons are StrEnums whose
values are the wire strings; ``protocol.codec`` writes an Event to its wire map and
reads it back.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from typing import Final, NamedTuple

from .cards import COLOR_NAMES, card_name


class EventKind(StrEnum):
    """What an event tells; the value is the wire string (PROTOCOL.md section 9.7)."""

    PLAYED = "played"  # seat played card (color: colour named for a Change Colour)
    DREW = "drew"  # seat drew amount cards for reason; cards only for the drawer
    DECLARED = "declared"  # seat declared "last card"
    CLOSED = "closed_taki"  # seat closed its run
    LEFT_OPEN = "left_open"  # seat ended its turn leaving a run open
    DECLINED = "declined"  # seat ended a King's follow-up without playing
    PASSED = "passed"  # seat let a pending +3 through
    BROKE = "broke"  # seat broke a pending +3
    CANCELLED = "cancelled"  # a King cancelled a +2 stack (amount) or a pending +3
    SKIPPED = "skipped"  # seat lost its turn to a Stop
    REVERSED = "reversed"  # direction is now amount (+1 / -1)
    RESHUFFLED = "reshuffled"  # the discard pile became the draw pile (amount cards)
    CLIMBED = "climbed"  # stairs: seat moved up to stage amount
    FINISHED = "finished"  # seat finished in place amount (1: the winner)
    TURN = "turn"  # it is now seat's turn


class DrawReason(StrEnum):
    """Why cards were drawn (a ``drew`` event's ``reason``); the value is the wire string."""

    CHOICE = "choice"
    PLUS2 = "plus2"
    PLUS = "plus"
    PLUS3 = "plus3"
    BROKEN = "broken"
    BREAKER = "breaker"
    PENALTY = "last_card"
    STAGE = "stage"


# The names the rules code uses (engine/game.py): the enum members themselves.
PLAYED: Final = EventKind.PLAYED
DREW: Final = EventKind.DREW
DECLARED: Final = EventKind.DECLARED
CLOSED: Final = EventKind.CLOSED
LEFT_OPEN: Final = EventKind.LEFT_OPEN
DECLINED: Final = EventKind.DECLINED
PASSED: Final = EventKind.PASSED
BROKE: Final = EventKind.BROKE
CANCELLED: Final = EventKind.CANCELLED
SKIPPED: Final = EventKind.SKIPPED
REVERSED: Final = EventKind.REVERSED
RESHUFFLED: Final = EventKind.RESHUFFLED
CLIMBED: Final = EventKind.CLIMBED
FINISHED: Final = EventKind.FINISHED
TURN: Final = EventKind.TURN

R_CHOICE: Final = DrawReason.CHOICE
R_PLUS2: Final = DrawReason.PLUS2
R_PLUS: Final = DrawReason.PLUS
R_PLUS3: Final = DrawReason.PLUS3
R_BROKEN: Final = DrawReason.BROKEN
R_BREAKER: Final = DrawReason.BREAKER
R_PENALTY: Final = DrawReason.PENALTY
R_STAGE: Final = DrawReason.STAGE


class Event(NamedTuple):
    """One line of the log. Unused fields keep their defaults."""

    kind: EventKind | str
    """An EventKind; a plain string only for a kind this engine does not know (read from
    a newer server's wire, PROTOCOL.md 9.7: shown plainly)."""
    seat: int = -1
    card: str | None = None
    color: str | None = None
    amount: int = 0
    cards: tuple[str, ...] = ()
    reason: DrawReason | str | None = None
    """A DrawReason (a plain string only for one this engine does not know)."""


def redact(event: Event, viewer: int | None) -> Event:
    """The event as ``viewer`` (a seat, or None for a spectator) may see it."""
    if event.cards and event.seat != viewer:
        return event._replace(cards=())
    return event


_REASONS: dict[str, str] = {
    R_CHOICE: "",
    R_PLUS2: " (+2 stack)",
    R_PLUS: " (owed after a Plus)",
    R_PLUS3: " (+3)",
    R_BROKEN: " (their +3 was broken)",
    R_BREAKER: " (+3 Breaker penalty)",
    R_PENALTY: " (did not declare last card)",
    R_STAGE: " (next stage)",
}


def describe(event: Event, names: Sequence[str] | None = None) -> str:
    """The event in plain English, e.g. 'Seat 2 played red 7'."""

    def who(seat: int) -> str:
        if names is not None and 0 <= seat < len(names):
            return names[seat]
        return f"Seat {seat}"

    k = event.kind
    p = who(event.seat)
    if k == PLAYED:
        assert event.card is not None
        text = f"{p} played {card_name(event.card)}"
        if event.color:
            text += f", colour is now {COLOR_NAMES[event.color]}"
        return text
    if k == DREW:
        n = event.amount
        shown = f": {', '.join(map(card_name, event.cards))}" if event.cards else ""
        noun = "card" if n == 1 else "cards"
        return f"{p} drew {n} {noun}{_REASONS.get(event.reason or '', '')}{shown}"
    simple: dict[str, str] = {
        DECLARED: f"{p} declared last card",
        CLOSED: f"{p} closed the TAKI",
        LEFT_OPEN: f"{p} left the TAKI open",
        DECLINED: f"{p} ended the turn",
        PASSED: f"{p} let the +3 through",
        BROKE: f"{p} broke the +3!",
        SKIPPED: f"{p}: turn skipped",
        TURN: f"{p}'s turn",
    }
    if k in simple:
        return simple[k]
    if k == CANCELLED:
        what = f"+{event.amount} stack" if event.amount else "+3"
        return f"{p} cancelled the {what} with a King"
    if k == REVERSED:
        return "Direction reversed"
    if k == RESHUFFLED:
        return f"The discard pile was shuffled into a new draw pile ({event.amount} cards)"
    if k == CLIMBED:
        return f"{p} cleared a stage and moves up to stage {event.amount}"
    if k == FINISHED:
        return f"{p} wins!" if event.amount == 1 else f"{p} finishes in place {event.amount}"
    return f"{p}: {k}"
