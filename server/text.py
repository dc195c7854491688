"""Text that comes from the network: names, table names and chat lines.

Whatever a client sends is stored and shown inert. ``str.isprintable`` refuses every
control character (ESC and so every terminal escape, newlines, NUL) and every format
character (bidi overrides and isolates, zero-width joiners); Textual markup such as
``[bold]`` is harmless text here and the client renders it as plain text.
"""

from __future__ import annotations

from collections.abc import Iterable

from protocol.limits import CHAT_MAX, NAME_MAX, TABLE_NAME_MAX

__all__ = ["CHAT_MAX", "NAME_MAX", "TABLE_NAME_MAX", "BadText", "clean_chat", "clean_name",
           "unique_name"]


class BadText(ValueError):
    """A name the server refuses (``code`` is the protocol error code)."""

    code = "bad_message"


def clean_name(raw: str, field: str = "name", limit: int = NAME_MAX) -> str:
    """A player or table name: 1..limit printable characters, trimmed; else BadText."""
    name = raw.strip()
    if not name:
        raise BadText(f"{field}: must not be empty")
    if len(name) > limit:
        raise BadText(f"{field}: at most {limit} characters")
    if not name.isprintable():
        raise BadText(f"{field}: control and formatting characters are not allowed")
    return name


def unique_name(name: str, taken: Iterable[str]) -> str:
    """``name``, or ``name (2)``, ``name (3)``... if it is already taken (case-blind)."""
    used = {t.casefold() for t in taken}
    if name.casefold() not in used:
        return name
    n = 2
    while True:
        suffix = f" ({n})"
        candidate = name[: NAME_MAX - len(suffix)] + suffix
        if candidate.casefold() not in used:
            return candidate
        n += 1


def clean_chat(raw: str) -> str:
    """A chat line: unprintable characters replaced, cut to CHAT_MAX; may be empty."""
    text = "".join(ch if ch.isprintable() else " " for ch in raw).strip()
    return text[:CHAT_MAX]
