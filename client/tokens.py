"""Seat tokens that outlive the client process.

A seat token is what takes a seat back after a lost connection (PROTOCOL.md 5.3). Kept
only in memory, it died with the client: a player whose terminal closed, whose laptop
rebooted or who pressed Ctrl-C came back as a stranger. So each token the client gets
is saved here, keyed by server address and player name (two players on one OS account
keep their own seats), in the user's state directory, in a file only the user may read
(a token is as good as the seat). It is forgotten when the seat is given up, or when
the server no longer knows it.

Disk trouble never stops play: a token that cannot be saved is simply not remembered.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
from collections.abc import Iterator
from pathlib import Path

from platformdirs import user_state_dir

FILE_NAME = "seats.json"


def tokens_path() -> Path:
    """``TAKI_STATE_DIR``, else ``TAKI_CONFIG_DIR`` (a test's private directory for
    everything the client keeps), else the platform's state directory for taki."""
    override = os.environ.get("TAKI_STATE_DIR") or os.environ.get("TAKI_CONFIG_DIR")
    base = Path(override) if override else Path(user_state_dir("taki", appauthor=False))
    return base / FILE_NAME


def _key(address: str, name: str) -> str:
    return f"{address.strip().lower()} {name.strip().casefold()}"


def _read() -> dict[str, str]:
    try:
        data = json.loads(tokens_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {str(k): str(v) for k, v in data.items() if isinstance(v, str)}


def _write(data: dict[str, str]) -> None:
    """Replace the file in one step, created readable by the user only (0600)."""
    path = tokens_path()
    with contextlib.suppress(OSError):
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        temp = path.with_name(f".{FILE_NAME}.{os.getpid()}")
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            json.dump(data, out)
        os.chmod(temp, 0o600)  # an existing temp file keeps its mode through O_CREAT
        os.replace(temp, path)


def load(address: str, name: str) -> str | None:
    """The saved token for ``name`` at the server ``address``, if any."""
    return _read().get(_key(address, name))


@contextlib.contextmanager
def _locked() -> Iterator[None]:
    """Hold the file's lock while reading and rewriting it: two clients of one user
    (two names at one table) must not drop each other's token."""
    path = tokens_path().with_name(f".{FILE_NAME}.lock")
    fd = None
    with contextlib.suppress(OSError):
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
        fcntl.flock(fd, fcntl.LOCK_EX)
    try:
        yield
    finally:
        if fd is not None:
            os.close(fd)


def save(address: str, name: str, token: str) -> None:
    with _locked():
        data = _read()
        key = _key(address, name)
        if data.get(key) != token:
            data[key] = token
            _write(data)


def forget(address: str, name: str) -> None:
    with _locked():
        data = _read()
        if data.pop(_key(address, name), None) is not None:
            _write(data)
