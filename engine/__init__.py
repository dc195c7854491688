"""TAKI rules engine: pure, deterministic, no IO.

A game is (options, seed, actions): ``replay`` rebuilds it bit for bit. See RULES.md
for the rules and the position/action notation, and ``engine.cli`` for the oracle.
"""

from __future__ import annotations

from collections.abc import Iterable

from .actions import Action, action_from_json
from .cards import ALL_CODES, COLORS, DECK_SIZE, card_name, full_deck
from .errors import (
    BadAction,
    BadColor,
    BadPosition,
    CardNotInHand,
    GameOver,
    IllegalAction,
    NotYourTurn,
    TakiError,
)
from .events import Event, describe, redact
from .game import Game, Options
from .position import game_from_position, position_of, read_position, write_position
from .views import view_of


def replay(
    players: int,
    seed: int,
    actions: Iterable[Action],
    options: Options = Options(),
    first: int | None = None,
    *,
    record: bool = False,
) -> Game:
    """Deal with ``seed`` and apply ``actions`` in order: the same inputs, the same game."""
    game = Game.new(players, seed, options, first, record=record)
    for action in actions:
        game.apply(action)
    return game


__all__ = [
    "ALL_CODES",
    "COLORS",
    "DECK_SIZE",
    "Action",
    "BadAction",
    "BadColor",
    "BadPosition",
    "CardNotInHand",
    "Event",
    "Game",
    "GameOver",
    "IllegalAction",
    "NotYourTurn",
    "Options",
    "TakiError",
    "action_from_json",
    "card_name",
    "describe",
    "full_deck",
    "game_from_position",
    "position_of",
    "read_position",
    "redact",
    "replay",
    "view_of",
    "write_position",
]
