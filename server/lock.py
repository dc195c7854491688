"""One server per data directory: an exclusive lock on ``DIR/taki.lock``.

Two servers writing one SQLite file would each believe its own picture of the tables
and overwrite the other's, so a server holds an advisory ``flock`` on a file in its data
directory for as long as it runs. The kernel drops the lock when the process ends, even
by ``kill -9``, so a crashed server never leaves a stale lock behind. The file holds a
line naming the holder (pid and host), for the refusal the second server prints.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import socket
from pathlib import Path

LOCK_NAME = "taki.lock"


class DataDirInUse(Exception):
    """Another live server holds the data directory; ``str()`` is the one line to print."""

    def __init__(self, data_dir: Path, holder: str) -> None:
        self.data_dir = data_dir
        self.holder = holder
        by = f" by {holder}" if holder else " by another taki-server"
        super().__init__(f"taki-server: the data directory {data_dir} is in use{by}")


class DataDirLock:
    """The lock on one data directory; ``acquire`` or raise ``DataDirInUse``."""

    def __init__(self, data_dir: Path) -> None:
        self.data_dir = data_dir
        self.path = data_dir / LOCK_NAME
        self._fd: int | None = None

    def acquire(self) -> DataDirLock:
        self.data_dir.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = ""
            with contextlib.suppress(OSError):
                holder = os.pread(fd, 200, 0).decode(errors="replace").strip()
            os.close(fd)
            raise DataDirInUse(self.data_dir, holder) from None
        except OSError:
            os.close(fd)
            raise
        with contextlib.suppress(OSError):
            os.ftruncate(fd, 0)
            os.pwrite(fd, f"taki-server pid {os.getpid()} on {socket.gethostname()}\n".encode(), 0)
        self._fd = fd
        return self

    def announce(self, address: str) -> None:
        """Add where the server listens to the holder line (a second server's refusal
        then says which server holds the directory, and where to find it)."""
        if self._fd is None:
            return
        line = f"taki-server pid {os.getpid()} on {socket.gethostname()}, serving {address}\n"
        with contextlib.suppress(OSError):
            os.ftruncate(self._fd, 0)
            os.pwrite(self._fd, line.encode(), 0)

    def release(self) -> None:
        if self._fd is not None:
            with contextlib.suppress(OSError):
                os.ftruncate(self._fd, 0)
            os.close(self._fd)  # closing drops the lock
            self._fd = None

    @property
    def held(self) -> bool:
        return self._fd is not None
