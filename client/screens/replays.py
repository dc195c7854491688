"""The finished games a server kept: pick one to step through.

Opened from the lobby (key v) or with ``taki-client HOST:PORT --replays``. The list
comes from the server (``list_replays``, newest first); Enter asks for the chosen game.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Static

from protocol.messages import Replay, ReplayInfo

from .. import intents
from ..i18n import _
from ..safe import inert
from ..session import Session
from ..widgets.rows import Rows
from .replay import ReplayScreen


class ReplayListScreen(Screen[None]):
    """See the module docstring."""

    BINDINGS = [
        Binding("enter", "open", "Open"),
        Binding("q,escape", "close", "Close"),
    ]

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        self.games: tuple[ReplayInfo, ...] | None = None
        self.rows: list[ReplayInfo | Replay] = []
        """What each row opens: a game on the server, or one kept this session."""

    def compose(self) -> ComposeResult:
        yield Static(Text(" " + _("Finished games") + " ", style="bold reverse"))
        yield Rows(id="replays", cursor_type="row", zebra_stripes=True)
        yield Static(id="replays-note")
        yield Static(_("Enter step through the game · q back"), classes="hint")

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns(_("Game"), _("Table"), _("Players"), _("Winner"))
        self.show(())
        if self.session.link is not None:
            self.games = None
            self.query_one("#replays-note", Static).update(_("Asking the server..."))
            self.post_message(intents.ListReplays())
        table.focus()

    def show(self, games: tuple[ReplayInfo, ...]) -> None:
        """The server's list arrived (and the games kept this session, not on it)."""
        self.games = games
        on_server = {(g.table, g.game) for g in games}
        kept = [r for r in reversed(self.session.kept_replays)
                if (r.table, r.game) not in on_server]
        self.rows = [*kept, *games]
        table = self.query_one(DataTable)
        table.clear()
        for i, row in enumerate(self.rows):
            names = [inert(n, 24) for n in row.names]
            winner = names[row.winner] if row.winner is not None and row.winner < len(
                names) else "-"
            number = f"#{row.game}" if isinstance(row, ReplayInfo) else "*"
            table.add_row(number, inert(row.table, 24), Text(", ".join(names)),
                          Text(winner), key=str(i))
        note = "" if self.rows else _("No finished games on this server yet.")
        if kept:
            note = _("* kept by this client for the session")
        self.query_one("#replays-note", Static).update(note)

    def action_open(self) -> None:
        table = self.query_one(DataTable)
        if not 0 <= table.cursor_row < len(self.rows):
            return
        row = self.rows[table.cursor_row]
        if isinstance(row, ReplayInfo):
            self.post_message(intents.AskReplay(row.game))
        else:
            self.app.push_screen(ReplayScreen(row))

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        self.action_open()

    def action_close(self) -> None:
        self.app.pop_screen()
