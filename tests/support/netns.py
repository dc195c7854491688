"""A LAN of our own: network namespaces joined by a wire that can be slow, lossy or dark.

``Lan`` makes one namespace for the server and one per client path, each client joined
to the server's by a point-to-point link of its own, and removes them all on exit. The
server listens on ``Lan.server_addr`` (10.213.0.1, on the server namespace's loopback);
path ``i`` is 10.213.i.2 (client) <-> 10.213.i.1 (server side). The addresses exist
only inside those namespaces, and no namespace has a default route or any other
interface: nothing sent there can leave the machine (``contained`` checks it).

Why a wire in user space: this machine's kernel has no ``sch_netem`` (tc netem) and no
nftables or iptables tools, but it has TUN. Each link is a pair of TUN devices, one in
each namespace, and one relay process (``python -m tests.support.netns wire ...``) copies the
IP packets between them, holding each for ``delay`` ± ``jitter`` seconds (uniform, like
netem's, so packets may arrive out of order), dropping a ``loss`` fraction, or dropping
everything while the path is ``dark``: a silent blackhole, no FIN and no RST, what a
Wi-Fi drop or a closed laptop lid looks like. The kernels on both ends run real TCP
over it (retransmissions, timeouts). The relay's devices go with it when it ends.

Use::

    with Lan(paths=2) as lan:          # NamespacesRefused(reason) if the machine says no
        cmd = lan.exec_in(lan.server_ns) + ["taki-server", "--host", lan.server_addr, ...]
        lan.shape(1, delay=0.15, jitter=0.05, loss=0.02)
        stream = await lan.connect(2, port)      # a trio stream from client path 2
        lan.dark(1, True)                        # path 1 goes silent ...
        lan.dark(1, False)                       # ... and comes back

``why_not()`` says why namespaces cannot be made here (None: they can), for a test to
skip with. Root only.
"""

from __future__ import annotations

import contextlib
import ctypes
import fcntl
import heapq
import itertools
import json
import os
import random
import re
import select
import shutil
import socket
import struct
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from types import TracebackType
from typing import Any, Self

import trio

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PREFIX = "taki-lan-"
"""Every namespace made here is named ``taki-lan-PID-N-ROLE`` (PID: the process that
made it), so a run's leftovers are known and ``sweep`` can remove those of dead runs."""
SERVER_ADDR = "10.213.0.1"
NETNS_DIR = "/run/netns"
CLONE_NEWNET = 0x40000000
TUNSETIFF = 0x400454CA
IFF_TUN = 0x0001
IFF_NO_PI = 0x1000
_lans = itertools.count(1)


class NamespacesRefused(Exception):
    """This machine will not make the namespaces or the wire (the reason says why)."""


# ---------------------------------------------------------------------------- entering


def _setns(fd: int) -> None:
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.setns(fd, CLONE_NEWNET) != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"setns: {os.strerror(err)}")


@contextlib.contextmanager
def entered(ns: str) -> Iterator[None]:
    """Run the block with this thread in network namespace ``ns``, then come back.
    A socket or TUN device made inside stays in ``ns`` for good, wherever it is used
    from: that is how a process in one namespace holds ends in several."""
    home = os.open("/proc/thread-self/ns/net", os.O_RDONLY)
    try:
        target = os.open(os.path.join(NETNS_DIR, ns), os.O_RDONLY)
        try:
            _setns(target)
        finally:
            os.close(target)
        try:
            yield
        finally:
            _setns(home)
    finally:
        os.close(home)


# ---------------------------------------------------------------------------- can we?


def _ip(*args: str, check: bool = True) -> str:
    done = subprocess.run(["ip", *args], capture_output=True, text=True, timeout=20)
    if check and done.returncode != 0:
        raise NamespacesRefused(f"ip {' '.join(args)}: {done.stderr.strip() or done.returncode}")
    return done.stdout


