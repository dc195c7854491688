"""The SSH entrance process: asyncssh on its own asyncio loop (the package docstring says
why a process of its own).

``python -m server.ssh.entrance --game HOST:PORT --port N ...`` listens for ssh, prints
one JSON line (``{"ssh": port, "fingerprint": "SHA256:..."}``, or ``{"error": "one
line"}`` and exit 1), then serves until its standard input closes (the server that
started it is gone) or it gets SIGTERM, SIGINT or SIGHUP.

What a connection may do, and nothing more:

- authenticate with any public key (or only those of ``--keys``), or, when no key list
  is given, keyboard-interactive with no prompts, for a guest without a key. Never
  ``none``: OpenSSH tries it first, and a server that took it would never see the key.
  No password, host-based or GSS authentication.
- open session channels with a pty: the shell (the lobby) or the words of words.py.
  Subsystems (sftp), other exec words (scp, anything), port forwarding of every kind,
  agent and X11 forwarding, tun and tap: refused.

Identity: the key whose signature asyncssh verified. asyncssh asks the server about a
key both when the client merely offers it (no signature) and when it signs with it; an
offered key proves nothing (a client may offer anyone's public key, then log in another
way). So the key object asyncssh hands us is watched: only when its own ``verify`` of
the client's signature returns True is it taken as the guest's key (``_watch``), and a
keyboard-interactive success after that forgets it. The key's fingerprint names the
guest's directory (``guests/<sha256>`` in the data dir's ``ssh``): the client's config
and state (seat tokens, settings) live there, so the same key comes back to the same
seat, and nobody else does. A guest without a key gets a directory of its own, removed
when the session ends.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import errno
import json
import logging
import os
import shutil
import signal
import sys
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import asyncssh

from . import keys, words
from .relay import PtyProcess

log = logging.getLogger("taki.ssh")

STOP_GRACE = 1.5
"""Seconds a guest's client has to quit (SIGHUP) before it is killed (SIGKILL)."""
LOGIN_TIMEOUT = 30
"""Seconds a connection has to authenticate."""
SAFE_VALUE = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.@-+")
PASSED_ENV = ("LANG", "LC_ALL", "LC_MESSAGES")
"""The variables an ssh client sends (OpenSSH: SendEnv LANG LC_*) that reach the client:
they choose its language (client/i18n.py)."""
STOPPED = "The server was stopped."
TERMINAL_RESET = (
    b"\x1b[0m\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l\x1b[?1015l\x1b[?1004l"
    b"\x1b[?2004l\x1b[<u\x1b[?1049l\x1b[?25h\r\n"
)
"""What a client that quits gives back (mouse and focus reports, bracketed paste, the
keyboard protocol, the main screen, the cursor): sent for one that was killed."""


def connection_cap(entrance: Entrance) -> int:
    """Connections at once at most (logging in or in): room for every guest and as many
    again knocking (each has LOGIN_TIMEOUT seconds to log in)."""
    return 2 * entrance.settings.max_sessions + 16


def _safe(value: str, limit: int = 64) -> bool:
    return 0 < len(value) <= limit and all(c in SAFE_VALUE for c in value)


@dataclass
class Settings:
    """How the entrance runs (its command line)."""

    game: str
    """HOST:PORT of the game server, as the guests' clients dial it."""
    data_dir: Path | None = None
    allowed: asyncssh.SSHAuthorizedKeys | None = None
    """Only these keys may enter (``--ssh-keys``); None: any key, and no key."""
    max_sessions: int = 32


@dataclass
class Entrance:
    """What all connections share: the settings, the live guests, the stop flag."""

    settings: Settings
    home: Path
    """Where the guests' directories go (the data dir's ``ssh``, or a temporary one)."""
    sessions: set[GuestSession] = field(default_factory=set)
    connections: set[asyncssh.SSHServerConnection] = field(default_factory=set)
    stopping: bool = False

    def guest_dir(self, key_id: str | None) -> tuple[Path, bool]:
        """The guest's directory for key ``key_id`` (None: no key), and whether it is a
        throwaway one (to remove at the end)."""
        if key_id is not None:
            path = self.home / "guests" / key_id
            path.mkdir(mode=0o700, parents=True, exist_ok=True)
            return path, False
        anon = self.home / "anon"
        anon.mkdir(mode=0o700, parents=True, exist_ok=True)
        return Path(tempfile.mkdtemp(prefix="guest-", dir=anon)), True

    async def stop(self) -> None:
        """End every guest (they see that the server was stopped) and every connection."""
        self.stopping = True
        await asyncio.gather(
            *(s.end(STOPPED) for s in list(self.sessions)), return_exceptions=True
        )
        for conn in list(self.connections):
            conn.close()


