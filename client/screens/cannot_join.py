"""When the server at the address typed cannot be reached: one clear screen, not a lobby
that looks usable. It says what failed in words ("Nothing answers at 127.0.0.1:1."),
that the client is trying again and when, and offers to edit the address or go back.
The app keeps retrying underneath; the screen goes away when a connection is made.
"""

from __future__ import annotations

import asyncio

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.widgets import Input, Static

from .. import intents
from ..i18n import _
from ..link_words import address_words
from ..net import AddressError, parse_address
from ..widgets.enter import EnterInput
from .base import SessionScreen


class CannotJoinScreen(SessionScreen):
    """See the module docstring."""

    BINDINGS = [
        Binding("e", "edit", "Edit the address"),
        Binding("b", "back", "Back"),
        Binding("escape", "back", "Back", show=False),
        Binding("q", "app.quit", "Quit"),
    ]

    AUTO_FOCUS = ""  # keys are commands until the player chooses to edit (e)

    DEFAULT_CSS = """
    CannotJoinScreen { align: center middle; background: #101418; }
    #cannot { width: 70; height: auto; padding: 1 2; border: round #c0504d; }
    #cannot Static { height: auto; }
    #cj-title { text-style: bold; color: #ffd75f; }
    """

    def compose(self) -> ComposeResult:
        with Center(), Vertical(id="cannot"):
            yield Static(id="cj-title")
            yield Static(id="cj-what")
            yield Static(id="cj-when")
            yield EnterInput(self._address_entered, self.session.server_label, id="cj-address",
                             placeholder=_("host:port"))
            yield Static(id="cj-error")
            yield Static(_("e edit the address · b back · q quit"), classes="hint")

    def on_mount(self) -> None:
        self.set_interval(1.0, self.refresh_view)
        self.refresh_view()

    def refresh_view(self) -> None:
        session = self.session
        self.query_one("#cj-title", Static).update(
            Text(_("Cannot join {address}").format(address=session.server_label))
        )
        self.query_one("#cj-what", Static).update(Text(session.reach_problem))
        due = session.retry_at
        if due is None:
            when = _("Trying again now...")
        else:
            seconds = max(0, round(due - asyncio.get_running_loop().time()))
            when = _("Trying again in {seconds} s (attempt {attempt}).").format(
                seconds=seconds, attempt=session.attempt + 1
            )
        self.query_one("#cj-when", Static).update(Text(when))

    def on_screen_resume(self) -> None:
        field = self.query_one("#cj-address", Input)
        if not field.value:
            field.value = self.session.server_label

    def action_edit(self) -> None:
        # At once, not after a refresh: keys typed after the 'e' are let through once
        # it is handled (client/keygate.py) and go to the field; the 'e' itself went
        # to the screen's bindings, not to the field.
        self.set_focus(self.query_one("#cj-address", Input))

    def action_back(self) -> None:
        self.post_message(intents.GiveUp())

    def _address_entered(self, field: Input) -> None:
        error: str | None = None
        try:
            parse_address(field.value)
        except AddressError as exc:
            error = address_words(exc)
        else:
            self.hold_keys()  # they are for the lobby the server's answer brings
            self.post_message(intents.Retarget(field.value))
        self.query_one("#cj-error", Static).update(Text(error or ""))
        if error is None:
            self.set_focus(None)
