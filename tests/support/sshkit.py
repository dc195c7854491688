"""Helpers of the SSH entrance's tests: throwaway keys, a ``taki-server --ssh`` in a child
process (loopback only, never advertised), a terminal (a pty) running OpenSSH's ``ssh``,
and the processes a server has started (to see that none outlives what it served)."""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import re
import signal
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Callable
from pathlib import Path

import asyncssh
import trio

from .harness import alive as alive  # (the ssh tests take it from here)
from .harness import cmdline, descendants

ROOT = Path(__file__).resolve().parents[2]
HOST = "127.0.0.1"
OPENSSH = "/usr/bin/ssh"
SFTP = "/usr/bin/sftp"
SSH_OPTIONS = [
    "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
    "-o", "LogLevel=ERROR", "-o", "IdentitiesOnly=yes", "-o", "BatchMode=no",
    "-o", "ConnectTimeout=20", "-F", "/dev/null",
]  # fmt: skip
CSI = re.compile(rb"\x1b\[[0-9;?<>=]*[ -/]*[@-~]|\x1b[()][A-Za-z0-9]|\x1b[=>78]")


def make_key(path: Path) -> Path:
    """A new ed25519 key pair: ``path`` (private, 0600, OpenSSH format) and ``path.pub``."""
    key = asyncssh.generate_private_key("ssh-ed25519", comment=path.name)
    path.write_bytes(key.export_private_key("openssh"))
    path.chmod(0o600)
    path.with_name(path.name + ".pub").write_bytes(key.export_public_key("openssh"))
    return path


def fingerprint_of(path: Path) -> str:
    return str(asyncssh.read_public_key(str(path.with_name(path.name + ".pub")))
               .get_fingerprint("sha256"))


class SshServer:
    """``taki-server --ssh 0`` on 127.0.0.1 in a child process (stdin a pipe, stderr a
    log file); ``port``, ``ssh`` and ``fingerprint`` from its ready line."""

    def __init__(self, data: Path, *args: str, log: Path | None = None) -> None:
        self.log_path = log or data.with_name(data.name + ".log")
        command = [
            sys.executable, "-m", "server.app", "--host", HOST, "--port", "0", "--ssh", "0",
            "--no-advertise", "--ready-json", "--data-dir", str(data), "--bot-delay", "0.05",
            *args,
        ]  # fmt: skip
        env = dict(os.environ, TAKI_DISCOVERY="loopback")
        with open(self.log_path, "wb") as log_file:
            self.process = subprocess.Popen(
                command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=log_file,
                cwd=ROOT, env=env,
            )
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        try:
            ready = json.loads(line)
        except ValueError:
            self.process.kill()
            raise RuntimeError(f"no ready line: {line!r}; log: {self.log()}") from None
        self.port: int = ready["port"]
        self.ssh: int = ready["ssh"]
        self.fingerprint: str = ready["ssh_fingerprint"]
        self.ready = ready

    @property
    def pid(self) -> int:
        return self.process.pid

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def stop(self, number: int = signal.SIGTERM, timeout: float = 30) -> int:
        """Signal it and wait for it (killed, and the test failed, after ``timeout``)."""
        if self.process.poll() is None:
            self.process.send_signal(number)
            try:
                self.process.wait(timeout)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
                raise AssertionError(f"taki-server did not stop in {timeout} s") from None
        with contextlib.suppress(OSError):
            assert self.process.stdin is not None
            self.process.stdin.close()
        with contextlib.suppress(OSError):
            assert self.process.stdout is not None
            self.process.stdout.close()
        return self.process.returncode

    def __enter__(self) -> SshServer:
        return self

    def __exit__(self, *exc: object) -> None:
        for pid in descendants(self.pid):  # the test failed midway: leave nothing behind
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        self.stop()


# ------------------------------------------------------------------ processes


def guests(server_pid: int) -> list[int]:
    """The guests' clients a server runs (through its entrance)."""
    return [p for p in descendants(server_pid) if "server.ssh.guest" in cmdline(p)]


