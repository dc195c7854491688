"""The standings of the evening (key S at a table and in the lobby): a pop-up with the
table's lines and head-to-heads (client/standings.py), closed by Esc, q or S."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from protocol.standings import Standings

from ..i18n import _
from ..standings import standings_lines


class StandingsScreen(ModalScreen[None]):
    """See the module docstring."""

    DEFAULT_CSS = """
    StandingsScreen {
        align: center middle;
        background: rgba(0, 0, 0, 0.55);
    }
    #standings {
        width: 90%;
        max-width: 100;
        height: auto;
        max-height: 90%;
        border: round #3d6fb6;
        background: #18202a;
        padding: 0 1;
    }
    #standings-text {
        height: auto;
    }
    """

    BINDINGS = [
        Binding("escape", "close", "Close"),
        Binding("q", "close", "Close", show=False),
        Binding("S", "close", "Close", show=False),
    ]

    def __init__(self, table: str, standings: Standings | None) -> None:
        super().__init__()
        self.table_name = table
        self.standings = standings

    def text(self) -> str:
        """What the pop-up shows (the same lines ``--standings`` prints)."""
        return "\n".join(standings_lines(self.table_name, self.standings))

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="standings"):
            yield Static(Text(self.text()), id="standings-text")
            yield Static(Text(_("Esc: close"), style="dim"))

    def action_close(self) -> None:
        self.dismiss(None)
