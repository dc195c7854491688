"""Hosting for the LAN: the addresses friends type, large enough to read across a room,
and the question asked before a host quits while others are seated at its server.

The addresses are the interfaces' own (protocol/addresses.py, via the server's ready
line), the same list ``taki-server`` prints: non-loopback IPv4 first, then IPv6, and
loopback last, for this machine only.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Digits, Static

from ..i18n import _, ngettext


def join_command(address: str, port: int) -> str:
    return f"taki-client [{address}]:{port}" if ":" in address else (
        f"taki-client {address}:{port}"
    )


class HostingScreen(ModalScreen[None]):
    """The addresses of this server, big; Enter or Esc goes on to the lobby."""

    BINDINGS = [
        Binding("enter", "dismiss_screen", "On to the lobby"),
        Binding("escape", "dismiss_screen", "On to the lobby", show=False),
    ]

    DEFAULT_CSS = """
    HostingScreen { align: center middle; background: rgba(0, 0, 0, 0.55); }
    #hosting { width: 76; max-width: 100%; height: auto; max-height: 100%;
               padding: 0 2; border: round #3d6fb6; background: #101418; }
    #hosting Vertical { height: auto; }
    #hosting Static { height: auto; width: 100%; }
    #hosting Digits { width: auto; color: #ffd75f; }
    .h-title { text-style: bold; }
    .h-command { text-style: bold; margin-bottom: 1; }
    """

    def __init__(self, addresses: Sequence[str], port: int, note: str = "") -> None:
        super().__init__()
        self.addresses = list(addresses)
        self.port = port
        self.note = note

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="hosting"):
            yield Static(
                Text(_("Your server is running. Friends type one of these:")), classes="h-title"
            )
            if self.note:
                yield Static(Text(self.note))
            with Vertical():
                for address in self.addresses:
                    if address.startswith("127."):
                        yield Static(
                            Text(join_command(address, self.port) + "   "
                                 + _("(this machine)")),
                            classes="h-command",
                        )
                        continue
                    yield Digits(
                        f"{address.upper()}:{self.port}" if ":" not in address
                        else address.upper()
                    )
                    yield Static(Text(join_command(address, self.port)), classes="h-command")
            yield Static(_("Enter: on to the lobby · i shows this again"), classes="hint")

    def action_dismiss_screen(self) -> None:
        self.dismiss(None)


class QuitHosting(ModalScreen[bool]):
    """'Others are seated at your server: quit and stop it?' y or n."""

    BINDINGS = [
        Binding("y", "answer(True)", "Yes"),
        Binding("n", "answer(False)", "No"),
        Binding("escape", "answer(False)", "No", show=False),
    ]

    DEFAULT_CSS = """
    QuitHosting { align: center middle; background: rgba(0, 0, 0, 0.55); }
    #quit-hosting { width: 60; height: auto; padding: 1 2; border: round #c0504d;
                    background: #101418; }
    #quit-hosting Static { height: auto; }
    """

    def __init__(self, others: int) -> None:
        super().__init__()
        self.others = others

    def compose(self) -> ComposeResult:
        with Vertical(id="quit-hosting"):
            yield Static(Text(ngettext(
                "{count} other player is at your server. Quitting stops it for them too.",
                "{count} other players are at your server. Quitting stops it for them too.",
                self.others).format(count=self.others)))
            yield Static(_("y quit and stop the server · n stay"), classes="hint")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
