"""SIGTERM and SIGHUP end ``taki-client`` even after its terminal is gone, and the server
it started (Play now) ends with it.

The real command runs in a pseudo-terminal that is not its controlling terminal (as
under ``setsid`` or ``nohup``), so closing the terminal sends it no SIGHUP of its own:
the signal the test sends is the only thing that can end it. After the terminal is
closed, lobby or table news keeps coming (another connection churns the lobby, or chats
at the table) so the client keeps drawing frames for a terminal that is not there; that
is what used to block its event loop for good (Textual's output thread dies on the first
failed write, and the next frames wait for it forever), with asyncio's signal handlers
on that loop. The test polls for the end for up to 10 s and prints how long it took; it
never asserts a duration.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import json
import os
import pty
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from client.net import Link
from protocol.messages import AddBot, Chat, CreateTable, RemoveBot, Spectate, TableOptions

from ..support.procs import gone
from .test_e2e_tmux import script
from .test_exits_tmux import children

pytestmark = pytest.mark.skipif(
    not Path("/proc").is_dir() or not sys.platform.startswith("linux"),
    reason="needs Linux /proc (the client's children, their sockets)",
)

ENDED_WITHIN = 10.0
"""How long the test waits for the client to end: generous, not the promise (2 s)."""


class Terminal:
    """``taki-client`` in a pseudo-terminal of its own, 100x32, without a controlling
    terminal; ``close`` closes the terminal's side as a killed window would."""

    def __init__(self, args: list[str], config: Path) -> None:
        self.master, slave = pty.openpty()
        fcntl.ioctl(self.master, termios.TIOCSWINSZ, struct.pack("HHHH", 32, 100, 0, 0))
        env = {k: v for k, v in os.environ.items()
               if k not in ("LINES", "COLUMNS", "TAKI_STATE_DIR")}
        env.update(TERM="xterm-256color", TAKI_CONFIG_DIR=str(config))
        self.process = subprocess.Popen(
            [str(script("taki-client")), "--lang", "en", "--name", "Dana", *args],
            stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True,
        )
        os.close(slave)
        self.shown = b""
        self.open = True

    def wait_for(self, text: str, timeout: float = 30) -> None:
        deadline = time.monotonic() + timeout
        while text.encode() not in self.shown:
            if time.monotonic() > deadline:
                pytest.fail(f"no {text!r} within {timeout:g}s; the screen's last bytes: "
                            f"{self.shown[-2000:]!r}")
            ready, _w, _x = select.select([self.master], [], [], 0.05)
            if ready:
                with contextlib.suppress(OSError):
                    self.shown += os.read(self.master, 65536)

    def press(self, keys: bytes) -> None:
        os.write(self.master, keys)

    def close(self) -> None:
        if self.open:
            os.close(self.master)
            self.open = False

    def end(self) -> None:
        """Whatever the test left running: the client and its children, by pid."""
        self.close()
        for pid in [*children(self.process.pid), self.process.pid]:
            with contextlib.suppress(ProcessLookupError):
                if not gone(pid):
                    os.kill(pid, signal.SIGKILL)
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(5)


@pytest.fixture
def taki_server(tmp_path: Path) -> Iterator[int]:
    """A ``taki-server`` on 127.0.0.1 and a port the system picks; its port."""
    proc = subprocess.Popen(
        [str(script("taki-server")), "--host", "127.0.0.1", "--port", "0", "--no-advertise",
         "--no-data", "--ready-json", "--bot-delay", "0.05"],
        stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
    )
    try:
        assert proc.stdout is not None
        yield int(json.loads(proc.stdout.readline())["port"])
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(5)


