"""Fingerprints of whole seeded games, to pin the engine's behaviour bit for bit.

    python -m tests.engine.engine_golden      # (re)write tests/golden/engine_games.json

Each game is dealt from a seed and played through the public entry points (``Game.new``,
``legal_actions``, ``apply``) by seeded players of this module's own (not engine.bots or
engine.policy, so that better bots leave the golden games as they are); its fingerprint
hashes every legal list, every action, every event, the refusal (code and message) and
the refusal reason (``engine.reasons.why_not``, asked as a client does: a play only for a
card the seat holds) of a fixed set of probe actions at every step, and the final
position. The file is written by this module only (never by a test run), from the engine
as it was when the file was made (9926820): an optimisation of the engine must leave
every fingerprint as it is (tests/engine/test_engine_golden.py).
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any, Final

from engine import Action, Game, Options, TakiError, view_of, write_position
from engine.actions import BREAK, CLOSE_TAKI, DECLARE, DRAW, END_TURN, PASS, PLAY
from engine.reasons import why_not
from engine.views import View
from protocol.codec import event_to_wire

GOLDEN: Final = Path(__file__).parents[1] / "golden" / "engine_games.json"

# name -> (players, player kind (``random`` or ``eager``), options, games, probed): ``games``
# seeds from 0, the first ``probed`` of them probed at every step with refused actions.
# Random games are long (thousands of actions), hence fewer of them.
CONFIGS: Final[dict[str, tuple[int, str, Options, int, int]]] = {
    "2-random": (2, "random", Options(), 100, 2),
    "3-random-must": (3, "random", Options(must_play_if_able=True), 200, 5),
    "4-random": (4, "random", Options(), 100, 2),
    "6-random-places": (6, "random", Options(play_for_places=True), 20, 0),
    "2-eager": (2, "eager", Options(), 200, 10),
    "3-eager-places": (3, "eager", Options(play_for_places=True), 200, 10),
    "4-eager": (4, "eager", Options(), 200, 10),
    "4-eager-stairs": (4, "eager", Options(stairs=True, play_for_places=True), 60, 2),
    "6-eager": (6, "eager", Options(), 200, 10),
    "6-eager-must": (6, "eager", Options(must_play_if_able=True), 200, 10),
}

MAX_ACTIONS: Final = 200_000

_SIMPLE_TYPES: Final = (DRAW, CLOSE_TAKI, END_TURN, DECLARE, BREAK, PASS)


def _probes(game: Game) -> list[Action]:
    """Actions tried at each step: every simple type for every seat, and plays of a card
    in hand, a King, a Change Colour with and without a colour, and a seat out of range."""
    out: list[Action] = []
    for seat in range(game.n):
        out.extend(Action(t, seat) for t in _SIMPLE_TYPES)
        hand = game.hands[seat]
        if hand:
            out.append(Action(PLAY, seat, hand[0]))
            out.append(Action(PLAY, seat, hand[-1], last_card=True))
        out.append(Action(PLAY, seat, "king"))
        out.append(Action(PLAY, seat, "color"))
        out.append(Action(PLAY, seat, "color", "X"))
        out.append(Action(PLAY, seat, "R7", "R"))
    out.append(Action(DRAW, game.n))
    return out


def _probe(game: Game, h: Any) -> None:
    legal = game.legal_actions()
    views: dict[int, View] = {}
    for action in _probes(game):
        if action.plain() in legal:
            continue
        try:
            game.apply(action)
        except TakiError as exc:
            h.update(f"{action}|{exc.code}|{exc.message}\n".encode())
        else:  # pragma: no cover - a probe not in the legal list must be refused
            raise AssertionError(f"{action} was not listed but applied")
        # A client asks only about its own seat's actions, a play only for a card it holds.
        if action.seat < game.n and (action.card is None or action.card in game.hands[action.seat]):
            view = views.get(action.seat)
            if view is None:
                view = views[action.seat] = view_of(game, action.seat)
            reason = why_not(view, action.type, action.card)
            h.update(f"{reason.code}|{sorted(reason.params.items())}\n".encode())


def _events(game: Game) -> bytes:
    """The events since the last call, in their JSON form (not their repr: the form a
    refactoring of the Event type must keep)."""
    return (json.dumps([event_to_wire(e) for e in game.take_events()]) + "\n").encode()


def _eager(rng: random.Random, game: Game, legal: list[Action]) -> Action:
    """A player who would rather play than draw: a play if there is one (flagged "last
    card", mostly, when at most two cards are held), otherwise any other action, now and
    then a bare declaration; in a +3 window, any seat's answer."""
    if game.plus3 is not None:
        return rng.choice(legal)
    plays = [a for a in legal if a.type == PLAY]
    if plays:
        play = rng.choice(plays)
        if len(game.hands[play.seat]) <= 2 and rng.random() < 0.8:
            return play._replace(last_card=True)
        return play
    declare = [a for a in legal if a.type == DECLARE]
    if declare and rng.random() < 0.1:
        return declare[0]
    return rng.choice([a for a in legal if a.type != DECLARE] or legal)


def fingerprint(players: int, kind: str, options: Options, seed: int, probe: bool) -> str:
    """The fingerprint of one game (see the module doc)."""
    h = hashlib.blake2b(digest_size=8)
    game = Game.new(players, seed, options, record=True)
    h.update(_events(game))
    rng = random.Random(seed)
    choice = rng.choice
    n = 0
    while not game.over and n < MAX_ACTIONS:
        legal = game.legal_actions()
        if kind != "random":
            h.update(json.dumps([a.to_json() for a in legal]).encode())
        if probe:
            _probe(game, h)
        action = choice(legal) if kind == "random" else _eager(rng, game, legal)
        game.apply(action)
        h.update(json.dumps(action.to_json()).encode())
        h.update(_events(game))
        n += 1
    h.update(f"{n}|{game.over}|{game.winner}|{game.places}\n".encode())
    h.update(write_position(game).encode())
    return h.hexdigest()


def fingerprints(name: str) -> list[str]:
    """The fingerprints of configuration ``name``'s games, by seed."""
    players, kind, options, games, probed = CONFIGS[name]
    return [fingerprint(players, kind, options, s, s < probed) for s in range(games)]


def main() -> None:
    data = {name: fingerprints(name) for name in CONFIGS}
    GOLDEN.write_text(json.dumps(data, indent=1) + "\n")
    print(f"{sum(map(len, data.values()))} game fingerprints written to {GOLDEN}")


if __name__ == "__main__":
    main()
