"""Real terminals for the end-to-end tests: a private tmux server with one session per
client (``Terminals``), driven by keystrokes and read with ``capture-pane`` by polling
with a deadline; the virtualenv's scripts (``script``); and a client in tmux dealt a
Play-now game (``play_now``)."""

from __future__ import annotations

import contextlib
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Callable
from pathlib import Path

import pytest

from .harness import alive, children

BIN = Path(sys.executable).parent  # the virtualenv's scripts sit beside its python
WIDTH, HEIGHT = 100, 32
TIMEOUT = 10.0  # seconds for any one thing to show on a screen


def script(name: str) -> Path:
    """The installed ``name`` (``taki-server``, ``taki-client``), beside this python
    first, else on PATH; skips the test when it is not installed."""
    path = BIN / name
    if not path.exists():
        found = shutil.which(name)
        if found is None:
            pytest.skip(f"{name} is not installed")
        path = Path(found)
    return path


class Terminals:
    """A private tmux server: one session (one pane) per client."""

    def __init__(self, workdir: Path) -> None:
        self.socket = f"taki-e2e-{os.getpid()}-{uuid.uuid4().hex[:8]}"
        self.conf = workdir / "tmux.conf"
        # A client that crashes leaves its traceback on screen for the failure report.
        self.conf.write_text("set -g remain-on-exit on\nset -g status off\n")
        self.names: list[str] = []
        self.socket_path = ""
        self.pids: list[int] = []
        self.extra_report: Callable[[], str] = lambda: ""
        # Panes inherit the tmux server's environment, and LINES/COLUMNS there would beat
        # the pane's real size. Under pytest, readline may have exported them at C level
        # (os.environ does not show them, child processes would inherit them).
        self.env = {k: v for k, v in os.environ.items() if k not in ("LINES", "COLUMNS")}

    def tmux(self, *args: str) -> str:
        done = subprocess.run(
            ["tmux", "-L", self.socket, "-f", str(self.conf), *args],
            capture_output=True,
            text=True,
            timeout=10,
            env=self.env,
        )
        if done.returncode != 0:
            raise RuntimeError(f"tmux {' '.join(args)}: {done.stderr.strip()}")
        return done.stdout

    def open(
        self, name: str, command: list[str], env: dict[str, str],
        size: tuple[int, int] = (WIDTH, HEIGHT),
    ) -> None:
        line = " ".join(
            [
                "env",
                "-u",
                "LINES",
                "-u",
                "COLUMNS",
                *(shlex.quote(f"{k}={v}") for k, v in env.items()),
                *(shlex.quote(c) for c in command),
            ]
        )
        self.tmux("new-session", "-d", "-s", name, "-x", str(size[0]), "-y", str(size[1]), line)
        if not self.names:
            self.socket_path = self.tmux("display-message", "-p", "#{socket_path}").strip()
        self.names.append(name)
        self.pids.append(int(self.tmux("display-message", "-p", "-t", name, "#{pane_pid}")))

    def screen(self, name: str) -> str:
        return self.tmux("capture-pane", "-p", "-t", name)

    def keys(self, name: str, *keys: str) -> None:
        self.tmux("send-keys", "-t", name, *keys)

    def type(self, name: str, text: str) -> None:
        self.tmux("send-keys", "-t", name, "-l", text)

    def press(self, name: str, *keys: str, gap: float = 0.1) -> None:
        """One key at a time, as a person types. (In a burst, a key that follows a Tab
        into an Input within a few ms can be lost: Textual selects the field's text on
        focus a moment later.)"""
        for key in keys:
            time.sleep(gap)
            self.keys(name, key)

    def report(self) -> str:
        parts = []
        for name in self.names:
            try:
                shown = self.screen(name)
            except RuntimeError as exc:
                shown = str(exc)
            parts.append(f"---- {name} ----\n{shown}")
        return "\n".join(parts) + self.extra_report()

    def wait_until(
        self, name: str, ok: Callable[[str], bool], what: str, timeout: float = TIMEOUT
    ) -> str:
        """Poll ``name``'s screen until ``ok`` holds; the screen, or a failure with all."""
        deadline = time.monotonic() + timeout
        while True:
            shown = self.screen(name)
            if ok(shown):
                return shown
            if time.monotonic() > deadline:
                pytest.fail(f"{name}: no {what} within {timeout:g}s\n{self.report()}")
            time.sleep(0.05)

    def wait_for_text(self, name: str, text: str, timeout: float = TIMEOUT) -> str:
        return self.wait_until(name, lambda s: text in s, repr(text), timeout)

    def __enter__(self) -> Terminals:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """End the clients still running while their terminals are there (SIGTERM: a
        clean quit, in half a second; with its terminal gone first a client needs its
        1.2 s deadline), then the tmux server; a client not ended 5 s later is killed."""
        running = [pid for pid in self._live_panes() if alive(pid)]
        for pid in running:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGTERM)
        deadline = time.monotonic() + 5
        while any(alive(pid) for pid in running) and time.monotonic() < deadline:
            time.sleep(0.02)
        with contextlib.suppress(RuntimeError, subprocess.TimeoutExpired):
            self.tmux("kill-server")
        if self.socket_path:
            Path(self.socket_path).unlink(missing_ok=True)
        deadline = time.monotonic() + 5
        for pid in self.pids:  # the clients we started, should SIGHUP not have ended them
            while time.monotonic() < deadline and alive(pid):
                time.sleep(0.02)
            if alive(pid):
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)

    def _live_panes(self) -> list[int]:
        """The pids of the panes whose client still runs: tmux has not reaped them, so
        each pid is still our client's (never one the system gave to another)."""
        if not self.names:
            return []
        try:
            listed = self.tmux("list-panes", "-a", "-F", "#{pane_dead} #{pane_pid}")
        except (RuntimeError, subprocess.TimeoutExpired):
            return []
        return [int(pid) for dead, pid in (line.split() for line in listed.splitlines())
                if dead == "0"]

def cards_of(screen: str, name: str) -> int | None:
    """How many cards the players list on a client's screen says ``name`` holds (None:
    not shown)."""
    m = re.search(rf"^\W*{re.escape(name)}\b[^\n]*?(\d+) cards?\b", screen, re.MULTILINE)
    return int(m.group(1)) if m else None


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
