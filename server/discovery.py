"""LAN discovery, the server's side: make this server findable without typing an address.

A server advertises itself with DNS-SD over mDNS (service type ``_taki._tcp``, the
``zeroconf`` library): its name, the protocol versions it speaks and how many of its
tables are open (waiting, with a free seat) go in the TXT record, which is updated
when that number changes. Where mDNS cannot start (no network route, no multicast:
zeroconf raises OSError or RuntimeError) it falls back to a UDP broadcast beacon, a
small JSON datagram sent every few seconds to the broadcast address of each network
(port 8254/udp); and failing that it says so once and the server goes on, joined by
address as before.

The wire formats (TXT keys, the beacon) live in protocol/lan.py, shared with the
client. ``TAKI_DISCOVERY=loopback`` keeps advertising on 127.0.0.1, ``off`` stops it.
``serve(advertise=...)`` runs an :class:`Advertiser`; ``taki-server`` advertises
unless ``--no-advertise``.
"""

from __future__ import annotations

import contextlib
import ipaddress
import logging
import socket
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

import trio

from protocol.addresses import ipv4_networks, on_loopback, usable_addresses
from protocol.lan import (
    BEACON_EVERY,
    BEACON_PORT,
    METHODS,
    SERVICE_TYPE,
    clean_name,
    discovery_scope,
    encode_beacon,
    txt_properties,
)
from protocol.messages import TableInfo

log = logging.getLogger("taki.discovery")

def default_name() -> str:
    host = socket.gethostname().split(".")[0] or "here"
    return clean_name(f"TAKI on {host}")


def _instance_label(name: str) -> str:
    """The DNS-SD instance label: no dots, at most 63 bytes of UTF-8."""
    label = name.replace(".", "-")
    while len(label.encode()) > 63:
        label = label[:-1]
    return label


def _hostname_label() -> str:
    raw = socket.gethostname().split(".")[0].lower()
    label = "".join(c if c.isascii() and (c.isalnum() or c == "-") else "-" for c in raw)
    return f"taki-{label.strip('-')[:40] or 'server'}"


# ------------------------------------------------------------------ the machine's networks


def lan_addresses(interfaces: Sequence[str] | None = None) -> list[str]:
    """The addresses to advertise: ``interfaces``' IPv4 ones, else every usable IPv4
    one of this machine (protocol/addresses.py: the same list ``taki-server`` prints)."""
    if interfaces:
        return [a for a in interfaces if _is_ipv4(a)]
    return [a.ip for a in usable_addresses(ipv6=False) if not a.loopback]


def broadcast_addresses(interfaces: Sequence[str] | None = None) -> list[str]:
    """Where beacons go: each network's broadcast address (of ``interfaces`` if given)."""
    found: list[str] = []
    for net in ipv4_networks():
        if interfaces and str(net.ip) not in interfaces:
            continue
        if not interfaces and net.ip.is_loopback:
            continue
        if net.network.prefixlen >= 31:
            continue
        address = str(net.network.broadcast_address)
        if address not in found:
            found.append(address)
    return found or ["255.255.255.255"]


def _is_ipv4(text: str) -> bool:
    try:
        ipaddress.IPv4Address(text)
    except ValueError:
        return False
    return True


# ------------------------------------------------------------------ the advertiser


@dataclass
class Advertising:
    """How a server makes itself known on the LAN (``serve(advertise=...)``)."""

    name: str | None = None
    """What players see (default: 'TAKI on <hostname>')."""
    interfaces: Sequence[str] | None = None
    """The addresses of the interfaces to advertise on (default: all of them)."""
    beacon_to: Sequence[str] | None = None
    """Beacon destinations (default: the broadcast address of each network)."""
    beacon_port: int = BEACON_PORT
    methods: Sequence[str] = METHODS
    """Tried in this order; the first that starts is used."""
    every: float = BEACON_EVERY
    announce: Callable[[str], None] | None = None
    """Told once, in a sentence, how the server was advertised (or why not)."""
    ssh: int | None = None
    """The port of the SSH entrance (``--ssh``), advertised beside the game's."""


