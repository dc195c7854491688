"""The game's state fields, declared once on Game: copied whole, written in the
documented order (RULES.md section 7), read back to the same game."""

from __future__ import annotations

import random
from dataclasses import fields

from engine import Game, Options, game_from_position, position_of
from engine.game import Pending, Run

DOCUMENTED = ["options", "players", "draw", "discard", "turn", "direction", "color", "plus2",
              "plus3", "taki", "follow", "winner"]  # fmt: skip


def _midgame(seed: int) -> Game:
    g = Game.new(4, seed, Options(play_for_places=True), record=False)
    pick = random.Random(seed).choice
    for _ in range(200):
        if g.over:
            break
        g.apply(pick(g.legal_actions()))
    return g


def test_a_copy_shares_nothing_mutable_and_plays_on_alone() -> None:
    g = Game([["R1", "R3"], ["G1"], ["B1"]], ["Y1", "Y3", "Y4"], ["R5"], turn=0,
             taki=Run("R", 0, 1), plus3=None)  # fmt: skip
    before = position_of(g)
    c = g.copy()
    assert position_of(c) == before
    for f in fields(Game):
        value = getattr(c, f.name)
        if isinstance(value, list | Run | Pending):
            assert value is not getattr(g, f.name), f.name
    c.hands[0].append("R4")
    c.apply(c.legal_actions()[0])
    assert c.taki is not None and g.taki is not None and c.taki.cards != g.taki.cards
    assert position_of(g) == before


def test_a_pending_plus3_is_copied_not_shared() -> None:
    g = Game([["R1"], ["G1"], ["B1"]], ["Y1"] * 9, ["+3"], turn=1, plus3=Pending(0))
    c = g.copy()
    c.apply(c.legal_actions()[-1])  # a pass
    assert c.plus3 is not None and c.plus3.passed and g.plus3 is not None
    assert not g.plus3.passed


def test_positions_list_the_documented_keys_in_order_and_read_back() -> None:
    for seed in range(20):
        g = _midgame(seed)
        pos = position_of(g)
        keys = [k for k in pos if k not in ("breaker_answer", "rng", "own_breakers")]
        assert keys == DOCUMENTED
        assert list(pos["players"][0]) == ["hand", "stage", "declared", "place"]
        assert position_of(game_from_position(pos)) == pos
        assert position_of(g.copy()) == pos
