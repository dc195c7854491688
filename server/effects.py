"""What a table's model asks its shell to do: plain values, carried out in order.

``TableModel`` (server/model.py) changes no socket, store or lobby itself; each of its
steps leaves these in ``effects`` and the table's task (server/table.py) carries them
out once the step is over. A frame for one member (``Send``, ``SendBytes``: frames
encoded once for many), a connection to let go (``Close``), the lobby to be told the
table's info changed (``LobbyChanged``). Plain slotted classes: every action makes one
per member, so they cost as little to make as a tuple.
"""

from __future__ import annotations

from protocol.messages import Message

from .seats import Member


class Send:
    """Queue ``message`` for ``member``."""

    __slots__ = ("member", "message")

    def __init__(self, member: Member, message: Message) -> None:
        self.member = member
        self.message = message


class SendBytes:
    """Queue frames already encoded at ``member``'s version (one, or several back to
    back: an action's events to one member go as one piece)."""

    __slots__ = ("data", "member")

    def __init__(self, member: Member, data: bytes) -> None:
        self.member = member
        self.data = data


class Close:
    """Let ``member``'s connection go once what is queued for it has gone out."""

    __slots__ = ("member",)

    def __init__(self, member: Member) -> None:
        self.member = member


class LobbyChanged:
    """The table's info changed: the lobby tells whoever watches the list (or closes a
    table only bots are left at)."""

    __slots__ = ()


Effect = Send | SendBytes | Close | LobbyChanged
