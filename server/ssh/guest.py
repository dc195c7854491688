"""One guest's client, as the entrance starts it on a fresh pty.

``python -m server.ssh.guest PARENT -- ARGS...`` ties itself to the entrance (process
PARENT), takes the pty as its controlling terminal (so window changes reach it as
SIGWINCH, and a closed pty as SIGHUP), then runs ``taki-client ARGS`` in this process.

Tied means: the kernel sends SIGKILL when the entrance dies (PR_SET_PDEATHSIG, Linux),
however it dies; and if the entrance is already gone, the guest never starts. The
entrance starts it in a session of its own (its own process group), which it ends when
the ssh connection closes.
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import fcntl
import os
import signal
import sys
import termios
from collections.abc import Sequence

PR_SET_PDEATHSIG = 1


def die_with_parent(parent: int, number: int = signal.SIGKILL) -> bool:
    """Ask the kernel for signal ``number`` when the parent process ends; False if the
    parent (pid ``parent``) has already gone. Where prctl does not exist (not Linux),
    only the check is made: the pipe or pty the parent holds is the tie there."""
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            libc = ctypes.CDLL(ctypes.util.find_library("c") or None, use_errno=True)
            libc.prctl(PR_SET_PDEATHSIG, number, 0, 0, 0)
    return os.getppid() == parent


def take_terminal(fd: int = 0) -> None:
    """Make the pty on ``fd`` this session's controlling terminal."""
    with contextlib.suppress(OSError):
        fcntl.ioctl(fd, termios.TIOCSCTTY, 0)


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) < 2 or not args[0].isdigit() or args[1] != "--":
        print("usage: python -m server.ssh.guest PARENT_PID -- CLIENT_ARGS...", file=sys.stderr)
        return 2
    if not die_with_parent(int(args[0])):
        return 1
    take_terminal()
    from client.cli import main as client_main

    return client_main(args[2:])


if __name__ == "__main__":
    sys.exit(main())
