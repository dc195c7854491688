"""Ending the client on a signal (SIGTERM, SIGHUP, SIGINT), even when it cannot end
itself the usual way.

The usual way is a quit on the app's event loop: Textual restores the terminal and the
app stops the servers it started (Play now, Host). But a loop can be stuck: once the
terminal is gone (its tmux pane killed, the pty closed) Textual's output thread dies on
the first write that fails, and the loop then blocks for good on a later frame queued
for that thread. asyncio's signal handlers run on the loop, so the client ignored
SIGTERM. The handler here is a plain Python signal handler instead: it runs in the main
thread between bytecodes, even while the loop waits on a lock, and does three things at
once: it asks its servers to stop (SIGTERM; they also end when their standard input, a
pipe from us, closes: server/lifeline.py), asks the loop to quit, and starts a deadline.
If the process is still there ``grace`` seconds later, it puts the terminal back as far
as it can without waiting on it and ends the process. A second signal ends it at once.
"""

from __future__ import annotations

import contextlib
import os
import signal
import threading
import time
from collections.abc import Callable, Iterable
from types import FrameType
from typing import Any

GRACE = 1.2
"""Seconds a signalled client has to quit the usual way before it is ended outright
(the promise is 2 s)."""

RESTORE = (
    "\x1b[?1000l\x1b[?1003l\x1b[?1015l\x1b[?1006l"  # mouse reporting off
    "\x1b[?2004l\x1b[?7h\x1b[<u"  # bracketed paste off, line wrap on, Kitty keys off
    "\x1b[?1049l\x1b[?25h\x1b[?1004l"  # main screen, cursor shown, focus reports off
)
"""What Textual writes to put a terminal back (its driver's stop_application_mode)."""

EXIT_OK = 0


class SignalExit:
    """See the module docstring. ``quit`` asks the app to quit (called on its loop);
    ``servers`` names the process ids of the servers the client started."""

    def __init__(
        self,
        quit: Callable[[], None],
        servers: Callable[[], Iterable[int]],
        grace: float = GRACE,
    ) -> None:
        self.quit = quit
        self.servers = servers
        self.grace = grace
        self.fired = False
        """A signal came: the client is ending."""
        self.hard = False
        """Ends the process if the app does not quit in time: only for the command
        (``for_the_command``), never for an app a test runs inside its own process."""
        self._loop: Any = None
        self._before: dict[int, Any] = {}
        self._terminal: tuple[int, list[Any]] | None = None

    def for_the_command(self, fd: int = 0) -> None:
        """The app is the whole process (``taki-client``): a signal may end it outright.
        Remembers the terminal's settings before the app changes them, to put them back
        if the app cannot (call before the app runs)."""
        import termios

        self.hard = True
        with contextlib.suppress(OSError, termios.error):
            if os.isatty(fd):
                self._terminal = (fd, termios.tcgetattr(fd))

    def install(self, numbers: Iterable[int], loop: Any) -> None:
        """Handle ``numbers`` from now on (main thread only; elsewhere: not at all)."""
        self._loop = loop
        for number in numbers:
            try:
                self._before[number] = signal.signal(number, self._handle)
            except (ValueError, OSError, RuntimeError):  # not the main thread, no such signal
                continue

    def uninstall(self) -> None:
        """Put back the handlers there were before ``install``."""
        for number, before in self._before.items():
            with contextlib.suppress(ValueError, OSError, RuntimeError, TypeError):
                signal.signal(number, before)
        self._before.clear()

    def _handle(self, _number: int, _frame: FrameType | None) -> None:
        if self.fired and self.hard:  # a second signal: now
            self._end()
        first = not self.fired
        self.fired = True
        self._stop_servers()
        if first and self.hard:
            threading.Thread(target=self._deadline, name="taki-exit-deadline",
                             daemon=True).start()
        with contextlib.suppress(RuntimeError, AttributeError):  # a closed loop: ending anyway
            self._loop.call_soon_threadsafe(self.quit)

    def _stop_servers(self) -> None:
        for pid in self.servers():
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGTERM)

    def _deadline(self) -> None:
        time.sleep(self.grace)
        self._end()

    def _end(self) -> None:
        """End the process now: servers told to stop, the terminal put back as far as
        a write that cannot block allows."""
        self._stop_servers()
        writer = threading.Thread(target=self._restore_terminal, daemon=True)
        writer.start()
        writer.join(0.2)  # a terminal that takes no output must not hold us
        os._exit(EXIT_OK)

    def _restore_terminal(self) -> None:
        import termios

        if self._terminal is not None:
            fd, attributes = self._terminal
            with contextlib.suppress(OSError, termios.error):
                termios.tcsetattr(fd, termios.TCSANOW, attributes)
        with contextlib.suppress(OSError):
            os.write(2, RESTORE.encode())