def listening_port(pid: int) -> int:
    """The TCP port process ``pid`` listens on (its sockets, found in /proc)."""
    inodes = set()
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        with contextlib.suppress(OSError):
            target = os.readlink(fd)
            if target.startswith("socket:["):
                inodes.add(target[8:-1])
    for table in ("tcp", "tcp6"):
        for line in Path(f"/proc/{pid}/net/{table}").read_text().splitlines()[1:]:
            fields = line.split()
            if fields[3] == "0A" and fields[9] in inodes:  # LISTEN
                return int(fields[1].rsplit(":", 1)[1], 16)
    raise AssertionError(f"process {pid} listens on no TCP port")


async def churn_lobby(port: int, rounds: int = 40) -> None:
    """Lobby news, many times: a table whose bots come and go."""
    link = Link("127.0.0.1", port)
    await link.open("Noa")
    try:
        link.request(CreateTable, options=TableOptions("Churn", 3))
        for _ in range(rounds):
            link.request(AddBot, kind="random")
            await asyncio.sleep(0.03)
            link.request(RemoveBot, seat=1)
            await asyncio.sleep(0.03)
        await asyncio.sleep(0.3)
    finally:
        await link.close()


async def chat_at(port: int, table: str, lines: int = 40) -> None:
    """Table news, many times: a spectator's chat."""
    link = Link("127.0.0.1", port)
    await link.open("Noa", role="spectator")
    try:
        link.request(Spectate, table=table)
        for n in range(lines):
            link.request(Chat, text=f"line {n}")
            await asyncio.sleep(0.04)
        await asyncio.sleep(0.3)
    finally:
        await link.close()


def ends_within(pids: list[int], bound: float) -> float | None:
    """Seconds until every one of ``pids`` is gone (None: not within ``bound``)."""
    start = time.monotonic()
    while time.monotonic() - start < bound:
        if all(gone(pid) for pid in pids):
            return time.monotonic() - start
        time.sleep(0.01)
    return None


@pytest.mark.parametrize("number", [signal.SIGTERM, signal.SIGHUP], ids=["TERM", "HUP"])
def test_a_signal_ends_a_client_whose_terminal_is_gone(
    number: signal.Signals, taki_server: int, tmp_path: Path
) -> None:
    term = Terminal([f"127.0.0.1:{taki_server}"], tmp_path / "config")
    try:
        term.wait_for("Id")  # the lobby: its list of tables
        term.close()
        asyncio.run(churn_lobby(taki_server))
        assert not gone(term.process.pid)  # nothing ended it: no SIGHUP of its own
        os.kill(term.process.pid, number)
        took = ends_within([term.process.pid], ENDED_WITHIN)
        print(f"\n{number.name} to a client with no terminal: ended in "
              f"{'more than 10' if took is None else f'{took:.2f}'} s")
        assert took is not None, f"taki-client ignored {number.name} for {ENDED_WITHIN:g}s"
    finally:
        term.end()


@pytest.mark.parametrize("number", [signal.SIGTERM, signal.SIGHUP], ids=["TERM", "HUP"])
def test_a_signal_ends_play_now_and_its_server_with_the_terminal_gone(
    number: signal.Signals, tmp_path: Path
) -> None:
    term = Terminal([], tmp_path / "config")
    try:
        term.wait_for("How to play TAKI")  # a fresh config: the first launch
        term.press(b"\x1b")
        term.wait_for("Play now")
        term.press(b"p")
        term.wait_for("Your move!")
        [server] = children(term.process.pid)
        port = listening_port(server)
        term.close()
        asyncio.run(chat_at(port, "t1"))
        assert not gone(term.process.pid)
        os.kill(term.process.pid, number)
        took = ends_within([term.process.pid], ENDED_WITHIN)
        print(f"\n{number.name} to Play now with no terminal: the client ended in "
              f"{'more than 10' if took is None else f'{took:.2f}'} s")
        assert took is not None, f"taki-client ignored {number.name} for {ENDED_WITHIN:g}s"
        server_took = ends_within([server], ENDED_WITHIN)
        assert server_took is not None, "the Play-now server outlived its client"
        print(f"its server ended {server_took:.2f} s after that")
    finally:
        term.end()
