"""``taki-server``: listen on TCP, run the lobby, shut down cleanly.

``serve`` is the whole server as one trio task (tests start it in a nursery on port 0
and get the bound port back through ``task_status``); ``main`` is the command line.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import logging
import signal
import sqlite3
import sys
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import TypeVar

import trio
from platformdirs import user_data_dir

from protocol.connection import ServerConnection
from protocol.lan import DEFAULT_PORT
from protocol.messages import Error

from . import collector
from .banner import listening_lines, ready_line, ssh_lines
from .discovery import Advertiser, Advertising, open_tables
from .lifeline import until_stdin_closes
from .lobby import Lobby
from .lock import DataDirInUse, DataDirLock
from .outbox import Outboxes
from .session import Limits, Session
from .ssh.gate import EntranceFailed, EntranceInfo, SshOptions, game_address, run_entrance
from .store import Store
from .table import RETURN_TIME
from .thinking import WORKERS, Thinkers

EXIT_OK, EXIT_FAILED, EXIT_USAGE = 0, 1, 2
E = TypeVar("E", bound=BaseException)
"""taki-server's exit codes: stopped cleanly; could not listen (or failed); usage error."""
log = logging.getLogger("taki.server")
DRAIN_TIMEOUT = 2.0
"""Seconds a stopping server gives its connections to take their last frames."""


class Server:
    """The listener and the lobby; ``sessions`` are the live connections."""

    def __init__(self, lobby: Lobby, limits: Limits, max_connections: int) -> None:
        self.lobby = lobby
        self.limits = limits
        self.max_connections = max_connections
        self.sessions: set[Session] = set()
        self.outboxes = Outboxes()
        self.ssh: EntranceInfo | None = None
        """The SSH entrance, when it runs (``serve(ssh=...)``; server/ssh/)."""

    async def handle(self, stream: trio.abc.Stream) -> None:
        if len(self.sessions) >= self.max_connections:
            refusal = ServerConnection().send(
                Error("server_full", "the server has too many connections")
            )
            with trio.move_on_after(2):
                await stream.send_all(refusal)
            await stream.aclose()
            return
        session = Session(stream, self.lobby, self.limits, self.outboxes)
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
            session.port.send(message)
            session.port.close_soon()
        self.lobby.shutdown(message)

    async def drain(self, timeout: float = DRAIN_TIMEOUT) -> None:
        """Wait (at most ``timeout`` seconds) until every connection has written what
        it had queued, e.g. the ``server_shutdown`` error after ``shutdown``."""
        with trio.move_on_after(timeout):
            for session in list(self.sessions):
                await session.written.wait()


async def serve(
    host: str = "0.0.0.0",
    port: int = DEFAULT_PORT,
    *,
    limits: Limits = Limits(),
    bot_delay: float = 0.8,
    stand_in_delay: float = 3.0,
    return_time: float = RETURN_TIME,
    max_tables: int = 200,
    max_connections: int = 2000,
    seed: int | None = None,
    data_dir: Path | None = None,
    data_lock: DataDirLock | None = None,
    advertise: bool | Advertising = False,
    ssh: SshOptions | None = None,
    search_workers: int = WORKERS,
    task_status: trio.TaskStatus[tuple[Server, int]] = trio.TASK_STATUS_IGNORED,
) -> None:
    """Run the server until cancelled; ``task_status`` gets (server, bound port).

    With ``ssh``, an SSH entrance on ``host`` beside the game port (server/ssh/), its
    port and host key in ``server.ssh``; EntranceFailed when it cannot start.

    ``search_workers``: strong bots' searches at once, each in a worker process shared
    fairly by the tables (server/thinking.py).

    With ``data_dir``, tables are kept in SQLite there and rebuilt on start (their
    people get ``return_time`` to reconnect before anything is played for them). With
    ``advertise`` (True or how), the server makes itself known on the LAN
    (server/discovery.py); off by default, so tests stay off the network.

    A data directory is locked for as long as the server runs (server/lock.py):
    ``DataDirInUse`` if another server holds it (``data_lock``: already taken)."""
    own_lock = None
    if data_dir is not None and data_lock is None:
        own_lock = DataDirLock(data_dir).acquire()
    try:
        # The store outlives the nursery of tables and connections that use it: a
        # shielded save as a connection ends never meets a closed database.
        with (
            _open_store(data_dir) if data_dir is not None else contextlib.nullcontext() as store,
            Thinkers(search_workers) as thinkers,
        ):
            await _serve(host, port, limits, bot_delay, stand_in_delay, return_time, max_tables,
                         max_connections, seed, store, thinkers, advertise, task_status,
                         ssh, data_dir)
    finally:
        if own_lock is not None:
            own_lock.release()


def _open_store(data_dir: Path) -> Store:
    """The store, or an OSError naming the file (the command line says it in one line)
    when the database cannot be opened: full disk, read-only, not a database."""
    path = data_dir / "taki.sqlite3"
    try:
        return Store(path)
    except sqlite3.Error as exc:
        raise OSError(errno.EIO, str(exc), str(path)) from None


