"""LAN discovery, the server's side: make this server findable without typing an address.

A server advertises itself with DNS-SD over mDNS (service type ``_taki._tcp``, the
``zeroconf`` library): its name, the protocol versions it speaks and how many of its
tables are open (waiting, with a free seat) go in the TXT record, which is updated
when that number changes. Where mDNS cannot start (no network route, no multicast:
zeroconf raises OSError or RuntimeError) it falls back to a UDP broadcast beacon, a
small JSON datagram sent every few seconds to the broadcast address of each network
(port 8254/udp); and failing that it says so once and the server goes on, joined by
address as before.

The wire formats (TXT keys, the beacon) live here and the client reads them with
:func:`decode_beacon` and :func:`parse_txt`. ``serve(advertise=...)`` runs an
:class:`Advertiser`; ``taki-server`` advertises unless ``--no-advertise``.
"""

from __future__ import annotations

import contextlib
import ipaddress
import json
import logging
import socket
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import trio

from protocol.versions import MIN_VERSION, PROTOCOL_VERSION

log = logging.getLogger("taki.discovery")

SERVICE_TYPE = "_taki._tcp.local."
BEACON_PORT = 8254
"""The beacon's UDP port: the game's TCP port number, on UDP."""
BEACON_EVERY = 2.0
"""Seconds between two beacons, and between two looks at the open-table count."""
BEACON_MAX = 1024
"""A beacon datagram is never longer (the client ignores longer ones)."""
NAME_MAX = 40
VERSIONS = tuple(range(MIN_VERSION, PROTOCOL_VERSION + 1))
METHODS = ("mdns", "beacon")


def default_name() -> str:
    host = socket.gethostname().split(".")[0] or "here"
    return clean_name(f"TAKI on {host}")


def clean_name(name: str) -> str:
    """A name fit to show: printable, single-spaced, at most NAME_MAX characters."""
    text = " ".join("".join(c if c.isprintable() else " " for c in name).split())
    return text[:NAME_MAX] or "TAKI"


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


# ------------------------------------------------------------------ wire formats


def txt_properties(name: str, tables: int) -> dict[str | bytes, str | bytes | None]:
    return {
        "txtvers": "1",
        "name": name,
        "versions": ",".join(str(v) for v in VERSIONS),
        "tables": str(tables),
    }


def _versions(value: Any) -> tuple[int, ...] | None:
    if isinstance(value, str):
        parts: list[Any] = value.split(",")
        try:
            parts = [int(p) for p in parts]
        except ValueError:
            return None
    elif isinstance(value, list):
        parts = value
    else:
        return None
    found = tuple(v for v in parts if isinstance(v, int) and not isinstance(v, bool))
    if not found or len(found) != len(parts) or len(found) > 32:
        return None
    if any(not 0 < v < 10_000 for v in found):
        return None
    return found


def _tables(value: Any) -> int | None:
    if isinstance(value, str) and value.isdigit() and len(value) < 7:
        value = int(value)
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 1_000_000:
        return value
    return None


def parse_txt(
    properties: Mapping[bytes, bytes | None], fallback_name: str
) -> tuple[str, tuple[int, ...], int] | None:
    """(name, versions, open tables) from a TXT record; None when it is not ours."""
    text: dict[str, str] = {}
    for key, value in properties.items():
        if value is not None:
            text[key.decode("utf-8", "replace").lower()] = value.decode("utf-8", "replace")
    versions = _versions(text.get("versions", ""))
    tables = _tables(text.get("tables", ""))
    if versions is None or tables is None:
        return None
    return clean_name(text.get("name") or fallback_name), versions, tables


def encode_beacon(name: str, port: int, tables: int, every: float, bye: bool = False) -> bytes:
    fields: dict[str, Any] = {"taki": 1, "port": port}
    if bye:
        fields["bye"] = True
    else:
        fields.update(name=name, versions=list(VERSIONS), tables=tables, every=every)
    data = json.dumps(fields, ensure_ascii=False, separators=(",", ":")).encode()
    assert len(data) <= BEACON_MAX
    return data


@dataclass(frozen=True)
class Beacon:
    """One beacon as read: ``bye`` says the server is going away."""

    port: int
    name: str = ""
    versions: tuple[int, ...] = ()
    tables: int = 0
    every: float = BEACON_EVERY
    bye: bool = False


def decode_beacon(data: bytes) -> Beacon | None:
    """The beacon in ``data``, or None for anything else (never raises)."""
    if len(data) > BEACON_MAX:
        return None
    try:
        fields = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        return None
    if not isinstance(fields, dict) or fields.get("taki") != 1:
        return None
    port = fields.get("port")
    if not isinstance(port, int) or isinstance(port, bool) or not 0 < port < 65536:
        return None
    if fields.get("bye") is True:
        return Beacon(port, bye=True)
    name = fields.get("name")
    versions = _versions(fields.get("versions"))
    tables = _tables(fields.get("tables"))
    every = fields.get("every", BEACON_EVERY)
    if not isinstance(name, str) or versions is None or tables is None:
        return None
    if not isinstance(every, int | float) or isinstance(every, bool) or not 0 < every <= 60:
        every = BEACON_EVERY
    return Beacon(port, clean_name(name), versions, tables, float(every))


# ------------------------------------------------------------------ the machine's networks


def ipv4_networks() -> list[ipaddress.IPv4Interface]:
    """Every IPv4 address of this machine with its network (empty if unknown)."""
    try:
        import ifaddr  # zeroconf's own dependency

        adapters = ifaddr.get_adapters()
    except Exception:  # no interface list: no networks to speak of
        return []
    found: list[ipaddress.IPv4Interface] = []
    for adapter in adapters:
        for ip in adapter.ips:
            if isinstance(ip.ip, str):
                try:
                    found.append(ipaddress.IPv4Interface(f"{ip.ip}/{ip.network_prefix}"))
                except ValueError:
                    continue
    return found


def lan_addresses(interfaces: Sequence[str] | None = None) -> list[str]:
    """The addresses to advertise: ``interfaces``' IPv4 ones, else every non-loopback one."""
    if interfaces:
        return [a for a in interfaces if _is_ipv4(a)]
    return [str(n.ip) for n in ipv4_networks() if not n.ip.is_loopback and not n.ip.is_link_local]


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
        self.settings = settings
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
            text = (
                f"LAN discovery unavailable ({self.problem or 'turned off'}):"
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
            properties=txt_properties(self.name, self.count),
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
        data = encode_beacon(self.name, self.port, self.count, self.settings.every, bye)
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


def open_tables(tables: Mapping[str, Any]) -> int:
    """How many tables are open: waiting for players, with a free seat."""
    return sum(
        1 for t in tables.values() if t.state == "waiting" and any(s is None for s in t.seats)
    )
