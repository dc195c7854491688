"""Cards on screen: one small coloured tile per card, and the hand they make.

Card codes come from the server; they are looked up in the engine's own tables (an
unknown code is shown as '?'), so nothing from the network is ever rendered as markup.
"""

from __future__ import annotations

from rich.cells import cell_len, set_cell_size
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Container
from textual.message import Message
from textual.widgets import Static

from engine.cards import CODES, COLOR_OF, SYMBOL_OF

from ..i18n import _
from ..words import color_word

SYMBOL_ORDER = ("1", "3", "4", "5", "6", "7", "8", "9", "stop", "+2", "dir", "plus", "taki",
                "color", "supertaki", "king", "+3", "breaker")
"""A hand sorts by colour (red, green, blue, yellow, then colourless), then this order."""
COLOR_ORDER = {"R": 0, "G": 1, "B": 2, "Y": 3, None: 4}
BACKGROUND = {"R": "#c0392b", "G": "#1e8449", "B": "#2563c9", "Y": "#e1b12c", None: "#4a4a4a"}
FOREGROUND = {"R": "white", "G": "white", "B": "white", "Y": "black", None: "#ffd75f"}
DIM_BACKGROUND = {"R": "#4f211c", "G": "#173823", "B": "#1c2d4f", "Y": "#55461a", None: "#2b2b2b"}
"""Unplayable cards keep a darkened colour, so the hand still reads by colour."""
DIM_FOREGROUND = {"R": "#c8a09a", "G": "#9cc0a8", "B": "#9fb0d0", "Y": "#d8cfa0", None: "#a09060"}
TILE_KEYS = "1234567890fghijkmnuwyz"
"""The key of each card of the hand, in order: digits, then letters the table leaves free."""
TILE_WIDTH = 7
LARGE_TILE_WIDTH = 9


def symbols() -> dict[str, str]:
    """Card labels in the current language: at most 6 cells, so they fit a tile."""
    return {
        "stop": _("STOP"),
        "+2": "+2",
        "dir": "<->",
        "plus": _("PLUS"),
        "taki": "TAKI",
        "color": _("COLOUR"),
        "supertaki": _("SUPER"),
        "king": _("KING"),
        "+3": "+3",
        "breaker": _("BREAK"),
    }


def color_initial(color: str | None) -> str:
    """A tile's colour in letters too (for monochrome terminals and colour-blind eyes):
    the initial each language uses for the colour; nothing for a colourless card."""
    if color is None:
        return ""
    return {"R": _("R"), "G": _("G"), "B": _("B"), "Y": _("Y")}[color]


def sort_hand(cards: list[str]) -> list[str]:
    """By colour (colourless last), then number, then action."""
    def rank(code: str) -> tuple[int, int]:
        if code not in CODES:
            return (9, 0)
        sym = SYMBOL_OF[code]
        order = SYMBOL_ORDER.index(sym) if sym in SYMBOL_ORDER else len(SYMBOL_ORDER)
        return (COLOR_ORDER[COLOR_OF[code]], order)

    return sorted(cards, key=rank)


def tile_key(index: int) -> str:
    """The key that picks the card at ``index`` ('' beyond the last key: arrows only)."""
    return TILE_KEYS[index] if index < len(TILE_KEYS) else ""


def symbol(code: str) -> str:
    if code not in CODES:
        return "?"
    sym = SYMBOL_OF[code]
    return symbols().get(sym, sym)


def card_text(code: str, *, dim: bool = False, width: int = 0, tagged: bool = False) -> Text:
    """A card as a coloured label, e.g. ' 7 ' on red; dim for an unplayable one.
    ``tagged``: the colour's initial too (' R7 '), where no tile header says it."""
    col = COLOR_OF.get(code) if code in CODES else None
    label = symbol(code)
    if tagged and col is not None:
        label = color_initial(col) + label
    label = f" {label} " if not width or cell_len(label) + 2 <= width else label
    if width:
        label = fit(label, width)
    if dim:
        return Text(label, style=f"{DIM_FOREGROUND[col]} on {DIM_BACKGROUND[col]}")
    return Text(label, style=f"bold {FOREGROUND[col]} on {BACKGROUND[col]}")


def fit(text: str, width: int) -> str:
    """``text`` centred in exactly ``width`` cells (cut if it is wider)."""
    if cell_len(text) > width:
        return set_cell_size(text, width)
    pad = width - cell_len(text)
    return " " * (pad // 2) + text + " " * (pad - pad // 2)


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

    def __init__(
        self, index: int, code: str, *, playable: bool, selected: bool, large: bool = False
    ) -> None:
        super().__init__(classes="card large" if large else "card")
        self.index = index
        self.code = code
        self.playable = playable
        self.large = large
        self.set_class(not playable, "unplayable")
        self.set_class(selected, "selected")

    def render(self) -> Text:
        width = LARGE_TILE_WIDTH if self.large else TILE_WIDTH
        color = COLOR_OF.get(self.code) if self.code in CODES else None
        head = f"{tile_key(self.index)} {color_initial(color)}".rstrip()
        text = Text(set_cell_size(head, width) + "\n",
                    style="bold" if self.playable else "#8a8a8a")
        text.append_text(card_text(self.code, dim=not self.playable, width=width))
        if self.large:
            text.append("\n")
            word = color_word(color) if color else ""
            text.append_text(Text(fit(word, width), style=card_text(
                self.code, dim=not self.playable).style))
        return text

    def on_click(self) -> None:
        self.post_message(self.Chosen(self.index))


class HandView(Container):
    """The player's hand as tiles, unplayable ones dimmed, one of them selected.

    Tiles grow (three lines, the colour spelt out) when the terminal is 120x40 or more."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.cards: list[str] = []
        self.playable: set[str] = set()
        self.selected = 0
        self.large = False

    def show(self, cards: list[str], playable: set[str], selected: int) -> None:
        """Show ``cards``; rebuilds the tiles only when the hand itself changed."""
        large = self.app.size.width >= 120 and self.app.size.height >= 40
        if cards != self.cards or large != self.large:
            self.cards = list(cards)
            self.playable = set(playable)
            self.selected = selected
            self.large = large
            self._layout()
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
        self._layout()

    def _layout(self) -> None:
        """As many tiles a row as the width allows (the tile and one cell between)."""
        width = self.size.width
        tile = LARGE_TILE_WIDTH if self.large else TILE_WIDTH
        self.styles.grid_size_columns = max((width - 2) // (tile + 1), 1) if width > 9 else 10
        self.styles.grid_columns = str(tile)
        self.styles.grid_rows = "3" if self.large else "2"

    def compose(self) -> ComposeResult:
        for i, code in enumerate(self.cards):
            yield CardTile(i, code, playable=code in self.playable, selected=i == self.selected,
                           large=self.large)
