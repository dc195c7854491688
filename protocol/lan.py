"""The LAN contract shared by server and client: the default port, the discovery service
type and the formats a server advertises itself in (the DNS-SD TXT record, the UDP
broadcast beacon), and how far discovery may reach (``TAKI_DISCOVERY``).

Server (server/discovery.py) and client (client/discovery.py) both read these, so the
client needs no server code to find a game.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from .versions import MIN_VERSION, PROTOCOL_VERSION

DEFAULT_PORT = 8254
"""The game's TCP port: T-A-K-I on a phone keypad."""
SERVICE_TYPE = "_taki._tcp.local."
BEACON_PORT = DEFAULT_PORT
"""The beacon's UDP port: the game's TCP port number, on UDP."""
BEACON_EVERY = 2.0
"""Seconds between two beacons, and between two looks at the open-table count."""
BEACON_MAX = 1024
"""A beacon datagram is never longer (the client ignores longer ones)."""
NAME_MAX = 40
VERSIONS = tuple(range(MIN_VERSION, PROTOCOL_VERSION + 1))
METHODS = ("mdns", "beacon")
"""The ways a server is found, in the order they are tried."""

Scope = Literal["lan", "loopback", "off"]
SCOPES: tuple[Scope, ...] = ("lan", "loopback", "off")


def discovery_scope() -> Scope:
    """How far discovery reaches, from the environment variable ``TAKI_DISCOVERY``:
    ``lan`` (the default: the machine's networks), ``loopback`` (advertise and look on
    127.0.0.1 only: tests and benches) or ``off`` (send nothing, look for nothing).
    An unknown value is taken as ``off``: a typo must not send packets."""
    value = os.environ.get("TAKI_DISCOVERY", "lan").strip().lower() or "lan"
    for scope in SCOPES:
        if value == scope:
            return scope
    return "off"


def clean_name(name: str) -> str:
    """A name fit to show: printable, single-spaced, at most NAME_MAX characters."""
    text = " ".join("".join(c if c.isprintable() else " " for c in name).split())
    return text[:NAME_MAX] or "TAKI"


# ------------------------------------------------------------------ wire formats


def txt_properties(
    name: str, tables: int, ssh: int | None = None
) -> dict[str | bytes, str | bytes | None]:
    """The TXT record; ``ssh``: the port of the server's SSH entrance, when it has one
    (``taki-server --ssh``; an older client ignores the key)."""
    properties: dict[str | bytes, str | bytes | None] = {
        "txtvers": "1",
        "name": name,
        "versions": ",".join(str(v) for v in VERSIONS),
        "tables": str(tables),
    }
    if ssh is not None:
        properties["ssh"] = str(ssh)
    return properties


def _port(value: Any) -> int | None:
    """A TCP port from a TXT value or a beacon field; None for anything else."""
    if isinstance(value, str) and value.isdigit() and len(value) <= 5:
        value = int(value)
    if isinstance(value, int) and not isinstance(value, bool) and 0 < value < 65536:
        return value
    return None


def txt_ssh(properties: Mapping[bytes, bytes | None]) -> int | None:
    """The SSH entrance's port from a TXT record (None: it offers none)."""
    for key, value in properties.items():
        if key.lower() == b"ssh" and value is not None:
            return _port(value.decode("ascii", "replace"))
    return None


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


def encode_beacon(
    name: str, port: int, tables: int, every: float, bye: bool = False, ssh: int | None = None
) -> bytes:
    fields: dict[str, Any] = {"taki": 1, "port": port}
    if bye:
        fields["bye"] = True
    else:
        fields.update(name=name, versions=list(VERSIONS), tables=tables, every=every)
        if ssh is not None:
            fields["ssh"] = ssh
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
    ssh: int | None = None
    """The port of the server's SSH entrance (None: it offers none)."""


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
    ssh = _port(fields.get("ssh"))
    return Beacon(port, clean_name(name), versions, tables, float(every), ssh=ssh)
