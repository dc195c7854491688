"""The addresses this machine can be reached at, read from its network interfaces.

Shared by ``taki-server`` (the ``taki-client ADDR:PORT`` lines it prints) and the
client's Host (the addresses friends type) so the two can never disagree. The
interfaces are asked, not the hostname: on many Debian and Ubuntu installs the
hostname resolves to 127.0.1.1, which no friend can reach. ``ifaddr`` comes with
zeroconf. Nothing here sends a packet.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

LOOPBACK = "127.0.0.1"


@dataclass(frozen=True)
class Address:
    """One address of this machine; ``loopback`` ones reach only this machine."""

    ip: str
    loopback: bool = False

    @property
    def ipv6(self) -> bool:
        return ":" in self.ip

    def with_port(self, port: int) -> str:
        """What a player types: ``ADDR:PORT``, an IPv6 address in brackets."""
        return f"[{self.ip}]:{port}" if self.ipv6 else f"{self.ip}:{port}"


def on_loopback(addresses: Iterable[str] | None) -> list[str]:
    """The loopback ones among ``addresses`` (127.0.0.0/8, ::1), else [127.0.0.1]: where
    discovery may go when ``TAKI_DISCOVERY=loopback`` keeps it on this machine."""
    kept: list[str] = []
    for text in addresses or ():
        try:
            if ipaddress.ip_address(text).is_loopback:
                kept.append(text)
        except ValueError:
            continue
    return kept or [LOOPBACK]


def _adapters() -> list[Any]:
    try:
        import ifaddr  # zeroconf's own dependency

        return list(ifaddr.get_adapters())
    except Exception:  # no interface list: only loopback can be promised
        return []


Interface = ipaddress.IPv4Interface | ipaddress.IPv6Interface


def interface_ips(adapters: Iterable[Any] | None = None) -> list[Interface]:
    """Every address of every interface, with its network (``adapters``: ifaddr's
    ``get_adapters()`` or a fake of it; default the machine's)."""
    found: list[Interface] = []
    for adapter in _adapters() if adapters is None else adapters:
        for ip in adapter.ips:
            text = ip.ip if isinstance(ip.ip, str) else ip.ip[0]  # IPv6: (addr, flow, scope)
            try:
                found.append(ipaddress.ip_interface(f"{text.split('%')[0]}/{ip.network_prefix}"))
            except ValueError:
                continue
    return found


def ipv4_networks(adapters: Iterable[Any] | None = None) -> list[ipaddress.IPv4Interface]:
    """Every IPv4 address of this machine with its network (empty if unknown)."""
    return [i for i in interface_ips(adapters) if isinstance(i, ipaddress.IPv4Interface)]


def usable_addresses(
    adapters: Iterable[Any] | None = None, *, ipv6: bool = True
) -> list[Address]:
    """The addresses others can type, best first: every non-loopback IPv4 address, then
    the IPv6 ones (with ``ipv6``), then loopback, last, for this machine only.
    Link-local addresses (169.254/16, fe80::/10) are left out: they need an interface
    name to be typed and rarely work between two machines."""
    v4: list[Address] = []
    v6: list[Address] = []
    for iface in interface_ips(adapters):
        ip = iface.ip
        if ip.is_loopback or ip.is_link_local or ip.is_unspecified or ip.is_multicast:
            continue
        bucket = v6 if ip.version == 6 else v4
        address = Address(str(ip))
        if address not in bucket:
            bucket.append(address)
    return [*v4, *(v6 if ipv6 else []), Address(LOOPBACK, loopback=True)]