class Door(asyncssh.SSHServer):
    """One ssh connection: authentication and what it may open."""

    def __init__(self, entrance: Entrance) -> None:
        self.entrance = entrance
        self.conn: asyncssh.SSHServerConnection | None = None
        self.peer = ("", "")
        self._verified: asyncssh.SSHKey | None = None
        self.key: asyncssh.SSHKey | None = None
        """The guest's key: the one whose signature was verified (None: no key)."""

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername") or ("", 0)
        self.peer = (str(peer[0]), str(peer[0]))
        entrance = self.entrance
        entrance.connections.add(conn)
        if entrance.stopping or len(entrance.connections) > connection_cap(entrance):
            conn.close()  # a flood of connections that never log in must not pile up

    def connection_lost(self, exc: Exception | None) -> None:
        if self.conn is not None:
            self.entrance.connections.discard(self.conn)

    # ------------------------------------------------------------ authentication

    def begin_auth(self, username: str) -> bool:
        return True  # never 'none'

    def password_auth_supported(self) -> bool:
        return False

    def host_based_auth_supported(self) -> bool:
        return False

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        allowed = self.entrance.settings.allowed
        if allowed is not None and allowed.validate(key, *self.peer) is None:
            return False
        self._watch(key)
        return True

    def _watch(self, key: asyncssh.SSHKey) -> None:
        """Note ``key`` as verified when asyncssh's check of a signature by it succeeds
        (asyncssh calls this very object's ``verify`` right after asking us)."""
        check: Callable[[bytes, bytes], bool] = key.verify

        def verify(data: bytes, sig: bytes) -> bool:
            good = check(data, sig)
            if good:
                self._verified = key
            return good

        setattr(key, "verify", verify)  # noqa: B010 (this one object, not the class)

    def kbdint_auth_supported(self) -> bool:
        return self.entrance.settings.allowed is None

    def get_kbdint_challenge(self, username: str, lang: str, submethods: str) -> bool:
        if self.entrance.settings.allowed is not None:
            return False
        self._verified = None  # a guest without a key, whatever was offered before
        return True

    def validate_kbdint_response(self, username: str, responses: Any) -> bool:
        return False

    def auth_completed(self) -> None:
        self.key = self._verified

    # ------------------------------------------------------------ what may be opened

    def session_requested(self) -> GuestSession:
        return GuestSession(self)

    def connection_requested(self, *args: Any) -> bool:
        return False  # ssh -L and -D

    def server_requested(self, *args: Any) -> bool:
        return False  # ssh -R

    def unix_connection_requested(self, *args: Any) -> bool:
        return False

    def unix_server_requested(self, *args: Any) -> bool:
        return False

    def tun_requested(self, *args: Any) -> bool:
        return False

    def tap_requested(self, *args: Any) -> bool:
        return False


