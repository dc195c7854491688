"""Protocol versions and their negotiation.

Versions are integers; the first is 1. The client offers a range ``[min, max]`` in
``hello``; the server answers with the highest version both speak, or refuses with the
range it supports. A later version only adds message types and fields (and error
codes); it never removes one or changes what an old one means, so a peer built for
version N talks to any peer that accepts N.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from .errors import ProtocolError

PROTOCOL_VERSION: Final = 1
"""The newest version this package speaks."""

MIN_VERSION: Final = 1
"""The oldest version this package still speaks."""

SUPPORTED: Final[tuple[int, int]] = (MIN_VERSION, PROTOCOL_VERSION)


def negotiate(offered: tuple[int, int], supported: tuple[int, int] = SUPPORTED) -> int | None:
    """The highest version in both ranges, or None if they do not meet."""
    low = max(offered[0], supported[0])
    high = min(offered[1], supported[1])
    return high if low <= high else None


VERSION_MAX: Final = 0xFFFF
"""The largest version number a hello may name."""


def offered_versions(hello: Mapping[str, Any]) -> tuple[int, int]:
    """The ``versions`` range of a hello map, read before any of its other fields (so
    that a hello of any later shape still learns the server's range); ProtocolError
    ``bad_message`` if it is not ``[min, max]`` with ``0 <= min <= max <= 65535``."""
    raw = hello.get("versions")
    if (
        isinstance(raw, list | tuple)
        and len(raw) == 2
        and all(type(v) is int for v in raw)
        and 0 <= raw[0] <= raw[1] <= VERSION_MAX
    ):
        return raw[0], raw[1]
    raise ProtocolError("bad_message", "hello.versions: expected [min, max], 0 <= min <= max")
