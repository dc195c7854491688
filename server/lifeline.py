"""A server started by a program (the client's Play now and Host) ends with it.

With ``--exit-with-stdin`` the parent hands the server a pipe as standard input and
never writes to it; when the parent ends, however it ends (even SIGKILL), the kernel
closes the pipe and :func:`until_stdin_closes` returns, so the server shuts down
instead of running on orphaned. Works wherever trio has ``FdStream`` (every POSIX
system); elsewhere it returns never, and the parent's own stop is the only one.
"""

from __future__ import annotations

import os
import sys

import trio


async def until_stdin_closes() -> None:
    """Return when standard input reaches its end (or fails)."""
    if not hasattr(trio.lowlevel, "FdStream") or sys.stdin is None:
        await trio.sleep_forever()
    try:
        stream = trio.lowlevel.FdStream(os.dup(sys.stdin.fileno()))
    except (OSError, ValueError):
        return
    async with stream:
        while True:
            try:
                data = await stream.receive_some(4096)
            except (OSError, trio.BrokenResourceError, trio.ClosedResourceError):
                return
            if not data:
                return