async def _serve(
    host: str,
    port: int,
    limits: Limits,
    bot_delay: float,
    stand_in_delay: float,
    return_time: float,
    max_tables: int,
    max_connections: int,
    seed: int | None,
    store: Store | None,
    thinkers: Thinkers,
    advertise: bool | Advertising,
    task_status: trio.TaskStatus[tuple[Server, int]],
    ssh: SshOptions | None = None,
    data_dir: Path | None = None,
) -> None:
    async with trio.open_nursery() as nursery:
        lobby = Lobby(
            nursery,
            max_tables=max_tables,
            bot_delay=bot_delay,
            stand_in_delay=stand_in_delay,
            seed=seed,
            store=store,
            thinkers=thinkers,
        )
        listeners = await trio.open_tcp_listeners(port, host=host)
        bound = listeners[0].socket.getsockname()[1]
        # Listening first: a restored seat's time to come back counts from when its
        # client can reach the server (a connection made meanwhile waits in the backlog).
        lobby.restore(return_time)
        nursery.start_soon(collector.run)  # no collector pauses while serving
        server = Server(lobby, limits, max_connections)
        nursery.start_soon(server.outboxes.run)
        nursery.start_soon(trio.serve_listeners, server.handle, listeners)
        if ssh is not None:
            game = game_address(host, bound)
            server.ssh = await nursery.start(run_entrance, ssh, host, game, data_dir)
        if advertise:
            how = advertise if isinstance(advertise, Advertising) else Advertising()
            if server.ssh is not None:
                how = replace(how, ssh=server.ssh.port)
            advertiser = Advertiser(how, bound, lambda: open_tables(lobby.infos()), host)
            nursery.start_soon(advertiser.run)
        task_status.started((server, bound))
        try:
            await trio.sleep_forever()
        finally:
            server.shutdown()


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


async def _run(args: argparse.Namespace, lock: DataDirLock | None) -> None:
    advertise = _advertising(args)
    async with trio.open_nursery() as nursery:
        server, port = await nursery.start(
            lambda task_status: serve(
                args.host,
                args.port,
                bot_delay=args.bot_delay,
                stand_in_delay=args.stand_in_delay,
                max_tables=args.max_tables,
                max_connections=args.max_connections,
                data_dir=None if args.no_data else Path(args.data_dir),
                data_lock=lock,
                limits=Limits(rate=args.rate, ping_interval=args.idle_timeout / 3,
                              idle_timeout=args.idle_timeout),
                advertise=advertise or False,
                ssh=_ssh_options(args),
                search_workers=args.search_workers,
                task_status=task_status,
            )
        )
        if lock is not None:
            lock.announce(f"{args.host}:{port}")
        if args.ready_json:  # first, for the program that started us
            _say(ready_line(port, args.host, server.ssh))
        for line in listening_lines(args.host, port):
            _say(line)
        if server.ssh is not None:
            for line in ssh_lines(args.host, server.ssh.port, server.ssh.fingerprint):
                _say(line)
        _say("Ctrl-C stops the server.")
        stop = trio.Event()
        nursery.start_soon(_stop_on_signal, stop)
        if args.exit_with_stdin:
            nursery.start_soon(_stop_when_parent_goes, stop)
        await stop.wait()
        _say("Shutting down: telling everyone...")
        server.shutdown()
        await server.drain()
        nursery.cancel_scope.cancel()


async def _stop_on_signal(stop: trio.Event) -> None:
    numbers = [getattr(signal, n) for n in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, n)]
    with trio.open_signal_receiver(*numbers) as signals:
        async for _ in signals:
            stop.set()
            return


async def _stop_when_parent_goes(stop: trio.Event) -> None:
    await until_stdin_closes()
    stop.set()


def _ssh_options(args: argparse.Namespace) -> SshOptions | None:
    if args.ssh is None:
        return None
    keys = Path(args.ssh_keys) if args.ssh_keys else None
    return SshOptions(args.ssh, keys, args.ssh_max, args.log_level)


def port_number(text: str) -> int:
    """argparse type: a TCP port, 0 (any free one) to 65535."""
    if not text.strip().isdigit() or not 0 <= int(text) <= 65535:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port (0 to 65535; 0: any free one)")
    return int(text)


def _inner(exc: BaseException, kind: type[E]) -> E | None:
    """The first ``kind`` inside ``exc``: trio wraps what fails while serving (a bind,
    the SSH entrance) in exception groups."""
    if isinstance(exc, kind):
        return exc
    if isinstance(exc, BaseExceptionGroup):
        for inner in exc.exceptions:
            found = _inner(inner, kind)
            if found is not None:
                return found
    return None


def _entrance_error(exc: BaseException) -> EntranceFailed | None:
    return _inner(exc, EntranceFailed)


def _os_error(exc: BaseException) -> OSError | None:
    return _inner(exc, OSError)


