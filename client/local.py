"""A server on this machine, started from the client (Play now, Host a game).

The server runs as a child process so the client's UI stays on its own event loop. It
starts through its entry point (``python -P -m server.app``: ``-P`` so a ``server/``
folder in the current directory cannot stand in for ours) and tells us its port on a
machine-readable channel, its first line of output, JSON (``--ready-json``); its human
lines are never parsed. Its standard input is a pipe from us that we never write to
(``--exit-with-stdin``): when the client ends, however it ends, even killed, the pipe
closes and the server ends too. ``stop`` ends it at once when the client quits.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import socket
import sys
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from platformdirs import user_data_dir

from protocol.lan import DEFAULT_PORT
from protocol.messages import ListTables, TableInfo, Tables, TableUpdate

from .net import Link, LinkClosed

PORTS_TRIED = 10
"""Host tries the default port and the next ones up to this many, then any free one."""


def host_data_dir() -> Path:
    """Where the client's Host server keeps its tables: a directory of its own (never
    a hand-started ``taki-server``'s), the same on every start, so a host who restarts
    the client and hosts again gets the same tables back. ``TAKI_HOST_DATA_DIR``
    overrides it (tests)."""
    override = os.environ.get("TAKI_HOST_DATA_DIR")
    return Path(override) if override else Path(user_data_dir("taki", appauthor=False)) / "host"


class LocalServerError(OSError):
    """The local server could not start; the message says why, in one line (the
    server's own English, shown only as a technical suffix: client/link_words.py).
    ``late``: it never said it was ready (a reason of its own the client words)."""

    def __init__(self, message: str, *, late: bool = False) -> None:
        super().__init__(message)
        self.late = late


@dataclass
class LocalServer:
    """A ``taki-server`` child process."""

    host: str = "127.0.0.1"
    port: int = 0
    bot_delay: float = 0.8
    keep: bool = False
    """Keep tables on disk (a LAN host's server); Play now's games are throwaway."""
    addresses: list[str] = field(default_factory=list)
    """Where the server can be reached, best first (its ready line: the interfaces)."""
    process: asyncio.subprocess.Process | None = None

    def command(self) -> list[str]:
        return [
            sys.executable, "-P", "-m", "server.app",
            "--host", self.host,
            "--port", str(self.port),
            "--bot-delay", str(self.bot_delay),
            "--ready-json",
            "--exit-with-stdin",
            *(["--data-dir", str(host_data_dir())] if self.keep else ["--no-data"]),
            *(["--no-advertise"] if self.host.startswith("127.") else []),
        ]

    async def start(self, timeout: float = 15.0) -> int:
        """Start the server; returns the port it listens on."""
        self.process = await asyncio.create_subprocess_exec(
            *self.command(),
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
        )
        assert self.process.stdout is not None
        try:
            async with asyncio.timeout(timeout):
                raw = await self.process.stdout.readline()
                ready = _ready(raw)
                if ready is None:
                    raise LocalServerError(await self._why())
        except TimeoutError:
            await self.stop()
            raise LocalServerError("the local server did not start in time", late=True) from None
        self.port, self.addresses = ready
        asyncio.get_running_loop().create_task(self._drain())
        return self.port

    async def _why(self) -> str:
        """The server's own one-line reason for not starting (its last stderr line)."""
        assert self.process is not None and self.process.stderr is not None
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(5):
                text = (await self.process.stderr.read()).decode(errors="replace")
                lines = [line for line in text.splitlines() if line.strip()]
                if lines:
                    return lines[-1].removeprefix("taki-server: ")
        return "the local server did not start"

    async def _drain(self) -> None:
        """Keep reading the child's output so it never blocks on a full pipe."""
        process = self.process
        if process is None or process.stdout is None or process.stderr is None:
            return
        await asyncio.gather(_read_all(process.stdout), _read_all(process.stderr))

    @property
    def running(self) -> bool:
        return self.process is not None and self.process.returncode is None

    async def tables(self, timeout: float = 2.0) -> list[TableInfo] | None:
        """The tables of this server and who sits at them, asked of the server itself
        on a short connection of its own (a spectator's: it can take no seat); None if
        it cannot be asked (not running, or no answer within ``timeout``)."""
        if not self.running or not self.port:
            return None
        host = "127.0.0.1" if self.host in ("0.0.0.0", "") else self.host
        link = Link(host, self.port)
        try:
            async with asyncio.timeout(timeout):
                await link.open("taki-client", role="spectator", timeout=timeout)
                said = await link.ask(ListTables)
        except (LinkClosed, TimeoutError, OSError):
            return None
        finally:
            await link.close()
        found: dict[str, TableInfo] = {}
        for message in said:
            if isinstance(message, Tables):
                found.update((t.id, t) for t in message.tables)
            elif isinstance(message, TableUpdate):  # the rest of a list too long for a frame
                found[message.table.id] = message.table
        return list(found.values())

    async def stop(self, wait: float = 3.0, *, kill: bool = True) -> None:
        """Tell the server to stop (SIGTERM: it tells its players) and wait up to
        ``wait`` seconds for it; then, with ``kill``, end it outright."""
        if self.process is None or self.process.returncode is not None:
            return
        with contextlib.suppress(ProcessLookupError):
            self.process.terminate()
        try:
            async with asyncio.timeout(wait):
                await self.process.wait()
        except TimeoutError:
            if kill:
                with contextlib.suppress(ProcessLookupError):
                    self.process.kill()


async def _read_all(stream: asyncio.StreamReader) -> None:
    while await stream.read(65536):
        pass


def _ready(raw: bytes) -> tuple[int, list[str]] | None:
    """(port, addresses) from the server's ready line; None if it is not one."""
    try:
        fields = json.loads(raw.decode())
    except (UnicodeDecodeError, ValueError):
        return None
    port = fields.get("port") if isinstance(fields, dict) else None
    if not isinstance(port, int) or not 0 < port < 65536:
        return None
    addresses = fields.get("addresses")
    if not isinstance(addresses, list):
        addresses = []
    return port, [a for a in addresses if isinstance(a, str)]


def port_is_free(port: int, host: str = "0.0.0.0") -> bool:
    """Whether a server could listen on ``port`` now (asked by binding it, briefly)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((host, port))
        except OSError:
            return False
    return True


def host_port(first: int = DEFAULT_PORT, tries: int = PORTS_TRIED) -> int:
    """The port a LAN host's server should use: ``first`` when free, else the next free
    one (0: any, when the ``tries`` after it are all busy)."""
    for port in range(first, min(first + tries, 65536)):
        if port_is_free(port):
            return port
    return 0


async def start_lan_server(first: int = DEFAULT_PORT) -> LocalServer:
    """A server for LAN friends on ``first`` (the default port) when it is free, or the
    next free one; ``port`` says which it got."""
    for _attempt in range(3):  # another program may take the port between look and bind
        server = LocalServer("0.0.0.0", host_port(first), keep=True)
        try:
            await server.start()
            return server
        except LocalServerError:
            await server.stop()
            if _attempt == 2:
                raise
    raise LocalServerError("could not start a server")


def count_others(tables: Iterable[TableInfo], me: tuple[str, int] | None) -> int:
    """People seated at ``tables`` other than ``me`` (table id, seat): a person away
    whose seat a bot stands in for counts (they are coming back); a bot, or a bot that
    kept an absent person's seat, does not."""
    count = 0
    for table in tables:
        for seat, holder in enumerate(table.seats):
            if holder is None or (holder.bot is not None and not holder.stand_in):
                continue
            if me == (table.id, seat):
                continue
            count += 1
    return count
