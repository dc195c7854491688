"""The decoder fuzz probe (tests/support/fuzz_decoder.py) run as its own command: every
hostile frame it makes raises only the typed errors, and nothing stays allocated.

Short by default (2,000 cases, 500 under tracemalloc: seconds); ``TAKI_PROBE_SIZE=full``
runs it at full size (1,000,000 cases on every core, 20,000 under tracemalloc: minutes),
what was ``python -m bench.fuzz_decoder``; docs/hostile.md has the figures of such runs.
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


@pytest.mark.slow
def test_the_fuzz_probe_finds_only_typed_errors_and_no_leak() -> None:
    size = [] if FULL else ["--frames", "2000", "--workers", "1", "--tracemalloc", "500"]
    run = subprocess.run(
        [sys.executable, "-m", "tests.support.fuzz_decoder", "--seed", "3", *size],
        cwd=ROOT, capture_output=True, text=True, timeout=3600 if FULL else 300,
    )
    lines = run.stdout.strip().splitlines()
    assert lines, run.stderr[-3000:]
    report = json.loads(lines[-1])
    assert report["failures"] == 0, report["failure_examples"]
    assert report["tracemalloc"]["failures"] == 0, report["tracemalloc"]
    assert report["cases"] == (1_000_000 if FULL else 2000)
    assert run.returncode == 0, run.stderr[-3000:]
