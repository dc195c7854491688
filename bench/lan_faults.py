"""A LAN's own faults, measured: a slow lossy router, and a path that goes dark.

    python -m bench.lan_faults [--seconds 60] [--delay 0.15] [--jitter 0.05] [--loss 0.02]
                               [--dark 30] [--seed N]

Runs the two scenarios of tests/support/lan_faults.py (as root: the server in a network
namespace of its own, every client in another, tests/support/netns.py) and prints their
figures; the last line is one JSON object. tests/e2e/test_lan_faults.py runs the same
scenarios and checks what they report.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
from typing import Any

import trio

from tests.support.harness import ServerProcess, ms
from tests.support.lan_faults import blackhole, lossy_play, panes, start_server
from tests.support.netns import Lan, NamespacesRefused, why_not

# ---------------------------------------------------------------------------- main


def _print(title: str, figures: dict[str, Any]) -> None:
    print(f"== {title}")
    for key, value in figures.items():
        if key != "wire":
            print(f"  {key}: {value}")
    for path, counts in figures.get("wire", {}).items():
        print(f"  wire path {path}: {counts}")


def _stopped(report: dict[str, Any], key: str, server: ServerProcess, code: int | None) -> None:
    """What the server's log says of the scenario: connections dropped as silent, and
    errors (none expected)."""
    log = server.log()
    part = report.setdefault(key, {})
    part["server_exit"] = code
    part["server_dropped_silent"] = log.count("dropped: silent")
    part["server_errors"] = sum("Traceback" in line or " ERROR " in line
                                for line in log.splitlines())


async def _main(args: argparse.Namespace) -> dict[str, Any]:
    report: dict[str, Any] = {"bench": "lan_faults"}
    with tempfile.TemporaryDirectory(prefix="taki-lan-") as workdir, \
            Lan(paths=3, seed=args.seed) as lan, panes(workdir) as term:
        server = await start_server(lan, workdir, "lossy")
        try:
            report["lossy"] = await lossy_play(
                lan, server.port, args.seconds, delay=args.delay, jitter=args.jitter,
                loss=args.loss, term=term, workdir=workdir)
        finally:
            _stopped(report, "lossy", server, await server.stop())
        _print(f"{ms(args.delay):g} ms ± {ms(args.jitter):g} ms each way, {args.loss:.0%} loss",
               report["lossy"])
        for p in (1, 2, 3):
            lan.shape(p)
        server = await start_server(lan, workdir, "blackhole")
        try:
            report["blackhole"] = await blackhole(lan, server.port, term, workdir, args.dark,
                                                  dark_path=3, host_path=1)
        finally:
            _stopped(report, "blackhole", server, await server.stop())
        _print(f"{args.dark:g} s blackhole of one client's path", report["blackhole"])
    return report


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=60, help="lossy play (default 60)")
    parser.add_argument("--delay", type=float, default=0.15, help="seconds each way")
    parser.add_argument("--jitter", type=float, default=0.05, help="± seconds")
    parser.add_argument("--loss", type=float, default=0.02, help="fraction of packets lost")
    parser.add_argument("--dark", type=float, default=30, help="blackhole seconds")
    parser.add_argument("--seed", type=int, default=None, help="the wire's random seed")
    args = parser.parse_args()
    reason = why_not()
    if reason is None and shutil.which("tmux") is None:
        reason = "tmux is not installed"
    if reason is not None:
        print(f"lan_faults: skipped: {reason}")
        print(json.dumps({"bench": "lan_faults", "skipped": reason}))
        return 0
    try:
        report = trio.run(_main, args)
    except NamespacesRefused as exc:
        print(f"lan_faults: skipped: {exc}")
        print(json.dumps({"bench": "lan_faults", "skipped": str(exc)}))
        return 0
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