def _within_scope(settings: Advertising) -> Advertising:
    """``settings`` as ``TAKI_DISCOVERY`` allows: ``off`` sends nothing, ``loopback``
    advertises on loopback only (whatever interfaces or destinations are named)."""
    scope = discovery_scope()
    if scope == "off":
        return replace(settings, methods=())
    if scope == "loopback":
        return replace(
            settings,
            interfaces=on_loopback(settings.interfaces),
            beacon_to=on_loopback(settings.beacon_to),
        )
    return settings


def _open_zeroconf(interfaces: Sequence[str] | None) -> Any:
    """A zeroconf instance on ``interfaces`` (tests replace this to fake no network)."""
    from zeroconf import InterfaceChoice, IPVersion, Zeroconf

    choice: Any = list(interfaces) if interfaces else InterfaceChoice.All
    return Zeroconf(interfaces=choice, ip_version=IPVersion.V4Only)


def _open_beacon_socket() -> trio.socket.SocketType:
    sock = trio.socket.socket(trio.socket.AF_INET, trio.socket.SOCK_DGRAM)
    sock.setsockopt(trio.socket.SOL_SOCKET, trio.socket.SO_BROADCAST, 1)
    return sock


class Advertiser:
    """Advertise one server until cancelled; ``method`` says how ('mdns', 'beacon' or
    None when it could not), ``problem`` why the earlier methods failed."""

    def __init__(
        self,
        settings: Advertising,
        port: int,
        tables: Callable[[], int],
        host: str | None = None,
    ) -> None:
        self.settings = _within_scope(settings)
        self.port = port
        self.tables = tables
        self.host = host if host and host not in ("0.0.0.0", "::", "") else None
        self.name = clean_name(settings.name) if settings.name else default_name()
        self.method: str | None = None
        self.problem = ""
        self.count = 0
        self.started = trio.Event()
        self._zeroconf: Any = None
        self._info: Any = None
        self._sock: trio.socket.SocketType | None = None
        self._targets: list[str] = []

    async def run(
        self, task_status: trio.TaskStatus[str | None] = trio.TASK_STATUS_IGNORED
    ) -> None:
        """Advertise; ``task_status`` gets the method used (None: not advertised)."""
        try:
            self.count = self._count()
            problems: list[str] = []
            for method in self.settings.methods:
                try:
                    if method == "mdns":
                        await self._mdns_start()
                    elif method == "beacon":
                        await self._beacon_start()
                    else:
                        raise ValueError(f"no such method {method!r}")
                except Exception as exc:  # OSError, zeroconf's RuntimeError, ...
                    log.debug("LAN discovery by %s failed", method, exc_info=True)
                    problems.append(f"{method}: {exc or type(exc).__name__}")
                    continue
                self.method = method
                break
            self.problem = "; ".join(problems)
            await trio.lowlevel.checkpoint_if_cancelled()  # stopped while starting: say nothing
            self._tell()
            self.started.set()
            task_status.started(self.method)
            if self.method is None:
                await trio.sleep_forever()
            while True:
                await trio.sleep(self.settings.every)
                await self._refresh()
        finally:
            with trio.CancelScope(shield=True), trio.move_on_after(3):
                await self._stop()

    def _count(self) -> int:
        try:
            return max(0, int(self.tables()))
        except Exception:
            log.exception("counting the open tables failed")
            return 0

    def _tell(self) -> None:
        if self.method == "mdns":
            text = f"LAN discovery: advertised as {self.name!r} over mDNS ({SERVICE_TYPE[:-7]})."
        elif self.method == "beacon":
            text = (
                f"LAN discovery: advertised as {self.name!r} by UDP broadcast"
                f" (mDNS unavailable: {self.problem})."
            )
        else:
            why = self.problem or "turned off by TAKI_DISCOVERY=off"
            text = (
                f"LAN discovery unavailable ({why}):"
                " players type the address."
            )
        log.log(logging.WARNING if self.method is None else logging.INFO, "%s", text)
        if self.settings.announce is not None:
            self.settings.announce(text)

    async def _refresh(self) -> None:
        count = self._count()
        changed, self.count = count != self.count, count
        try:
            if self.method == "mdns" and changed:
                await trio.to_thread.run_sync(self._mdns_update)
            elif self.method == "beacon":
                await self._beacon_send()
        except Exception:  # a network that comes and goes: keep trying, quietly
            log.debug("LAN discovery: refresh failed", exc_info=True)

    # ---------------------------------------------------------------- mDNS

    def _service_info(self) -> Any:
        from zeroconf import ServiceInfo

        addresses = [self.host] if self.host else lan_addresses(self.settings.interfaces)
        if not addresses:
            raise OSError("no network address to advertise")
        name = self._info.name if self._info is not None else (
            f"{_instance_label(self.name)}.{SERVICE_TYPE}"
        )
        return ServiceInfo(
            SERVICE_TYPE,
            name,
            port=self.port,
            properties=txt_properties(self.name, self.count, self.settings.ssh),
            server=f"{_hostname_label()}.local.",
            parsed_addresses=addresses,
        )

    async def _mdns_start(self) -> None:
        def start() -> None:
            info = self._service_info()
            zeroconf = _open_zeroconf(self.settings.interfaces)
            try:
                zeroconf.register_service(info, allow_name_change=True)
            except BaseException:
                zeroconf.close()
                raise
            self._zeroconf, self._info = zeroconf, info

        await trio.to_thread.run_sync(start)

    def _mdns_update(self) -> None:
        if self._zeroconf is not None:
            info = self._service_info()
            self._zeroconf.update_service(info)
            self._info = info

    def _mdns_stop(self) -> None:
        zeroconf, info = self._zeroconf, self._info
        self._zeroconf = self._info = None
        if zeroconf is None:
            return
        try:
            if info is not None:
                zeroconf.unregister_service(info)
        finally:
            zeroconf.close()

    # ---------------------------------------------------------------- beacon

    async def _beacon_start(self) -> None:
        self._targets = list(
            self.settings.beacon_to or broadcast_addresses(self.settings.interfaces)
        )
        self._sock = _open_beacon_socket()
        try:
            await self._beacon_send()
        except BaseException:
            self._sock.close()
            self._sock = None
            raise

    async def _beacon_send(self, bye: bool = False) -> None:
        """One beacon to every destination; OSError if it reached none."""
        if self._sock is None:
            return
        data = encode_beacon(
            self.name, self.port, self.count, self.settings.every, bye, ssh=self.settings.ssh
        )
        errors: list[OSError] = []
        for target in self._targets:
            try:
                await self._sock.sendto(data, (target, self.settings.beacon_port))
            except OSError as exc:
                errors.append(exc)
        if len(errors) == len(self._targets):
            raise errors[0] if errors else OSError("nowhere to send a beacon")

    # ---------------------------------------------------------------- stop

    async def _stop(self) -> None:
        if self._sock is not None:
            with contextlib.suppress(OSError):
                await self._beacon_send(bye=True)
            self._sock.close()
            self._sock = None
        if self._zeroconf is not None:
            try:
                await trio.to_thread.run_sync(self._mdns_stop)
            except Exception:
                log.debug("LAN discovery: stopping mDNS failed", exc_info=True)


def open_tables(infos: Iterable[TableInfo]) -> int:
    """How many tables are open (of the lobby's ``infos``): waiting for players, with a
    free seat."""
    return sum(1 for t in infos if t.state == "waiting" and any(s is None for s in t.seats))
