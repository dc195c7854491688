"""Ending the client from outside, in a real terminal (tmux): SIGTERM, SIGHUP and SIGINT restore
the terminal (alternate screen, mouse reporting, cursor) and stop the server Play now
started; after SIGKILL that server still ends by itself (its standard input, a pipe
from the client, closes).
"""

from __future__ import annotations

import os
import shlex
import signal
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from ..support.procs import gone
from .test_e2e_tmux import TIMEOUT, Terminals, script

pytestmark = pytest.mark.skipif(
    not Path("/proc").is_dir(), reason="needs /proc to find the client's child"
)


@pytest.fixture
def terminals(tmp_path: Path) -> Iterator[Terminals]:
    with Terminals(tmp_path) as term:
        yield term


def children(pid: int) -> list[int]:
    try:
        text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
    except OSError:
        return []
    return [int(p) for p in text.split()]


def wait_for(test: object, what: str, term: Terminals, timeout: float = TIMEOUT) -> None:
    deadline = time.monotonic() + timeout
    while not test():  # type: ignore[operator]
        if time.monotonic() > deadline:
            pytest.fail(f"no {what} within {timeout:g}s\n{term.report()}")
        time.sleep(0.05)


def play_now(term: Terminals, tmp_path: Path, name: str) -> tuple[int, int]:
    """A client in tmux dealt a Play-now game; (client pid, its server's pid). A shell
    waits after the client, so the pane shows what the client left behind (a dead pane
    would show tmux's own state instead)."""
    client = script("taki-client")
    line = f"{shlex.quote(str(client))} --lang en --name Dana; echo client-ended; sleep 60"
    term.open(name, ["sh", "-c", line], {"TAKI_CONFIG_DIR": str(tmp_path / name)})
    term.wait_for_text(name, "How to play TAKI")  # a fresh config: the first launch
    term.press(name, "Escape")
    term.wait_for_text(name, "Play now")
    term.press(name, "p")
    term.wait_for_text(name, "Your move!", timeout=30)
    [pid] = children(term.pids[-1])
    servers = children(pid)
    assert len(servers) == 1, term.report()
    assert "server.app" in Path(f"/proc/{servers[0]}/cmdline").read_text()
    return pid, servers[0]


def terminal_state(term: Terminals, name: str) -> str:
    return term.tmux("display-message", "-p", "-t", name,
                     "#{alternate_on} #{mouse_any_flag} #{cursor_flag}").strip()


@pytest.mark.parametrize("number", [signal.SIGTERM, signal.SIGHUP, signal.SIGINT])
def test_a_signal_restores_the_terminal_and_stops_the_server(
    number: signal.Signals, terminals: Terminals, tmp_path: Path
) -> None:
    name = f"sig{number.value}"
    client, server = play_now(terminals, tmp_path, name)
    assert terminal_state(terminals, name) == "1 1 0"  # alternate screen, mouse, no cursor
    os.kill(client, number)
    wait_for(lambda: gone(client), "client exit", terminals)
    wait_for(lambda: gone(server), "end of the Play-now server", terminals)
    terminals.wait_for_text(name, "client-ended")
    assert terminal_state(terminals, name) == "0 0 1"
    assert "Traceback" not in terminals.screen(name)


def test_the_server_ends_by_itself_after_sigkill_of_the_client(
    terminals: Terminals, tmp_path: Path
) -> None:
    client, server = play_now(terminals, tmp_path, "kill")
    os.kill(client, signal.SIGKILL)
    wait_for(lambda: gone(server), "end of the orphaned server", terminals)
