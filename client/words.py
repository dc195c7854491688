"""Cards and game events in the player's language.

The server sends events as data (read by ``protocol.codec.event_from_wire``); this
module words them for the log with the catalog's templates, so a French player reads "Dana a joué
rouge 7". Names come from the network and are inserted as plain text.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from engine.cards import CODES, COLOR_OF, SYMBOL_OF
from engine.events import DrawReason
from engine.events import EventKind as K
from engine.reasons import Refusal
from protocol.codec import TableEvent

from .i18n import _, ngettext


def color_word(color: str | None) -> str:
    """A colour's name as said on its own ("colour: red"); a card's colour is part of
    the card's own phrase (``card_words``), where it agrees with the card."""
    return {
        "R": _("red"),
        "G": _("green"),
        "B": _("blue"),
        "Y": _("yellow"),
    }.get(color or "", "?")


def symbol_word(symbol: str) -> str:
    return {
        "stop": _("Stop"),
        "+2": "+2",
        "dir": _("Change Direction"),
        "plus": _("Plus"),
        "taki": "TAKI",
        "color": _("Change Colour"),
        "supertaki": _("Super TAKI"),
        "king": _("King"),
        "+3": "+3",
        "breaker": _("+3 Breaker"),
    }.get(symbol, symbol)


def _coloured() -> dict[str, dict[str, str]]:
    """A coloured card's whole phrase per colour and kind ('number' for 1, 3-9): a
    colour adjective agrees with each card's gender (Bulgarian 'червена 7' but 'червен
    Стоп'), and the order is the language's ('7 rouge'), so no phrase is put together."""
    return {
        "R": {
            "number": _("red {number}"), "stop": _("red Stop"), "+2": _("red +2"),
            "dir": _("red Change Direction"), "plus": _("red Plus"), "taki": _("red TAKI"),
        },
        "G": {
            "number": _("green {number}"), "stop": _("green Stop"), "+2": _("green +2"),
            "dir": _("green Change Direction"), "plus": _("green Plus"),
            "taki": _("green TAKI"),
        },
        "B": {
            "number": _("blue {number}"), "stop": _("blue Stop"), "+2": _("blue +2"),
            "dir": _("blue Change Direction"), "plus": _("blue Plus"), "taki": _("blue TAKI"),
        },
        "Y": {
            "number": _("yellow {number}"), "stop": _("yellow Stop"), "+2": _("yellow +2"),
            "dir": _("yellow Change Direction"), "plus": _("yellow Plus"),
            "taki": _("yellow TAKI"),
        },
    }


def card_words(code: str) -> str:
    """A card in words: 'red 7', 'blue Stop', 'King'."""
    if code not in CODES:
        return "?"
    color = COLOR_OF[code]
    symbol = SYMBOL_OF[code]
    if color is None:
        return symbol_word(symbol)
    phrases = _coloured()[color]
    if symbol in phrases:
        return phrases[symbol]
    return phrases["number"].format(number=symbol)


def taki_run_words(color: str, is_open: bool) -> str:
    """A TAKI run under way, for the status line: "open blue TAKI", "blue TAKI run".
    The run is a whole phrase per colour, as the cards are (``_coloured``): Bulgarian
    says "серия със синьо TAKI" but "серия с червено TAKI" (с becomes със before с or
    з), which no one template filled with the card can say."""
    if is_open:
        return _("open {taki}").format(taki=card_words(f"{color}taki"))
    return {
        "R": _("red TAKI run"),
        "G": _("green TAKI run"),
        "B": _("blue TAKI run"),
        "Y": _("yellow TAKI run"),
    }.get(color, "?")


def cards_count(n: int) -> str:
    """A number of cards as a label ('8 cards' beside a name)."""
    return ngettext("{n} card", "{n} cards", n).format(n=n)


def seconds(left: float) -> str:
    """A countdown, '4s' or '4 s' as the language writes it."""
    return _("{n}s").format(n=f"{left:.0f}")


def plus3_notice(who: str, can_break: bool | None, king: bool = False) -> str:
    """A +3 from ``who`` as told to one seat: the keys that answer it (``can_break``:
    it holds a Breaker, so b offers a break beside p; ``king``: as the seat after the
    +3's player it may cancel it with a King, K), or the fact alone (None: a
    spectator, a seat out of the game). Short: it goes in the title beside the
    table's name, within 80 columns."""
    if can_break is None:
        return _("+3 from {name}").format(name=who)
    if king:
        return (_("+3 from {who}: break (b), pass (p) or King (K)") if can_break
                else _("+3 from {who}: pass (p) or cancel it with a King (K)")
                ).format(who=who)
    if can_break:
        return _("+3 from {who}: break it (b) or let it through (p)").format(who=who)
    return _("+3 from {who}: let it through (p)").format(who=who)


