"""Cards on screen: one small coloured tile per card, and the hand they make.

Card codes come from the server; they are looked up in the engine's own tables (an
unknown code is shown as '?'), so nothing from the network is ever rendered as markup.
"""

from __future__ import annotations

from rich.cells import cell_len, set_cell_size
from rich.text import Text
from textual import events
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
TILE_WIDTHS = (TILE_WIDTH, 6, 5, 4)
"""A growing hand narrows its tiles, widest first, to stay one row; past the narrowest
(at 80 columns, 16 cards and up) the row scrolls instead."""
SHORT_LABEL_CELLS = TILE_WIDTHS[-1]
"""The short labels (``short_symbols``) fit the narrowest tile whole."""


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


def short_symbols() -> dict[str, str]:
    """Card labels of at most 4 cells, for the narrowest tiles, where the label of
    ``symbols`` is wider. The msgids carry a ``short|`` context, as GLib's ``Q_()``
    does: the English short label may equal the long one ('STOP') while another
    language's long one is too wide ('STOPP'); untranslated, the context is dropped."""
    labels = {
        "stop": _("short|STOP"),
        "plus": _("short|PLUS"),
        "color": _("short|COL"),
        "supertaki": _("short|SUP"),
        "king": _("short|KING"),
        "breaker": _("short|BRK"),
    }
    return {sym: text.split("|", 1)[-1] for sym, text in labels.items()}


def color_initial(color: str | None) -> str:
    """A tile's colour in letters too (for monochrome terminals and colour-blind eyes):
    the initial each language uses for the colour; nothing for a colourless card."""
    if color is None:
        return ""
    return {"R": _("R"), "G": _("G"), "B": _("B"), "Y": _("Y")}[color]


def color_keys() -> dict[str, str]:
    """The keys that name each colour in the colour picker: the language's own initials
    where they are distinct Latin letters (English r g b y, French r v b j), else the
    digits 1-4 (the catalog's ``keys|rgby``); 1-4 always work as well."""
    keys = _("keys|rgby").split("|")[-1]
    if len(keys) != 4 or len(set(keys)) != 4:
        keys = "1234"
    return dict(zip("RGBY", keys, strict=True))


def sort_hand(cards: list[str]) -> list[str]:
    """By colour (colourless last), then number, then action."""
    def rank(code: str) -> tuple[int, int]:
        if code not in CODES:
            return (9, 0)
        sym = SYMBOL_OF[code]
        order = SYMBOL_ORDER.index(sym) if sym in SYMBOL_ORDER else len(SYMBOL_ORDER)
        return (COLOR_ORDER[COLOR_OF[code]], order)

    return sorted(cards, key=rank)


def tile_key_range(count: int) -> str:
    """The keys that pick the cards of a hand of ``count``, in runs: '1-5', '1-9,0',
    '1-9,0,f-h' (past 9 cards the keys go on with 0 and letters: "1-9" said nothing of
    them); runs of two are written out ('m,n')."""
    runs: list[list[str]] = []
    for k in TILE_KEYS[:count]:
        if runs and ord(k) == ord(runs[-1][-1]) + 1:
            runs[-1].append(k)
        else:
            runs.append([k])
    return ",".join(f"{r[0]}-{r[-1]}" if len(r) > 2 else ",".join(r) for r in runs)


def tile_key(index: int) -> str:
    """The key that picks the card at ``index`` ('' beyond the last key: arrows only)."""
    return TILE_KEYS[index] if index < len(TILE_KEYS) else ""


def symbol(code: str, width: int = 0) -> str:
    """The card's label; the short one when the long one is wider than ``width``."""
    if code not in CODES:
        return "?"
    sym = SYMBOL_OF[code]
    label = symbols().get(sym, sym)
    if width and cell_len(label) > width:
        short = short_symbols().get(sym, label)
        if cell_len(short) < cell_len(label):
            return short
    return label


def card_text(code: str, *, dim: bool = False, width: int = 0, tagged: bool = False) -> Text:
    """A card as a coloured label, e.g. ' 7 ' on red; dim for an unplayable one.
    ``tagged``: the colour's initial too (' R7 '), where no tile header says it."""
    col = COLOR_OF.get(code) if code in CODES else None
    label = symbol(code, width)
    if tagged and col is not None:
        label = color_initial(col) + label
    label = f" {label} " if not width or cell_len(label) + 2 <= width else label
    if width:
        label = fit(label, width)
    if dim:
        return Text(label, style=f"{DIM_FOREGROUND[col]} on {DIM_BACKGROUND[col]}")
    return Text(label, style=f"bold {FOREGROUND[col]} on {BACKGROUND[col]}")


