"""How to play, on one screen: shown once, on the first launch, and skippable.

A newcomer needs the goal, how a card is chosen and played, and where the full rules
are (the help, ``?``); everything else can wait for the help screen. Any of Enter, Esc
or space closes it, and the settings remember it was seen. A spectator (``--watch``) is
told that closing it goes on to watching, not to playing.

On a first launch with no name known, the start screen beneath has the focus in its
name field, so a newcomer who starts typing a name over the intro means it: the first
letter closes the intro and is the name's first letter, the next ones follow it there.
They were dropped, and "Zoe" then Esc left "Player" in the field.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from ..i18n import _, key


def intro_lines() -> list[str]:
    """The screen's lines, in the current language (tests measure them)."""
    return [
        _("Be the first to empty your hand."),
        _("Play a card of the leading card's colour or symbol, or draw one card."),
        _("Bright cards can be played now: choose one with ←/→ or its key,"),
        _("then press {enter}.").format(enter=key("Enter")),
        _("Stop skips the next player; +2 stacks up; TAKI lets you play"),
        _("whole runs of its colour; King cancels +2 stacks and +3."),
        _("With one card left, say last card (l) or draw 4."),
        _("The table tells you why a card or key is refused."),
        _("? shows the full rules, the screen's signs and every key."),
    ]


def close_hint(watching: bool) -> str:
    """The line saying how the screen closes and what comes next (tests measure it)."""
    if watching:
        return _("{esc}: start watching (shown once)").format(esc=key("Esc"))
    return _("{esc}: start playing (shown once)").format(esc=key("Esc"))


class IntroScreen(ModalScreen[None]):
    """See the module docstring."""

    BINDINGS = [Binding("escape,enter,space", "close", "Close")]

    def __init__(self, *, watching: bool = False,
                 typed: Callable[[str], None] | None = None) -> None:
        super().__init__()
        self.watching = watching
        """Over a table being watched (``--watch``)."""
        self.typed = typed
        """Where a letter typed here goes once the intro is closed (the name field of a
        first launch); None: letters do nothing here."""

    def compose(self) -> ComposeResult:
        with Vertical(id="intro"):
            yield Static(Text(_("How to play TAKI"), style="bold"))
            yield Static(Text("\n".join(intro_lines())))
            yield Static(Text(close_hint(self.watching)), classes="hint", id="intro-close")

    def on_key(self, event: events.Key) -> None:
        # (space closes, as Enter and Esc do; "?" is the help's key, not a name's start)
        char = event.character
        if self.typed is not None and event.is_printable and char and char not in " ?":
            event.stop()
            event.prevent_default()
            typed, self.typed = self.typed, None
            self.dismiss(None)
            typed(char)

    def action_close(self) -> None:
        self.dismiss(None)
