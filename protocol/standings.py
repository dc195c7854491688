"""The standings of the evening: records carried in ``TableInfo.standings``.

A table counts, across its games (rematches, stairs rounds), per person: games played,
wins, places and the best stairs stage, and for each pair who finished ahead of whom
(PROTOCOL.md section 9.8). TAKI has no points: standings are wins and places. The field
is optional and left out until a game has finished, so tables without one read and
write exactly as before.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar, Final

from .errors import ProtocolError
from .limits import MAX_SEATS, NAME_MAX
from .records import Record, rule

LINES_MAX: Final = 32
"""Lines a table's standings hold at most (the server keeps the most played)."""
STAGE_TOP: Final = 8
"""The stairs' first stage (RULES.md section 6): stages run 8 down to 1."""


@dataclass(frozen=True, slots=True)
class StandingLine(Record):
    """One person's (or bot's) line: what they did at this table so far."""

    WIRE_NAME: ClassVar[str] = "line"

    name: str = field(metadata=rule(min_len=1, max_len=NAME_MAX))
    """The name they were last seated under."""
    games: int = field(metadata=rule(min=0))
    """Finished games they played."""
    wins: int = field(metadata=rule(min=0))
    """Games they won (1st place)."""
    bot: str | None = field(default=None, metadata=rule(min_len=1, max_len=16))
    """A bot's kind (``random``, ``basic``, ``strong``); nil for a person."""
    seat: int | None = field(default=None, metadata=rule(min=0, max=MAX_SEATS - 1))
    """The seat they hold now; nil when not seated."""
    places: tuple[int, ...] = field(default=(), metadata=rule(max_len=MAX_SEATS, omit=True))
    """Times they finished 1st, 2nd, ... (``play_for_places``; left out when empty)."""
    stage: int | None = field(default=None, metadata=rule(min=1, max=STAGE_TOP))
    """Stairs: the best stage they reached (8..1); nil if they played no stairs game."""
    hinted: int = field(default=0, metadata=rule(min=0, omit=True))
    """Of ``games``, those in which they were given a hint (left out while 0)."""


@dataclass(frozen=True, slots=True)
class Versus(Record):
    """Head-to-head of two lines: games each finished ahead of the other."""

    WIRE_NAME: ClassVar[str] = "versus"

    a: int = field(metadata=rule(min=0, max=LINES_MAX - 1))
    b: int = field(metadata=rule(min=0, max=LINES_MAX - 1))
    a_ahead: int = field(metadata=rule(min=0))
    b_ahead: int = field(metadata=rule(min=0))


@dataclass(frozen=True, slots=True)
class Standings(Record):
    """A table's standings: its finished games, a line each, and the head-to-heads."""

    WIRE_NAME: ClassVar[str] = "standings"

    games: int = field(metadata=rule(min=0))
    """Games finished at the table."""
    lines: tuple[StandingLine, ...] = field(metadata=rule(max_len=LINES_MAX))
    """Most wins first, then places, then fewest games."""
    versus: tuple[Versus, ...] = field(default=(), metadata=rule(omit=True))
    """One entry per pair of lines that finished a game together (``a`` < ``b``)."""

    def _check(self) -> None:
        for pair in self.versus:
            if not pair.a < pair.b < len(self.lines):
                raise ProtocolError("bad_message", "standings.versus: a and b name two lines")
