"""Keys handled one after another, each against the focus the key before it left.

Textual routes a key when the app takes it from its queue: to the widget focused at
that moment. What the key before it did (open a dialog, move the focus) happens later,
in other message queues: the dialog mounts in its own, ``focus()`` is a callback in the
app's. Keys that come in one burst (typing fast, a paste, a tmux script) were routed
before that: "n", Tab, "5" in the lobby opened the new-table form, lost the Tab and
typed the 5 into the table's name.

So the app lets a key through only when the one before it has gone through every queue
it passes on its way (the widget it went to, that widget's ancestors, then the app
twice: once for the key bubbling up to the bindings, once for the callbacks they left,
such as a focus). The keys in between wait, in order. A marker that cannot be posted
(its widget is gone) skips that queue; if one is lost all the same, ``PATIENCE``
seconds let the next key through rather than keeping the keyboard shut.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Awaitable, Callable
from functools import partial
from typing import Any

from textual import events
from textual.app import App
from textual.dom import DOMNode
from textual.timer import Timer

PATIENCE = 1.0
"""Seconds after which a key that has not come through lets the next key go."""

AWAIT_SCREEN = 2.0
"""Seconds keys wait for a screen the server's answer brings (``hold``) at most."""


class KeyGate:
    """See the module docstring."""

    def __init__(self, app: App[Any], handle: Callable[[events.Key], Awaitable[None]]) -> None:
        self.app = app
        self.handle = handle
        """What the app does with a key (Textual's routing)."""
        self.held: deque[events.Key] = deque()
        self.busy = False
        """A key is on its way through the queues."""
        self._round = 0
        """Which key is on its way: a late marker or timer of an earlier one does nothing."""
        self._timer: Timer | None = None
        self._holding = 0
        """The round a ``hold`` took (0: none): only ``release`` or its timer ends it."""

    async def take(self, key: events.Key) -> None:
        """Handle ``key`` now, or after the keys before it."""
        if self.busy or self.held:
            self.held.append(key)
            return
        await self._through(key)

    async def _through(self, key: events.Key) -> None:
        self.busy = True
        self._round += 1
        this = self._round
        app = self.app
        target: DOMNode = app.focused or app.screen
        path: list[DOMNode] = [target, *target.ancestors]
        path = [node for node in path if node is not app] + [app, app]
        self._timer = app.set_timer(PATIENCE, partial(self._done, this))
        await self.handle(key)
        self._hop(path, this)

    def hold(self, seconds: float = AWAIT_SCREEN) -> int:
        """Keep the keys from now on until ``release`` (or ``seconds``): what was asked
        brings a screen with the server's answer (Enter on the new-table form opens the
        table), or a new position (a card played), and keys typed after it belong
        there, not to the screen or the hand left behind. Returns the hold's number."""
        self.busy = True
        self._round += 1
        self._holding = self._round
        if self._timer is not None:
            self._timer.stop()
        self._timer = self.app.set_timer(seconds, partial(self._done, self._round))
        return self._round

    def release(self, hold: int | None = None) -> None:
        """What a ``hold`` waited for is in place: the keys kept go to it (``hold``:
        only if that hold, by its number, is the one still keeping them)."""
        if self._holding and self._holding == self._round and hold in (None, self._holding):
            self.app.call_after_refresh(self._done, self._round)

    def _hop(self, path: list[DOMNode], this: int) -> None:
        """Post the marker to the first queue of ``path``; from there, to the next."""
        while path:
            node, rest = path[0], path[1:]
            if node.call_later(self._hop, rest, this):
                return
            path = rest  # gone: nothing of the key can be left in its queue
        self.app.call_later(self._done, this)

    async def _done(self, this: int) -> None:
        if this != self._round or not self.busy:
            return
        self.busy = False
        self._holding = 0
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        if self.held:
            await self._through(self.held.popleft())


def unmeta(key: events.Key) -> list[events.Key]:
    """Esc and a letter typed within Textual's escape delay (0.1 s; over ssh they
    may come in one packet) reach the app as Alt+letter, as a terminal sends Alt:
    Esc then q at the table read as "alt+q" and did nothing. This client binds no
    Alt key, so such a key is taken back to the two keys typed. (Esc before a sign
    such as ``?`` is lost before the app sees it: only letters come back.)"""
    char = key.character
    if key.key.startswith("alt+") and char is not None and len(char) == 1 and char.isalpha():
        return [events.Key("escape", "\x1b"), events.Key(char, char)]
    return [key]


def hold_keys(app: App[Any]) -> int:
    """``app``'s keys kept until ``release_keys`` (see ``KeyGate.hold``); 0: it keeps
    none (an app without a gate)."""
    gate = getattr(app, "keys", None)
    return gate.hold() if isinstance(gate, KeyGate) else 0


def release_keys(app: App[Any], hold: int) -> None:
    """The keys ``hold_keys`` kept (that hold, if still the one keeping them) go on."""
    gate = getattr(app, "keys", None)
    if hold and isinstance(gate, KeyGate):
        gate.release(hold)
