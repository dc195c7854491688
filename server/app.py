"""``taki-server``: listen on TCP, run the lobby, shut down cleanly.

``serve`` is the whole server as one trio task (tests start it in a nursery on port 0
and get the bound port back through ``task_status``); ``main`` is the command line.
"""

from __future__ import annotations

import argparse
import contextlib
import logging
import signal
import socket
import sys
from collections.abc import Sequence
from pathlib import Path

import trio
from platformdirs import user_data_dir

from protocol.connection import ServerConnection
from protocol.messages import Error

from . import collector
from .discovery import Advertiser, Advertising, open_tables
from .lobby import Lobby
from .session import Limits, Session
from .store import Store

DEFAULT_PORT = 8254  # T-A-K-I on a phone keypad
log = logging.getLogger("taki.server")


class Server:
    """The listener and the lobby; ``sessions`` are the live connections."""

    def __init__(self, lobby: Lobby, limits: Limits, max_connections: int) -> None:
        self.lobby = lobby
        self.limits = limits
        self.max_connections = max_connections
        self.sessions: set[Session] = set()

    async def handle(self, stream: trio.abc.Stream) -> None:
        if len(self.sessions) >= self.max_connections:
            refusal = ServerConnection().send(
                Error("server_full", "the server has too many connections")
            )
            with trio.move_on_after(2):
                await stream.send_all(refusal)
            await stream.aclose()
            return
        session = Session(stream, self.lobby, self.limits)
        self.sessions.add(session)
        try:
            await session.run()
        except Exception:  # one connection's failure must never end the server
            log.exception("connection %d failed", session.number)
        finally:
            self.sessions.discard(session)

    def shutdown(self) -> None:
        """Tell every connection the server is going away."""
        message = Error("server_shutdown", "the server is shutting down")
        for session in list(self.sessions):
            session.send(message)
            session.close_soon()
        self.lobby.shutdown(message)


