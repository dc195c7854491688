"""A server on this machine, started from the client (Play now, Host a game).

The server runs as a child process (``python -m server.app``) so the client's UI stays
on its own event loop; it is stopped when the client exits. Port 0 for Play now lets
the system pick a free port; the server prints the address it bound, which we read.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import sys
from pathlib import Path

from platformdirs import user_data_dir

from server.app import DEFAULT_PORT

_LISTENING = re.compile(r"listening on (\S+):(\d+)")


def host_data_dir() -> Path:
    """Where the client's Host server keeps its tables: a directory of its own (never
    a hand-started ``taki-server``'s), the same on every start, so a host who restarts
    the client and hosts again gets the same tables back. ``TAKI_HOST_DATA_DIR``
    overrides it (tests)."""
    override = os.environ.get("TAKI_HOST_DATA_DIR")
    return Path(override) if override else Path(user_data_dir("taki", appauthor=False)) / "host"


class LocalServer:
    """A ``taki-server`` child process."""

    def __init__(
        self, host: str = "127.0.0.1", port: int = 0, bot_delay: float = 0.8, keep: bool = False
    ) -> None:
        self.host = host
        self.port = port
        self.bot_delay = bot_delay
        self.keep = keep
        """Keep tables on disk (a LAN host's server); Play now's games are throwaway."""
        self.process: asyncio.subprocess.Process | None = None
        self.lines: list[str] = []

    async def start(self, timeout: float = 10.0) -> int:
        """Start the server; returns the port it listens on."""
        self.process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "server.app",
            "--host",
            self.host,
            "--port",
            str(self.port),
            "--bot-delay",
            str(self.bot_delay),
            *(["--data-dir", str(host_data_dir())] if self.keep else ["--no-data"]),
            stdin=asyncio.subprocess.DEVNULL,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.STDOUT,
        )
        assert self.process.stdout is not None
        async with asyncio.timeout(timeout):
            while True:
                raw = await self.process.stdout.readline()
                if not raw:
                    raise OSError("the local server did not start: " + " ".join(self.lines[-3:]))
                line = raw.decode(errors="replace").rstrip()
                self.lines.append(line)
                found = _LISTENING.search(line)
                if found:
                    self.port = int(found.group(2))
                    break
        asyncio.get_running_loop().create_task(self._drain())
        return self.port

    async def _drain(self) -> None:
        """Keep reading the child's output so it never blocks on a full pipe."""
        if self.process is None or self.process.stdout is None:
            return
        while await self.process.stdout.readline():
            pass

    async def stop(self) -> None:
        if self.process is None or self.process.returncode is not None:
            return
        with contextlib.suppress(ProcessLookupError):
            self.process.terminate()
        try:
            async with asyncio.timeout(3):
                await self.process.wait()
        except TimeoutError:
            with contextlib.suppress(ProcessLookupError):
                self.process.kill()


async def start_lan_server() -> LocalServer:
    """A server for LAN friends on the default port, or a free one if that is busy."""
    for port in (DEFAULT_PORT, 0):
        server = LocalServer("0.0.0.0", port, keep=True)
        try:
            await server.start()
            return server
        except OSError:
            await server.stop()
    raise OSError("could not start a server")
