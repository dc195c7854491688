"""The hostile probe (tests/support/hostile.py) against a real ``taki-server`` process,
run as its own command: hostile sessions of every kind while an honest table plays on,
and the server neither dies, nor logs a traceback, nor leaks sockets or memory.

Short by default (200 sessions in 2 rounds, slowloris at 0.1 s a byte, no stall check:
seconds); ``TAKI_PROBE_SIZE=full`` runs it at full size (10,000 sessions in 5 rounds,
then one connection that never reads: minutes), what was ``python -m bench.hostile``;
docs/hostile.md has the figures of such runs. The in-process fast versions are
tests/server/test_hostile.py.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FULL = os.environ.get("TAKI_PROBE_SIZE") == "full"
SHORT = ["--sessions", "200", "--rounds", "2", "--slow-byte", "0.1", "--slow-limit", "2",
         "--stall-check", "0", "--drain-timeout", "60"]


@pytest.mark.slow
def test_hostile_sessions_leave_the_server_and_the_honest_table_whole() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "tests.support.hostile", "--seed", "5", *([] if FULL else SHORT)],
        cwd=ROOT, capture_output=True, text=True, timeout=3600 if FULL else 300,
    )
    lines = run.stdout.strip().splitlines()
    assert lines, run.stderr[-3000:]
    report = json.loads(lines[-1])
    assert report["failures"] == [], report["failures"]
    assert report["sessions"] == (10_000 if FULL else 200)
    assert report["honest_games"] > 0
    assert run.returncode == 0, run.stderr[-3000:]
