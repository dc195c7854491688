"""LAN discovery, the client's side: the games on the network, live, without an address.

``Browser`` runs on the app's own asyncio loop: a zeroconf ``AsyncServiceBrowser`` for
``_taki._tcp`` (DNS-SD over mDNS) and a listener for the servers' UDP broadcast beacon
(their fallback where multicast does not work), merged into one list of ``Game``s.
``on_change`` is called, on that loop, whenever the list changes. Nothing here raises
into the UI: what cannot start is noted in ``problems``, and ``available`` turns False
only when neither way could start (the start screen then says so once, and joining by
address works as ever). ``taki-client --list`` is :func:`list_games`.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import logging
import socket
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TextIO

from protocol.addresses import ipv4_networks, on_loopback
from protocol.lan import (
    BEACON_PORT,
    METHODS,
    SERVICE_TYPE,
    decode_beacon,
    discovery_scope,
    parse_txt,
    txt_ssh,
)
from protocol.versions import MIN_VERSION, PROTOCOL_VERSION

log = logging.getLogger("taki.discovery")

LIST_SECONDS = 1.2
"""How long ``taki-client --list`` listens, and the start screen before it says it found
nothing. Servers answer an mDNS query within a few hundred milliseconds (and beacons
come every 2 s, so most are heard); with start-up and shut-down, --list answers in
well under 2 s when nobody answers."""
RESOLVE_MS = 3000


@dataclass(frozen=True)
class Game:
    """A server found on the network."""

    name: str
    host: str
    port: int
    versions: tuple[int, ...]
    tables: int
    """Open tables: waiting for players, with a free seat."""
    via: str
    """'mdns' or 'beacon'."""
    ssh: int | None = None
    """The port of the server's SSH entrance (``taki-server --ssh``), if it has one."""

    @property
    def address(self) -> str:
        return f"[{self.host}]:{self.port}" if ":" in self.host else f"{self.host}:{self.port}"

    @property
    def ssh_line(self) -> str | None:
        """What a guest types to join with ssh alone (None: no SSH entrance)."""
        if self.ssh is None:
            return None
        return f"ssh -t -p {self.ssh} NAME@{self.host}"

    @property
    def compatible(self) -> bool:
        """Whether this client speaks one of the server's protocol versions."""
        return any(MIN_VERSION <= v <= PROTOCOL_VERSION for v in self.versions)


def _open_zeroconf(interfaces: Sequence[str] | None) -> Any:
    """An AsyncZeroconf on the running loop (tests replace this to fake no network)."""
    from zeroconf import InterfaceChoice, IPVersion
    from zeroconf.asyncio import AsyncZeroconf

    choice: Any = list(interfaces) if interfaces else InterfaceChoice.All
    return AsyncZeroconf(interfaces=choice, ip_version=IPVersion.V4Only)


def _beacon_socket(port: int) -> socket.socket:
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        if hasattr(socket, "SO_REUSEPORT"):  # several clients on one machine all hear it
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
        sock.bind(("", port))
        sock.setblocking(False)
    except BaseException:
        sock.close()
        raise
    return sock


def no_network(interfaces: Sequence[str] | None) -> bool:
    """True when this machine is on no network but loopback (so no beacon can reach it);
    False when it is, or cannot tell, or ``interfaces`` names one."""
    if interfaces:
        return False
    try:
        import ifaddr

        adapters = ifaddr.get_adapters()
    except Exception:
        return False
    return not any(
        isinstance(ip.ip, str) and not ip.ip.startswith("127.") for a in adapters for ip in a.ips
    )


def pick_address(addresses: Sequence[str]) -> str | None:
    """Of a server's addresses, one on a network this machine is on (else the first)."""
    if not addresses:
        return None
    networks = ipv4_networks()
    for text in addresses:
        try:
            address = ipaddress.IPv4Address(text)
        except ValueError:
            continue
        if any(address in n.network for n in networks):
            return text
    return addresses[0]


class _BeaconProtocol(asyncio.DatagramProtocol):
    def __init__(self, browser: Browser) -> None:
        self.browser = browser

    def datagram_received(self, data: bytes, addr: tuple[str | Any, int]) -> None:
        self.browser._beacon(data, str(addr[0]))

    def error_received(self, exc: Exception) -> None:
        log.debug("beacon listener: %s", exc)


