"""The basic policy as plain functions: what ``BasicBot`` plays, and what the strong
bot's playouts play for every seat.

Kept apart from ``engine.bots`` so that the strong bot (engine.strong) and the bots'
registry both build on it without importing each other.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from .actions import BREAK, CLOSE_TAKI, DECLARE, DRAW, END_TURN, PASS, PLAY, Action
from .cards import ALL_CODES, COLOR_OF, COLORS, SYMBOL_OF
from .game import Game

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
            score = card_score(a.card or "", a.color, counts, most, king_turn)
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


def card_score(
    card: str, chosen: str | None, counts: dict[str, int], most: int, king_turn: bool
) -> float:
    """What playing ``card`` (naming ``chosen`` for a Change Colour) is worth to the basic
    bot: its kind, plus how many cards of its colour the hand holds (``counts``; a TAKI
    all the more); a Change Colour is worth most when it names the colour held most
    (``most``). The strong bot reads opponents' plays back through it."""
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
        held = counts.get(chosen or "", 0)
        score += 2 * held - (0 if held == most else 5)
    return score


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