def why_not() -> str | None:
    """Why this machine cannot host a ``Lan`` (None: it can): not root, no ``ip``, no
    TUN, or ``ip netns add`` refused (a container without the right to)."""
    if sys.platform != "linux":
        return f"network namespaces are Linux only (this is {sys.platform})"
    if os.geteuid() != 0:
        return "making network namespaces needs root"
    if shutil.which("ip") is None:
        return "the ip command (iproute2) is not installed"
    if not os.path.exists("/dev/net/tun"):
        return "/dev/net/tun is missing (no TUN in this kernel)"
    probe = f"{PREFIX}{os.getpid()}-probe"
    try:
        _ip("netns", "add", probe)
    except NamespacesRefused as exc:
        return f"cannot make a network namespace: {exc}"
    except (OSError, subprocess.TimeoutExpired) as exc:
        return f"cannot run ip: {exc}"
    try:
        with entered(probe):
            fd = os.open("/dev/net/tun", os.O_RDWR)
            os.close(fd)
    except OSError as exc:
        return f"cannot enter a namespace or open /dev/net/tun: {exc}"
    finally:
        _ip("netns", "del", probe, check=False)
    return None


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def sweep() -> list[str]:
    """Remove the namespaces earlier runs made and left behind (their process is gone:
    killed before its ``finally``); the names removed."""
    removed = []
    with contextlib.suppress(OSError):
        for name in os.listdir(NETNS_DIR):
            m = re.fullmatch(re.escape(PREFIX) + r"(\d+)-.*", name)
            if m and not _alive(int(m.group(1))):
                _ip("netns", "del", name, check=False)
                removed.append(name)
    return removed


# ---------------------------------------------------------------------------- the Lan


@dataclass(frozen=True)
class LanPath:
    """A client's way to the server: its namespace and address, the server side's
    address, and the TUN device at each end."""

    number: int
    ns: str
    addr: str
    server_side: str
    client_dev: str
    server_dev: str