def wait_until(test: Callable[[], bool], timeout: float = 30, what: str = "") -> None:
    deadline = time.monotonic() + timeout
    while not test():
        if time.monotonic() > deadline:
            raise AssertionError(f"not within {timeout} s: {what}")
        time.sleep(0.05)


# ------------------------------------------------------------------ a terminal running ssh


def plain(data: bytes) -> str:
    """What a terminal shows of ``data``, near enough: the text without escape codes."""
    return CSI.sub(b"", data).decode("utf-8", errors="replace")


class Terminal:
    """A command on a pty of ``cols`` x ``rows`` (a person's terminal), read by a trio task."""

    def __init__(self, argv: list[str], cols: int = 80, rows: int = 24,
                 env: dict[str, str] | None = None) -> None:
        self.argv = argv
        self.cols, self.rows = cols, rows
        self.env = dict(os.environ, TERM="xterm-256color", **(env or {}))
        """ssh sends TERM (and LANG) to the server, as a person's terminal sets them."""
        self.output = bytearray()
        self.process: trio.Process | None = None
        self.master = -1
        self.ended = trio.Event()
        self._new = trio.Event()

    async def start(self, nursery: trio.Nursery) -> None:
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", self.rows, self.cols, 0, 0))
        try:
            self.process = await trio.lowlevel.open_process(
                self.argv, stdin=slave, stdout=slave, stderr=slave, start_new_session=True,
                env=self.env,
            )
        finally:
            os.close(slave)
        self.master = master
        nursery.start_soon(self._read)

    async def _read(self) -> None:
        stream = trio.lowlevel.FdStream(self.master)
        try:
            while True:
                try:
                    data = await stream.receive_some(65536)
                except (OSError, trio.BrokenResourceError, trio.ClosedResourceError):
                    data = b""
                if not data:
                    break
                self.output += data
                self._new.set()
                self._new = trio.Event()
        finally:
            self.ended.set()
            self._new.set()
            with contextlib.suppress(OSError, trio.ClosedResourceError):
                await stream.aclose()

    def text(self, start: int = 0) -> str:
        return plain(bytes(self.output[start:]))

    async def wait_for(self, test: Callable[[], bool], timeout: float = 30,
                       what: str = "") -> None:
        with trio.move_on_after(timeout):
            while not test():
                if self.ended.is_set():
                    break
                await self._new.wait()
        if not test():
            tail = self.text()[-1500:]
            raise AssertionError(f"{what or 'condition'} not seen; the screen ended with:\n{tail}")

    async def wait_text(self, text: str, timeout: float = 30, start: int = 0) -> None:
        await self.wait_for(lambda: text in self.text(start), timeout, repr(text))

    def type(self, data: bytes) -> None:
        os.write(self.master, data)

    def resize(self, cols: int, rows: int) -> None:
        """As a window manager does: the new size on the pty, SIGWINCH to the program."""
        fcntl.ioctl(self.master, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        assert self.process is not None
        self.process.send_signal(signal.SIGWINCH)

    async def exit_code(self, timeout: float = 30) -> int:
        assert self.process is not None
        with trio.fail_after(timeout):
            code = await self.process.wait()
            await self.ended.wait()
        return code

    def kill(self) -> None:
        """As when the laptop's lid closes on it: SIGKILL, no goodbye."""
        assert self.process is not None
        with contextlib.suppress(ProcessLookupError):
            self.process.kill()


def ssh_command(port: int, user: str, key: Path | None, *words: str,
                tty: str = "-t", extra: tuple[str, ...] = ()) -> list[str]:
    """OpenSSH's ``ssh`` as a guest types it."""
    identity = ["-i", str(key)] if key is not None else ["-o", "PubkeyAuthentication=no"]
    flags = [tty] if tty else []
    return [OPENSSH, *flags, "-p", str(port), *SSH_OPTIONS, *identity, *extra,
            f"{user}@{HOST}", *words]
