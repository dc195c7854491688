"""The start screen: Play now, Host a game for the LAN, or Join one by address."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Input, Static

from ..i18n import _
from ..widgets.cards import card_text

if TYPE_CHECKING:
    from ..app import TakiApp


def banner() -> Text:
    out = Text()
    for code in ("Rtaki", "G7", "king", "B+2", "Ystop"):
        out.append_text(card_text(code))
        out.append(" ")
    return out


class StartScreen(Screen[None]):
    """See the module docstring."""

    BINDINGS = [
        Binding("p", "play_now", "Play now"),
        Binding("h", "host", "Host for LAN"),
        Binding("j", "join", "Join"),
        Binding("question_mark", "app.help", "Help"),
        Binding("q", "app.quit", "Quit"),
    ]

    @property
    def taki(self) -> TakiApp:
        from ..app import TakiApp

        assert isinstance(self.app, TakiApp)
        return self.app

    def compose(self) -> ComposeResult:
        with Center(), Vertical(id="start"):
            yield Static(Text("T A K I", style="bold"), id="logo")
            yield Static(banner(), id="banner")
            yield Static(_("Your name"), classes="label")
            yield Input(value=self.taki.player_name, id="name", max_length=24)
            yield Button(_("Play now") + "  (p)", id="play", variant="success")
            yield Button(_("Host a game for the LAN") + "  (h)", id="host", variant="primary")
            with Horizontal(id="joinrow"):
                yield Input(placeholder=_("host:port"), id="address")
                yield Button(_("Join") + "  (j)", id="join")
            yield Static(id="note")
            yield Static(_("p play now · h host · j join · ? help · q quit"), classes="hint")

    def on_mount(self) -> None:
        self.query_one("#play", Button).focus()

    def note(self, text: str) -> None:
        self.query_one("#note", Static).update(Text(text))

    def _typed_name(self) -> str:
        return self.query_one("#name", Input).value

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "play":
            self.action_play_now()
        elif event.button.id == "host":
            self.action_host()
        elif event.button.id == "join":
            self.action_join()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id == "address":
            self.action_join()
        elif event.input.id == "name":
            self.query_one("#play", Button).focus()

    def action_play_now(self) -> None:
        if self.taki.set_name(self._typed_name()):
            self.note(_("Starting a table with three bots..."))
            self.taki.play_now()

    def action_host(self) -> None:
        if self.taki.set_name(self._typed_name()):
            self.note(_("Starting a server for your LAN..."))
            self.taki.host_lan()

    def action_join(self) -> None:
        address = self.query_one("#address", Input)
        if not address.value.strip():
            address.focus()
            return
        if self.taki.set_name(self._typed_name()):
            self.taki.join_address(address.value)
