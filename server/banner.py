"""What ``taki-server`` says when it starts: the commands players type, one a line.

The addresses come from the interfaces (protocol/addresses.py, the same list the
client's Host shows), never from the hostname. ``ready_line`` is the machine-readable
twin for a program that started the server (``--ready-json``): one JSON line, first.
"""

from __future__ import annotations

import ipaddress
import json
from typing import Any

from protocol.addresses import Address, usable_addresses

WILDCARDS = ("0.0.0.0", "::", "")


def addresses_for(host: str) -> list[Address]:
    """The addresses a server listening on ``host`` can be reached at."""
    if host not in WILDCARDS:
        try:
            loopback = ipaddress.ip_address(host).is_loopback
        except ValueError:
            loopback = host == "localhost"
        return [Address(host, loopback=loopback)]
    return usable_addresses(ipv6=host == "::")


def listening_lines(host: str, port: int) -> list[str]:
    """The lines for the person who started the server."""
    lines = [f"TAKI server listening on {host or '*'}:{port}. Players type:"]
    for address in addresses_for(host):
        note = "   (this machine)" if address.loopback else ""
        lines.append(f"    taki-client {address.with_port(port)}{note}")
    return lines


def ssh_lines(host: str, port: int, fingerprint: str) -> list[str]:
    """The SSH entrance's lines: what guests type, and the host key to check it by."""
    lines = [f"SSH entrance on {host or '*'}:{port}. Guests with only ssh type:"]
    for address in addresses_for(host):
        note = "   (this machine)" if address.loopback else ""
        lines.append(f"    ssh -t -p {port} NAME@{address.ip}{note}")
    lines.append("  Guests' ssh asks them to check this host key the first time:")
    lines.append(f"    {fingerprint} (ED25519)")  # (its own line: 80 columns hold it)
    return lines


def ready_line(port: int, host: str, ssh: Any = None) -> str:
    """``{"port": N, "addresses": [...]}``: for the program that started the server;
    with an SSH entrance (server/ssh/gate.py's EntranceInfo) also ``ssh`` (its port) and
    ``ssh_fingerprint``."""
    addresses = [a.ip for a in addresses_for(host)]
    fields: dict[str, Any] = {"taki_server": 1, "port": port, "addresses": addresses}
    if ssh is not None:
        fields.update(ssh=ssh.port, ssh_fingerprint=ssh.fingerprint)
    return json.dumps(fields)