def _reason(reason: str | None) -> str:
    words: dict[str, str] = {
        DrawReason.PLUS2: _("(+2 stack)"),
        DrawReason.PLUS: _("(owed after a Plus)"),
        DrawReason.PLUS3: _("(+3)"),
        DrawReason.BROKEN: _("(their +3 was broken)"),
        DrawReason.BREAKER: _("(+3 Breaker penalty)"),
        DrawReason.PENALTY: _("(did not declare last card)"),
        DrawReason.STAGE: _("(next stage)"),
    }
    return words.get(reason or "", "")


def describe(told: TableEvent, names: Sequence[str], me: int | None = None) -> str | None:
    """One log line for an event (``protocol.codec.event_from_wire``); None for events
    not worth a line (turn changes).

    The player's own events have templates of their own ("You drew 2 cards"), since
    languages conjugate "you" differently from a name."""
    event = told.event
    kind = event.kind
    seat = event.seat
    mine = seat >= 0 and seat == me
    who = names[seat] if 0 <= seat < len(names) else "?"
    if told.stand_in and 0 <= seat < len(names):
        return _stand_in(told, names, me, seat)
    amount = event.amount
    if kind == K.TURN:
        return None
    if kind == K.PLAYED:
        card = card_words(str(event.card))
        text = (_("You played {card}") if mine else _("{who} played {card}")).format(
            who=who, card=card
        )
        if event.color:
            text += " · " + _("colour is now {color}").format(color=color_word(event.color))
        return text
    if kind == K.DREW:
        n = amount
        text = (ngettext("You drew {n} card", "You drew {n} cards", n) if mine else
                ngettext("{who} drew {n} card", "{who} drew {n} cards", n)).format(who=who, n=n)
        reason = _reason(event.reason)
        if reason:
            text += " " + reason
        if event.cards:
            text = _("{drew}: {cards}").format(
                drew=text, cards=", ".join(card_words(c) for c in event.cards)
            )
        return text
    if kind == K.PASSED and told.timeout is True:
        # The +3 window closed on this seat: the server passed for it (not its choice).
        return (_("Time ran out: you let the +3 through") if mine else
                _("Time ran out: {who} let the +3 through")).format(who=who)
    if mine:
        own: dict[str, str] = {
            K.DECLARED: _("You said last card"),
            K.CLOSED: _("You closed the TAKI"),
            K.LEFT_OPEN: _("You left the TAKI open"),
            K.DECLINED: _("You ended the turn"),
            K.PASSED: _("You let the +3 through"),
            K.BROKE: _("You broke the +3!"),
            K.SKIPPED: _("Your turn is skipped"),
            K.CLIMBED: _("You cleared a stage: now stage {n}"),
        }
        if kind in own:
            return own[kind].format(n=amount)
        if kind == K.CANCELLED:
            if amount:
                return _("You cancelled the +{n} stack with a King").format(n=amount)
            return _("You cancelled the +3 with a King")
        if kind == K.FINISHED:
            if amount == 1:
                return _("You win!")
            return _("You finish in place {n}").format(n=amount)
    templates: dict[str, str] = {
        K.DECLARED: _("{who} said last card"),
        K.CLOSED: _("{who} closed the TAKI"),
        K.LEFT_OPEN: _("{who} left the TAKI open"),
        K.DECLINED: _("{who} ended the turn"),
        K.PASSED: _("{who} let the +3 through"),
        K.BROKE: _("{who} broke the +3!"),
        K.SKIPPED: _("{who}: turn skipped"),
        K.CLIMBED: _("{who} cleared a stage: now stage {n}"),
        K.REVERSED: _("Direction reversed"),
        K.RESHUFFLED: _("Discard pile shuffled into a new draw pile"),
    }
    if kind in templates:
        return templates[kind].format(who=who, n=amount)
    if kind == K.CANCELLED:
        if amount:
            return _("{who} cancelled the +{n} stack with a King").format(who=who, n=amount)
        return _("{who} cancelled the +3 with a King").format(who=who)
    if kind == K.FINISHED:
        if amount == 1:
            return _("{who} wins!").format(who=who)
        return _("{who} finishes in place {n}").format(who=who, n=amount)
    return f"{who}: {kind}"


