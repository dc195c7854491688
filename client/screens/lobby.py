"""The lobby: the server's tables, live; create a table, take a seat, or watch."""

from __future__ import annotations

import contextlib

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.css.query import NoMatches
from textual.screen import ModalScreen
from textual.widgets import Button, Checkbox, DataTable, Input, RadioSet, Static

from protocol.limits import ID_MAX, MAX_SEATS, MIN_SEATS, NAME_MAX, TABLE_NAME_MAX
from protocol.messages import TableInfo, TableOptions

from .. import intents
from ..i18n import _
from ..i18n import key as key_name
from ..levels import DEFAULT_LEVEL, level_word, offered, usable
from ..safe import inert
from ..session import Session
from ..widgets.choice import ArrowChoice
from ..widgets.keybar import bar_width, fit_keys
from ..widgets.rows import Rows
from ..widgets.toggles import ChoiceButton, TickBox
from ..words import seconds
from .base import SessionScreen
from .replays import ReplayListScreen
from .settings import SettingsScreen
from .standings import StandingsScreen


def options_words(info: TableInfo) -> str:
    o = info.options
    words = []
    if o.stairs:
        words.append(_("stairs"))
    if o.must_play_if_able:
        words.append(_("must play"))
    if o.play_for_places:
        words.append(_("places"))
    if o.hints:
        words.append(_("hints"))
    if o.turn_timer:
        words.append(_("{time} per turn").format(time=seconds(o.turn_timer)))
    return ", ".join(words) or "-"


class CreateTable(ModalScreen[tuple[TableOptions, str] | None]):
    """Every option of a new table, and the level of the bots the host adds (a).

    Enter creates from every field, as the heading says (a priority binding: a check
    box and the level would take it for themselves); space ticks a box; Enter on Cancel
    cancels."""

    BINDINGS = [
        Binding("escape", "cancel", "Cancel"),
        Binding("enter", "submit", show=False, priority=True),
    ]

    def __init__(self, default_name: str, level: str = DEFAULT_LEVEL) -> None:
        super().__init__()
        self.default_name = default_name
        self.level = usable(level)

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="dialog"):
            yield Static(_("New table") + "  " + _("(Enter creates, Esc cancels)"),
                         classes="heading")
            with Horizontal(classes="field"):
                yield Static(_("Name"), classes="label")
                yield Input(value=self.default_name, id="tname", max_length=TABLE_NAME_MAX)
            with Horizontal(classes="field"):
                yield Static(_("Seats (2-10)"), classes="label")
                yield Input(value="4", id="seats", type="integer", max_length=2)
            yield TickBox(_("Stairs (8-stage tournament)"), id="stairs")
            yield TickBox(_("Must play if able (no drawing while you can play)"), id="must")
            yield TickBox(_("Play for places (play on for 2nd, 3rd ...)"), id="places")
            yield TickBox(_("Hints for learners (H shows the bot's choice)"), id="hints")
            with Horizontal(classes="field"):
                yield Static(_("Turn timer in seconds (0: none)"), classes="label")
                yield Input(value="0", id="timer", type="integer", max_length=4)
            with Horizontal(classes="field"):
                yield Static(_("+3 answer window in seconds"), classes="label")
                yield Input(value="4", id="window", type="integer", max_length=3)
            with Horizontal(classes="field", id="level-row"):
                yield Static(_("Bots' level"), classes="label")
                with ArrowChoice(id="level"):
                    for kind in offered():
                        yield ChoiceButton(level_word(kind), value=kind == self.level,
                                          name=kind)
            yield Static(id="error")
            with Horizontal(id="buttons"):
                yield Button(_("Create"), id="create", variant="success")
                yield Button(_("Cancel"), id="cancel")

    def on_mount(self) -> None:
        self.query_one("#dialog").can_focus = False  # Tab goes field to field
        self.query_one("#tname", Input).focus()

    def action_submit(self) -> None:
        focused = self.focused
        if isinstance(focused, Button) and focused.id == "cancel":
            self.dismiss(None)
        else:
            self._create()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "cancel":
            self.dismiss(None)
            return
        self._create()

    def _create(self) -> None:
        try:
            seats = int(self.query_one("#seats", Input).value or "0")
            timer = int(self.query_one("#timer", Input).value or "0")
            window = int(self.query_one("#window", Input).value or "4")
            name = self.query_one("#tname", Input).value.strip()
            if not MIN_SEATS <= seats <= MAX_SEATS:
                raise ValueError(_("Seats must be between 2 and 10."))
            if not 1 <= window <= 60:
                raise ValueError(_("The +3 window must be 1 to 60 seconds."))
            if timer and not 5 <= timer <= 600:
                raise ValueError(_("The turn timer must be 0 or 5 to 600 seconds."))
            if not name:
                raise ValueError(_("Give the table a name."))
        except ValueError as exc:
            self.query_one("#error", Static).update(Text(str(exc), style="bold red"))
            return
        chosen = self.query_one("#level", RadioSet).pressed_button
        level = usable(chosen.name if chosen is not None else self.level)
        options = TableOptions(
            name,
            seats,
            self.query_one("#stairs", Checkbox).value,
            self.query_one("#must", Checkbox).value,
            self.query_one("#places", Checkbox).value,
            float(timer) if timer else None,
            float(window),
            hints=self.query_one("#hints", Checkbox).value,
        )
        self.dismiss((options, level))

    def action_cancel(self) -> None:
        self.dismiss(None)


