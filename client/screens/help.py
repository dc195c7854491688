"""Help: the rules in short (house rules marked) and every key."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Markdown

from ..i18n import rules

RULES = """\
# TAKI

**Goal**: be the first to empty your hand. Play a card that matches the leading card's
**colour** or **symbol**, or a colourless card; or draw one card (your turn ends).

**Last card**: when your turn ends with one card, you must have said *last card*
(key **l**) during that turn, or you draw 4.

## Action cards
- **Stop**: the next player is skipped (with 2 players you play again).
- **+2**: the next player adds a +2, plays a King, or draws the whole stack.
- **Change Direction** (<->): play goes the other way.
- **Plus**: play one more card (it must match), or draw 1. A Plus cannot win.
- **TAKI**: play any number of cards of its colour, then **close** it (key **c**);
  only the last card's action counts. Leave it open (**e**) and the next player may
  continue it.
- **Change Colour**: name the new colour (not on a +2 stack or a pending +3).
- **Super TAKI**: a TAKI in the active colour.
- **King**: cancels a +2 stack or a +3; then play any one card, or end the turn (**e**).
- **+3**: everyone else draws 3, unless someone **breaks** it (**b**) with a +3 Breaker:
  then the +3's player draws 3. Others may **pass** (**p**).
- **+3 Breaker** on your own turn: you draw 3; the next player follows the card beneath.

## House rules (ours, not the printed ones)
- A colourless opening card goes to the bottom of the pile; the next one is flipped.
- The host picks who starts (random by default).
- You may draw even when you could play (unless the table says *must play if able*).
- Table options: *stairs* (an 8-stage tournament), *play for places*.

## Keys
| key | does |
|---|---|
| ←/→ or 1-9 | choose a card |
| Enter or click | play it |
| d | draw |
| c | close the TAKI |
| e | end the turn (after a King, or leaving a TAKI open) |
| l | say "last card" |
| b / p | break / pass a +3 |
| r, g, b, y | name the colour of a Change Colour |
| t | chat |
| s, a, A, x, r | host: start, add a basic bot, add a random bot, remove a bot, rematch |
| v | step through the finished game (→ / ← in the replay) |
| q | leave the table |
| ? | this help (Esc closes it) |
"""


class HelpScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,q,question_mark", "close", "Close")]

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help"):
            yield Markdown(rules(RULES))

    def action_close(self) -> None:
        self.dismiss(None)