def cards_line(cards: list[str], room: int) -> Text:
    """A hand shown at the end of a game, in at most ``room`` cells: sorted, each card
    its label on its colour as the hand's tiles draw it (``card_text``), one cell
    apart; the colour's initial, which the hand's tiles carry above them, goes once
    before each colour's cards ('R 7 9 G STOP'), never glued to a label: 'GSTOP B3
    BTAKI' read as the engine's card codes. The tiles' padding is left out, so a hand
    takes no more cells than it did glued. What does not fit is counted in words
    and brackets ('(2 more)', as the hand's signs say): '+2' read as a card. When not
    one card fits, the line is empty: "8 cards  (8 more)" said more than none."""
    out = Text()
    shown = sort_hand(cards)

    def more(n: int) -> str:
        # In brackets: "R 1 3 4 7 more" read as four cards and a word.
        return "(" + _("{n} more").format(n=n) + ")"

    before: str | None = None
    for i, code in enumerate(shown):
        col = COLOR_OF.get(code) if code in CODES else None
        piece = Text(" " if i else "")
        if col is not None and (i == 0 or col != before):
            piece.append(color_initial(col) + " ", style="bold")
        piece.append(symbol(code, SHORT_LABEL_CELLS), style=card_text(code).style)
        rest = len(shown) - i - 1
        reserve = cell_len(" " + more(rest)) if rest else 0
        if out.cell_len + piece.cell_len + reserve > room:
            if not i:
                break  # no card fits: the count beside the name says how many
            left = " " + more(len(shown) - i)
            out.append(left if out.cell_len + cell_len(left) <= room else "", style="bold")
            break
        out.append_text(piece)
        before = col
    return out


BIG_CARD = (15, 5)
"""Cells of the leading card drawn in the middle of the table (width, height)."""


def big_card(code: str) -> Text:
    """The leading card large, for the middle of a tall table: its colour's initial,
    its label and its colour's name on the card's own colours."""
    col = COLOR_OF.get(code) if code in CODES else None
    width, _height = BIG_CARD
    style = f"bold {FOREGROUND[col]} on {BACKGROUND[col]}"
    rows = ["", f" {color_initial(col)}", fit(symbol(code), width),
            fit(color_word(col) if col else "", width), ""]
    out = Text()
    for i, row in enumerate(rows):
        out.append(set_cell_size(row, width), style=style)
        if i < len(rows) - 1:
            out.append("\n")
    return out


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


