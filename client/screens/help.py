"""Help: the rules in short (house rules marked) and every key."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen

from ..i18n import _, key, rules
from ..widgets.cards import short_symbols, symbols
from ..widgets.document import Document
from ..words import symbol_word

RULES = """\
# TAKI

**Goal**: be the first to empty your hand. Play a card that matches the leading card's
**colour** or **symbol**, or a colourless card; or draw one card (your turn ends).

**Last card**: when your turn ends with one card, you must have said *last card*
(key **l**) during that turn, or you draw 4.

## The screen
- Your hand, sorted by colour: **bright** cards can be played now, dim ones cannot.
  Above each card: its key and its colour's initial (none for a colourless card).
  A long hand narrows its cards, then scrolls: *‹ 3 more* and *3 more ›* count the
  cards out of view; the arrows (or a click on the sign) bring them in.
- ▶ marks whose turn it is, ★ the table's host; the arrow after *Players* shows the
  direction of play. *LAST CARD!* beside a name: that player holds one card and has
  said *last card*.
- The line under the leading card says what is live (a +2 stack, a +3 and its seconds
  left, a TAKI run) and, when a key or a card is refused, why.
- *Game over* in the leading card's place: the game has ended, and every hand left is
  shown beside its player's name (and in the replay): you see who held what. Never
  before the end.

## The deck and the deal
- 116 cards in four colours (red, green, blue, yellow): two of each number 1, 3 to 9
  (no plain 2: the +2 is the only 2), and two each of Stop, +2, Change Direction, Plus
  and TAKI, in each colour.
- Colourless: Change Colour (4), Super TAKI, King, +3, +3 Breaker (2 each). They play on
  any colour (each by its own rule) and leave the colour as it was, except Change
  Colour, which names a new one.
- Everyone gets 8 cards; the next card is the leading card. An empty draw pile is made
  again from the discard pile, shuffled (its top card stays; after a +3 Breaker played
  on its player's own turn, the card beneath it stays too).

## Action cards
- **Stop**: the next player is skipped (with 2 players you play again).
- **+2**: the next player adds a +2, plays a King, or draws the whole stack.
- **Change Direction** (<->): play goes the other way (with 2 players: no change).
- **Plus**: play one more card (it must match), or draw 1. A Plus cannot win.
- **TAKI**: play any number of cards of its colour, then **close** it (key **c**);
  only the last card's action counts. A TAKI or Super TAKI inside the run counts as one
  more card. Leave it open (**e**) and the next player may continue it.
- **Change Colour**: name the new colour (not on a +2 stack or a pending +3).
- **Super TAKI**: a TAKI in the active colour.
- **King**: cancels a +2 stack or a +3; then play any one card, or end the turn (**e**).
- **+3**: everyone else draws 3, unless someone **breaks** it (**b**) with a +3 Breaker:
  then the +3's player draws 3. Others may **pass** (**p**).
- **+3 Breaker** on your own turn: you draw 3; the next player follows the card beneath.

## The +3 window
- A +3 is answered at once by every other player, out of turn: break it with a
  Breaker, or let it through; the next player may also cancel it with a King.
- The window closes after a few seconds (a table setting, 4 by default; the countdown
  shows on screen): whoever has not answered by then lets it through.

## Table options
- *Stairs*: an 8-stage tournament. Empty your hand and you climb a stage at once and
  draw that many cards (7, then 6 ... then 1); the first to empty a stage-1 hand wins.
- *Play for places*: after the winner the others play on for 2nd, 3rd ... place.
- *Must play if able*: no drawing while you hold a card you can play.
- *Turn timer*: when your time runs out, the game ends your turn for you (it closes your
  run or ends your turn if it can; otherwise you draw 1).

## House rules (ours, not the printed ones)
- A colourless opening card goes to the bottom of the pile; the next one is flipped.
- The host picks who starts (random by default).
- You may draw even when you could play (unless the table says *must play if able*).

## Keys
| key | does |
|---|---|
| ←/→, 1-9, 0, f… | choose a card (or press the key shown above it) |
| Enter, click | play it |
| o | hand sorted by colour, or as dealt |
| d | draw |
| c | close the TAKI |
| e | end the turn (after a King, or leaving a TAKI open) |
| l | say "last card" |
| b / p | break / pass a +3 |
| K | play a King (it cancels a +2 stack or a +3) |
| r, g, b, y | name the colour of a Change Colour (1-4 too) |
| t | chat (Enter sends, Esc goes back to the game) |
| s, a, A, x, r | host: start, add a bot (your level), add an easy bot, remove a bot, rematch |
| v | step through the finished game (→ / ← in the replay) |
| S | the standings of the evening at this table (in the lobby too) |
| H | a hint: the move a strong bot would make, and why (tables with hints on) |
| q | leave the table |
| ? | this help (Esc closes it) |
"""


def card_labels() -> str:
    """The help's table of what each tile's label names ('BREAK', 'BRK': the +3
    Breaker), made from the labels the tiles show, so it always says what they say."""
    long, short = symbols(), short_symbols()
    rows = [f"| {_('label')} | {_('card')} |", "|---|---|"]
    for symbol, label in long.items():
        name = symbol_word(symbol)
        labels = list(dict.fromkeys([label, short.get(symbol, label)]))
        if {label.casefold() for label in labels} != {name.casefold()}:
            rows.append(f"| {', '.join(labels)} | {name} |")
    return f"## {_('Card labels')}\n" + "\n".join(rows) + "\n"


def help_text() -> str:
    """The rules help in the current language, the card labels after the screen's
    section (its first ``##``)."""
    text = rules(RULES)
    head, sep, rest = text.partition("\n## ")
    second = rest.find("\n## ")
    if not sep or second < 0:
        return text + "\n" + card_labels()
    return head + sep + rest[: second + 1] + "\n" + card_labels() + rest[second:]


def closing_words() -> str:
    """The help box's bottom edge: how to close it and move in it (the key bar below
    still shows the table's keys, for the screen the help is over)."""
    keys = f"↑/↓, {key('PgUp')}/{key('PgDn')}"
    return _("{esc}: close the help · {keys}: scroll").format(esc=key("Esc"), keys=keys)


class HelpScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,q,question_mark", "close", "Close")]

    def compose(self) -> ComposeResult:
        box = VerticalScroll(id="help")
        box.border_subtitle = closing_words()
        with box:
            yield Document(help_text())

    def action_close(self) -> None:
        self.dismiss(None)
