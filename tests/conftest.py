"""Test configuration for the whole suite: nothing the tests run sends a packet beyond
this machine. ``TAKI_DISCOVERY=loopback`` is set here, before any test starts a server
or a client (child processes inherit it), so LAN discovery advertises and looks on
127.0.0.1 only; a run that already chose ``off`` keeps it.

The fixtures the asyncio client tests share live here too: ``server`` (a real server in
a thread; ``quick_server``, its bots moving at once) and ``config_dir`` (the test's
private config directory), which client test modules opt into with
``pytestmark = pytest.mark.usefixtures("config_dir")``.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if os.environ.get("TAKI_DISCOVERY") not in ("loopback", "off"):
    os.environ["TAKI_DISCOVERY"] = "loopback"

if TYPE_CHECKING:
    from .support.server_thread import ServerThread


@pytest.fixture
def server() -> Iterator[ServerThread]:
    """A real server on a loopback port in its own thread, for the asyncio client tests."""
    from .support.server_thread import ServerThread  # imported after TAKI_DISCOVERY is set

    thread = ServerThread()
    thread.start()
    yield thread
    thread.stop()


@pytest.fixture
def quick_server() -> Iterator[ServerThread]:
    """``server`` with bots that move at once (``bot_delay=0``), for tests that play a
    whole game to look at its end: the bots' pace checks nothing there, and at the
    usual 0.05 s a move it was half of such a test's time."""
    from .support.server_thread import ServerThread

    thread = ServerThread(bot_delay=0)
    thread.start()
    yield thread
    thread.stop()


@pytest.fixture
def config_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Point the client's config and state at the test's own directory, never the user's."""
    monkeypatch.setenv("TAKI_CONFIG_DIR", str(tmp_path))
    monkeypatch.delenv("TAKI_STATE_DIR", raising=False)  # it would take precedence
    return tmp_path


_SOAK = "tests/e2e/test_soak.py::test_a_60_second_soak_ends_clean"
_soak_module: list[object] = []


def pytest_collection_finish(session: pytest.Session) -> None:
    """The 60-s soak starts as soon as the suite knows it will run it (its module's
    ``start_early``): its minute, spent mostly waiting on its timers, passes while the
    tests before it run rather than adding to the suite's time."""
    for item in session.items:
        if item.nodeid == _SOAK and isinstance(item, pytest.Function):
            _soak_module.append(item.module)
            item.module.start_early()
            return


def pytest_sessionfinish(session: pytest.Session) -> None:
    """A run cut short (``-x``, Ctrl+C) does not leave the soak running behind it."""
    for module in _soak_module:
        for process in getattr(module, "_early", []):
            if process.poll() is None:
                process.kill()
                process.communicate()
