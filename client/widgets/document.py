"""A Markdown document drawn by one widget: the help's rules and keys.

Textual's ``Markdown`` mounts a widget per block, list item and table cell (171 for
the help) and lays every one of them out when the screen opens: the help took 0.4 to
0.8 s to show, and the keys typed after ``?`` waited behind it (client/keygate.py).
Rich renders the same Markdown (headings, lists, emphasis, tables) as the lines of
one widget, once per width: opening the help again renders nothing anew.

The key table keeps what the help needs of it: the key column as wide as its widest
key (a key list such as '←/→, 1-9, 0' never wrapped one word a line), the words
beside it taking the rest of the width and wrapping.
"""

from __future__ import annotations

from functools import lru_cache
from typing import ClassVar

from rich import box
from rich.console import Console, ConsoleOptions, RenderResult
from rich.markdown import Markdown as RichMarkdown
from rich.markdown import MarkdownElement, TableElement
from rich.measure import Measurement
from rich.segment import Segment
from rich.style import Style
from rich.table import Table
from rich.theme import Theme
from textual.widget import Widget


class KeyTable(TableElement):
    """A table whose first column (the keys) never wraps; the others share the rest."""

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        table = Table(box=box.SQUARE, style="markdown.table.border", show_lines=True,
                      expand=True)
        if self.header is not None and self.header.row is not None:
            for i, column in enumerate(self.header.row.cells):
                heading = column.content.copy()
                heading.stylize("markdown.table.header")
                table.add_column(heading, no_wrap=i == 0, ratio=None if i == 0 else 1)
        if self.body is not None:
            for row in self.body.rows:
                table.add_row(*(cell.content for cell in row.cells))
        yield table


class DocumentMarkdown(RichMarkdown):
    """Rich's Markdown with the key table, drawn in the styles ``theme`` names."""

    elements: ClassVar[dict[str, type[MarkdownElement]]] = {
        **RichMarkdown.elements, "table_open": KeyTable,
    }

    def __init__(self, markup: str, theme: Theme) -> None:
        super().__init__(markup, hyperlinks=False)
        self.theme = theme

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        with console.use_theme(self.theme):
            yield from super().__rich_console__(console, options)


@lru_cache(maxsize=16)
def _lines(console: Console, source: str, styles: tuple[tuple[str, Style], ...],
           width: int) -> list[list[Segment]]:
    """``source`` rendered ``width`` cells wide."""
    options = console.options.update(width=width, height=None, highlight=False)
    markdown = DocumentMarkdown(source, Theme(dict(styles)))
    return console.render_lines(markdown, options, pad=False)


class Rendered:
    """A document rendered once per width: Textual asks for its height, then its lines,
    then again on a refresh or another opening; each would render all the Markdown."""

    def __init__(self, source: str, styles: tuple[tuple[str, Style], ...]) -> None:
        self.source = source
        self.styles = styles

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        new_line = Segment.line()
        for line in _lines(console, self.source, self.styles, options.max_width):
            yield from line
            yield new_line

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement(1, options.max_width)


class Document(Widget):
    """``source`` (Markdown) as one widget, its headings in the theme's Markdown colours."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "document--h1", "document--h2", "document--table-header", "document--table-border",
    }
    DEFAULT_CSS = """
    Document {
        height: auto;
        padding: 0 2;
    }
    Document > .document--h1 {
        color: $markdown-h1-color;
        text-style: $markdown-h1-text-style;
    }
    Document > .document--h2 {
        color: $markdown-h2-color;
        text-style: $markdown-h2-text-style;
    }
    Document > .document--table-header {
        color: $primary;
        text-style: bold;
    }
    Document > .document--table-border {
        color: $primary 60%;
    }
    """

    def __init__(self, source: str, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.source = source
        """The Markdown shown (what a player reads, for the tests that read screens)."""

    def render(self) -> Rendered:
        def style(name: str) -> Style:
            return self.get_component_rich_style(f"document--{name}", partial=True)

        return Rendered(self.source, (
            ("markdown.h1", style("h1")), ("markdown.h2", style("h2")),
            ("markdown.table.header", style("table-header")),
            ("markdown.table.border", style("table-border")),
        ))
