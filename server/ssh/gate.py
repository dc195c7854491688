"""The server's side of the SSH entrance: start the entrance process, learn its port and
host key, and end it (and so every guest) when the server stops.

The entrance runs as a child of the server (entrance.py; the package docstring says
why). Its standard input is a pipe from the server that is never written: when the
server ends in any way, even SIGKILL, the pipe closes and the entrance stops its guests
and exits (the same tie as server/lifeline.py). (Not PR_SET_PDEATHSIG here: trio starts
processes from a worker thread, and that signal comes when the *thread* ends, seconds
later.) When the server stops, ``run_entrance``'s task is cancelled and sends
SIGTERM: the guests' clients are ended, each guest's terminal gets the line 'The server
was stopped.', and the entrance exits, or is killed after ``STOP_TIMEOUT``.
"""

from __future__ import annotations

import json
import logging
import signal
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import trio

log = logging.getLogger("taki.ssh")

START_TIMEOUT = 30.0
"""Seconds the entrance has to say it listens (imports and a key on a busy machine)."""
STOP_TIMEOUT = 4.0
"""Seconds the entrance has to end its guests and exit after SIGTERM."""


class EntranceFailed(Exception):
    """The entrance could not start; ``str()`` is one line for the host."""


@dataclass(frozen=True)
class SshOptions:
    """``taki-server --ssh PORT`` and its companions."""

    port: int
    keys: Path | None = None
    """``--ssh-keys``: only these keys may enter (authorized_keys format)."""
    max_sessions: int = 32
    log_level: str = "WARNING"


@dataclass(frozen=True)
class EntranceInfo:
    """What the entrance said when it started."""

    port: int
    fingerprint: str
    """The host key's fingerprint as OpenSSH shows it (``SHA256:...``)."""


def game_address(host: str, port: int) -> str:
    """Where the guests' clients, on this machine, reach the game port."""
    if host in ("", "0.0.0.0"):
        host = "127.0.0.1"
    elif host == "::":
        host = "::1"
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def entrance_command(
    options: SshOptions, host: str, game: str, data_dir: Path | None
) -> list[str]:
    argv = [
        sys.executable, "-m", "server.ssh.entrance",
        "--game", game, "--host", host, "--port", str(options.port),
        "--max", str(options.max_sessions),
        "--log-level", options.log_level,
    ]
    if data_dir is not None:
        argv += ["--data-dir", str(data_dir)]
    if options.keys is not None:
        argv += ["--keys", str(options.keys)]
    return argv


async def _first_line(stream: trio.abc.ReceiveStream) -> bytes:
    data = b""
    while b"\n" not in data and len(data) < 65536:
        chunk = await stream.receive_some(4096)
        if not chunk:
            break
        data += chunk
    return data.split(b"\n", 1)[0]


async def run_entrance(
    options: SshOptions,
    host: str,
    game: str,
    data_dir: Path | None,
    task_status: trio.TaskStatus[EntranceInfo] = trio.TASK_STATUS_IGNORED,
) -> None:
    """Run the entrance until cancelled; ``task_status`` gets its port and fingerprint,
    or EntranceFailed is raised before."""
    process = await trio.lowlevel.open_process(
        entrance_command(options, host, game, data_dir),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
    )
    try:
        assert process.stdout is not None
        with trio.move_on_after(START_TIMEOUT):
            line = await _first_line(process.stdout)
        try:
            said = json.loads(line.decode("utf-8", "replace")) if line else {}
        except ValueError:
            said = {}
        if not isinstance(said, dict) or "error" in said or "ssh" not in said:
            error = said.get("error") if isinstance(said, dict) else None
            raise EntranceFailed(
                str(error) if error else "taki-server: the ssh entrance did not start"
            )
        await process.stdout.aclose()  # it says nothing more
        task_status.started(EntranceInfo(int(said["ssh"]), str(said.get("fingerprint", ""))))
        code = await process.wait()
        log.error("the ssh entrance ended (exit %s): guests can no longer join by ssh", code)
        await trio.sleep_forever()
    finally:
        with trio.CancelScope(shield=True):
            await _stop(process)


async def _stop(process: trio.Process) -> None:
    """SIGTERM, then SIGKILL after STOP_TIMEOUT; the lifeline pipe is closed too."""
    if process.returncode is None:
        process.send_signal(signal.SIGTERM)
        with trio.move_on_after(STOP_TIMEOUT):
            await process.wait()
    if process.returncode is None:
        process.kill()
        await process.wait()
    if process.stdin is not None:
        await process.stdin.aclose()
