"""A hint in the player's language: "Hint: play red 7 — keeps your +2 for a stack".

The server sends a hint as data (``suggestion``: an action, a reason code from
engine/hint.py and its arguments); this module words it with the catalog's templates.
A reason code this client does not know (a newer server's) is left out: the action
alone is still worth saying.
"""

from __future__ import annotations

from collections.abc import Sequence

from protocol.messages import GameAction, Suggestion

from .i18n import _
from .words import card_words, color_word


def action_words(action: GameAction) -> str:
    """What the hint says to do, e.g. 'play red 7', 'draw'."""
    if action.type == "play" and action.card is not None:
        card = card_words(action.card)
        if action.color is not None:
            return _("play {card} and name {color}").format(
                card=card, color=color_word(action.color))
        return _("play {card}").format(card=card)
    return {
        "draw": _("draw"),
        "close_taki": _("close the TAKI"),
        "end_turn": _("end the turn"),
        "declare_last_card": _("say last card"),
        "break": _("break the +3"),
        "pass": _("let the +3 through"),
    }.get(action.type, action.type)


def reason_words(suggestion: Suggestion, names: Sequence[str]) -> str:
    """Why, in a few words ('' for a reason code this client does not know)."""
    args = suggestion.args or {}
    if suggestion.reason == "stops_next_near_win":
        seat = args.get("seat")
        name = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"
        return _("{name} is close to winning").format(name=name)
    return {
        "draws_nothing_playable": _("you have no card to play"),
        "only_choice": _("it is your only move"),
        "empties_hand": _("it empties your hand"),
        "breaks_plus3": _("the +3's player draws instead of you"),
        "cancels_with_king": _("the King cancels what you owe"),
        "stacks_plus2": _("the next player owes more, or must stack"),
        "says_last_card": _("one card left: say last card with it"),
        "plays_taki_run": _("a run gets rid of several cards at once"),
        "changes_to_colour_you_hold": _("you hold most cards of that colour"),
        "keeps_stack_card": _("keeps your +2 for a stack"),
        "best_odds": _("it did best when the bot played the game on"),
    }.get(suggestion.reason, "")


def hint_line(suggestion: Suggestion, names: Sequence[str]) -> str:
    """The whole line shown at the table."""
    action = action_words(suggestion.action)
    reason = reason_words(suggestion, names)
    if not reason:
        return _("Hint: {action}").format(action=action)
    return _("Hint: {action} — {reason}").format(action=action, reason=reason)
