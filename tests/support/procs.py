"""Whether a process the tests started has ended."""

from __future__ import annotations

import os
from pathlib import Path


def gone(pid: int) -> bool:
    """Ended: no such process, or a zombie waiting for its parent (or, once that parent
    is gone itself, for the system's init, which may take seconds to reap it)."""
    if not Path("/proc").is_dir():  # no /proc: only whether the pid still exists
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        except PermissionError:
            return False
        return False
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return True
    return stat.rsplit(")", 1)[1].split()[0] in ("Z", "X")
