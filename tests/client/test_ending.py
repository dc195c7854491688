"""client/ending.py inside the test process: a signal asks the app to quit and tells the
servers to stop at once; the handlers before it come back after. (The deadline that ends
the process outright is only for the command: tests/e2e/test_exits_no_terminal.py.)"""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys

import pytest

from client.ending import SignalExit

from ..support.clientkit import until


@pytest.mark.asyncio
async def test_a_signal_asks_to_quit_and_stops_the_servers_at_once() -> None:
    server = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    quits: list[bool] = []
    ending = SignalExit(lambda: quits.append(True), lambda: [server.pid])
    before = signal.getsignal(signal.SIGTERM)
    ending.install([signal.SIGTERM], asyncio.get_running_loop())
    try:
        assert not ending.hard  # a test's app: never os._exit
        os.kill(os.getpid(), signal.SIGTERM)
        await until(lambda: bool(quits))
        assert ending.fired
        await until(lambda: server.poll() is not None)
        assert server.returncode == -signal.SIGTERM
    finally:
        ending.uninstall()
        if server.poll() is None:
            server.kill()
        server.wait()
    assert signal.getsignal(signal.SIGTERM) == before
