"""``taki-client HOST:PORT --standings TABLE``: print a table's standings and exit.

A one-off connection in the ``spectator`` role asks ``list_tables`` (which changes
nothing at any table, unlike watching it), finds TABLE by id or by name, and prints
its standings as plain text (client/standings.py), for a group chat. Blocking
sockets and the sans-IO protocol: no event loop, no Textual.
"""

from __future__ import annotations

import socket
import sys
import time

from protocol.connection import ClientConnection
from protocol.errors import ProtocolError
from protocol.messages import Ack, Error, ListTables, TableInfo, Tables, TableUpdate

from .net import parse_address
from .standings import standings_lines

EXIT_OK, EXIT_FAILED = 0, 1
WAIT = 10.0
"""Seconds the whole exchange may take before the command gives up."""


def fetch_tables(address: str, wait: float = WAIT) -> list[TableInfo]:
    """Every open table of the server at ``address`` (OSError, ProtocolError or
    TimeoutError if it cannot be asked)."""
    host, port = parse_address(address)
    deadline = time.monotonic() + wait
    conn = ClientConnection()
    tables: dict[str, TableInfo] = {}
    with socket.create_connection((host, port), timeout=wait) as sock:
        sock.sendall(conn.hello("standings", "taki-client/standings", role="spectator"))
        asked = False
        while True:
            sock.settimeout(max(0.1, deadline - time.monotonic()))
            data = sock.recv(65536)
            conn.receive_data(data)
            for msg in conn.messages():
                if msg.TYPE == "welcome" and not asked:
                    sock.sendall(conn.send(ListTables(1)))
                    asked = True
                elif isinstance(msg, Tables):
                    tables.update({t.id: t for t in msg.tables})
                elif isinstance(msg, TableUpdate):
                    tables[msg.table.id] = msg.table
                elif isinstance(msg, Ack) and msg.id == 1:
                    return list(tables.values())
                elif isinstance(msg, Error):
                    raise ProtocolError(msg.code, msg.message)
            if not data:
                raise ConnectionError("the server closed the connection")
            if time.monotonic() > deadline:
                raise TimeoutError("no answer in time")


def find(tables: list[TableInfo], wanted: str) -> TableInfo | None:
    """The table whose id is ``wanted``, else the one so named (case-insensitively)."""
    for info in tables:
        if info.id == wanted:
            return info
    named = [t for t in tables if t.options.name.casefold() == wanted.strip().casefold()]
    return named[0] if len(named) == 1 else None


def print_standings(address: str, wanted: str) -> int:
    """The command: 0 and the text on stdout; 1 and one line on stderr otherwise."""
    try:
        tables = fetch_tables(address)
    except (OSError, ProtocolError) as exc:
        print(f"taki-client: cannot ask {address} for its tables: {exc}", file=sys.stderr)
        return EXIT_FAILED
    info = find(tables, wanted)
    if info is None:
        safe = "".join(c for c in wanted if c.isprintable())[:64]
        print(f"taki-client: no table {safe!r} on {address}", file=sys.stderr)
        return EXIT_FAILED
    print("\n".join(standings_lines(info.options.name, info.standings)))
    return EXIT_OK
