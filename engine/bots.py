"""Bots that play from their own view only.

A bot is given what its seat may see (``view_of(game, seat)``) and that seat's legal
actions, and returns one of them. ``random`` is the baseline; ``basic`` plays the way a
decent person does: it stacks a +2 rather than draw, breaks a +3, keeps its King for a
live stack, empties its runs, says "last card", and names the colour it holds most.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from .actions import BREAK, CLOSE_TAKI, DECLARE, DRAW, END_TURN, PASS, PLAY, Action
from .cards import COLOR_OF, SYMBOL_OF
from .game import Game, Options
from .views import view_of


class Bot(Protocol):
    """Anything that picks an action for a seat from that seat's view."""

    name: str

    def choose(self, view: dict[str, Any], legal: Sequence[Action]) -> Action: ...


class RandomBot:
    """Uniform over the legal actions (seeded, so games replay)."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        return self._rng.choice(legal)


# What playing a card is worth to the basic bot, before colour counts are added.
_BASE = {
    "stop": 14,
    "+2": 15,
    "dir": 12,
    "plus": 16,
    "taki": 8,
    "supertaki": 4,
    "color": 2,
    "king": -5,
    "+3": 13,
    "breaker": -30,
}


class BasicBot:
    """A heuristic player a decent human would recognise."""

    name = "basic"

    def choose(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        hand: list[str] = view["hand"]
        by_type: dict[str, list[Action]] = {}
        for a in legal:
            by_type.setdefault(a.type, []).append(a)
        plays = by_type.get(PLAY, [])

        if view["plus3"] is not None:  # the +3 window: break it, else cancel it, else pass
            if BREAK in by_type:
                return by_type[BREAK][0]
            if plays:
                return plays[0]  # the only play here is a King
            return by_type[PASS][0]

        counts = Counter(COLOR_OF[c] for c in hand if COLOR_OF[c] is not None)
        flag = len(hand) <= 2  # about to reach one card: say "last card" with the play

        run = view["taki"]
        if run is not None and not run["open"]:  # dump the run, its action cards last
            in_color = [a for a in plays if a.card is not None and COLOR_OF[a.card] == run["color"]]
            if in_color:
                best = min(in_color, key=lambda a: _run_order(a.card))
                return best._replace(last_card=flag)
            if CLOSE_TAKI in by_type:
                return by_type[CLOSE_TAKI][0]
            return by_type[END_TURN][0]

        if view["plus2"]:  # stack rather than draw; a King only when nothing else saves us
            stackers = [a for a in plays if a.card != "king"]
            if stackers:
                return stackers[0]._replace(last_card=flag)
            if plays:
                return plays[0]._replace(last_card=flag)
            return by_type[DRAW][0]

        if plays:
            king_turn = view["follow"] == "king"
            best = max(plays, key=lambda a: _score(a, counts, king_turn))
            if _score(best, counts, king_turn) > 0 or (DRAW not in by_type and not king_turn):
                return best._replace(last_card=flag)
        if END_TURN in by_type:
            return by_type[END_TURN][0]
        if DRAW in by_type:
            if len(hand) == 0 and DECLARE in by_type:
                return by_type[DECLARE][0]  # a Plus's forced draw will leave one card
            return by_type[DRAW][0]
        if plays:
            return plays[0]
        return legal[0]


def _run_order(card: str | None) -> int:
    """Inside a run: numbers first, then actions, with a Plus or +2 kept for last."""
    sym = SYMBOL_OF[card or ""]
    return {"+2": 3, "stop": 2, "plus": 4, "dir": 1, "taki": 0}.get(sym, 0)


def _score(action: Action, counts: Counter[str | None], king_turn: bool) -> float:
    card = action.card
    assert card is not None
    sym = SYMBOL_OF[card]
    col = COLOR_OF[card]
    score = float(_BASE.get(sym, 10))
    if col is not None:
        score += 2 * counts[col]
        if sym == "taki":
            score += 4 * counts[col]
    elif sym == "color":
        held = action.color or ""
        score += 2 * counts[held] - (0 if counts[held] == max(counts.values(), default=0) else 5)
    if king_turn and sym == "king":
        score = -1.0
    return score


BOTS: dict[str, Callable[[int], Bot]] = {
    "random": lambda seed: RandomBot(seed),
    "basic": lambda seed: BasicBot(),
}


def make_bot(kind: str, seed: int = 0) -> Bot:
    """A bot by name: 'random' or 'basic'."""
    try:
        return BOTS[kind](seed)
    except KeyError:
        raise ValueError(f"unknown bot {kind!r}; choose from {', '.join(BOTS)}") from None


def next_decision(game: Game) -> tuple[int, list[Action]]:
    """The seat to ask next and its legal actions.

    Outside a +3 window only the seat on turn acts; inside it, seats are asked one at a
    time in play order, starting with the seat that may answer with a King.
    """
    legal = game.legal_actions()
    seat = legal[0].seat
    return seat, [a for a in legal if a.seat == seat]


def bot_action(game: Game, bots: Sequence[Bot]) -> Action:
    """Ask the right bot for its next action, showing it only its own view."""
    seat, mine = next_decision(game)
    return bots[seat].choose(view_of(game, seat), mine)


def play_bots(
    bots: Sequence[Bot],
    seed: int,
    options: Options = Options(),
    first: int | None = None,
    *,
    max_actions: int = 200_000,
) -> Game:
    """Play a whole game of bots; returns the finished game."""
    game = Game.new(len(bots), seed, options, first, record=False)
    for _ in range(max_actions):
        if game.over:
            break
        game.apply(bot_action(game, bots))
    return game
