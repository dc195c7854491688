"""A process on a pty, for the asyncio entrance: start it, pass bytes both ways, resize it,
end it and everything in its process group.

The child runs in a new session (``start_new_session``), so its process group is its
own: ending the guest is one ``killpg``, SIGHUP first (the client quits as when a
terminal closes, restoring nothing it need not), SIGKILL after a grace period. Output is
read from the pty's master side as it comes and handed to ``on_output``; reading pauses
while the ssh channel is full (``pause``/``resume``), so a slow guest only slows its
own client, which then blocks writing to its terminal.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import fcntl
import os
import pty
import signal
import struct
import termios
from collections.abc import Callable, Mapping, Sequence

READ_SIZE = 65536
MAX_COLS, MAX_ROWS = 1000, 1000


def window(cols: int, rows: int) -> bytes:
    """A ``struct winsize`` for TIOCSWINSZ (rows, cols; pixels unknown), in sane bounds."""
    return struct.pack(
        "HHHH", max(1, min(int(rows), MAX_ROWS)), max(1, min(int(cols), MAX_COLS)), 0, 0
    )


class PtyProcess:
    """See the module docstring."""

    def __init__(self, on_output: Callable[[bytes], None]) -> None:
        self.on_output = on_output
        self.process: asyncio.subprocess.Process | None = None
        self.master: int | None = None
        self.output_done = asyncio.Event()
        """The pty's output has ended (every process holding it has closed it)."""
        self._pending = bytearray()
        self._reading = False
        self._paused = False

    async def start(
        self,
        argv: Sequence[str],
        *,
        env: Mapping[str, str],
        cwd: str,
        cols: int,
        rows: int,
    ) -> None:
        master, slave = pty.openpty()
        try:
            fcntl.ioctl(slave, termios.TIOCSWINSZ, window(cols, rows))
            os.set_blocking(master, False)
            self.process = await asyncio.create_subprocess_exec(
                *argv,
                stdin=slave,
                stdout=slave,
                stderr=slave,
                env=dict(env),
                cwd=cwd,
                start_new_session=True,
                close_fds=True,
            )
        except BaseException:
            os.close(master)
            raise
        finally:
            os.close(slave)
        self.master = master
        self._read_on()

    @property
    def pid(self) -> int | None:
        return self.process.pid if self.process is not None else None

    # ------------------------------------------------------------ output

    def _read_on(self) -> None:
        if self.master is not None and not self._reading and not self._paused:
            asyncio.get_running_loop().add_reader(self.master, self._readable)
            self._reading = True

    def _read_off(self) -> None:
        if self.master is not None and self._reading:
            asyncio.get_running_loop().remove_reader(self.master)
        self._reading = False

    def _readable(self) -> None:
        if self.master is None:
            return
        try:
            data = os.read(self.master, READ_SIZE)
        except BlockingIOError:
            return
        except OSError:  # EIO: the last holder of the pty's other side closed it
            data = b""
        if not data:
            self._read_off()
            self.output_done.set()
            return
        self.on_output(data)

    def pause(self) -> None:
        """Stop reading output (the ssh channel is full)."""
        self._paused = True
        self._read_off()

    def resume(self) -> None:
        self._paused = False
        if not self.output_done.is_set():
            self._read_on()

    # ------------------------------------------------------------ input

    def write(self, data: bytes) -> None:
        """Type ``data`` into the pty; what does not fit now goes when it can."""
        if self.master is None:
            return
        self._pending += data
        self._flush()

    def _flush(self) -> None:
        if self.master is None:
            return
        loop = asyncio.get_running_loop()
        while self._pending:
            try:
                sent = os.write(self.master, self._pending)
            except BlockingIOError:
                loop.add_writer(self.master, self._flush)
                return
            except OSError:
                self._pending.clear()
                break
            del self._pending[:sent]
        loop.remove_writer(self.master)

    def resize(self, cols: int, rows: int) -> None:
        """A new window size: the kernel tells the client (SIGWINCH)."""
        if self.master is not None:
            with contextlib.suppress(OSError):
                fcntl.ioctl(self.master, termios.TIOCSWINSZ, window(cols, rows))

    # ------------------------------------------------------------ the end

    async def wait(self) -> int:
        """The exit status once the process has ended and its output is all read."""
        assert self.process is not None
        code = await self.process.wait()
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(1):
                await self.output_done.wait()
        return code

    def signal_group(self, number: int) -> None:
        """Send ``number`` to the process group (the process and anything it started)."""
        pid = self.pid
        if pid is None:
            return
        try:
            os.killpg(pid, number)
        except ProcessLookupError:
            pass
        except OSError as exc:
            if exc.errno != errno.ESRCH:
                raise

    async def stop(self, grace: float = 1.5) -> None:
        """End it: SIGHUP, then after ``grace`` seconds SIGKILL; the group too."""
        process = self.process
        if process is not None:
            if process.returncode is None:
                self.signal_group(signal.SIGHUP)
                try:
                    async with asyncio.timeout(grace):
                        await process.wait()
                except TimeoutError:
                    pass
            self.signal_group(signal.SIGKILL)  # whatever it left in its group
            if process.returncode is None:
                await process.wait()
        self.close()

    def close(self) -> None:
        master, self.master = self.master, None
        if master is None:
            return
        loop = asyncio.get_running_loop()
        loop.remove_reader(master)
        loop.remove_writer(master)
        os.close(master)
        self.output_done.set()