async def serve(
    host: str = "0.0.0.0",
    port: int = DEFAULT_PORT,
    *,
    limits: Limits = Limits(),
    bot_delay: float = 0.8,
    stand_in_delay: float = 3.0,
    max_tables: int = 200,
    max_connections: int = 2000,
    seed: int | None = None,
    data_dir: Path | None = None,
    advertise: bool | Advertising = False,
    task_status: trio.TaskStatus[tuple[Server, int]] = trio.TASK_STATUS_IGNORED,
) -> None:
    """Run the server until cancelled; ``task_status`` gets (server, bound port).

    With ``data_dir``, tables are kept in SQLite there and rebuilt on start. With
    ``advertise`` (True or how), the server makes itself known on the LAN
    (server/discovery.py); off by default, so tests stay off the network."""
    store = Store(data_dir / "taki.sqlite3") if data_dir is not None else None
    async with trio.open_nursery() as nursery:
        lobby = Lobby(
            nursery,
            max_tables=max_tables,
            bot_delay=bot_delay,
            stand_in_delay=stand_in_delay,
            seed=seed,
            store=store,
        )
        lobby.restore()
        nursery.start_soon(collector.run)  # no collector pauses while serving
        server = Server(lobby, limits, max_connections)
        listeners = await trio.open_tcp_listeners(port, host=host)
        bound = listeners[0].socket.getsockname()[1]
        nursery.start_soon(trio.serve_listeners, server.handle, listeners)
        if advertise:
            how = advertise if isinstance(advertise, Advertising) else Advertising()
            advertiser = Advertiser(how, bound, lambda: open_tables(lobby.tables), host)
            nursery.start_soon(advertiser.run)
        task_status.started((server, bound))
        try:
            await trio.sleep_forever()
        finally:
            server.shutdown()
            if store is not None:
                store.close()


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses other than loopback (best effort, no traffic)."""
    found: list[str] = []
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        infos = []
    for info in infos:
        addr = str(info[4][0])
        if not addr.startswith("127.") and addr not in found:
            found.append(addr)
    return found


def _advertising(args: argparse.Namespace) -> Advertising | None:
    """How the command line advertises: not with --no-advertise, nor when only this
    machine can connect (a loopback address) unless an interface is named."""
    if args.no_advertise:
        return None
    interfaces = args.advertise_interface or None
    if interfaces is None and (args.host.startswith("127.") or args.host in ("::1", "localhost")):
        return None

    return Advertising(name=args.advertise_name, interfaces=interfaces, announce=_say)


def _say(text: str) -> None:
    """Print a line for the person who started the server; a closed stdout (its
    terminal gone, a pipe nobody reads) must not stop the server."""
    with contextlib.suppress(OSError, ValueError):
        print(text, flush=True)


async def _run(args: argparse.Namespace) -> None:
    advertise = _advertising(args)
    async with trio.open_nursery() as nursery:
        server, port = await nursery.start(
            lambda task_status: serve(
                args.host,
                args.port,
                bot_delay=args.bot_delay,
                max_tables=args.max_tables,
                max_connections=args.max_connections,
                data_dir=None if args.no_data else Path(args.data_dir),
                limits=Limits(rate=args.rate),
                advertise=advertise or False,
                task_status=task_status,
            )
        )
        wildcard = args.host in ("0.0.0.0", "::", "")
        addresses = lan_addresses() if wildcard else [args.host]
        _say(f"TAKI server listening on {args.host}:{port}. Players type:")
        for addr in addresses:
            _say(f"    taki-client {addr}:{port}")
        if wildcard:
            _say(f"    taki-client 127.0.0.1:{port}   (on this machine)")
        _say("Ctrl-C stops the server.")
        with trio.open_signal_receiver(signal.SIGINT, signal.SIGTERM) as signals:
            async for _ in signals:
                _say("Shutting down: telling everyone...")
                server.shutdown()
                await trio.sleep(0.3)
                nursery.cancel_scope.cancel()
                break


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="taki-server",
        description="Host TAKI games on your LAN: players join with taki-client HOST:PORT.",
    )
    parser.add_argument("--host", default="0.0.0.0", help="address to listen on (default: all)")
    parser.add_argument(
        "--port", type=int, default=DEFAULT_PORT, help=f"TCP port (default {DEFAULT_PORT})"
    )
    parser.add_argument(
        "--log-level",
        default="WARNING",
        choices=["DEBUG", "INFO", "WARNING", "ERROR"],
        help="how much to log to stderr (default WARNING)",
    )
    parser.add_argument(
        "--bot-delay", type=float, default=0.8, help="seconds a bot waits before it acts"
    )
    parser.add_argument(
        "--data-dir",
        default=user_data_dir("taki", appauthor=False),
        help="where tables are kept across restarts (default: %(default)s)",
    )
    parser.add_argument(
        "--no-data", action="store_true", help="keep nothing on disk (tables die with the server)"
    )
    parser.add_argument(
        "--rate", type=float, default=30.0, help="requests per second allowed per connection"
    )
    parser.add_argument("--max-tables", type=int, default=200, help="tables at most")
    parser.add_argument("--max-connections", type=int, default=2000, help="connections at most")
    parser.add_argument(
        "--no-advertise",
        action="store_true",
        help="do not advertise on the LAN (mDNS _taki._tcp, or a UDP broadcast beacon)",
    )
    parser.add_argument(
        "--advertise-name", metavar="NAME", help="the name players see (default: TAKI on HOST)"
    )
    parser.add_argument(
        "--advertise-interface",
        metavar="ADDR",
        action="append",
        help="advertise on the interface with this IPv4 address only (repeatable)",
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    logging.basicConfig(level=args.log_level, format="%(asctime)s %(levelname)s %(message)s")
    try:
        trio.run(_run, args)
    except OSError as exc:
        print(f"taki-server: cannot listen on {args.host}:{args.port}: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