class GuestSession(asyncssh.SSHServerSession[bytes]):
    """One session channel: the guest's client on a pty, or a one-line refusal."""

    def __init__(self, door: Door) -> None:
        self.door = door
        self.entrance = door.entrance
        self.chan: asyncssh.SSHServerChannel[bytes] | None = None
        self.term: str | None = None
        self.size = (80, 24)
        self.command: str | None = None
        self.guest: PtyProcess | None = None
        self.task: asyncio.Task[None] | None = None
        self.ended = False
        self._end_note: str | None = None

    def connection_made(self, chan: asyncssh.SSHServerChannel[bytes]) -> None:
        self.chan = chan

    def pty_requested(
        self, term_type: str, term_size: tuple[int, int, int, int], term_modes: Any
    ) -> bool:
        self.term = term_type if _safe(term_type) else "xterm-256color"
        if term_size[0] and term_size[1]:
            self.size = (term_size[0], term_size[1])
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        self.command = command  # read by words.py, never run; refused in one line
        return True

    def subsystem_requested(self, subsystem: str) -> bool:
        return False  # sftp, and any other

    def session_started(self) -> None:
        self.task = asyncio.get_running_loop().create_task(self._run())

    def data_received(self, data: bytes, datatype: Any) -> None:
        if self.guest is not None:
            self.guest.write(data)

    def eof_received(self) -> bool:
        return True  # the guest's input ended; the screen goes on until they close it

    def terminal_size_changed(self, width: int, height: int, pixwidth: int,
                              pixheight: int) -> None:
        if width and height:
            self.size = (width, height)
            if self.guest is not None:
                self.guest.resize(width, height)

    def pause_writing(self) -> None:
        if self.guest is not None:
            self.guest.pause()

    def resume_writing(self) -> None:
        if self.guest is not None:
            self.guest.resume()

    def connection_lost(self, exc: Exception | None) -> None:
        self.chan = None
        if not self.ended:
            asyncio.get_running_loop().create_task(self.end())

    # ------------------------------------------------------------ the session

    def _say(self, line: str, status: int) -> None:
        """One line to the guest's stderr, and the exit status; the channel closes."""
        self.ended = True
        chan = self.chan
        if chan is None:
            return
        newline = "\r\n" if self.term is not None else "\n"
        with contextlib.suppress(Exception):
            chan.write_stderr((line + newline).encode())
            chan.exit(status)

    async def _run(self) -> None:
        entrance = self.entrance
        try:
            command = words.parse_command(self.command)
        except words.BadCommand as exc:
            self._say(str(exc), words.EXIT_USAGE)
            return
        if self.term is None:
            self._say(words.no_terminal(), words.EXIT_USAGE)
            return
        if entrance.stopping:
            self._say(f"taki: {STOPPED}", 1)
            return
        if len(entrance.sessions) >= entrance.settings.max_sessions:
            self._say(
                f"taki: this server has {entrance.settings.max_sessions} ssh guests already"
                " (its --ssh-max); try again later",
                1,
            )
            return
        entrance.sessions.add(self)
        try:
            status = await self._play(command)
        except Exception:
            log.exception("a guest's session failed")
            self._say("taki: the entrance could not start the game", 1)
            return
        finally:
            entrance.sessions.discard(self)
        if status < 0:  # killed before it could give the terminal back: do it for it
            self._output(TERMINAL_RESET)
            status = 128 - status  # as a shell says it: 137 for SIGKILL
        if self._end_note is not None:
            self._say(self._end_note, 0)
        else:
            self._close(status)

    def _close(self, status: int) -> None:
        self.ended = True
        chan = self.chan
        if chan is not None:
            with contextlib.suppress(Exception):
                chan.exit(status)

    async def _play(self, command: words.Command) -> int:
        """Run the guest's client until it ends; its exit status."""
        key = self.door.key
        fingerprint = keys.fingerprint(key) if key is not None else None
        conn = self.door.conn
        user = conn.get_extra_info("username", "") if conn is not None else ""
        name, renamed = words.player_name(str(user or ""), fingerprint)
        home, throwaway = self.entrance.guest_dir(keys.key_id(key) if key else None)
        try:
            argv = [
                sys.executable, "-m", "server.ssh.guest", str(os.getpid()), "--",
                self.entrance.settings.game, f"--name={name}", "--guest",
            ]  # each value glued to its option: a name like '-x' is never read as one
            if renamed:
                argv.append("--guest-renamed")
            if command.watch:
                argv.append(f"--watch={command.watch}")
            if command.lang:
                argv.append(f"--lang={command.lang}")
            self.guest = PtyProcess(self._output)
            await self.guest.start(
                argv, env=self._environment(home), cwd=str(home),
                cols=self.size[0], rows=self.size[1],
            )
            log.info("guest %s (%s) started: pid %s", name, fingerprint or "no key",
                     self.guest.pid)
            try:
                return await self.guest.wait()
            finally:
                await self.guest.stop(STOP_GRACE)
        finally:
            if throwaway:
                shutil.rmtree(home, ignore_errors=True)

    def _environment(self, home: Path) -> dict[str, str]:
        """The client's environment: made here, not inherited (nothing of the host's)."""
        env = {
            "PATH": os.environ.get("PATH", os.defpath),
            "HOME": str(home),
            "TERM": self.term or "xterm-256color",
            "TAKI_CONFIG_DIR": str(home),
            "TAKI_STATE_DIR": str(home),
            "TAKI_DISCOVERY": "off",
            "PYTHONUTF8": "1",
        }
        if os.environ.get("PYTHONPATH"):
            env["PYTHONPATH"] = os.environ["PYTHONPATH"]
        sent = self.chan.get_environment() if self.chan is not None else {}
        for var in PASSED_ENV:
            value = sent.get(var)
            if value and _safe(value):
                env[var] = value
        colorterm = sent.get("COLORTERM")
        if colorterm in ("truecolor", "24bit"):
            env["COLORTERM"] = colorterm
        return env

    def _output(self, data: bytes) -> None:
        if self.chan is not None:
            with contextlib.suppress(Exception):
                self.chan.write(data)

    async def end(self, note: str | None = None) -> None:
        """End the guest's client (the connection closed, or the server stops); with
        ``note``, the last line the guest sees once the client has given back the
        terminal."""
        if note is not None:
            self._end_note = note
        guest = self.guest
        if guest is not None:
            await guest.stop(STOP_GRACE)
        task = self.task
        if task is not None and not task.done():
            with contextlib.suppress(TimeoutError, asyncio.CancelledError):
                async with asyncio.timeout(STOP_GRACE + 1):
                    await asyncio.shield(task)


# -------------------------------------------------------------------- the process


