"""Text from the network, made inert for the terminal.

Rich's ``Text`` keeps markup from being interpreted, but it passes ESC and other
control characters through to the terminal, where a hostile (or broken) server could
clear the screen, retitle the window or plant hyperlinks. Every string the client
shows from the wire goes through ``inert`` first: control and format characters
(ESC, CSI, bidi overrides, zero-width tricks) become U+FFFD, and length is capped.
"""

from __future__ import annotations

REPLACEMENT = "\ufffd"


def inert(text: object, limit: int = 1000) -> str:
    """``text`` with every unprintable character replaced, at most ``limit`` long."""
    s = str(text)[:limit]
    if s.isprintable():
        return s
    return "".join(ch if ch.isprintable() else REPLACEMENT for ch in s)
