"""What a table's model asks its shell to do: plain values, carried out in order.

``TableModel`` (server/model.py) changes no socket, store or lobby itself; each of its
steps leaves these in ``effects`` and the table's task (server/table.py) carries them
out once the step is over. A frame for one member (``Send``, ``SendBytes``: frames
encoded once for many), a connection to let go (``Close``), the lobby to be told the
table's info changed (``LobbyChanged``).
"""

from __future__ import annotations

from dataclasses import dataclass

from protocol.messages import Message

from .seats import Member


@dataclass(frozen=True, slots=True)
class Send:
    """Queue ``message`` for ``member``."""

    member: Member
    message: Message


@dataclass(frozen=True, slots=True)
class SendBytes:
    """Queue frames already encoded at ``member``'s version (one, or several back to
    back: an action's events to one member go as one piece)."""

    member: Member
    data: bytes


@dataclass(frozen=True, slots=True)
class Close:
    """Let ``member``'s connection go once what is queued for it has gone out."""

    member: Member


@dataclass(frozen=True, slots=True)
class LobbyChanged:
    """The table's info changed: the lobby tells whoever watches the list (or closes a
    table only bots are left at)."""


Effect = Send | SendBytes | Close | LobbyChanged
