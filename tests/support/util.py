"""Helpers to set up a position in a line and act on it, and to ask the ``taki-engine`` oracle."""

from __future__ import annotations

import subprocess
import sys
from typing import Any

from engine import Action, Game, game_from_position, position_of


def position(**fields: Any) -> dict[str, Any]:
    """A 2-player position (override any field); hands given as ``hands=[[...], [...]]``."""
    hands = fields.pop("hands", [["R1"], ["G1"]])
    opts = fields.pop("options", {})
    pos: dict[str, Any] = {
        "options": {"stairs": False, "must_play_if_able": False, "play_for_places": False},
        "players": [
            {"hand": list(h), "stage": 8, "declared": False, "place": None} for h in hands
        ],
        "draw": ["Y1", "Y3", "Y4", "Y5", "Y6", "Y7", "Y8", "Y9", "B1", "B3", "B4", "B5"],
        "discard": ["R5"],
        "turn": 0,
        "direction": 1,
        "color": "R",
        "plus2": 0,
        "plus3": None,
        "taki": None,
        "follow": None,
        "winner": None,
    }
    pos["options"].update(opts)
    for key, field in (("stages", "stage"), ("declared", "declared"), ("places", "place")):
        values = fields.pop(key, None)
        if values is not None:
            for p, v in zip(pos["players"], values, strict=True):
                p[field] = v
    pos.update(fields)
    return pos


def game(**fields: Any) -> Game:
    return game_from_position(position(**fields))


def play(g: Game, seat: int, card: str, color: str | None = None, last: bool = False) -> None:
    g.apply(Action("play", seat, card, color, last))


def act(g: Game, seat: int, kind: str) -> None:
    g.apply(Action(kind, seat))


def pos(g: Game) -> dict[str, Any]:
    return position_of(g)


def legal_plays(g: Game, seat: int) -> set[str]:
    return {a.card for a in g.legal_actions() if a.seat == seat and a.type == "play" and a.card}


def legal_types(g: Game, seat: int) -> set[str]:
    return {a.type for a in g.legal_actions() if a.seat == seat}


def oracle(*args: str, stdin: str = "") -> tuple[int, str]:
    """Run ``python -m engine.cli ARGS`` (the ``taki-engine`` oracle); (exit code, stdout)."""
    done = subprocess.run(
        [sys.executable, "-m", "engine.cli", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
    )
    return done.returncode, done.stdout
