"""The engine's error taxonomy.

Every refusal is a ``ValueError`` subclass carrying a stable ``code`` (the codes of
RULES.md section 7), so callers can show a message to a person and hand the code to
a machine. Raising never changes the game: the engine validates before it mutates.
"""

from __future__ import annotations


class TakiError(ValueError):
    """Base class: an action or a position the engine refuses."""

    code = "illegal_action"

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class IllegalAction(TakiError):
    """Well-formed, but the rules do not allow it now."""

    code = "illegal_action"


class NotYourTurn(IllegalAction):
    """The seat may not act now."""

    code = "not_your_turn"


class CardNotInHand(IllegalAction):
    """The seat does not hold the card it tried to play."""

    code = "card_not_in_hand"


class BadColor(IllegalAction):
    """A Change Colour without a valid colour, or a colour where none belongs."""

    code = "bad_color"


class GameOver(IllegalAction):
    """The game has ended; nothing more can be played."""

    code = "game_over"


class BadAction(TakiError):
    """The action itself is malformed (unknown type, missing field, bad card code)."""

    code = "bad_action"


class BadPosition(TakiError):
    """A position that cannot be read; the message names the field."""

    code = "bad_position"
