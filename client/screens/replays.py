"""The finished games a server kept: pick one to step through.

Opened from the lobby (key v) or with ``taki-client HOST:PORT --replays``. The list
comes from the server (``list_replays``, newest first); Enter asks for the chosen game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Static

from protocol.messages import GetReplay, ListReplays, ReplayInfo

from ..i18n import _
from ..safe import inert

if TYPE_CHECKING:
    from ..app import TakiApp


class ReplayListScreen(Screen[None]):
    """See the module docstring."""

    BINDINGS = [
        Binding("enter", "open", "Open"),
        Binding("q,escape", "close", "Close"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.games: tuple[ReplayInfo, ...] | None = None

    @property
    def taki(self) -> TakiApp:
        from ..app import TakiApp

        assert isinstance(self.app, TakiApp)
        return self.app

    def compose(self) -> ComposeResult:
        yield Static(Text(" " + _("Finished games") + " ", style="bold reverse"))
        yield DataTable(id="replays", cursor_type="row", zebra_stripes=True)
        yield Static(id="replays-note")
        yield Static(_("Enter step through the game · q back"), classes="hint")

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns(_("Game"), _("Table"), _("Players"), _("Winner"))
        self.query_one("#replays-note", Static).update(_("Asking the server..."))
        self.taki.request(ListReplays)
        table.focus()

    def show(self, games: tuple[ReplayInfo, ...]) -> None:
        """The server's list arrived."""
        self.games = games
        table = self.query_one(DataTable)
        table.clear()
        for info in games:
            names = [inert(n, 24) for n in info.names]
            winner = names[info.winner] if info.winner is not None and info.winner < len(
                names) else "-"
            table.add_row(f"#{info.game}", inert(info.table, 24), Text(", ".join(names)),
                          Text(winner), key=str(info.game))
        note = "" if games else _("No finished games on this server yet.")
        self.query_one("#replays-note", Static).update(note)

    def action_open(self) -> None:
        table = self.query_one(DataTable)
        if not self.games or table.cursor_row < 0 or table.cursor_row >= len(self.games):
            return
        self.taki.request(GetReplay, game=self.games[table.cursor_row].game)

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        self.action_open()

    def action_close(self) -> None:
        self.app.pop_screen()
