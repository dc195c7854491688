"""Write the golden frames a new message type (or protocol version) still lacks.

    python -m tests.protocol.golden_write

``tests/golden/v<N>/<type>.frame`` holds the raw frame (length prefix included) of the
sample message of that type as version N writes it. This command is the only thing that
writes them, and only files that do not exist yet: a released version's frames are never
edited or regenerated, and the tests fail on a missing one (so "every message type has a
golden frame" is a check, not a side effect of running it).
"""

from __future__ import annotations

from pathlib import Path

from protocol import MESSAGES
from protocol.versions import MIN_VERSION, PROTOCOL_VERSION

from ..support.samples import SAMPLES

GOLDEN = Path(__file__).parent.parent / "golden"


def golden_path(version: int, kind: str) -> Path:
    return GOLDEN / f"v{version}" / f"{kind}.frame"


def expected() -> list[tuple[int, str]]:
    """Every (version, message type) that must have a golden frame."""
    return [
        (version, kind)
        for version in range(MIN_VERSION, PROTOCOL_VERSION + 1)
        for kind, cls in sorted(MESSAGES.items())
        if version >= cls.SINCE
    ]


def write_missing() -> list[Path]:
    """Write the frame of every expected (version, type) that has none; the paths written."""
    written = []
    for version, kind in expected():
        path = golden_path(version, kind)
        if not path.exists():
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(SAMPLES[kind].encode(version))
            written.append(path)
    return written


if __name__ == "__main__":
    paths = write_missing()
    for path in paths:
        print(f"wrote {path}")
    print(f"{len(paths)} golden frame(s) written")
