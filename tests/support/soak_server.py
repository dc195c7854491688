"""The soak's server: one real ``taki-server`` process at a time on one data directory
and one loopback port, SIGKILLed or SIGTERMed and started again now and then.

Each start is an *incarnation*: its pid, when it was spawned and ready, how it ended,
its RSS samples and its stderr (a log file of its own, scanned for ``Traceback`` and
``ERROR`` once it has ended). Clients find the server through ``port`` (the same for
every incarnation) and try again while nothing listens there.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sqlite3
from dataclasses import dataclass, field

import trio

from .harness import ServerProcess, cli_command, free_port, proc_kib
from .soak_checks import Tally

DATABASE = "taki.sqlite3"
"""taki-server's database in its data directory (server/app.py)."""
STOP_TIMEOUT = 15.0
"""Seconds a SIGTERMed server may take to stop."""


@dataclass
class Incarnation:
    number: int
    pid: int
    spawned: float
    ready: float
    log_path: str
    down_at: float | None = None  # when it was signalled (or killed)
    ended: float | None = None
    how: str = ""  # kill, term, int
    exit_code: int | None = None
    rss: list[tuple[float, int]] = field(default_factory=list)  # (trio time, KiB)
    next_number: int | None = None  # the incarnation started after it
    restored: dict[str, int] = field(default_factory=dict)
    """Per table, the last seq stored when it started: what it rebuilt from disk. A
    later event was made by this process."""
    children: dict[int, str] = field(default_factory=dict)  # pid -> command line


