"""Why an action is refused, worked out from what the acting seat can see.

The engine's own refusals (``Game._refuse``) are English sentences for a log; a player
needs the reason in their language, and a client knows only its view (engine.views).
``why_not`` is that reason as data: a stable code and its parameters ("match blue or
4" is ``Reason("match", {"color": "B", "symbol": "4"})``), which the client words.
It is pure: a function of a view dict and the attempted action, nothing else, so the
reason never depends on cards the seat cannot see.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from .actions import BREAK, CLOSE_TAKI, DECLARE, DRAW, END_TURN, PASS, PLAY
from .cards import CODES, COLOR_OF, SYMBOL_OF

# Reason codes (the client has words for each; tests pin one case per code).
NO_GAME: Final = "no_game"  # no game is being played at this table
GAME_OVER: Final = "game_over"
WATCHING: Final = "watching"  # a spectator cannot play
FINISHED: Final = "finished"  # the seat has already finished (play for places)
NOT_YOUR_TURN: Final = "not_your_turn"  # params: turn (seat)
NOT_IN_HAND: Final = "not_in_hand"
MATCH: Final = "match"  # params: color, symbol (of the leading card)
PLUS2_LIVE: Final = "plus2_live"  # params: n (cards the stack is worth)
RUN_ONLY: Final = "run_only"  # params: color (of the player's own TAKI run)
PLUS3_KING: Final = "plus3_king"  # a +3 is pending: on your turn only a King, or pass
PLUS3_ANSWER: Final = "plus3_answer"  # a +3 is pending: break it or pass; params: by
NO_PLUS3: Final = "no_plus3"  # break/pass with no +3 pending
OWN_PLUS3: Final = "own_plus3"  # nobody answers their own +3
ALREADY_PASSED: Final = "already_passed"
NO_BREAKER: Final = "no_breaker"
NOTHING_TO_CLOSE: Final = "nothing_to_close"
LONE_TAKI: Final = "lone_taki"  # a TAKI alone cannot be closed
NO_DRAW_RUN: Final = "no_draw_run"  # no drawing inside your own run
NO_DRAW_KING: Final = "no_draw_king"  # after a King: play any card or end the turn
MUST_PLAY: Final = "must_play"  # table option: you hold a playable card
PLUS_NEEDS_CARD: Final = "plus_needs_card"  # a Plus needs one more card (or a draw)
NOTHING_TO_END: Final = "nothing_to_end"
ALREADY_DECLARED: Final = "already_declared"
NOT_NOW: Final = "not_now"  # the fallback: the view does not say more

CODES_ALL: Final[tuple[str, ...]] = (
    NO_GAME, GAME_OVER, WATCHING, FINISHED, NOT_YOUR_TURN, NOT_IN_HAND, MATCH, PLUS2_LIVE,
    RUN_ONLY, PLUS3_KING, PLUS3_ANSWER, NO_PLUS3, OWN_PLUS3, ALREADY_PASSED, NO_BREAKER,
    NOTHING_TO_CLOSE, LONE_TAKI, NO_DRAW_RUN, NO_DRAW_KING, MUST_PLAY, PLUS_NEEDS_CARD,
    NOTHING_TO_END, ALREADY_DECLARED, NOT_NOW,
)  # fmt: skip


@dataclass(frozen=True)
class Reason:
    """A refusal as data: ``code`` plus what the words need (colours are R/G/B/Y codes,
    symbols are engine symbols such as '7', 'stop', '+2', seats are indices)."""

    code: str
    params: dict[str, Any] = field(default_factory=dict)


def why_not(view: dict[str, Any] | None, kind: str, card: str | None = None) -> Reason:
    """Why ``kind`` (an action type; ``card`` for a play) is refused for the view's seat.

    Call it for an action the legal list does not hold; for an action that is in fact
    legal the answer is the nearest rule, not a promise that the server would refuse."""
    if view is None:
        return Reason(NO_GAME)
    if view.get("over"):
        return Reason(GAME_OVER)
    seat = view.get("seat")
    if not isinstance(seat, int):
        return Reason(WATCHING)
    players = view.get("players") or []
    if seat < len(players) and players[seat].get("place"):
        return Reason(FINISHED)
    pending = view.get("plus3")
    turn = view.get("turn")
    if kind in (BREAK, PASS):
        return _answer(view, seat, kind, pending)
    if pending is not None:
        if seat != turn or kind != PLAY:
            return Reason(PLUS3_ANSWER, {"by": pending.get("by")})
        return Reason(PLUS3_KING, {"by": pending.get("by")})
    if seat != turn:
        return Reason(NOT_YOUR_TURN, {"turn": turn})
    if kind == PLAY:
        return _play(view, card)
    run = view.get("taki")
    own_run = isinstance(run, dict) and not run.get("open")
    follow = view.get("follow")
    if kind == DRAW:
        if own_run:
            return Reason(NO_DRAW_RUN)
        if follow == "king":
            return Reason(NO_DRAW_KING)
        return Reason(MUST_PLAY)
    if kind == CLOSE_TAKI:
        if not own_run:
            return Reason(NOTHING_TO_CLOSE)
        return Reason(LONE_TAKI)
    if kind == END_TURN:
        if follow == "plus":
            return Reason(PLUS_NEEDS_CARD)
        if view.get("plus2"):
            return Reason(PLUS2_LIVE, {"n": view["plus2"]})
        return Reason(NOTHING_TO_END)
    if kind == DECLARE:
        return Reason(ALREADY_DECLARED)
    return Reason(NOT_NOW)


def _answer(view: dict[str, Any], seat: int, kind: str, pending: Any) -> Reason:
    if not pending:
        return Reason(NO_PLUS3)
    if pending.get("by") == seat:
        return Reason(OWN_PLUS3)
    if seat in (pending.get("passed") or []):
        return Reason(ALREADY_PASSED)
    if kind == BREAK and "breaker" not in (view.get("hand") or []):
        return Reason(NO_BREAKER)
    return Reason(NOT_NOW)


def _play(view: dict[str, Any], card: str | None) -> Reason:
    if card is None or card not in CODES or card not in (view.get("hand") or []):
        return Reason(NOT_IN_HAND)
    run = view.get("taki")
    if run and not run.get("open"):
        return Reason(RUN_ONLY, {"color": run.get("color")})
    if view.get("plus2"):
        return Reason(PLUS2_LIVE, {"n": view["plus2"]})
    lead = str(view.get("lead") or "")
    symbol = SYMBOL_OF.get(lead, "")
    color = view.get("color") or COLOR_OF.get(lead)
    reason = Reason(MATCH, {"color": color, "symbol": symbol})
    if view.get("follow") == "plus":
        return Reason(PLUS_NEEDS_CARD, {"color": color, "symbol": symbol})
    return reason
