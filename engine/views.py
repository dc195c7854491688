"""What one viewer may see of a game.

A seat sees its own hand and only the *counts* of the others; a spectator sees counts
only; nobody sees the draw pile (its order or its content) or who holds a Breaker. Once
the game is over nothing is left to hide: every view then shows every hand left
(``hands``, by seat), so everyone at the table sees who held what. The
discard pile is face up, but only its top two cards matter to play, so a view carries
those and the pile's size. Views are plain JSON-ready dicts: the server sends them as
snapshots and the bots decide from them.
"""

from __future__ import annotations

from typing import Any

from .game import Game


def view_of(game: Game, seat: int | None) -> dict[str, Any]:
    """The view of ``seat`` (None: a spectator)."""
    run = game.taki
    pending = game.plus3
    players = [
        {
            "cards": len(game.hands[i]),
            "stage": game.stages[i],
            "declared": game.declared[i],
            "place": game.places[i],
        }
        for i in range(game.n)
    ]
    view: dict[str, Any] = {
        "seat": seat,
        "options": {
            "stairs": game.options.stairs,
            "must_play_if_able": game.options.must_play_if_able,
            "play_for_places": game.options.play_for_places,
        },
        "players": players,
        "draw_count": len(game.draw_pile),
        "discard_count": len(game.discard),
        "discard_top": game.discard[-2:],
        "lead": game.lead(),
        "turn": game.turn,
        "direction": game.direction,
        "color": game.color,
        "plus2": game.plus2,
        "plus3": None if pending is None else {"by": pending.by, "passed": list(pending.passed)},
        "taki": None
        if run is None
        else {"color": run.color, "by": run.by, "cards": run.cards, "open": run.open},
        "follow": game.follow,
        "winner": game.winner,
        "over": game.over,
    }
    if seat is not None:
        view["hand"] = list(game.hands[seat])
    if game.over:
        view["hands"] = [list(hand) for hand in game.hands]
    return view