class Browser:
    """See the module docstring."""

    def __init__(
        self,
        on_change: Callable[[], None] | None = None,
        *,
        interfaces: Sequence[str] | None = None,
        beacon_port: int = BEACON_PORT,
        methods: Sequence[str] = METHODS,
    ) -> None:
        self.on_change = on_change
        self.scope = discovery_scope()
        """``TAKI_DISCOVERY``: 'off' looks for nothing, 'loopback' only on 127.0.0.1."""
        if self.scope == "off":
            methods = ()
        elif self.scope == "loopback":
            interfaces = on_loopback(interfaces)
        self.interfaces = list(interfaces) if interfaces else None
        self.beacon_port = beacon_port
        self.methods = tuple(methods)
        self.running: list[str] = []
        """The ways that started: 'mdns', 'beacon'."""
        self.problems: list[str] = []
        self.begun = False
        """``start`` was called (it may still be starting)."""
        self.started = False
        self._zeroconf: Any = None
        self._browser: Any = None
        self._transport: asyncio.DatagramTransport | None = None
        self._mdns: dict[str, Game] = {}
        self._beacons: dict[tuple[str, int], tuple[Game, float]] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self._shown: list[Game] = []
        self._loop: asyncio.AbstractEventLoop | None = None

    @property
    def available(self) -> bool:
        """False once started if no way of finding games could start."""
        return not self.started or bool(self.running)

    async def start(self) -> None:
        """Start listening (never raises; see ``running`` and ``problems``)."""
        if self.begun:
            return
        self.begun = True
        self._loop = asyncio.get_running_loop()
        if "mdns" in self.methods:
            try:
                self._zeroconf = _open_zeroconf(self.interfaces)
                from zeroconf.asyncio import AsyncServiceBrowser

                self._browser = AsyncServiceBrowser(
                    self._zeroconf.zeroconf, SERVICE_TYPE, handlers=[self._on_service]
                )
                self.running.append("mdns")
            except Exception as exc:  # OSError, zeroconf's RuntimeError when no network
                log.debug("mDNS browsing failed", exc_info=True)
                self.problems.append(f"mdns: {exc or type(exc).__name__}")
                await self._close_zeroconf()
        if "beacon" in self.methods:
            try:
                if no_network(self.interfaces):
                    raise OSError("no network interface")
                sock = _beacon_socket(self.beacon_port)
                transport, _protocol = await self._loop.create_datagram_endpoint(
                    lambda: _BeaconProtocol(self), sock=sock
                )
                self._transport = transport
                self.running.append("beacon")
                self._spawn(self._expire())
            except Exception as exc:
                log.debug("beacon listening failed", exc_info=True)
                self.problems.append(f"beacon: {exc or type(exc).__name__}")
        self.started = True
        self._changed(force=True)

    async def stop(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        if self._transport is not None:
            self._transport.close()
            self._transport = None
        await self._close_zeroconf()

    async def _close_zeroconf(self) -> None:
        browser, zeroconf = self._browser, self._zeroconf
        self._browser = self._zeroconf = None
        try:
            async with asyncio.timeout(3):
                if browser is not None:
                    await browser.async_cancel()
                if zeroconf is not None:
                    await zeroconf.async_close()
        except Exception:
            log.debug("closing zeroconf failed", exc_info=True)

    def games(self) -> list[Game]:
        """Every server found, by name; one entry per address."""
        found: dict[tuple[str, int], Game] = {}
        for game in self._mdns.values():
            found.setdefault((game.host, game.port), game)
        for game, _due in self._beacons.values():
            found.setdefault((game.host, game.port), game)
        return sorted(found.values(), key=lambda g: (g.name.casefold(), g.host, g.port))

    # ---------------------------------------------------------------- plumbing

    def _spawn(self, coroutine: Any) -> None:
        task = asyncio.ensure_future(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _changed(self, force: bool = False) -> None:
        games = self.games()
        if games == self._shown and not force:
            return
        self._shown = games
        if self.on_change is not None:
            try:
                self.on_change()
            except Exception:
                log.exception("discovery listener failed")

    # ---------------------------------------------------------------- mDNS

    def _on_service(self, zeroconf: Any, service_type: str, name: str, state_change: Any) -> None:
        from zeroconf import ServiceStateChange

        if self._loop is None:
            return
        if state_change is ServiceStateChange.Removed:
            self._loop.call_soon_threadsafe(self._removed, name)
        else:
            self._loop.call_soon_threadsafe(self._spawn, self._resolve(name))

    def _removed(self, name: str) -> None:
        if self._mdns.pop(name, None) is not None:
            self._changed()

    async def _resolve(self, name: str) -> None:
        from zeroconf import IPVersion
        from zeroconf.asyncio import AsyncServiceInfo

        zeroconf = self._zeroconf
        if zeroconf is None:
            return
        try:
            info = AsyncServiceInfo(SERVICE_TYPE, name)
            if not await info.async_request(zeroconf.zeroconf, RESOLVE_MS):
                return
            host = pick_address(info.parsed_addresses(IPVersion.V4Only))
            label = name[: -len(SERVICE_TYPE) - 1] if name.endswith(SERVICE_TYPE) else name
            parsed = parse_txt(info.properties, label)
            if host is None or parsed is None or not info.port:
                return
        except Exception:  # a malformed answer from someone else's software
            log.debug("resolving %s failed", name, exc_info=True)
            return
        game_name, versions, tables = parsed
        ssh = txt_ssh(info.properties)
        self._mdns[name] = Game(game_name, host, info.port, versions, tables, "mdns", ssh)
        self._changed()

    # ---------------------------------------------------------------- beacon

    def _beacon(self, data: bytes, host: str) -> None:
        beacon = decode_beacon(data)
        if beacon is None or self._loop is None:
            return
        key = (host, beacon.port)
        if beacon.bye:
            self._beacons.pop(key, None)
        else:
            game = Game(beacon.name, host, beacon.port, beacon.versions, beacon.tables, "beacon",
                        beacon.ssh)
            due = self._loop.time() + 3 * beacon.every + 0.5
            self._beacons[key] = (game, due)
        self._changed()

    async def _expire(self) -> None:
        while True:
            await asyncio.sleep(0.5)
            now = asyncio.get_running_loop().time()
            gone = [k for k, (_g, due) in self._beacons.items() if due < now]
            for key in gone:
                del self._beacons[key]
            if gone:
                self._changed()


# -------------------------------------------------------------------- taki-client --list


async def collect(
    seconds: float = LIST_SECONDS,
    *,
    interfaces: Sequence[str] | None = None,
    beacon_port: int = BEACON_PORT,
    methods: Sequence[str] = METHODS,
) -> Browser:
    """Listen for ``seconds``; the stopped browser keeps what it found."""
    browser = Browser(interfaces=interfaces, beacon_port=beacon_port, methods=methods)
    await browser.start()
    try:
        if browser.available:
            await asyncio.sleep(seconds)
    finally:
        await browser.stop()
    return browser


def list_games(
    seconds: float | None = None,
    *,
    interfaces: Sequence[str] | None = None,
    beacon_port: int = BEACON_PORT,
    methods: Sequence[str] = METHODS,
    out: TextIO | None = None,
) -> int:
    """``taki-client --list``: print the games found, one a line; 1 if it cannot look."""
    out = out or sys.stdout
    seconds = LIST_SECONDS if seconds is None else seconds
    browser = asyncio.run(
        collect(seconds, interfaces=interfaces, beacon_port=beacon_port, methods=methods)
    )
    if browser.scope == "off":
        print(
            "taki-client: discovery is off (TAKI_DISCOVERY=off); join a game with"
            " taki-client HOST:PORT",
            file=sys.stderr,
        )
        return 1
    if not browser.available:
        print(
            "taki-client: cannot look for games on this network ("
            + "; ".join(browser.problems)
            + "); join one with taki-client HOST:PORT",
            file=sys.stderr,
        )
        return 1
    games = browser.games()
    if not games:
        print("No TAKI games found on this network.", file=out)
        return 0
    width = max(len(g.address) for g in games)
    for g in games:
        note = "" if g.compatible else "  (another version of taki)"
        if g.ssh_line:
            note += f"  ·  {g.ssh_line}"
        versions = ",".join(str(v) for v in g.versions)
        print(
            f"{g.address:<{width}}  {g.name}  ·  {g.tables} open tables  ·  protocol {versions}"
            f"{note}",
            file=out,
        )
    return 0