async def _listen(args: argparse.Namespace) -> tuple[Entrance, asyncssh.SSHAcceptor, str]:
    data_dir = None if args.no_data else Path(args.data_dir)
    allowed = keys.allowed_keys(Path(args.keys)) if args.keys else None
    host_key = keys.host_key(data_dir)
    if data_dir is not None:
        home = keys.ssh_dir(data_dir)
        shutil.rmtree(home / "anon", ignore_errors=True)  # keyless guests' of a killed run
    else:
        home = Path(tempfile.mkdtemp(prefix="taki-ssh-"))
    entrance = Entrance(Settings(args.game, data_dir, allowed, args.max), home)
    acceptor = await asyncssh.listen(
        args.host or None,
        args.port,
        server_factory=lambda: Door(entrance),
        server_host_keys=[host_key],
        encoding=None,
        allow_pty=True,
        agent_forwarding=False,
        x11_forwarding=False,
        allow_scp=False,
        sftp_factory=None,
        password_auth=False,
        kbdint_auth=allowed is None,
        public_key_auth=True,
        host_based_auth=False,
        gss_host=None,
        line_editor=False,
        login_timeout=LOGIN_TIMEOUT,
        keepalive_interval=15,
        keepalive_count_max=4,
        reuse_address=True,
    )
    return entrance, acceptor, keys.fingerprint(host_key)


def _error_line(args: argparse.Namespace, exc: BaseException) -> str:
    if isinstance(exc, keys.KeyTrouble):
        return f"taki-server: {exc}"
    if isinstance(exc, OSError) and exc.errno == errno.EADDRINUSE:
        nxt = args.port + 1 if 0 < args.port < 65535 else 0
        return (
            f"taki-server: ssh port {args.port} is already in use; choose another with"
            f" --ssh, e.g. --ssh {nxt}"
        )
    if isinstance(exc, OSError) and exc.errno == errno.EACCES:
        return f"taki-server: not allowed to listen on ssh port {args.port}; try --ssh 2222"
    reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
    return f"taki-server: cannot open the ssh entrance on {args.host}:{args.port}: {reason}"


def _report(fields: dict[str, Any]) -> None:
    with contextlib.suppress(OSError, ValueError):
        print(json.dumps(fields), flush=True)


async def _main(args: argparse.Namespace) -> int:
    try:
        entrance, acceptor, fingerprint = await _listen(args)
    except (OSError, keys.KeyTrouble) as exc:
        _report({"error": _error_line(args, exc)})
        return 1
    port = acceptor.get_port()
    _report({"ssh": port, "fingerprint": fingerprint})
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    for number in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        loop.add_signal_handler(number, _stopping, stop, number)
    _stop_when_stdin_closes(loop, stop)
    await stop.wait()
    acceptor.close()
    log.info("stopping %d guests", len(entrance.sessions))
    await entrance.stop()
    log.info("guests stopped")
    await asyncio.sleep(0.1)  # the last lines and exit statuses on their way
    with contextlib.suppress(TimeoutError):
        async with asyncio.timeout(0.5):
            await acceptor.wait_closed()
    if args.no_data:
        shutil.rmtree(entrance.home, ignore_errors=True)
    return 0


def _stopping(stop: asyncio.Event, number: int) -> None:
    log.info("stopping on signal %s", signal.Signals(number).name)
    stop.set()


def _stop_when_stdin_closes(loop: asyncio.AbstractEventLoop, stop: asyncio.Event) -> None:
    """The lifeline (server/lifeline.py): the server holds our stdin's other end."""
    try:
        fd = sys.stdin.fileno()
        os.set_blocking(fd, False)
    except (AttributeError, OSError, ValueError):
        return

    def readable() -> None:
        try:
            data = os.read(fd, 4096)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if not data:
            log.info("stopping: the server is gone (standard input closed)")
            loop.remove_reader(fd)
            stop.set()

    loop.add_reader(fd, readable)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m server.ssh.entrance")
    parser.add_argument("--game", required=True, help="HOST:PORT of the game server")
    parser.add_argument("--host", default="0.0.0.0")
    parser.add_argument("--port", type=int, default=2222)
    parser.add_argument("--data-dir")
    parser.add_argument("--no-data", action="store_true")
    parser.add_argument("--keys", help="authorized_keys file: only these keys may enter")
    parser.add_argument("--max", type=int, default=32, help="guests at most")
    parser.add_argument("--log-level", default="WARNING")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.data_dir is None:
        args.no_data = True
    logging.basicConfig(level=args.log_level, format="%(asctime)s %(levelname)s %(message)s")
    logging.getLogger("asyncssh").setLevel(max(logging.WARNING, log.getEffectiveLevel()))
    return asyncio.run(_main(args))


if __name__ == "__main__":
    sys.exit(main())