def hand_window(count: int, selected: int, first: int, room: int, tile: int,
                sign: int) -> tuple[int, int]:
    """Which cards of a hand of ``count`` show, as ``(start, end)``.

    ``count`` tiles ``tile`` cells wide, one cell apart, in ``room`` cells: all of them
    when they fit. Otherwise a window that keeps ``selected`` in view and moves as
    little as it can from the last one (starting at ``first``), leaving ``sign`` cells
    and one more on each side that hides cards for its "n more" sign."""
    if count <= 0:
        return 0, 0
    step = tile + 1

    def capacity(start: int) -> int:
        left = sign + 1 if start > 0 else 0
        if start + (room + 1 - left) // step >= count:
            return count - start  # the rest fits: no sign on the right
        return max((room + 1 - left - sign - 1) // step, 1)

    if capacity(0) >= count:
        return 0, count
    selected = min(max(selected, 0), count - 1)
    start = min(max(first, 0), selected)
    while selected >= start + capacity(start):
        start += 1
    while start > 0 and capacity(start - 1) >= count - start + 1:
        start -= 1  # no empty room at the end (the hand shrank, the screen grew)
    return start, start + capacity(start)


def more_word() -> str:
    """The word of the "n more" signs, without the number (it goes with the arrow)."""
    return " ".join(_("{n} more").replace("{n}", " ").split())


class CardTile(Static):
    """One card of the hand: its number key, and the card."""

    class Chosen(Message):
        """The card was clicked."""

        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(
        self, index: int, code: str, *, playable: bool, selected: bool, large: bool = False,
        width: int = 0,
    ) -> None:
        super().__init__(classes="card large" if large else "card")
        self.index = index
        self.code = code
        self.playable = playable
        self.large = large
        self.tile_width = width or (LARGE_TILE_WIDTH if large else TILE_WIDTH)
        self.styles.width = self.tile_width
        self.set_class(not playable, "unplayable")
        self.set_class(selected, "selected")

    def resize_tile(self, width: int, large: bool) -> None:
        """Narrow or widen the tile (the hand grew or shrank, the terminal was resized)."""
        if (width, large) == (self.tile_width, self.large):
            return
        self.tile_width, self.large = width, large
        self.styles.width = width
        self.set_class(large, "large")
        self.refresh(layout=True)

    def render(self) -> Text:
        width = self.tile_width
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


class MoreSign(Static):
    """'‹ n more' or 'n more ›' at an edge of a hand too long for one row."""

    def __init__(self, side: str) -> None:
        super().__init__(classes=f"more {side}")
        self.side = side

    def show(self, hidden: int, width: int) -> None:
        """``hidden`` cards beyond this edge (none: the sign is not shown)."""
        self.display = hidden > 0
        if not hidden:
            return
        self.styles.width = width
        first = f"‹ {hidden}" if self.side == "left" else f"{hidden} ›"
        align = str.ljust if self.side == "left" else str.rjust
        text = Text(align(first, width - cell_len(first) + len(first)) + "\n", style="bold")
        word = more_word()
        text.append(" " * (width - cell_len(word)) + word if self.side == "right" else word,
                    style="italic")
        self.update(text)

    async def on_click(self) -> None:
        """Bring the next hidden card on this side into view by selecting it (the
        screen's own arrow action, so the selection stays the screen's)."""
        hand = self.parent
        if not isinstance(hand, HandView):
            return
        start, end = hand.window
        target = start - 1 if self.side == "left" else end
        if 0 <= target < len(hand.cards):
            await self.run_action(f"screen.move({target - hand.selected})")


class HandView(Container):
    """The player's hand as one row of tiles, unplayable ones dimmed, one selected.

    Tiles grow (three lines, the colour spelt out) when the terminal is 120x40 or more
    and the hand fits so; they narrow as the hand grows (``TILE_WIDTHS``, with short
    labels at the narrowest), and past that the row scrolls to keep the selected card
    in view, a "‹ n more" / "n more ›" sign at each edge that hides cards. Never a
    second row: the table's layout below the hand stays put."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.cards: list[str] = []
        self.playable: set[str] = set()
        self.selected = 0
        self.big = False
        """The terminal is 120x40 or more: large tiles if the hand fits in them."""
        self.large = False
        self.tile_width = TILE_WIDTH
        self.window = (0, 0)
        """The cards shown, ``(start, end)``: all of them unless the row scrolls."""
        self._rows = 0
        """The row's height when last resized."""

    def show(self, cards: list[str], playable: set[str], selected: int) -> None:
        """Show ``cards``; rebuilds the tiles only when the hand itself changed."""
        big = self.app.size.width >= 120 and self.app.size.height >= 40
        if cards != self.cards or big != self.big:
            self.cards = list(cards)
            self.playable = set(playable)
            self.selected = selected
            self.big = big
            self._plan()
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
        self._arrange()

    def flash_card(self, index: int) -> None:
        """Make the card at ``index`` blink once (it was refused)."""
        for tile in self.query(CardTile):
            if tile.index == index:
                tile.add_class("refused")
                self.set_timer(0.6, lambda t=tile: t.remove_class("refused"))

    class Resized(Message):
        """The row changed height (its tiles came, or grew): the screen lays out what is
        around it again. (A Resize stays with the widget; this one bubbles.)"""

    def on_resize(self, event: events.Resize) -> None:
        self._arrange()
        if event.size.height != self._rows:
            self._rows = event.size.height
            self.post_message(self.Resized())

    def room(self) -> int:
        """Cells for the row: the hand's width less its padding (the screen's before the
        hand is laid out)."""
        return max((self.size.width or self.app.size.width) - 2, 1)

    def sign_width(self) -> int:
        return max(cell_len(f"‹ {len(self.cards)}"), cell_len(more_word()))

    def _plan(self) -> None:
        """Choose the tiles' size and the cards shown, for the hand and the width."""
        count, room = len(self.cards), self.room()
        self.large = self.big and (room + 1) // (LARGE_TILE_WIDTH + 1) >= count
        if self.large:
            self.tile_width = LARGE_TILE_WIDTH
        else:
            self.tile_width = next(
                (w for w in TILE_WIDTHS if (room + 1) // (w + 1) >= count), TILE_WIDTHS[-1])
        self.window = hand_window(count, self.selected, self.window[0], room,
                                  self.tile_width, self.sign_width())

    def _arrange(self) -> None:
        """Apply ``_plan`` to the tiles and signs already there."""
        self._plan()
        start, end = self.window
        for tile in self.query(CardTile):
            tile.resize_tile(self.tile_width, self.large)
            tile.display = start <= tile.index < end
        for sign in self.query(MoreSign):
            sign.styles.height = 3 if self.large else 2
            sign.show(start if sign.side == "left" else len(self.cards) - end,
                      self.sign_width())

    def compose(self) -> ComposeResult:
        start, end = self.window
        left, right = MoreSign("left"), MoreSign("right")
        yield left
        for i, code in enumerate(self.cards):
            tile = CardTile(i, code, playable=code in self.playable,
                            selected=i == self.selected, large=self.large,
                            width=self.tile_width)
            tile.display = start <= i < end
            yield tile
        yield right
        height = 3 if self.large else 2
        for sign, hidden in ((left, start), (right, len(self.cards) - end)):
            sign.styles.height = height
            sign.show(hidden, self.sign_width())