class Lan:
    """See the module docstring. A context manager; ``close`` is safe to call twice."""

    def __init__(self, paths: int = 1, seed: int | None = None) -> None:
        if not 1 <= paths <= 200:
            raise ValueError("1 to 200 client paths")
        self.tag = f"{PREFIX}{os.getpid()}-{next(_lans)}"
        self.server_ns = f"{self.tag}-s"
        self.server_addr = SERVER_ADDR
        self.paths: dict[int, LanPath] = {
            i: LanPath(i, f"{self.tag}-c{i}", f"10.213.{i}.2", f"10.213.{i}.1",
                       f"tkc{i}", f"tks{i}")
            for i in range(1, paths + 1)
        }
        self.seed = seed if seed is not None else random.randrange(2**31)
        self._made: list[str] = []
        self._wire: subprocess.Popen[bytes] | None = None
        self._wire_out = b""

    @property
    def namespaces(self) -> list[str]:
        return [self.server_ns, *(p.ns for p in self.paths.values())]

    # ------------------------------------------------------------ life

    def __enter__(self) -> Self:
        self.open()
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()

    def open(self) -> None:
        """Make the namespaces, start the wire, give the addresses; NamespacesRefused
        (everything made so far removed) if the machine will not."""
        try:
            sweep()
            for ns in self.namespaces:
                _ip("netns", "add", ns)
                self._made.append(ns)
            self._start_wire()
            self._address()
            problems = self.contained()
            if problems:
                raise NamespacesRefused("; ".join(problems))
        except BaseException:
            self.close()
            raise

    def _start_wire(self) -> None:
        specs = [f"{self.server_ns}:{p.server_dev}:{p.ns}:{p.client_dev}"
                 for p in self.paths.values()]
        self._wire = subprocess.Popen(
            [sys.executable, "-m", "tests.support.netns", "wire", "--seed", str(self.seed), *specs],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, cwd=ROOT,
        )
        first = self._answer(timeout=20)
        if first != "ready":
            raise NamespacesRefused(f"the wire did not start: {first}")

    def _address(self) -> None:
        s = self.server_ns
        _ip("-n", s, "link", "set", "lo", "up")
        _ip("-n", s, "addr", "add", f"{self.server_addr}/32", "dev", "lo")
        for p in self.paths.values():
            _ip("-n", s, "addr", "add", f"{p.server_side}/32", "peer", f"{p.addr}/32",
                "dev", p.server_dev)
            _ip("-n", s, "link", "set", p.server_dev, "up")
            _ip("-n", p.ns, "link", "set", "lo", "up")
            _ip("-n", p.ns, "addr", "add", f"{p.addr}/32", "peer", f"{p.server_side}/32",
                "dev", p.client_dev)
            _ip("-n", p.ns, "link", "set", p.client_dev, "up")
            _ip("-n", p.ns, "route", "add", f"{self.server_addr}/32", "dev", p.client_dev)

    def contained(self) -> list[str]:
        """What would let traffic out of our namespaces (nothing, as made): a default
        route, a route beyond 10.213.0.0/16, an interface that is not ours."""
        problems = []
        own = {self.server_ns: {"lo", *(p.server_dev for p in self.paths.values())}}
        own.update({p.ns: {"lo", p.client_dev} for p in self.paths.values()})
        for ns, devices in own.items():
            for line in _ip("-n", ns, "-4", "route", "show", "table", "all").splitlines():
                words = line.split()
                if not words:
                    continue
                dest = words[1] if words[0] in ("local", "broadcast", "multicast") else words[0]
                if dest == "default" or not (dest.startswith("10.213.")
                                             or dest.startswith("127.")):
                    problems.append(f"{ns}: route {line.strip()}")
            for line in _ip("-n", ns, "-o", "link", "show").splitlines():
                name = line.split(":")[1].strip().split("@")[0]
                if name not in devices:
                    problems.append(f"{ns}: interface {name} is not ours")
        return problems

    def close(self) -> None:
        """Stop the wire, end what still runs in our namespaces (only processes this
        run started can be there), remove the namespaces."""
        wire, self._wire = self._wire, None
        if wire is not None:
            with contextlib.suppress(OSError):
                assert wire.stdin is not None
                wire.stdin.close()
            try:
                wire.wait(5)
            except subprocess.TimeoutExpired:
                wire.kill()
                wire.wait(5)
        for ns in reversed(self._made):
            for pid in _ip("netns", "pids", ns, check=False).split():
                with contextlib.suppress(ProcessLookupError, ValueError):
                    os.kill(int(pid), 9)
            _ip("netns", "del", ns, check=False)
        self._made.clear()

    # ------------------------------------------------------------ the wire

    def _answer(self, timeout: float = 10) -> str:
        wire = self._wire
        assert wire is not None and wire.stdout is not None
        deadline = time.monotonic() + timeout
        fd = wire.stdout.fileno()
        while b"\n" not in self._wire_out:
            left = deadline - time.monotonic()
            if left <= 0:
                raise NamespacesRefused("the wire does not answer")
            ready, _w, _x = select.select([fd], [], [], left)
            if ready:
                data = os.read(fd, 65536)
                if not data:
                    raise NamespacesRefused(f"the wire ended (exit {wire.wait()})")
                self._wire_out += data
        line, self._wire_out = self._wire_out.split(b"\n", 1)
        return line.decode().strip()

    def _tell(self, *words: object) -> str:
        wire = self._wire
        if wire is None or wire.stdin is None:
            raise RuntimeError("the Lan is not open")
        wire.stdin.write((" ".join(str(w) for w in words) + "\n").encode())
        wire.stdin.flush()
        return self._answer()

    def shape(self, path: int, delay: float = 0.0, jitter: float = 0.0,
              loss: float = 0.0) -> None:
        """Each packet on ``path``, both ways, waits ``delay`` ± ``jitter`` seconds and
        is lost with probability ``loss`` (0 0 0: a plain wire)."""
        if delay < 0 or not 0 <= jitter <= delay or not 0 <= loss <= 1:
            raise ValueError("need 0 <= jitter <= delay and 0 <= loss <= 1")
        self._tell("shape", path, delay, jitter, loss)

    def dark(self, path: int, on: bool) -> None:
        """Drop every packet on ``path``, both ways (on), or carry them again."""
        self._tell("dark", path, int(on))

    def stats(self) -> dict[str, Any]:
        """Per path ("1", "2", ...): packets carried, lost (by ``loss``), blackholed
        (dropped while dark) and failed (not written), with the path's settings."""
        found = json.loads(self._tell("stats"))
        assert isinstance(found, dict)
        return found

    # ------------------------------------------------------------ using it

    def exec_in(self, ns: str) -> list[str]:
        """The command prefix that runs a program in namespace ``ns``."""
        return ["ip", "netns", "exec", ns]

    def client_ns(self, path: int) -> str:
        return self.paths[path].ns

    def socket(self, path: int) -> socket.socket:
        """A TCP socket living in client path ``path``'s namespace."""
        with entered(self.paths[path].ns):
            return socket.socket(socket.AF_INET, socket.SOCK_STREAM)

    async def connect(self, path: int, port: int, timeout: float = 30) -> trio.SocketStream:
        """A trio stream to the server's ``port``, from client path ``path``."""
        sock = trio.socket.from_stdlib_socket(self.socket(path))
        try:
            with trio.fail_after(timeout):
                await sock.connect((self.server_addr, port))
        except BaseException:
            sock.close()
            raise
        return trio.SocketStream(sock)


