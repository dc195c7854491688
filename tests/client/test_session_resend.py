"""Requests left unanswered by a lost connection are sent again, with the same ids, once
the session has its seat back (PROTOCOL.md section 4: the server answers a repeated id
once and never carries it out twice). On the UI-free session (client/session.py),
against a real server.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

import pytest

from client.net import Link
from client.session import Session
from protocol.messages import AddBot, Message, Request, TableOptions

from ..support.clientkit import until
from ..support.server_thread import ServerThread

pytestmark = pytest.mark.usefixtures("config_dir")


class Sent:
    """Every request the session's links write, in order: (id, type)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.requests: list[tuple[int, str]] = []
        send = Link.send

        def logged(link: Link, message: Message) -> None:
            send(link, message)  # raises if it cannot be written: then it was not sent
            if isinstance(message, Request):
                self.requests.append((message.id, message.TYPE))

        monkeypatch.setattr(Link, "send", logged)

    def ids(self, kind: str) -> list[int]:
        return [rid for rid, t in self.requests if t == kind]


@asynccontextmanager
async def session_at(server: ServerThread) -> AsyncIterator[Session]:
    """A session connected to ``server``, its connection loop running."""
    session = Session(lambda _m: None, player_name="Dana")
    loop = asyncio.create_task(
        session.run("127.0.0.1", server.port, False, lambda *_a: "unreachable")
    )
    try:
        await until(lambda: session.link is not None)
        yield session
    finally:
        session.quitting = True
        loop.cancel()
        await asyncio.gather(loop, return_exceptions=True)
        if session.link is not None:
            await session.link.close()


async def seated_at_a_waiting_table(session: Session) -> str:
    session.create_table(TableOptions("Resend", 3))
    await until(lambda: session.token is not None and session.state.info is not None)
    assert session.state.info is not None
    return session.state.info.id


def bots_at(server: ServerThread, table: str) -> int:
    def count() -> int:
        assert server.server is not None
        seats = server.server.lobby.tables[table].model.seats
        return sum(1 for s in seats if s is not None and s.bot is not None)

    result: int = server.call(count)
    return result


def cut(session: Session) -> Link:
    """The connection drops (the Wi-Fi goes): whatever was not read is lost."""
    link = session.link
    assert link is not None and link._writer is not None
    link._writer.transport.abort()
    return link


async def back(session: Session, old: Link) -> None:
    """Reconnected with the token, seat and all."""
    await until(lambda: session.link is not None and session.link is not old, timeout=15)
    assert session.link is not None and session.link.welcome is not None
    assert session.link.welcome.table is not None  # the seat was taken back


def answered(session: Session, rid: int) -> Callable[[], bool]:
    return lambda: rid not in session.pending


@pytest.mark.asyncio
async def test_a_request_carried_out_but_unanswered_is_resent_and_answered_once(
    server: ServerThread, monkeypatch: pytest.MonkeyPatch
) -> None:
    sent = Sent(monkeypatch)
    async with session_at(server) as session:
        table = await seated_at_a_waiting_table(session)
        link = session.link
        assert link is not None and link._writer is not None
        link._writer.transport.pause_reading()  # the answer will never be read
        session.request(AddBot, kind="random")
        [rid] = sent.ids("add_bot")
        assert rid in session.pending
        await until(lambda: bots_at(server, table) == 1)  # carried out, answer in the air
        await back(session, cut(session))
        await until(answered(session, rid), timeout=15)
        assert sent.ids("add_bot") == [rid, rid]  # the same id, again
        assert bots_at(server, table) == 1  # and not carried out twice
        info = session.state.info
        assert info is not None and sum(s is not None and s.bot is not None
                                        for s in info.seats) == 1


@pytest.mark.asyncio
async def test_a_request_written_into_a_dead_connection_is_carried_out_after_it(
    server: ServerThread, monkeypatch: pytest.MonkeyPatch
) -> None:
    sent = Sent(monkeypatch)
    async with session_at(server) as session:
        table = await seated_at_a_waiting_table(session)
        old = cut(session)
        said: list[Any] = []
        session.request(AddBot, then=said.append, kind="random")  # before the loss is seen
        await back(session, old)
        await until(lambda: bool(said), timeout=15)
        [rid] = sent.ids("add_bot")  # sent once: on the new connection
        assert said[0].id == rid and said[0].ok
        assert bots_at(server, table) == 1


@pytest.mark.asyncio
async def test_without_the_seat_back_nothing_old_is_resent(
    server: ServerThread, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In the lobby there is no seat to take back (the server's memory of a connection
    without a seat ends with it): what was unanswered is dropped, the list asked anew."""
    sent = Sent(monkeypatch)
    async with session_at(server) as session:
        await until(lambda: not session.pending)
        link = session.link
        assert link is not None and link._writer is not None
        link._writer.transport.pause_reading()
        session.request(AddBot, kind="random")  # refused anyway: not seated
        [rid] = sent.ids("add_bot")
        await asyncio.sleep(0.2)
        cut(session)
        await until(lambda: session.link is not None and session.link is not link, timeout=15)
        await until(lambda: rid not in session.pending)
        assert sent.ids("add_bot") == [rid]
        assert len(sent.ids("list_tables")) == 2  # the first connection's, and the new one's
