"""Cards on screen: one small coloured tile per card, and the hand they make.

Card codes come from the server; they are looked up in the engine's own tables (an
unknown code is shown as '?'), so nothing from the network is ever rendered as markup.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Container
from textual.message import Message
from textual.widgets import Static

from engine.cards import CODES, COLOR_OF, SYMBOL_OF

SYMBOLS = {
    "stop": "STOP",
    "+2": "+2",
    "dir": "<->",
    "plus": "PLUS",
    "taki": "TAKI",
    "color": "COLOR",
    "supertaki": "SUPER",
    "king": "KING",
    "+3": "+3",
    "breaker": "BREAK",
}
BACKGROUND = {"R": "#c0392b", "G": "#1e8449", "B": "#2563c9", "Y": "#e1b12c", None: "#4a4a4a"}
FOREGROUND = {"R": "white", "G": "white", "B": "white", "Y": "black", None: "#ffd75f"}
DIM_BACKGROUND = {"R": "#4f211c", "G": "#173823", "B": "#1c2d4f", "Y": "#55461a", None: "#2b2b2b"}
"""Unplayable cards keep a darkened colour, so the hand still reads by colour."""
DIM_FOREGROUND = {"R": "#c8a09a", "G": "#9cc0a8", "B": "#9fb0d0", "Y": "#d8cfa0", None: "#a09060"}
COLOR_TAGS = {"R": "RED", "G": "GRN", "B": "BLU", "Y": "YEL", None: "ANY"}
"""A tile's colour in letters too, for monochrome terminals and colour-blind eyes."""


def symbol(code: str) -> str:
    if code not in CODES:
        return "?"
    sym = SYMBOL_OF[code]
    return SYMBOLS.get(sym, sym)


def card_text(code: str, *, dim: bool = False, width: int = 0) -> Text:
    """A card as a coloured label, e.g. ' 7 ' on red; dim for an unplayable one."""
    col = COLOR_OF.get(code) if code in CODES else None
    label = f" {symbol(code)} "
    if width:
        label = label.center(width)
    if dim:
        return Text(label, style=f"{DIM_FOREGROUND[col]} on {DIM_BACKGROUND[col]}")
    return Text(label, style=f"bold {FOREGROUND[col]} on {BACKGROUND[col]}")


def color_swatch(color: str, word: str) -> Text:
    """The active colour as ``word`` (already translated) on its own colour."""
    return Text(f" {word.upper()} ", style=f"bold {FOREGROUND.get(color, 'white')} on "
                f"{BACKGROUND.get(color, '#4a4a4a')}")


class CardTile(Static):
    """One card of the hand: its number key, and the card."""

    class Chosen(Message):
        """The card was clicked."""

        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(self, index: int, code: str, *, playable: bool, selected: bool) -> None:
        super().__init__(classes="card")
        self.index = index
        self.code = code
        self.playable = playable
        self.set_class(not playable, "unplayable")
        self.set_class(selected, "selected")

    def render(self) -> Text:
        key = str(self.index + 1) if self.index < 9 else " "
        tag = COLOR_TAGS[COLOR_OF.get(self.code) if self.code in CODES else None]
        text = Text(f"{key} {tag:<4}\n"[:7], style="bold" if self.playable else "#8a8a8a")
        text.append_text(card_text(self.code, dim=not self.playable, width=6))
        return text

    def on_click(self) -> None:
        self.post_message(self.Chosen(self.index))


class HandView(Container):
    """The player's hand as tiles, unplayable ones dimmed, one of them selected."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.cards: list[str] = []
        self.playable: set[str] = set()
        self.selected = 0

    def show(self, cards: list[str], playable: set[str], selected: int) -> None:
        """Show ``cards``; rebuilds the tiles only when the hand itself changed."""
        if cards != self.cards:
            self.cards = list(cards)
            self.playable = set(playable)
            self.selected = selected
            self.refresh(recompose=True)
            return
        if (playable, selected) == (self.playable, self.selected):
            return
        self.playable = set(playable)
        self.selected = selected
        for tile in self.query(CardTile):
            tile.playable = tile.code in playable
            tile.set_class(not tile.playable, "unplayable")
            tile.set_class(tile.index == selected, "selected")
            tile.refresh()

    def flash_card(self, index: int) -> None:
        """Make the card at ``index`` blink once (it was refused)."""
        for tile in self.query(CardTile):
            if tile.index == index:
                tile.add_class("refused")
                self.set_timer(0.6, lambda t=tile: t.remove_class("refused"))

    def on_resize(self) -> None:
        """As many tiles a row as the width allows (7 cells each)."""
        width = self.size.width
        if width < 9:
            return  # not laid out yet
        columns = (width - 2) // 7
        if self.styles.grid_size_columns != columns:
            self.styles.grid_size_columns = columns

    def compose(self) -> ComposeResult:
        for i, code in enumerate(self.cards):
            yield CardTile(i, code, playable=code in self.playable, selected=i == self.selected)