def listen_error(host: str, port: int, exc: OSError) -> str:
    """One line saying why the server could not start (listen, or open its data
    directory), and what to do."""
    if exc.errno == errno.EADDRINUSE:
        return (
            f"taki-server: port {port} is already in use (another taki-server?);"
            f" choose another with --port, e.g. --port {port + 1 if 0 < port < 65535 else 0}"
        )
    if exc.filename is not None:  # the data directory, not the network
        return f"taki-server: cannot use {exc.filename}: {exc.strerror or exc}"
    if exc.errno == errno.EACCES:
        return f"taki-server: not allowed to listen on port {port}; try --port {DEFAULT_PORT}"
    reason = exc.strerror or str(exc)
    return f"taki-server: cannot listen on {host}:{port}: {reason}"


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="taki-server",
        description="Host TAKI games on your LAN: players join with taki-client HOST:PORT.",
    )
    parser.add_argument("--host", default="0.0.0.0", help="address to listen on (default: all)")
    parser.add_argument(
        "--port",
        type=port_number,
        default=DEFAULT_PORT,
        help=f"TCP port (default {DEFAULT_PORT}; 0: any free one)",
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
        "--stand-in-delay",
        type=positive_float,
        default=3.0,
        metavar="SECONDS",
        help="seconds an absent person's turn waits before a stand-in plays it "
        "(default %(default)s)",
    )
    parser.add_argument(
        "--data-dir",
        default=user_data_dir("taki", appauthor=False),
        help="where tables are kept across restarts (default: %(default)s)",
    )
    parser.add_argument(
        "--no-data", action="store_true", help="keep nothing on disk (tables die with the server)"
    )
    limits = Limits()
    parser.add_argument(
        "--rate",
        type=float,
        default=limits.rate,
        help=(
            "requests per second allowed per connection (default %(default)s), after a "
            f"burst of twice that ({2 * limits.rate:g}); beyond it requests are refused "
            f"rate_limited, and after {limits.strikes} refusals the connection is closed "
            "(ping and pong never count)"
        ),
    )
    parser.add_argument(
        "--idle-timeout",
        type=positive_float,
        default=limits.idle_timeout,
        metavar="SECONDS",
        help=(
            "drop a connection heard nothing from for this long, its seat's grace starting "
            "(default %(default)s); the server pings every third of it"
        ),
    )
    parser.add_argument(
        "--search-workers",
        type=positive,
        default=WORKERS,
        metavar="N",
        help="strong bots' searches at once, each in a worker process (default "
        "%(default)s: every core but the event loop's, at most 4)",
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
    parser.add_argument(
        "--ready-json",
        action="store_true",
        help='print {"port": N, ...} as the first line, for a program that starts the server',
    )
    parser.add_argument(
        "--exit-with-stdin",
        action="store_true",
        help="stop when standard input closes (a server that ends with the program that "
        "started it)",
    )
    parser.add_argument(
        "--ssh",
        type=port_number,
        metavar="PORT",
        help="also open an SSH entrance on PORT (same --host): friends with only an ssh "
        "client join with ssh -t -p PORT NAME@HOST (off unless given; 0: any free port)",
    )
    parser.add_argument(
        "--ssh-keys",
        metavar="FILE",
        help="admit only the public keys in FILE (authorized_keys format) to the SSH "
        "entrance (default: any key, and guests without a key)",
    )
    parser.add_argument(
        "--ssh-max",
        type=positive,
        default=32,
        metavar="N",
        help="SSH guests at once at most (default %(default)s)",
    )
    parser.epilog = "Exit codes: 0 stopped, 1 could not listen or failed, 2 usage error."
    return parser


def positive(text: str) -> int:
    """argparse type: a whole number, 1 or more."""
    if not text.strip().isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of 1 or more")
    return int(text)


def positive_float(text: str) -> float:
    """argparse type: a number of seconds above 0 (and finite)."""
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 < value < float("inf"):
        raise argparse.ArgumentTypeError(f"{text!r} is not a number above 0")
    return value


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.ssh_keys and args.ssh is None:
        parser.error("--ssh-keys needs --ssh PORT")
    logging.basicConfig(level=args.log_level, format="%(asctime)s %(levelname)s %(message)s")
    lock = None
    if not args.no_data:
        try:
            lock = DataDirLock(Path(args.data_dir)).acquire()
        except DataDirInUse as exc:
            print(exc, file=sys.stderr)
            return EXIT_FAILED
        except OSError as exc:
            print(listen_error(args.host, args.port, exc), file=sys.stderr)
            return EXIT_FAILED
    try:
        trio.run(_run, args, lock)
    except (OSError, EntranceFailed, BaseExceptionGroup) as exc:
        failed = _entrance_error(exc)
        if failed is not None:
            print(failed, file=sys.stderr)
            return EXIT_FAILED
        error = _os_error(exc)
        if error is None:
            raise
        print(listen_error(args.host, args.port, error), file=sys.stderr)
        return EXIT_FAILED
    return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
