"""The screens that show what the session knows.

The app hands each its ``Session`` (attributes down) and calls ``refresh_view`` when
the session says something changed; the screen reads the session and posts intents
(client/intents.py) for what the player wants (messages up). No screen imports the app.
"""

from __future__ import annotations

from typing import Any

from textual.screen import Screen

from ..keygate import hold_keys
from ..session import Session


class SessionScreen(Screen[None]):
    """A full screen drawn from the session."""

    def __init__(self, session: Session, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.session = session

    def refresh_view(self) -> None:
        """Redraw from the session (each screen says how)."""

    def hold_keys(self) -> None:
        """Keys typed from now on wait for the screen the server's answer brings (a table,
        the lobby): they are meant for it, not for this screen (client/keygate.py)."""
        hold_keys(self.app)
