"""Does a screen fit? Every Static's lines measured in terminal cells against its width.

Used by the 80x24 tests: a line wider than its widget is cut or wrapped, which is the
defect they look for. Widths are rich.cells.cell_len, the terminal's own measure.
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual.screen import Screen
from textual.widgets import Markdown, Static


def overflows(screen: Screen[object]) -> list[str]:
    """Lines of the screen's Static widgets that are wider than the widget's content."""
    found: list[str] = []
    for widget in screen.query(Static):
        if not widget.display or widget.content_region.width <= 0:
            continue
        if any(not ancestor.display for ancestor in widget.ancestors_with_self
               if isinstance(ancestor, Static)):
            continue
        if any(isinstance(ancestor, Markdown) for ancestor in widget.ancestors):
            continue  # a document: its paragraphs wrap by design
        content = widget.render()
        text = content.plain if isinstance(content, Text) else str(content)
        width = widget.content_region.width
        for line in text.split("\n"):
            if cell_len(line.rstrip()) > width:
                found.append(f"#{widget.id or type(widget).__name__} ({width}): {line!r}")
    return found


def visible_text(screen: Screen[object]) -> list[str]:
    """Every text a player reads on the screen: Static lines (labels, checkboxes, radio
    buttons), button labels, inputs (value and placeholder), a data table's headers and
    cells, and the Markdown a help shows."""
    from textual.widgets import Button, DataTable, Input, Markdown

    from client.widgets.document import Document

    found: list[str] = []
    for widget in screen.query("*"):
        if not widget.display:
            continue
        if isinstance(widget, Static):
            content = widget.render()
            found.append(content.plain if isinstance(content, Text) else str(content))
        elif isinstance(widget, Button):
            found.append(str(widget.label))
        elif isinstance(widget, Input):
            found += [widget.value, str(widget.placeholder)]
        elif isinstance(widget, DataTable):
            found += [str(column.label) for column in widget.columns.values()]
            for row in range(widget.row_count):
                found += [c.plain if isinstance(c, Text) else str(c)
                          for c in widget.get_row_at(row)]
        elif isinstance(widget, (Markdown, Document)):
            found.append(widget.source)
    return found


def screen_lines(screen: Screen[object]) -> list[str]:
    """The screen's rows as the terminal shows them (what a player reads, whichever
    widgets draw it). Textual's compositor is the one place that has them as text."""
    return [strip.text for strip in screen._compositor.render_strips()]
