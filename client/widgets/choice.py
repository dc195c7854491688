"""A row of choices (a RadioSet) that the arrow keys choose in.

Textual's RadioSet moves a highlight with the arrows and chooses on Enter or space,
and highlights its first button on mount whatever is chosen: in the new-table form the
arrows seemed to choose the bots' level but the table came with the one chosen before,
and Enter, which the form's heading says creates, was taken by the set. Here the arrows
choose, space still does, and Enter is left to the form around it.
"""

from __future__ import annotations

from textual.binding import Binding
from textual.widgets import RadioSet


class ArrowChoice(RadioSet, inherit_bindings=False):
    """See the module docstring."""

    BINDINGS = [
        Binding("down,right", "choose(1)", show=False),
        Binding("up,left", "choose(-1)", show=False),
        Binding("space", "toggle_button", show=False),
    ]

    def on_focus(self) -> None:
        self._highlight_chosen()

    def _highlight_chosen(self) -> None:
        if self.pressed_index >= 0:
            self._selected = self.pressed_index

    def action_choose(self, step: int) -> None:
        """Choose the next (1) or previous (-1) button from the one chosen."""
        self._highlight_chosen()
        if step > 0:
            self.action_next_button()
        else:
            self.action_previous_button()
        self.action_toggle_button()
