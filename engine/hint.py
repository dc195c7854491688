"""Hints for learners: what the strong bot would play from a seat, and why, in a line.

``hint(view, seed)`` asks the ``strong`` bot (engine.strong, through ``make_bot``) for
its choice from the seat's *view* only -- never the Game -- so a hint can never give
away a hidden card: two games that look the same from the seat give the same hint.
``explain(view, action)`` then names one reason that is true of the position and the
action (a code and its arguments; the client words it in the player's language):

- ``draws_nothing_playable``: a draw with no card to play
- ``only_choice``: the seat has one action (saying "last card" aside)
- ``empties_hand``: the play empties the hand (a Plus or a Breaker never does)
- ``breaks_plus3``: a Breaker answers the pending +3
- ``cancels_with_king``: a King cancels the live +2 stack or the pending +3
- ``stacks_plus2``: a +2 on the live stack (``owed``: what the next owes)
- ``says_last_card``: the play leaves one card and says "last card"
- ``stops_next_near_win``: a Stop skips a next player holding 2 cards or fewer
- ``plays_taki_run``: a TAKI/Super TAKI, or a card of the seat's own run
- ``changes_to_colour_you_hold``: a Change Colour names the colour held most
- ``keeps_stack_card``: a play or draw that keeps a +2 in hand for a stack
- ``best_odds``: none of the above: it won most of the bot's playouts

The first code in that order that is true is the one given.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from .actions import BREAK, DECLARE, DRAW, PLAY, Action
from .bots import make_bot
from .cards import COLOR_OF, COLORS, SYMBOL_OF, full_deck
from .views import View, game_of_view

REASONS: Final[tuple[str, ...]] = (
    "draws_nothing_playable",
    "only_choice",
    "empties_hand",
    "breaks_plus3",
    "cancels_with_king",
    "stacks_plus2",
    "says_last_card",
    "stops_next_near_win",
    "plays_taki_run",
    "changes_to_colour_you_hold",
    "keeps_stack_card",
    "best_odds",
)
"""Every reason code ``explain`` may give, in the order it tries them."""

NEAR_WIN: Final = 2
"""A next player holding this many cards or fewer is "close to winning"."""

_DECK: Final = Counter(full_deck())


@dataclass(frozen=True)
class Hint:
    """An action for the seat, a reason code (``REASONS``) and the reason's arguments
    (card codes, colour letters, counts: JSON-ready)."""

    action: Action
    reason: str
    args: dict[str, Any] = field(default_factory=dict)


def hint(view: View, seed: int = 0, legal: Sequence[Action] | None = None) -> Hint:
    """The strong bot's choice for ``view``'s seat and its reason.

    ``legal`` is the seat's legal actions (a server has them; they follow from the view
    alone); left out, they are worked out from the view (``legal_from_view``)."""
    mine = list(legal) if legal is not None else legal_from_view(view)
    if not mine:
        raise ValueError("the seat has no decision to make now")
    action = make_bot("strong", seed).choose(view, mine)
    return explain(view, action, mine)


def legal_from_view(view: View) -> list[Action]:
    """The legal actions of ``view``'s seat, from the view only: the hidden cards are
    dealt in a fixed order (what the seat may do depends on its own hand and the
    public state, never on where the other cards are)."""
    me = view.seat
    if me is None or view.hand is None:
        return []
    hand = view.hand
    players = view.players
    top = list(view.discard_top)
    lead = view.lead
    own: int | None = None
    if lead != top[-1]:  # an own-turn Breaker lies on the card to follow
        top, own = [lead, "breaker"], 1
    unseen = list((_DECK - Counter(hand) - Counter(top)).elements())
    hands: list[list[str]] = []
    for i, p in enumerate(players):
        if i == me:
            hands.append(list(hand))
        else:
            count = min(p.cards, len(unseen))
            hands.append(unseen[len(unseen) - count :])
            del unseen[len(unseen) - count :]
    buried = max(0, view.discard_count - len(top))
    game = game_of_view(view, hands, unseen[buried:], unseen[:buried] + top, own_breakers=own)
    if game.over:
        return []
    return [a for a in game.legal_actions() if a.seat == me]


def explain(view: View, action: Action, legal: Sequence[Action] | None = None) -> Hint:
    """The first reason (``REASONS``' order) that is true of ``action`` in ``view``."""
    mine = list(legal) if legal is not None else legal_from_view(view)
    reason, args = _reason(view, action, mine)
    return Hint(action, reason, args)


def _held(hand: Sequence[str]) -> Counter[str]:
    """Cards of each colour in ``hand``."""
    return Counter(c for card in hand if (c := COLOR_OF[card]) is not None)


def _next_seat(view: View) -> int | None:
    """The seat after ``view``'s in play order that is still in the game."""
    players = view.players
    n = len(players)
    me = view.seat
    if me is None:
        return None
    for step in range(1, n):
        seat = (me + step * view.direction) % n
        if players[seat].place is None:
            return int(seat)
    return None


def _reason(
    view: View, action: Action, legal: list[Action]
) -> tuple[str, dict[str, Any]]:
    hand = view.hand or ()
    plays = [a for a in legal if a.type == PLAY]
    if action.type == DRAW and not plays:
        return "draws_nothing_playable", {}
    if len({a for a in legal if a.type != DECLARE}) == 1:  # (saying "last card" aside)
        return "only_choice", {}
    card = action.card
    if action.type == PLAY and card is not None:
        symbol = SYMBOL_OF[card]
        if len(hand) == 1 and symbol not in ("plus", "breaker"):
            return "empties_hand", {"card": card}
        if card == "king" and (view.plus2 or view.plus3 is not None):
            return "cancels_with_king", {"owed": view.plus2 or 3}
        if view.plus2 and symbol == "+2":
            return "stacks_plus2", {"card": card, "owed": view.plus2 + 2}
        if action.last_card and len(hand) == 2:
            return "says_last_card", {"card": card}
        nxt = _next_seat(view)
        if symbol == "stop" and nxt is not None and view.players[nxt].cards <= NEAR_WIN:
            return "stops_next_near_win", {"seat": nxt, "cards": view.players[nxt].cards}
        held = _held(hand)
        run = view.taki
        if symbol in ("taki", "supertaki") or (
            run is not None and not run.open and run.by == view.seat
        ):
            color = COLOR_OF[card] or (run.color if run is not None else view.color)
            left = held[color] - (COLOR_OF[card] == color)
            return "plays_taki_run", {"color": color, "cards": left}
        if card == "color" and action.color is not None:
            most = max((held[c] for c in COLORS), default=0)
            if held[action.color] == most and most > 0:
                return "changes_to_colour_you_hold", {
                    "color": action.color, "cards": held[action.color],
                }
    if action.type == BREAK:
        return "breaks_plus3", {}
    if action.type in (PLAY, DRAW) and not view.plus2:
        kept = sorted(c for c in hand if SYMBOL_OF[c] == "+2" and c != action.card)
        if kept:
            return "keeps_stack_card", {"card": kept[0], "count": len(kept)}
    return "best_odds", {}
