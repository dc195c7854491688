"""What the LAN discovery tests share: the loopback-only addresses they advertise and
look on (nothing leaves the machine: the beacon goes to 127.255.255.255, never a real
broadcast address), a free UDP port for a private beacon, a stand-in for a zeroconf
that cannot start, and finding one server among what a browser has seen."""

from __future__ import annotations

import socket
from typing import Any

from client.discovery import Browser, Game

LOOPBACK = ["127.0.0.1"]
BROADCAST = ["127.255.255.255"]


def free_udp_port() -> int:
    """A UDP port on 127.0.0.1 that nothing listens on now."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def no_zeroconf(_interfaces: Any) -> Any:
    """In place of ``server.discovery._open_zeroconf``: fails as on a machine with no
    default interface, so only the beacon advertises."""
    raise OSError(19, "No such device (no default interface)")


def found(browser: Browser, port: int) -> Game | None:
    """The game ``browser`` has found at ``port`` (None: not seen, or gone)."""
    return next((g for g in browser.games() if g.port == port), None)
