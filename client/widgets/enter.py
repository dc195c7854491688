"""A text field whose Enter does its work within the Enter's own handling.

Input's Enter posts a Submitted message that bubbles to the screen one queue behind
client/keygate.py's marker: the gate had let the next key through before the screen
knew of the Enter, so that key still went to the field (the chat box kept it and was
wiped with it; an address field typed it into the address it then joined).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.widgets import Input


class EnterInput(Input):
    """An Input that calls ``entered(self)`` on Enter, instead of posting Submitted."""

    def __init__(self, entered: Callable[[Input], None], *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.entered = entered

    async def action_submit(self) -> None:
        self.entered(self)
