"""Settings: the name (as a player and as a spectator), the language, and whether your
turn rings the bell and sends a desktop notification (client/nudge.py), saved.

The command line's ``--name`` and ``--lang`` apply to one run; this screen is the one
place that writes the settings file, so nothing is remembered behind the player's back.
A new language shows on the screens opened after saving.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Checkbox, Input, RadioSet, Static

from protocol.limits import NAME_MAX

from .. import intents
from ..config import valid_name
from ..i18n import LANGUAGES, _, language, set_language
from ..session import Session
from ..widgets.choice import ArrowChoice
from ..widgets.toggles import ChoiceButton, TickBox


class SettingsScreen(ModalScreen[bool]):
    """See the module docstring."""

    BINDINGS = [
        Binding("escape", "cancel", "Cancel"),
        # Enter saves from every field, the languages and check boxes included (they
        # took it for themselves); Enter on Cancel cancels.
        Binding("enter", "submit", show=False, priority=True),
    ]

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session

    def compose(self) -> ComposeResult:
        settings = self.session.settings
        with VerticalScroll(id="dialog"):
            yield Static(_("Settings"), classes="heading")
            with Horizontal(classes="field"):
                yield Static(_("Your name"), classes="label")
                yield Input(value=settings.name or self.session.player_name, id="name",
                            max_length=NAME_MAX)
            with Horizontal(classes="field"):
                yield Static(_("Your name as a spectator"), classes="label")
                yield Input(value=settings.spectator_name, id="spectator", max_length=NAME_MAX,
                            placeholder=_("Spectator"))
            current = settings.lang or language()
            with ArrowChoice(id="lang"):
                for code, title in LANGUAGES.items():
                    yield ChoiceButton(title, value=code == current, name=code)
            yield TickBox(_("Bell on your turn"), settings.bell_on_turn, id="bell")
            yield TickBox(_("Desktop notification on your turn"), settings.notify_on_turn,
                           id="notify")
            yield Static(id="error")
            with Horizontal(id="buttons"):
                yield Button(_("Save"), id="save", variant="success")
                yield Button(_("Cancel"), id="cancel")

    def on_mount(self) -> None:
        self.query_one("#name", Input).focus()

    def action_submit(self) -> None:
        focused = self.focused
        if isinstance(focused, Button) and focused.id == "cancel":
            self.dismiss(False)
        else:
            self._save()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "cancel":
            self.dismiss(False)
            return
        self._save()

    def _save(self) -> None:
        name = self.query_one("#name", Input).value.strip()
        spectator = self.query_one("#spectator", Input).value.strip()
        if not valid_name(name) or (spectator and not valid_name(spectator)):
            self.query_one("#error", Static).update(
                Text(_("A name is 1 to {n} printable characters.").format(n=NAME_MAX),
                     style="bold red"))
            return
        pressed = self.query_one(RadioSet).pressed_button
        lang = pressed.name if pressed is not None and pressed.name else language()
        settings = self.session.settings
        settings.name, settings.spectator_name, settings.lang = name, spectator, lang
        settings.bell_on_turn = self.query_one("#bell", Checkbox).value
        settings.notify_on_turn = self.query_one("#notify", Checkbox).value
        settings.save()
        self.app.post_message(intents.NameChanged(name))  # this screen is closing
        set_language(lang)
        self.dismiss(True)

    def action_cancel(self) -> None:
        self.dismiss(False)