class SoakServer:
    """Starts, crashes, stops and watches the server; see the module docstring."""

    def __init__(self, data_dir: str, log_dir: str, tally: Tally, *, bot_delay: float,
                 rate: float, log_level: str = "WARNING") -> None:
        self.data_dir = data_dir
        self.log_dir = log_dir
        self.tally = tally
        self.args = ["--bot-delay", str(bot_delay), "--rate", str(rate),
                     "--log-level", log_level,
                     "--exit-with-stdin"]  # (a soak killed midway leaves no server behind)
        self.port = free_port()
        self.proc: ServerProcess | None = None
        self.lives: list[Incarnation] = []
        self.restarts = {"kill": 0, "term": 0}
        self._up = trio.Event()

    @property
    def up(self) -> bool:
        return self._up.is_set()

    @property
    def current(self) -> Incarnation:
        return self.lives[-1]

    async def start(self) -> None:
        """Start an incarnation on the same port and data directory (a few tries: the
        port may linger a moment after a crash)."""
        number = len(self.lives) + 1
        restored = stored_seqs(os.path.join(self.data_dir, DATABASE))
        log_path = os.path.join(self.log_dir, f"server-{number}.log")
        for attempt in range(20):
            spawned = trio.current_time()
            command = cli_command(*self.args, data_dir=self.data_dir, port=self.port)
            try:
                proc = await ServerProcess.start(command, log_path)
            except RuntimeError:
                if attempt == 19:
                    raise
                await trio.sleep(0.25)
                continue
            if proc.port != self.port:
                raise RuntimeError(f"the server listens on {proc.port}, not {self.port}")
            self.proc = proc
            if self.lives:
                self.lives[-1].next_number = number
            self.lives.append(Incarnation(number, proc.pid, spawned, trio.current_time(),
                                          log_path, restored=restored))
            self._up.set()
            return

    def longest_stay(self, since: float, until: float) -> float:
        """The longest stretch of [since, until] that one server process lived through:
        how long a seat away over that time was away in the eyes of one process (a
        restarted server counts a stand-in's delay from its restart)."""
        longest = 0.0
        for life in self.lives:
            start = max(life.spawned, since)
            end = min(life.down_at if life.down_at is not None else until, until)
            longest = max(longest, end - start)
        return longest

    def _going_down(self) -> None:
        if self._up.is_set():
            self._up = trio.Event()

    async def crash(self, how: str) -> None:
        """End the running incarnation by SIGKILL (``kill``) or SIGTERM (``term``) and
        start the next; a SIGTERMed server must exit 0 within STOP_TIMEOUT."""
        await self.end(how)
        self.restarts[how] += 1
        await self.start()

    async def end(self, how: str) -> None:
        proc, life = self.proc, self.current
        assert proc is not None
        note_children(life, proc)
        life.down_at = trio.current_time()
        self._going_down()
        if how == "kill":
            life.exit_code = await proc.kill()
        else:
            sig = signal.SIGTERM if how == "term" else signal.SIGINT
            with trio.move_on_after(STOP_TIMEOUT + 5):
                life.exit_code = await proc.stop(how=sig)
            self.tally["server_exits"].check(
                life.exit_code == 0,
                f"server {life.number} (pid {life.pid}) after SIG{how.upper()} exited "
                f"{life.exit_code}",
            )
        life.ended = trio.current_time()
        life.how = how
        self.proc = None
        self.scan_log(life)

    def scan_log(self, life: Incarnation) -> None:
        """Every line of the incarnation's stderr is a check: no Traceback, no ERROR."""
        with open(life.log_path, encoding="utf-8", errors="replace") as f:
            lines = f.read().splitlines()
        rule = self.tally["server_log"]
        for i, line in enumerate(lines):
            bad = "Traceback" in line or "ERROR" in line or "CRITICAL" in line
            rule.check(not bad, "" if not bad else (
                f"server {life.number} (ended by {life.how or 'running'}) line {i + 1}: "
                + " | ".join(lines[i:i + 12])
            ))
        if not lines:
            rule.checks += 1  # an empty log was checked too

    def sample(self) -> None:
        """One RSS sample of the running incarnation (and note its children)."""
        proc = self.proc
        if proc is None or not self.up:
            return
        kib = proc_kib(proc.pid)
        if kib:
            self.current.rss.append((trio.current_time(), kib))
        note_children(self.current, proc)

    async def sweep_children(self, grace: float = 5.0) -> None:
        """Child processes (the strong bots' workers) must end with their server: each
        still alive ``grace`` seconds after the last server ended is a violation (its
        age since its server ended in the detail), and is killed by pid."""
        left = [(life, pid, command) for life in self.lives if life.ended is not None
                for pid, command in sorted(life.children.items())]
        with trio.move_on_after(grace):
            while any(_alive(pid, command) for _, pid, command in left):
                await trio.sleep(0.1)
        now = trio.current_time()
        for life in self.lives:
            if life.ended is None:
                continue
            alive = [(pid, command) for lf, pid, command in left
                     if lf is life and _alive(pid, command)]
            self.tally["no_orphans"].check(not alive, "" if not alive else (
                f"server {life.number} (ended by SIG{life.how.upper()}) left "
                f"{len(alive)} processes running {now - (life.ended or now):.0f} s later: "
                + "; ".join(f"pid {pid} {c.replace(chr(0), ' ').strip()[:110]}"
                            for pid, c in alive)
            ))
            for pid, command in alive:
                if _alive(pid, command):
                    with contextlib.suppress(OSError):
                        os.kill(pid, signal.SIGKILL)
            life.children.clear()


def stored_seqs(path: str) -> dict[str, int]:
    """Per table, the last event seq taki-server stored in its database at ``path``
    (read while no server runs): the table's row, or its game's last action."""
    if not os.path.exists(path):
        return {}
    try:
        with contextlib.closing(sqlite3.connect(path)) as db:
            rows = db.execute(
                "SELECT t.id, t.seq, (SELECT max(a.seq) FROM actions a WHERE a.game = t.game)"
                " FROM tables t"
            ).fetchall()
    except sqlite3.Error:
        return {}
    return {str(tid): max(int(seq or 0), int(last or 0)) for tid, seq, last in rows}


def _command(pid: int) -> str:
    with contextlib.suppress(OSError), open(f"/proc/{pid}/cmdline", "rb") as f:
        return f.read().decode(errors="replace")
    return ""


def note_children(life: Incarnation, proc: ServerProcess) -> None:
    for pid in proc.children():
        life.children.setdefault(pid, _command(pid))


def _alive(pid: int, command: str) -> bool:
    """Whether ``pid`` is still the live process (not a zombie) that ran ``command``
    (a pid reused by another process is not it)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            state = f.read().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z" and bool(command) and _command(pid) == command
