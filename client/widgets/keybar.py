"""The key bar: what each key does now, in as few lines as fit the screen."""

from __future__ import annotations

from rich.text import Text

GAP = "  "
"""Between two items of the bar (and so never inside one: a label's own spaces are one)."""


def bar_width(screen_width: int) -> int:
    """The cells a key bar may fill on a screen this wide: all but the last column.
    tmux attaches a combining mark written after the last column's character to the
    cell before it: the Kannada lobby's last word "ಹಿಂದೆ" (back), ending in column 80,
    showed as "ಹಿಂೆದ"."""
    return max(screen_width - 1, 1)


def fit_keys(items: list[tuple[str, str, bool]], width: int, lines: int = 2) -> Text:
    """The key bar in at most ``lines`` lines of ``width`` cells, each item whole
    ("key label") on one line: a key without its label tells a newcomer nothing, so the
    bar takes a second line before any label goes (the French lobby at 80 columns lost
    three). Only when the words fit no ``lines`` lines do labels go, one at a time, those
    that matter least first (``matters`` False: chat, help, leave...), the rightmost of
    a kind before the others: the most important labels stay, the rest shrink to their
    key alone."""
    order = [i for i in reversed(range(len(items))) if not items[i][2]]
    order += [i for i in reversed(range(len(items))) if items[i][2]]
    dropped: set[int] = set()

    def item(i: int) -> Text:
        key, label, _matters = items[i]
        out = Text(key, style="bold")
        if i not in dropped:
            out.append(" " + label)
        return out

    def render() -> list[Text]:
        rows: list[Text] = []
        for i in range(len(items)):
            piece = item(i)
            if rows and rows[-1].cell_len + len(GAP) + piece.cell_len <= width:
                rows[-1].append(GAP)
                rows[-1].append_text(piece)
            else:
                rows.append(piece)
        return rows

    rows = render()
    for index in order:
        if len(rows) <= lines and all(row.cell_len <= width for row in rows):
            break
        dropped.add(index)
        rows = render()
    return Text("\n").join(rows)
