"""Who is at a table: the members (connections) and the seats they or bots hold."""

from __future__ import annotations

import secrets
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Protocol

from engine.bots import Bot
from protocol.dedupe import RecentIds
from protocol.messages import (
    Message,
    SeatInfo,
)


class Member(Protocol):
    """A connection as a table sees it: a name, the answers to its recent request ids,
    and non-blocking sends. In the server, a connection's ``Port`` (server/outbox.py),
    never its session (which has none of these sends)."""

    name: str
    recent: RecentIds[Message]
    """Its answers to recent request ids: once seated, its seat's (the table hands
    them over as it seats the member), so a request retried after a reconnect is
    answered once."""

    @property
    def version(self) -> int: ...

    def send(self, message: Message) -> None: ...

    def send_encoded(self, data: bytes) -> None:
        """Frames encoded once for many members (one, or several back to back)."""

    def close_soon(self) -> None: ...


@dataclass
class Seat:
    """Who holds a seat: a person (by token, maybe away) or a bot."""

    name: str
    token: str | None = None
    bot: Bot | None = None
    bot_kind: str | None = None
    member: Member | None = None
    away_since: float | None = None
    """When a person's connection went (None: here, or a bot)."""
    stand_in: Bot | None = None
    """The bot playing for an absent person, once it had to act."""
    stand_in_from: float | None = None
    """No stand-in acts for this person before then (a table rebuilt after a restart:
    its people need time to notice and reconnect); None: only the usual delay."""
    recent: RecentIds[Message] = field(default_factory=RecentIds)
    """Answers to this seat's recent request ids: a retry after a reconnect is applied
    once (PROTOCOL.md, requests)."""
    former_token: str | None = None
    """A bot seat taken over from a person whose grace ran out: that person's token, so
    the host can hand the seat back to them (``hand_back``)."""

    def stand_in_at(self, delay: float) -> float:
        """When a stand-in may first act for this absent person: ``delay`` after they
        went, and never before ``stand_in_from``."""
        assert self.away_since is not None
        due = self.away_since + delay
        return due if self.stand_in_from is None else max(due, self.stand_in_from)

    @property
    def person(self) -> bool:
        return self.bot is None

    def info(self) -> SeatInfo:
        if self.bot is not None:
            returnable = self.former_token is not None
            return SeatInfo(self.name, self.bot_kind, True, returnable=returnable)
        connected = self.member is not None
        if self.stand_in is not None:
            return SeatInfo(self.name, "basic", connected, stand_in=True)
        return SeatInfo(self.name, None, connected)

    def saved(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "token": self.token, "bot": self.bot_kind}
        if self.former_token is not None:
            out["former"] = self.former_token
        return out


@dataclass
class Watch:
    """What the table remembers of a member: its seat (None: spectator), whether its
    view is in step with the table's (a snapshot since the deal), and its last hand."""

    seat: int | None
    synced: bool = False
    hand: list[str] | None = None


def holding(tokens: Iterable[str | None], token: str) -> int | None:
    """The seat whose token (in seat order) is ``token``, compared in constant time (a
    token is a secret), if any."""
    wanted = token.encode("utf-8", "surrogatepass")  # compare_digest refuses non-ASCII str
    for i, held in enumerate(tokens):
        if held is not None and secrets.compare_digest(held.encode(), wanted):
            return i
    return None
