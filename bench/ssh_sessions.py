"""What an SSH guest costs (``taki-server --ssh``): connect to lobby, memory, capacity.

    python -m bench.ssh_sessions [--sessions N] [--batch B]

Starts ``taki-server --ssh 0`` on 127.0.0.1 (never advertised, nothing kept on disk) and
opens N guest sessions with asyncssh's client, each with its own ed25519 key and a pty,
B at a time; each stays in the lobby. Figures:

- connect to lobby: from the TCP connect to the lobby on the guest's screen (the title
  'You play as NAME'), alone (the first session) and with B starting at once;
- memory: each guest's client (RSS of its process), the entrance's growth per guest,
  the game server's growth per guest;
- how many sessions this machine holds: the N held here, the CPU they take idle in the
  lobby, and MemAvailable divided by a guest's memory (the limit where CPU is not);
- ends: from a connection's close to its client's end (goal < 3 s), and from SIGTERM of
  the server to every process it started gone (goal < 5 s).

Prints a line per batch; the last line is one JSON object.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import statistics
import subprocess
import sys
import time
from typing import Any

import asyncssh

from tests.support.harness import HOST, ROOT, alive, cmdline, descendants, proc_cpu, proc_kib

CSI = b"\x1b["
IDLE_SECONDS = 5.0


def mem_available_kib() -> int:
    with open("/proc/meminfo") as f:
        for line in f:
            if line.startswith("MemAvailable:"):
                return int(line.split()[1])
    return 0


def start_server(
    sessions: int, log: str | None = None
) -> tuple[subprocess.Popen[bytes], dict[str, Any]]:
    command = [
        sys.executable, "-m", "server.app", "--no-data", "--no-advertise", "--ready-json",
        "--host", HOST, "--port", "0", "--ssh", "0", "--ssh-max", str(sessions),
        "--max-connections", str(max(2000, 2 * sessions)),
        *(["--log-level", "INFO"] if log else []),
    ]  # fmt: skip
    with open(log or os.devnull, "wb") as errors:
        process = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=errors, cwd=ROOT,
        )
    assert process.stdout is not None
    ready = json.loads(process.stdout.readline())
    return process, ready


class Guest:
    """One guest: a key, a connection, a pty session in the lobby."""

    def __init__(self, number: int, key: asyncssh.SSHKey) -> None:
        self.name = f"g{number}"
        self.key = key
        self.conn: Any = None
        self.process: Any = None
        self.lobby_seconds = 0.0

    async def join(self, port: int) -> None:
        started = time.perf_counter()
        self.conn = await asyncssh.connect(
            HOST, port, username=self.name, client_keys=[self.key], known_hosts=None,
            agent_path=None,
        )
        self.process = await self.conn.create_process(
            term_type="xterm-256color", term_size=(80, 24), encoding=None)
        seen = b""
        want = f"You play as {self.name}".encode()
        async with asyncio.timeout(120):
            while want not in seen.replace(CSI, b""):  # good enough: the title is one run
                data = await self.process.stdout.read(65536)
                if not data:
                    raise RuntimeError(f"{self.name}: the session ended before the lobby")
                seen += data
        self.lobby_seconds = time.perf_counter() - started
        asyncio.get_running_loop().create_task(self._drain())

    async def _drain(self) -> None:
        while await self.process.stdout.read(65536):
            pass

    def close(self) -> None:
        self.conn.close()


def guest_pids(server: int) -> list[int]:
    return [p for p in descendants(server) if "server.ssh.guest" in cmdline(p)]


async def run(sessions: int, batch: int, log: str | None = None) -> dict[str, Any]:
    server, ready = start_server(sessions, log)
    port = ready["ssh"]
    try:
        entrance = next(p for p in descendants(server.pid) if "server.ssh.entrance" in cmdline(p))
        server_base, entrance_base = proc_kib(server.pid), proc_kib(entrance)
        keys = [asyncssh.generate_private_key("ssh-ed25519") for _ in range(sessions)]
        guests: list[Guest] = []
        first = Guest(0, keys[0])
        await first.join(port)
        guests.append(first)
        batch_times: list[float] = []
        number = 1
        while number < sessions:
            wave = [Guest(n, keys[n]) for n in range(number, min(sessions, number + batch))]
            await asyncio.gather(*(g.join(port) for g in wave))
            guests += wave
            batch_times += [g.lobby_seconds for g in wave]
            number += len(wave)
            print(f"{len(guests)} guests in the lobby; this batch of {len(wave)}: "
                  f"median {statistics.median(g.lobby_seconds for g in wave):.2f} s, "
                  f"worst {max(g.lobby_seconds for g in wave):.2f} s", flush=True)
        await asyncio.sleep(2)  # settled
        clients = guest_pids(server.pid)
        watched = [*clients, entrance, server.pid]
        cpu_before = sum(proc_cpu(p) for p in watched)
        await asyncio.sleep(IDLE_SECONDS)  # guests idle in the lobby: what do they cost?
        idle_cpu = (sum(proc_cpu(p) for p in watched) - cpu_before) / IDLE_SECONDS
        client_kib = [proc_kib(p) for p in clients]
        entrance_kib, server_kib = proc_kib(entrance), proc_kib(server.pid)
        per_guest_kib = statistics.median(client_kib) + (entrance_kib - entrance_base) / sessions
        available = mem_available_kib()

        # A connection closes: its client ends (goal < 3 s).
        last = guests.pop()
        before = set(guest_pids(server.pid))
        closed_at = time.perf_counter()
        last.close()
        while len(before & set(guest_pids(server.pid))) >= len(before):
            await asyncio.sleep(0.02)
        close_to_end = time.perf_counter() - closed_at

        # SIGTERM: every process the server started is gone (goal < 5 s).
        started = descendants(server.pid)
        stopped_at = time.perf_counter()
        server.send_signal(signal.SIGTERM)
        while server.poll() is None or any(alive(p) for p in started):
            await asyncio.sleep(0.02)
        sigterm_to_gone = time.perf_counter() - stopped_at
        for guest in guests:
            guest.close()
    finally:
        if server.poll() is None:
            server.kill()
        server.wait()
    result = {
        "sessions": sessions,
        "batch": batch,
        "lobby_seconds_alone": round(first.lobby_seconds, 3),
        "lobby_seconds_batch_median": round(statistics.median(batch_times), 3)
        if batch_times else None,
        "lobby_seconds_batch_max": round(max(batch_times), 3) if batch_times else None,
        "client_rss_mib_median": round(statistics.median(client_kib) / 1024, 1),
        "entrance_rss_mib_per_guest": round((entrance_kib - entrance_base) / sessions / 1024, 2),
        "entrance_rss_mib": round(entrance_kib / 1024, 1),
        "server_rss_mib_per_guest": round((server_kib - server_base) / sessions / 1024, 2),
        "guest_mib": round(per_guest_kib / 1024, 1),
        "idle_cpu_percent_all_guests": round(100 * idle_cpu, 1),
        "mem_available_mib": round(available / 1024),
        "sessions_memory_allows": int(available / per_guest_kib) + sessions,
        "close_to_client_end_seconds": round(close_to_end, 3),
        "sigterm_to_all_gone_seconds": round(sigterm_to_gone, 3),
    }
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--sessions", type=int, default=32, help="guests (default 32)")
    parser.add_argument("--batch", type=int, default=8, help="guests starting at once (8)")
    parser.add_argument("--log", metavar="FILE", help="the server's log (INFO) to FILE")
    args = parser.parse_args(argv)
    result = asyncio.run(run(max(2, args.sessions), max(1, args.batch), args.log))
    print(
        f"connect to lobby: {result['lobby_seconds_alone']:.2f} s alone, median "
        f"{result['lobby_seconds_batch_median']:.2f} s with {args.batch} at once; a guest "
        f"takes {result['guest_mib']} MiB (its client {result['client_rss_mib_median']} MiB, "
        f"the entrance {result['entrance_rss_mib_per_guest']} MiB); "
        f"{result['sessions']} held (idle, all: {result['idle_cpu_percent_all_guests']}% of a "
        f"core), memory allows about {result['sessions_memory_allows']}; "
        f"a closed connection's client ended in {result['close_to_client_end_seconds']:.2f} s, "
        f"SIGTERM to all gone {result['sigterm_to_all_gone_seconds']:.2f} s"
    )
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