# ---------------------------------------------------------------------------- the relay


@dataclass
class _Link:
    """One path's settings and counts (both directions share the settings)."""

    delay: float = 0.0
    jitter: float = 0.0
    loss: float = 0.0
    dark: bool = False
    counts: dict[str, int] = field(
        default_factory=lambda: {"carried": 0, "lost": 0, "blackholed": 0, "failed": 0}
    )


def _open_tun(ns: str, name: str) -> int:
    with entered(ns):
        fd = os.open("/dev/net/tun", os.O_RDWR)
        fcntl.ioctl(fd, TUNSETIFF, struct.pack("16sH", name.encode(), IFF_TUN | IFF_NO_PI))
        # No IPv6 chatter (router solicitations) on a link that only carries the game.
        with contextlib.suppress(OSError), \
                open(f"/proc/sys/net/ipv6/conf/{name}/disable_ipv6", "w") as f:
            f.write("1")
    return fd


def _wire(specs: Sequence[str], seed: int) -> int:
    """The relay: ``specs`` are SERVER_NS:DEV:CLIENT_NS:DEV per path (1, 2, ...).
    Reads commands on stdin (``shape I DELAY JITTER LOSS``, ``dark I 0|1``,
    ``stats``), answers one line each; ends when stdin closes."""
    rng = random.Random(seed)
    links: dict[int, _Link] = {}
    other: dict[int, tuple[int, int]] = {}  # fd -> (fd to write to, path)
    for number, spec in enumerate(specs, 1):
        s_ns, s_dev, c_ns, c_dev = spec.split(":")
        s_fd = _open_tun(s_ns, s_dev)
        c_fd = _open_tun(c_ns, c_dev)
        other[s_fd] = (c_fd, number)
        other[c_fd] = (s_fd, number)
        links[number] = _Link()
    poller = select.poll()
    for fd in other:
        poller.register(fd, select.POLLIN)
    poller.register(0, select.POLLIN)
    print("ready", flush=True)
    due: list[tuple[float, int, int, bytes]] = []
    order = itertools.count()
    pending = b""
    while True:
        wait = None if not due else max(0, int((due[0][0] - time.monotonic()) * 1000) + 1)
        for fd, _event in poller.poll(wait):
            if fd == 0:
                data = os.read(0, 4096)
                if not data:
                    return 0
                pending += data
                while b"\n" in pending:
                    line, pending = pending.split(b"\n", 1)
                    print(_command(line.decode().split(), links), flush=True)
                continue
            try:
                packet = os.read(fd, 65536)
            except OSError:
                continue
            out, number = other[fd]
            link = links[number]
            if link.dark:
                link.counts["blackholed"] += 1
            elif link.loss and rng.random() < link.loss:
                link.counts["lost"] += 1
            else:
                hold = link.delay + (rng.uniform(-link.jitter, link.jitter) if link.jitter else 0)
                heapq.heappush(due, (time.monotonic() + hold, next(order), out, packet))
        now = time.monotonic()
        while due and due[0][0] <= now:
            _at, _n, out, packet = heapq.heappop(due)
            link = links[other[out][1]]
            try:
                os.write(out, packet)
                link.counts["carried"] += 1
            except OSError:
                link.counts["failed"] += 1


def _command(words: list[str], links: dict[int, _Link]) -> str:
    try:
        if words[0] == "shape":
            link = links[int(words[1])]
            link.delay, link.jitter, link.loss = (float(w) for w in words[2:5])
        elif words[0] == "dark":
            links[int(words[1])].dark = words[2] == "1"
        elif words[0] == "stats":
            return json.dumps({str(n): {**link.counts, "delay": link.delay,
                                        "jitter": link.jitter, "loss": link.loss,
                                        "dark": link.dark}
                               for n, link in links.items()})
        else:
            return f"error unknown command {words[0]}"
    except (IndexError, KeyError, ValueError) as exc:
        return f"error {exc!r}"
    return "ok"


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] != ["wire"]:
        print("usage: python -m tests.support.netns wire [--seed N] SNS:SDEV:CNS:CDEV ...",
              file=sys.stderr)
        return 2
    args = args[1:]
    seed = 0
    if args[:1] == ["--seed"]:
        seed, args = int(args[1]), args[2:]
    return _wire(args, seed)


if __name__ == "__main__":
    sys.exit(main())