class LobbyScreen(SessionScreen):
    """See the module docstring."""

    BINDINGS = [
        Binding("n", "create", "New table"),
        Binding("enter", "join", "Join"),
        Binding("w", "watch", "Watch"),
        Binding("v", "replays", "Finished games"),
        Binding("s", "settings", "Settings"),
        Binding("S", "standings", "Standings", show=False),
        Binding("question_mark", "app.help", "Help"),
        Binding("q", "back", "Back"),
    ]

    def __init__(self, session: Session, quits: bool = False, shows_name: bool = False) -> None:
        super().__init__(session)
        self.quits = quits
        self.shows_name = shows_name
        """Say the name the player plays as in the title (an SSH guest's lobby: their
        name came from the ssh command, not from them typing it)."""
        """Started on a server's address: q quits (on a second press) rather than
        going back to the start screen."""
        self._quit_armed = False

    def compose(self) -> ComposeResult:
        yield Static(id="lobby-title")
        # Under the title, not above the keys: Textual's notices stack up from the
        # bottom right for seconds and covered the end of the line there.
        yield Static(id="lobby-note")
        yield Rows(id="tables", cursor_type="row", zebra_stripes=True)
        yield Static(id="lobby-keys", classes="hint")

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns(
            _("Id"), _("Table"), _("Seats"), _("State"), _("Watching"), _("Options")
        )
        self.refresh_view()
        table.focus()

    def on_screen_resume(self) -> None:
        self.refresh_view()

    def action_back(self) -> None:
        """Back to the start screen; when that means quitting, only on a second q."""
        if self.quits and not self._quit_armed:
            self._quit_armed = True
            self.notify(_("Press q again to quit."), timeout=4)
            self.set_timer(4, self._disarm)
            return
        self.post_message(intents.BackToStart())

    def _disarm(self) -> None:
        self._quit_armed = False

    def refresh_view(self) -> None:
        """Redraw the table list (a no-op until the screen's widgets exist)."""
        with contextlib.suppress(NoMatches):
            self._redraw()

    def _redraw(self) -> None:
        title = Text(" " + _("Lobby") + " ", style="bold reverse")
        title.append(f"  {self.session.server_label}")
        if self.shows_name:
            you = inert(self.session.player_name, NAME_MAX)
            title.append("  " + _("You play as {name}").format(name=you), style="bold")
        conn = self.session.connection_note
        if conn:
            title.append(f"   {conn}", style="bold red")
        self.query_one("#lobby-title", Static).update(title)
        table = self.query_one(DataTable)
        row = table.cursor_row
        table.clear()
        for info in self.session.tables.values():
            taken = sum(1 for s in info.seats if s is not None)
            table.add_row(
                inert(info.id, ID_MAX),
                Text(inert(info.options.name, TABLE_NAME_MAX)),
                f"{taken}/{len(info.seats)}",
                _(info.state),
                str(info.spectators),
                options_words(info),
                key=info.id,
            )
        if self.session.tables:
            table.move_cursor(row=min(row, len(self.session.tables) - 1))
        leaving = self.session.leaving
        if self.session.link is None and leaving is not None:  # (client/session.py)
            note = _("Not connected: you will leave {table} when the server is back.").format(
                table=inert(leaving, ID_MAX))
        elif self.session.tables:
            note = ""
        elif self.session.link is None:
            note = _("Not connected.")
        elif self.watching:
            note = _("No tables to watch yet.")
        else:
            note = _("No tables yet: press n to open one.")
        self.query_one("#lobby-note", Static).update(note)
        # (a client started to watch, --watch, may not sit: the server refuses it)
        keys = [(key_name("Enter"), _("watch"), True)] if self.watching else [
            ("n", _("new table"), True),
            (key_name("Enter"), _("join"), True),
            ("w", _("watch"), True),
        ]
        keys += [
            ("v", _("finished games"), True),
            ("S", _("standings"), False),
            ("s", _("settings"), False),
            ("?", _("help"), False),
            ("q", _("back"), False),
        ]
        bar = fit_keys(keys, bar_width(self.size.width or 80))
        self.query_one("#lobby-keys", Static).update(bar)

    def _selected(self) -> str | None:
        table = self.query_one(DataTable)
        if not self.session.tables or table.cursor_row < 0:
            return None
        try:
            key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key
        except Exception:  # an empty or changing table: nothing selected
            return None
        return str(key.value) if key.value is not None else None

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        self.action_join()

    def action_create(self) -> None:
        if self.watching:
            self.notify(_("You are watching: spectators do not play."), severity="warning")
            return
        if self.session.link is None:
            self.notify(_("Not connected."), severity="warning")
            return

        settings = self.session.settings

        def made(chosen: tuple[TableOptions, str] | None) -> None:
            if chosen is not None:
                options, settings.bot_level = chosen
                settings.save()
                self.hold_keys()
                self.post_message(intents.NewTable(options))

        default = _("{name}'s table").format(name=self.session.player_name)[:TABLE_NAME_MAX]
        self.app.push_screen(CreateTable(default, settings.bot_level), made)

    def action_settings(self) -> None:
        def saved(changed: bool | None) -> None:
            if changed:  # a new language: draw the lobby anew in it
                self.app.switch_screen(LobbyScreen(self.session, self.quits, self.shows_name))
                self.app.notify(_("Settings saved."), timeout=3)

        self.app.push_screen(SettingsScreen(self.session), saved)

    def action_replays(self) -> None:
        self.app.push_screen(ReplayListScreen(self.session))

    @property
    def watching(self) -> bool:
        """The client was started to watch (``--watch``): it may not take a seat."""
        return self.session.role == "spectator"

    def action_join(self) -> None:
        if self.watching:
            self.action_watch()
            return
        table = self._selected()
        if table:
            self.hold_keys()
            self.post_message(intents.JoinTable(table))

    def action_standings(self) -> None:
        """The selected table's standings of the evening (client/screens/standings.py)."""
        table = self._selected()
        info = self.session.tables.get(table) if table else None
        if info is not None:
            self.app.push_screen(StandingsScreen(info.options.name, info.standings))

    def action_watch(self) -> None:
        table = self._selected()
        if table:
            self.hold_keys()
            self.post_message(intents.WatchTable(table))
