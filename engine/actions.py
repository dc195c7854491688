"""Actions as small immutable values, and their JSON form (RULES.md section 7).

Actions are NamedTuples: cheap to build, hashable, comparable, and the engine interns
the ones it generates so that legality tests are mostly identity checks.
"""

from __future__ import annotations

from typing import Any, Final, NamedTuple

from .cards import CODES
from .errors import BadAction, BadColor

PLAY: Final = "play"
DRAW: Final = "draw"
CLOSE_TAKI: Final = "close_taki"
END_TURN: Final = "end_turn"
DECLARE: Final = "declare_last_card"
BREAK: Final = "break"
PASS: Final = "pass"

ACTION_TYPES: Final[tuple[str, ...]] = (PLAY, DRAW, CLOSE_TAKI, END_TURN, DECLARE, BREAK, PASS)
MAX_SEATS: Final = 10


class Action(NamedTuple):
    """One thing a seat does. ``card``/``color`` only for plays; ``last_card`` optional."""

    type: str
    seat: int
    card: str | None = None
    color: str | None = None
    last_card: bool = False

    def to_json(self) -> dict[str, Any]:
        """The RULES.md JSON object (fields that do not apply are left out)."""
        out: dict[str, Any] = {"seat": self.seat, "type": self.type}
        if self.card is not None:
            out["card"] = self.card
        if self.color is not None:
            out["color"] = self.color
        if self.last_card:
            out["last_card"] = True
        return out

    def plain(self) -> Action:
        """The same action without the optional last-card flag."""
        return self._replace(last_card=False) if self.last_card else self

    def __str__(self) -> str:
        if self.type == PLAY:
            extra = f" {self.color}" if self.color else ""
            flag = " !" if self.last_card else ""
            return f"{self.seat}:{self.card}{extra}{flag}"
        return f"{self.seat}:{self.type}"


def action_from_json(data: object) -> Action:
    """Read an action object; a malformed one raises BadAction (or BadColor) naming the field."""
    if not isinstance(data, dict):
        raise BadAction("action: expected a JSON object")
    seat = data.get("seat")
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise BadAction("seat: expected an integer")
    if not 0 <= seat < MAX_SEATS:
        raise BadAction(f"seat: {seat} is out of range")
    kind = data.get("type")
    if kind not in ACTION_TYPES:
        raise BadAction(f"type: expected one of {', '.join(ACTION_TYPES)}, got {kind!r}")
    assert isinstance(kind, str)
    last_card = data.get("last_card", False)
    if not isinstance(last_card, bool):
        raise BadAction("last_card: expected true or false")
    if kind != PLAY:
        for field in ("card", "color"):
            if data.get(field) is not None:
                raise BadAction(f"{field}: only a play carries a {field}")
        if last_card:
            raise BadAction("last_card: only a play carries last_card")
        return Action(kind, seat)
    card = data.get("card")
    if not isinstance(card, str) or card not in CODES:
        raise BadAction(f"card: {card!r} is not a card code")
    color = data.get("color")
    if color is not None and not isinstance(color, str):
        raise BadColor(f"color: expected one of R, G, B, Y, got {color!r}")
    # Whether the colour fits the card is the game's to say (after turn and hand checks).
    return Action(PLAY, seat, card, color, last_card)
