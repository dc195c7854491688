"""A ``taki-server`` child process on its data directory, for the tests that kill it
(SIGKILL: a crash) and start it again on the same directory. Synchronous (``Popen``), so
a trio test can kill and restart it between awaits; the port comes from
``harness.free_port`` so a restart listens where the clients reconnect."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from .harness import HOST


def start_server(data: Path, port: int, *extra: str) -> subprocess.Popen[bytes]:
    """``python -m server.app`` on ``HOST:port`` keeping its tables in ``data`` (bots
    without delay, no rate limit to speak of, never advertised, and ``extra`` options);
    returns once it says it is listening, its stdout still open."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "server.app", "--host", HOST, "--port", str(port),
         "--data-dir", str(data), "--bot-delay", "0", "--rate", "100000", "--no-advertise",
         *extra],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    assert proc.stdout is not None
    line = proc.stdout.readline()
    assert b"listening" in line, line
    return proc
