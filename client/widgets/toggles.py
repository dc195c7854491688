"""Check boxes and radio buttons that show their state by glyph, not by colour alone.

Textual's Checkbox draws "▐X▌" ticked or not (and a RadioButton "▐●▌"), only the
colour of the X changing: with NO_COLOR or on a monochrome terminal every box read
ticked. Here the mark is drawn only when on ("▐X▌" / "▐ ▌"), so the state is in the
text itself, and the colours still say it where there are colours.
"""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Checkbox, RadioButton


class TickBox(Checkbox):
    """A Checkbox whose box is empty when unticked."""

    MARK = "X"

    def render(self) -> Content:
        self.BUTTON_INNER = self.MARK if self.value else " "
        return super().render()


class ChoiceButton(RadioButton):
    """A RadioButton whose circle shows only on the one chosen."""

    MARK = "●"

    def render(self) -> Content:
        self.BUTTON_INNER = self.MARK if self.value else " "
        return super().render()
