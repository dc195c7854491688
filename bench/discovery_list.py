"""How long ``taki-client --list`` takes to answer when nobody answers (goal: < 2 s).

    python -m bench.discovery_list [--runs N]

Runs the real command (``python -m client.cli --list``, what the ``taki-client``
script runs) N times on this machine only (``TAKI_DISCOVERY=loopback``, set by
bench/__init__.py), where no server is advertising: each run is start-up, the listening
window (client/discovery.py ``LIST_SECONDS``) and shut-down. Prints each run; the last
line is one JSON object.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

GOAL_SECONDS = 2.0


def one_run(env: dict[str, str]) -> float:
    started = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "client.cli", "--list"],
        env=env, capture_output=True, check=False, timeout=60, stdin=subprocess.DEVNULL,
    )
    return time.perf_counter() - started


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=5, help="how many runs (default 5)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as config:
        env = {**os.environ, "TAKI_CONFIG_DIR": config}
        times = []
        for number in range(1, args.runs + 1):
            seconds = one_run(env)
            times.append(seconds)
            print(f"run {number}: {seconds:.2f} s")
    median, worst = statistics.median(times), max(times)
    print(f"taki-client --list, nobody answering: median {median:.2f} s, worst {worst:.2f} s"
          f" (goal < {GOAL_SECONDS:g} s, scope {os.environ.get('TAKI_DISCOVERY')})")
    print(json.dumps({"list_seconds_median": round(median, 3), "list_seconds_max": round(worst, 3),
                      "goal_seconds": GOAL_SECONDS, "runs": len(times)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
