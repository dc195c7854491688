"""Bots that play from their own view only.

A bot is given what its seat may see (``view_of(game, seat)``) and that seat's legal
actions, and returns one of them. ``random`` is the baseline; ``basic`` plays the way a
decent person does: it stacks a +2 rather than draw, breaks a +3, keeps its King for a
live stack, empties its runs, says "last card", and names the colour it holds most.
``strong`` (engine.strong) searches: it also watches the events its seat may see
(``observe``), which ``play_bots`` and ``tell`` pass on.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Final, Protocol

from .actions import BREAK, CLOSE_TAKI, DECLARE, DRAW, END_TURN, PASS, PLAY, Action
from .cards import ALL_CODES, COLOR_OF, COLORS, SYMBOL_OF
from .events import Event, redact
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
        run = view["taki"]
        return basic_choice(
            view["hand"],
            view["plus3"] is not None,
            None if run is None or run["open"] else run["color"],
            view["plus2"],
            view["follow"],
            legal,
        )


def basic_choice(
    hand: Sequence[str],
    pending: bool,
    own_run: str | None,
    plus2: int,
    follow: str | None,
    legal: Sequence[Action],
) -> Action:
    """The basic bot's pick from the few facts it looks at: the seat's hand, whether a +3
    is pending, the colour of the seat's own run (None outside one), the live +2 stack and
    the follow-up owed. Kept apart from the view so the strong bot's playouts, which run
    on a sampled Game of their own, can use it without building views; written as plain
    loops because those playouts call it millions of times.
    """
    if pending:  # the +3 window: break it, else cancel it (a King), else pass
        first_play = first_pass = None
        for a in legal:
            t = a.type
            if t == BREAK:
                return a
            if t == PLAY and first_play is None:
                first_play = a
            elif t == PASS and first_pass is None:
                first_pass = a
        found = first_play or first_pass
        assert found is not None
        return found

    plays: list[Action] = []
    draw = end = close = declare = None
    for a in legal:
        t = a.type
        if t == PLAY:
            plays.append(a)
        elif t == DRAW:
            draw = draw or a
        elif t == END_TURN:
            end = end or a
        elif t == CLOSE_TAKI:
            close = close or a
        elif t == DECLARE:
            declare = declare or a
    flag = len(hand) <= 2  # about to reach one card: say "last card" with the play

    if own_run is not None:  # dump the run, its action cards last
        best = None
        best_order = 99
        for a in plays:
            card = a.card or ""
            if COLOR_OF[card] == own_run:
                order = _RUN_ORDER[card]
                if order < best_order:
                    best, best_order = a, order
        if best is not None:
            return _flagged(best) if flag else best
        found = close or end
        assert found is not None
        return found

    if plus2:  # stack rather than draw; a King only when nothing else saves us
        for a in plays:
            if a.card != "king":
                return _flagged(a) if flag else a
        if plays:
            return _flagged(plays[0]) if flag else plays[0]
        assert draw is not None
        return draw

    if plays:
        counts = dict.fromkeys(COLORS, 0)
        for c in hand:
            col = COLOR_OF[c]
            if col is not None:
                counts[col] += 1
        most = max(counts.values())
        king_turn = follow == "king"
        best = plays[0]
        top = -1e9
        for a in plays:
            score = _score(a, counts, most, king_turn)
            if score > top:
                best, top = a, score
        if top > 0 or (draw is None and not king_turn):
            return _flagged(best) if flag else best
    if end is not None:
        return end
    if draw is not None:
        if len(hand) == 0 and declare is not None:
            return declare  # a Plus's forced draw will leave one card
        return draw
    if plays:
        return plays[0]
    return legal[0]


_FLAGGED: dict[Action, Action] = {}


def _flagged(action: Action) -> Action:
    """The play with "last card" said (cached: there are few distinct plays)."""
    found = _FLAGGED.get(action)
    if found is None:
        found = _FLAGGED[action] = action._replace(last_card=True)
    return found


_RUN_ORDER: Final[dict[str, int]] = {
    c: {"+2": 3, "stop": 2, "plus": 4, "dir": 1, "taki": 0}.get(SYMBOL_OF[c], 0) for c in ALL_CODES
}
"""Inside a run: numbers first, then actions, with a Plus or +2 kept for last."""

_CARD_BASE: Final[dict[str, float]] = {c: float(_BASE.get(SYMBOL_OF[c], 10)) for c in ALL_CODES}


def _score(action: Action, counts: dict[str, int], most: int, king_turn: bool) -> float:
    """What playing a card is worth to the basic bot: its kind, plus how many cards of
    its colour the hand holds (a TAKI all the more); a Change Colour is worth most when
    it names the colour held most."""
    card = action.card or ""
    if king_turn and card == "king":
        return -1.0
    score = _CARD_BASE[card]
    col = COLOR_OF[card]
    if col is not None:
        held = counts[col]
        score += 2 * held
        if card[1:] == "taki":
            score += 4 * held
    elif card == "color":
        held = counts.get(action.color or "", 0)
        score += 2 * held - (0 if held == most else 5)
    return score


def _strong(seed: int) -> Bot:
    from .strong import StrongBot  # (it builds on basic_choice above)

    return StrongBot(seed)


BOTS: dict[str, Callable[[int], Bot]] = {
    "random": lambda seed: RandomBot(seed),
    "basic": lambda seed: BasicBot(),
    "strong": _strong,
}


def make_bot(kind: str, seed: int = 0) -> Bot:
    """A bot by name: 'random', 'basic' or 'strong' (see engine.strong)."""
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
    if game.plus3 is None:  # every action is the turn's seat's (do not mutate the list)
        return seat, legal
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
    """Play a whole game of bots; returns the finished game.

    A bot with an ``observe`` method (the strong one) is told every event as its own
    seat may see it (``redact``), after each action: the public history it reasons from.
    """
    watching = any(hasattr(b, "observe") for b in bots)
    game = Game.new(len(bots), seed, options, first, record=watching)
    for _ in range(max_actions):
        if game.over:
            break
        game.apply(bot_action(game, bots))
        if watching:
            tell(bots, game.take_events())
    return game


def tell(bots: Sequence[Bot], events: Sequence[Event]) -> None:
    """Tell each bot that watches events (has ``observe``) what its seat saw of them."""
    for seat, bot in enumerate(bots):
        observe = getattr(bot, "observe", None)
        if observe is not None:
            observe([redact(e, seat) for e in events])