def _stand_in(told: TableEvent, names: Sequence[str], me: int | None, seat: int) -> str | None:
    """A move a bot made for an absent person: never "You played" for it, but "A bot
    played blue 6 for you"; for someone else's seat, their line marked as the bot's."""
    plain = replace(told, stand_in=False)
    if seat == me:
        named = list(names)
        named[seat] = _("A bot")
        line = describe(plain, named, None)
        return None if line is None else _("{line} for you").format(line=line)
    line = describe(plain, names, me)
    return None if line is None else _("{line} (a bot stands in)").format(line=line)


def action_words(data: dict[str, Any], names: Sequence[str]) -> str:
    """An action (RULES.md JSON form) in words: for a step whose events say nothing."""
    seat = data.get("seat", -1)
    who = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"
    kind = data.get("type")
    if kind == "play":
        return _("{who} played {card}").format(who=who, card=card_words(str(data.get("card"))))
    if kind == "draw":
        return ngettext("{who} drew {n} card", "{who} drew {n} cards", 1).format(who=who, n=1)
    words = {
        "close_taki": _("{who} closed the TAKI"),
        "end_turn": _("{who} ended the turn"),
        "declare_last_card": _("{who} said last card"),
        "break": _("{who} broke the +3!"),
        "pass": _("{who} let the +3 through"),
    }
    return words.get(str(kind), "{who}: ?").format(who=who)


def _plus3_answer(can_break: bool, king: bool) -> str:
    """What answers a pending +3, as the title's notice (plus3_notice) offers it."""
    if king:
        return (_("A +3 is pending: break (b), pass (p) or King (K).") if can_break
                else _("A +3 is pending: pass (p) or cancel it with a King (K)."))
    return (_("A +3 is pending: break it (b) or let it through (p).") if can_break
            else _("A +3 is pending: let it through (p)."))


def refusal(reason: Refusal, names: Sequence[str], hand: Sequence[str] = (),
            king: bool = False) -> str:
    """A refusal (engine.reasons) in the player's words: says why, and what would do
    (from ``hand``, the seat's cards: a +3 is broken only with a Breaker in it;
    ``king``: the seat after the +3's player may cancel it with a King, K, as the
    title's notice says)."""
    p = reason.params

    def name(key: str) -> str:
        seat = p.get(key)
        return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"

    symbol = str(p.get("symbol", ""))
    words = {
        "no_game": _("No game is being played here yet."),
        "game_over": _("The game is over."),
        "watching": _("You are watching: spectators do not play."),
        "finished": _("You have finished: the others play on."),
        "not_your_turn": _("Not your turn: waiting for {name}."),
        "not_in_hand": _("You do not hold that card."),
        "match": _("Match {color} or {symbol}, or play a colourless card."),
        "plus2_live": _("A +2 stack is live: add a +2, play a King, or draw {n} (d)."),
        "run_only": _("Inside your TAKI run: only {color}, Super TAKI or Change Colour."),
        "plus3_king": _("A +3 is pending: only a King answers it on your turn, or pass (p)."),
        "plus3_answer": _plus3_answer("breaker" in hand, king),
        "no_plus3": _("There is no +3 to answer."),
        "own_plus3": _("Nobody answers their own +3."),
        "already_passed": _("You already let this +3 through."),
        "no_breaker": _("You hold no +3 Breaker."),
        "nothing_to_close": _("Nothing to close: you have no TAKI run."),
        "lone_taki": _("A TAKI alone cannot be closed: play a card on it first."),
        "no_draw_run": _("No drawing inside your TAKI run: play, close (c) or end it (e)."),
        "no_draw_king": _("After a King: play any card or end the turn (e)."),
        "must_play": _("This table says must play: you hold a card you can play."),
        "plus_needs_card": _("A Plus needs one more card: match {color} or {symbol}, or draw (d).")
        if symbol
        else _("A Plus needs one more card, or draw (d)."),
        "nothing_to_end": _("Nothing to end: e ends a King's turn or leaves a TAKI open."),
        "already_declared": _("You already declared last card this turn."),
    }
    template = words.get(reason.code, _("Not allowed now."))
    return template.format(
        name=name("turn"),
        color=color_word(p.get("color")),
        symbol=symbol_word(symbol),
        n=p.get("n", 0),
    )
