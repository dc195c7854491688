"""What a table's model asks its shell to do: plain values, carried out in order.

``TableModel`` (server/model.py) changes no socket, store or lobby itself; each of its
steps leaves these in ``effects`` and the table's task (server/table.py) carries them
out once the step is over: a message for one member (``Send``), an action's frames
for everyone (``Frames``: encoded once for many), a connection to let go (``Close``),
the lobby to be told the table's info changed (``LobbyChanged``, carrying the
``Notice`` the lobby answers its questions from). Plain slotted
classes, cheap to make: every action makes some. What the store is to take
(``Write``: a table's row, a deal, an action) the model returns from the step that
needs it, and the shell awaits it before the step goes on.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from protocol.messages import Message, TableInfo

from .seats import Member


class Send:
    """Queue ``message`` for ``member``."""

    __slots__ = ("member", "message")

    def __init__(self, member: Member, message: Message) -> None:
        self.member = member
        self.message = message


class Frames:
    """An action's frames: for each member, one piece of frames already encoded at
    its version (one, or several back to back). One value per action, not per member:
    this is every move's path."""

    __slots__ = ("pieces",)

    def __init__(self, pieces: list[tuple[Member, bytes]]) -> None:
        self.pieces = pieces


class Close:
    """Let ``member``'s connection go once what is queued for it has gone out."""

    __slots__ = ("member",)

    def __init__(self, member: Member) -> None:
        self.member = member


@dataclass(frozen=True, slots=True)
class Notice:
    """What a table publishes to the lobby, the only thing the lobby knows of it: its
    info as its members were last told, the tokens its seats hold and the tokens of
    people whose seats bots took for good (by seat), and whether nobody but bots is
    left. ``first``: the table's notice as it is made (or rebuilt), before anyone was
    told anything: the lobby only files it."""

    table: str
    info: TableInfo
    tokens: tuple[str | None, ...]
    formers: tuple[str | None, ...]
    empty: bool
    first: bool = False


class LobbyChanged:
    """The table's notice changed: the table's shell posts it to the lobby, which
    files it, tells whoever watches the list, or closes a table only bots are left at
    (in the lobby's own time: the table never waits for the lobby)."""

    __slots__ = ("notice",)

    def __init__(self, notice: Notice) -> None:
        self.notice = notice


Effect = Frames | Send | Close | LobbyChanged


# ---------------------------------------------------------------------- store writes
# What the store is to take, as the model words it; the shell awaits the write and then
# tells the model how it went (a write that fails is undone by the model, never half
# kept). ``table_id``/``options`` are the shell's to add: they never change.


@dataclass(slots=True)
class SaveRow:
    """The table's row: state, seats (as stored), host, current game and event seq."""

    state: str
    seats: list[dict[str, Any] | None]
    host: int | None
    game_id: int | None
    seq: int


@dataclass(slots=True)
class NewGame:
    """A deal: the game, and the table's row naming it (seats packed), in one go."""

    players: int
    seed: int
    first: int | None
    names: list[str]
    seats: list[dict[str, Any] | None]
    host: int | None
    seq: int


@dataclass(slots=True)
class AppendAction:
    """An accepted action, with the event seq after it, who made it (``by``), the ack
    its request earned (``answer``), and the winner and standings if it ended the
    game."""

    game_id: int
    n: int
    action: dict[str, Any]
    seq: int
    by: str | None
    answer: tuple[str, str, int, dict[str, Any]] | None
    winner: tuple[int | None] | None
    standings: dict[str, Any] | None


Write = SaveRow | NewGame | AppendAction
