"""Why an action is refused: the one place the refusal rules are written.

``refusal`` decides, from a ``Situation`` (what the acting seat knows), which rule refuses
an action: a ``Reason`` and its parameters ("match blue or 4" is
``Refusal(Reason.MATCH, {"color": "B", "symbol": "4"})``). Both sides use it:

* the engine (``Game.apply``) builds the Situation from the game and turns the Refusal
  into a ``TakiError`` with English words for a log (``error_of``: the error codes of
  RULES.md section 7);
* a client, which knows only its view (engine.views), asks ``why_not(view, kind, card)``
  and words the Reason in the player's language (client.words).

Every fact a Situation holds is in the acting seat's view, so the reason never depends on
cards the seat cannot see. Call it for an action the legal list does not hold; for an
action that is in fact legal the answer is the nearest rule, not a promise that the
engine would refuse.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Final

from .actions import BREAK, CLOSE_TAKI, DECLARE, DRAW, END_TURN, PASS, PLAY
from .cards import CODES, COLOR_OF, COLORS, SYMBOL_OF, card_name
from .errors import (
    BadAction,
    BadColor,
    CardNotInHand,
    GameOver,
    IllegalAction,
    NotYourTurn,
    TakiError,
)

if TYPE_CHECKING:
    from .views import View


class Reason(StrEnum):
    """Why an action is refused; the values are the codes a client words (client.words)."""

    NO_GAME = "no_game"  # no game is being played at this table
    GAME_OVER = "game_over"
    WATCHING = "watching"  # a spectator cannot play
    FINISHED = "finished"  # the seat has already finished (play for places)
    NOT_YOUR_TURN = "not_your_turn"  # params: turn (seat)
    NOT_IN_HAND = "not_in_hand"
    MATCH = "match"  # params: color, symbol (of the leading card)
    PLUS2_LIVE = "plus2_live"  # params: n (cards the stack is worth)
    RUN_ONLY = "run_only"  # params: color (of the player's own TAKI run)
    PLUS3_KING = "plus3_king"  # a +3 is pending: on your turn only a King, or pass; params: by
    PLUS3_ANSWER = "plus3_answer"  # a +3 is pending: break it or pass; params: by
    NO_PLUS3 = "no_plus3"  # break/pass with no +3 pending
    OWN_PLUS3 = "own_plus3"  # nobody answers their own +3
    ALREADY_PASSED = "already_passed"
    NO_BREAKER = "no_breaker"
    NOTHING_TO_CLOSE = "nothing_to_close"
    LONE_TAKI = "lone_taki"  # a TAKI alone cannot be closed
    NO_DRAW_RUN = "no_draw_run"  # no drawing inside your own run
    NO_DRAW_KING = "no_draw_king"  # after a King: play any card or end the turn
    MUST_PLAY = "must_play"  # table option: you hold a playable card
    PLUS_NEEDS_CARD = "plus_needs_card"  # a Plus needs one more card (or a draw)
    NOTHING_TO_END = "nothing_to_end"
    ALREADY_DECLARED = "already_declared"
    NOT_NOW = "not_now"  # the fallback: nothing more telling applies
    # Malformed actions, which only the engine meets (a view names its own seat, and a
    # client names a colour for every Change Colour):
    BAD_SEAT = "bad_seat"  # params: seat, players
    BAD_COLOR = "bad_color"  # a Change Colour without R/G/B/Y, or a colour on another card


CODES_ALL: Final[tuple[Reason, ...]] = tuple(
    r for r in Reason if r not in (Reason.BAD_SEAT, Reason.BAD_COLOR)
)
"""The reasons a view can give, each of which a client words."""


@dataclass(frozen=True)
class Refusal:
    """A refusal as data: the ``code`` plus what the words need (colours are R/G/B/Y
    codes, symbols are engine symbols such as '7', 'stop', '+2', seats are indices)."""

    code: Reason
    params: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Situation:
    """What decides a refusal, as the acting seat knows it (all of it is in its view)."""

    players: int
    over: bool
    turn: int
    color: str  # the active colour
    lead: str  # the card a play must match (engine.game.Game.lead)
    plus2: int
    follow: str | None
    plus3_by: int | None  # the seat whose +3 is pending, None when none is
    passed: tuple[int, ...]  # seats that let the pending +3 through
    run_color: str | None  # the TAKI run's colour, None when no run is on
    run_open: bool
    finished: bool  # the acting seat has finished (play for places)
    hand: tuple[str, ...]  # the acting seat's hand


def refusal(
    s: Situation, kind: str, seat: int | None, card: str | None = None, color: str | None = None
) -> Refusal:
    """Why ``seat`` (None: a spectator) may not do ``kind`` (``card`` and ``color`` for a
    play) in situation ``s``: the rules in the order a player needs them."""
    if s.over:
        return Refusal(Reason.GAME_OVER)
    if seat is None:
        return Refusal(Reason.WATCHING)
    if not 0 <= seat < s.players:
        return Refusal(Reason.BAD_SEAT, {"seat": seat, "players": s.players})
    if s.finished:
        return Refusal(Reason.FINISHED)
    by = s.plus3_by
    if kind in (BREAK, PASS):
        if by is None:
            return Refusal(Reason.NO_PLUS3)
        if seat == by:
            return Refusal(Reason.OWN_PLUS3)
        if seat in s.passed:
            return Refusal(Reason.ALREADY_PASSED)
        if kind == BREAK and "breaker" not in s.hand:
            return Refusal(Reason.NO_BREAKER)
        return Refusal(Reason.NOT_NOW)
    if by is not None and (seat != s.turn or kind != PLAY):
        return Refusal(Reason.PLUS3_ANSWER, {"by": by})
    if seat != s.turn:
        return Refusal(Reason.NOT_YOUR_TURN, {"turn": s.turn})
    own_run = s.run_color is not None and not s.run_open
    if kind == PLAY:
        if card is None or card not in CODES or card not in s.hand:
            return Refusal(Reason.NOT_IN_HAND)
        if (color not in COLORS) if card == "color" else (color is not None):
            return Refusal(Reason.BAD_COLOR)
        if by is not None:
            return Refusal(Reason.PLUS3_KING, {"by": by})
        if own_run:
            return Refusal(Reason.RUN_ONLY, {"color": s.run_color})
        if s.plus2:
            return Refusal(Reason.PLUS2_LIVE, {"n": s.plus2})
        match = {"color": s.color or COLOR_OF.get(s.lead), "symbol": SYMBOL_OF.get(s.lead, "")}
        if s.follow == "plus":
            return Refusal(Reason.PLUS_NEEDS_CARD, match)
        return Refusal(Reason.MATCH, match)
    if kind == DRAW:
        if own_run:
            return Refusal(Reason.NO_DRAW_RUN)
        if s.follow == "king":
            return Refusal(Reason.NO_DRAW_KING)
        return Refusal(Reason.MUST_PLAY)
    if kind == CLOSE_TAKI:
        return Refusal(Reason.LONE_TAKI if own_run else Reason.NOTHING_TO_CLOSE)
    if kind == END_TURN:
        if s.follow == "plus":
            return Refusal(Reason.PLUS_NEEDS_CARD)
        if s.plus2:
            return Refusal(Reason.PLUS2_LIVE, {"n": s.plus2})
        return Refusal(Reason.NOTHING_TO_END)
    if kind == DECLARE:
        return Refusal(Reason.ALREADY_DECLARED)
    return Refusal(Reason.NOT_NOW)


# ---------------------------------------------------------------------------- a view


def situation_of_view(view: View) -> Situation:
    """The Situation a view (engine.views.view_of) shows its seat."""
    seat = view.seat
    players = view.players
    pending = view.plus3
    run = view.taki
    return Situation(
        players=len(players),
        over=view.over,
        turn=view.turn,
        color=view.color,
        lead=view.lead,
        plus2=view.plus2,
        follow=view.follow,
        plus3_by=None if pending is None else pending.by,
        passed=() if pending is None else pending.passed,
        run_color=None if run is None else run.color,
        run_open=run is not None and run.open,
        finished=seat is not None and 0 <= seat < len(players) and bool(players[seat].place),
        hand=view.hand or (),
    )


def why_not(view: View | None, kind: str, card: str | None = None) -> Refusal:
    """Why ``kind`` (an action type; ``card`` for a play) is refused for the view's seat
    (a client names a colour for every Change Colour: none is asked about here)."""
    if view is None:
        return Refusal(Reason.NO_GAME)
    color = COLORS[0] if card == "color" else None
    return refusal(situation_of_view(view), kind, view.seat, card, color)


# ---------------------------------------------------------------------------- the engine

_END_WORDS: Final = "end_turn only declines a King's follow-up or leaves a run open"
_PLAIN_WORDS: Final[dict[Reason, tuple[type[TakiError], str]]] = {
    Reason.GAME_OVER: (GameOver, "the game is over"),
    Reason.NO_PLUS3: (IllegalAction, "there is no pending +3 to answer"),
    Reason.OWN_PLUS3: (IllegalAction, "you cannot answer your own +3"),
    Reason.ALREADY_PASSED: (IllegalAction, "you already let this +3 through"),
    Reason.NO_BREAKER: (CardNotInHand, "you hold no +3 Breaker"),
    Reason.PLUS3_KING: (
        IllegalAction,
        "a +3 is pending: only a King (or a Breaker from any seat) answers it",
    ),
    Reason.NO_DRAW_RUN: (IllegalAction, "no drawing inside your own run: play, close or end it"),
    Reason.NO_DRAW_KING: (IllegalAction, "no drawing after a King: play any card or end the turn"),
    Reason.MUST_PLAY: (IllegalAction, "must_play_if_able: you hold a card you can play"),
    Reason.NOTHING_TO_CLOSE: (IllegalAction, "you have no run of your own to close"),
    Reason.LONE_TAKI: (IllegalAction, "a TAKI alone cannot be closed: play a card on it first"),
    Reason.NOTHING_TO_END: (IllegalAction, _END_WORDS),
    Reason.ALREADY_DECLARED: (IllegalAction, "you already declared last card this turn"),
}


def error_of(
    r: Refusal, s: Situation, kind: str, seat: int, card: str | None, color: str | None
) -> TakiError:
    """The engine's error for refusal ``r`` of that action: the class carries the error
    code of RULES.md section 7, the message is English for a log."""
    code = r.code
    plain = _PLAIN_WORDS.get(code)
    if plain is not None:
        return plain[0](plain[1])
    if code == Reason.BAD_SEAT:
        return BadAction(f"seat: {seat} is out of range for {s.players} players")
    if code == Reason.FINISHED:
        return NotYourTurn(f"seat {seat} has finished")
    if code == Reason.NOT_YOUR_TURN:
        return NotYourTurn(f"it is seat {s.turn}'s turn")
    if code == Reason.PLUS3_ANSWER:
        if seat == s.turn:
            return IllegalAction("a +3 is pending: answer it with a King, or pass")
        if kind == PLAY and card == "king":
            return IllegalAction("only the seat after the +3's player may answer it with a King")
        return NotYourTurn("a +3 is pending: you may only break it or pass")
    if code == Reason.NOT_IN_HAND:
        return CardNotInHand(f"{card} is not in your hand")
    if code == Reason.BAD_COLOR:
        if card == "color":
            return BadColor(f"color: a Change Colour needs R, G, B or Y, got {color!r}")
        return BadColor(f"color: {card} takes no colour")
    if kind == END_TURN:  # PLUS_NEEDS_CARD, PLUS2_LIVE
        return IllegalAction(_END_WORDS)
    if code == Reason.RUN_ONLY and card is not None:
        return IllegalAction(f"{card_name(card)} cannot be played inside a {s.run_color} run")
    if code == Reason.PLUS2_LIVE:
        return IllegalAction(f"a +{s.plus2} stack is live: add a +2, play a King, or draw")
    if code in (Reason.MATCH, Reason.PLUS_NEEDS_CARD) and card is not None:
        return IllegalAction(
            f"{card_name(card)} does not match {card_name(s.lead)} with {s.color} active"
        )
    if kind in (BREAK, PASS):
        return IllegalAction(f"you cannot {kind} now")
    return IllegalAction("not allowed now")
