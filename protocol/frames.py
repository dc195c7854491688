"""Framing: a 4-byte big-endian length, then that many bytes holding one msgpack map.

``encode_frame`` turns a map into the bytes of one frame. ``FrameDecoder`` is fed byte
chunks of any size, as they come off a socket, and hands back the decoded maps. It
decodes as soon as a frame is complete and keeps only the incomplete tail, so it never
holds more than ``max_frame + 4`` bytes, whatever the peer sends; a header declaring a
larger body is refused before any of that body is read.

Nothing msgpack raises escapes: a body that does not decode, trailing bytes, ext types
(timestamps included), bin values, non-string keys, nesting deeper than ``MAX_DEPTH``,
a top level that is not a map, an integer beyond ±(2**53 - 1) (a JSON reader could not
hold it), or a missing or non-string ``type`` are all one ``ProtocolError("bad_frame")``.
The values that remain are the JSON data model: nil, bool, int, float, str, array, map
with string keys.
"""

from __future__ import annotations

import threading
from collections import deque
from typing import Any, Final

import msgpack

from .errors import LocalProtocolError, ProtocolError
from .limits import INT_MAX

HEADER_SIZE: Final = 4
"""Bytes in the length prefix."""

MAX_FRAME: Final = 64 * 1024
"""Default limit on a frame's body (the length prefix not counted): 64 KiB."""

MAX_DEPTH: Final = 32
"""Deepest nesting of arrays and maps accepted in a frame (a view needs 4)."""

_SCALARS: Final = (str, int, float, bool, type(None))

_PACKERS = threading.local()
"""Each thread's msgpack packer: ``msgpack.packb`` builds (and sizes a buffer for) a new
one per call, a third of the cost of packing an event; one kept per thread packs the
same bytes (it resets after every ``pack``, and after a failed one)."""


def _packer() -> msgpack.Packer:
    packer: msgpack.Packer | None = getattr(_PACKERS, "packer", None)
    if packer is None:
        packer = _PACKERS.packer = msgpack.Packer(use_bin_type=True)
    return packer


def encode_frame(body: dict[str, Any], max_frame: int = MAX_FRAME) -> bytes:
    """The bytes of one frame holding ``body``.

    Raises LocalProtocolError (``frame_too_large`` or ``bad_message``) when ``body``
    cannot be packed or would not fit the limit: the peer would refuse it anyway.
    """
    try:
        packed: bytes = _packer().pack(body)
    except Exception as exc:  # msgpack: TypeError, ValueError, OverflowError
        raise LocalProtocolError("bad_message", f"cannot pack frame: {exc}") from None
    if len(packed) > max_frame:
        raise LocalProtocolError(
            "frame_too_large", f"frame of {len(packed)} bytes is over the {max_frame} limit"
        )
    return len(packed).to_bytes(HEADER_SIZE, "big") + packed


def pack(value: Any) -> bytes:
    """``value`` in msgpack as ``encode_frame`` packs it inside a frame: a frame's map
    is its header and then each key's and value's bytes in order, so a sender may pack
    parts once and put frames together from them (``frame_of``). LocalProtocolError
    (``bad_message``) when it cannot be packed."""
    try:
        packed: bytes = _packer().pack(value)
    except Exception as exc:  # msgpack: TypeError, ValueError, OverflowError
        raise LocalProtocolError("bad_message", f"cannot pack frame: {exc}") from None
    return packed


def pack_uint(value: int) -> bytes:
    """``pack(value)`` for a count (an event's ``seq``), made without the packer: msgpack
    packs a non-negative int below 2**32 in the fewest bytes of 1, 1 + 1, 1 + 2 or
    1 + 4 (anything else goes to ``pack``; tests/protocol/test_protocol_frames.py holds
    the two equal)."""
    if type(value) is int and value >= 0:
        if value < 0x80:
            return value.to_bytes(1, "big")
        if value < 0x100:
            return b"\xcc" + value.to_bytes(1, "big")
        if value < 0x10000:
            return b"\xcd" + value.to_bytes(2, "big")
        if value < 0x100000000:
            return b"\xce" + value.to_bytes(4, "big")
    return pack(value)


def frame_of(packed: bytes, max_frame: int = MAX_FRAME) -> bytes:
    """The frame holding a body already packed (a map's bytes), with the checks of
    ``encode_frame``."""
    if len(packed) > max_frame:
        raise LocalProtocolError(
            "frame_too_large", f"frame of {len(packed)} bytes is over the {max_frame} limit"
        )
    return len(packed).to_bytes(HEADER_SIZE, "big") + packed


def _no_ext(code: int, data: bytes) -> object:
    raise ValueError(f"ext type {code} is not allowed")


def _check_tree(obj: object) -> None:
    """Accept only the JSON data model, at most MAX_DEPTH deep (iteratively: no recursion).

    Scalars are checked where they sit, by exact type first (all msgpack makes), so only
    containers go on the stack: every frame a client receives passes here.
    """
    # (a frame's map, the usual start, goes on the stack as its own wrapper would put it)
    stack: list[tuple[Any, int]] = [(obj, 1)] if type(obj) is dict else [((obj,), 0)]
    while stack:
        item, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise ProtocolError("bad_frame", f"nested deeper than {MAX_DEPTH}")
        if isinstance(item, dict):
            for key in item:
                if not isinstance(key, str):
                    raise ProtocolError("bad_frame", "map keys must be strings")
            values: Any = item.values()
        else:
            values = item
        for value in values:
            kind = type(value)
            if kind is str or kind is bool or kind is float or value is None:
                continue
            if kind is int:
                if not -INT_MAX <= value <= INT_MAX:
                    raise ProtocolError(
                        "bad_frame", "integers on the wire stay within ±(2**53 - 1)"
                    )
                continue
            if kind is list or kind is dict or isinstance(value, list | dict):
                stack.append((value, depth + 1))
            elif not isinstance(value, _SCALARS):
                raise ProtocolError("bad_frame", f"{kind.__name__} values are not allowed")


def decode_body(body: bytes | bytearray | memoryview) -> dict[str, Any]:
    """One frame's body as a map with a string ``type``, or ProtocolError("bad_frame")."""
    size = len(body)
    try:
        obj = msgpack.unpackb(
            body,
            raw=False,
            use_list=True,
            strict_map_key=True,
            ext_hook=_no_ext,
            max_str_len=size,
            max_bin_len=size,
            max_array_len=size,
            max_map_len=size // 2,
            max_ext_len=0,
        )
    except Exception as exc:  # everything msgpack raises: ExtraData, StackError, ...
        raise ProtocolError("bad_frame", f"undecodable msgpack ({type(exc).__name__})") from None
    if not isinstance(obj, dict):
        raise ProtocolError("bad_frame", "a frame must hold a map")
    _check_tree(obj)
    if not isinstance(obj.get("type"), str):
        raise ProtocolError("bad_frame", "a frame's map needs a string 'type'")
    return obj


class FrameDecoder:
    """Bytes in, decoded maps out; holds at most ``max_frame + 4`` bytes.

    ``receive_data(chunk)`` splits and decodes every frame the chunk completes.
    ``next_frame()`` returns them in order, then None when more bytes are needed. Once a
    frame is bad, the frames before it are still returned, then ``next_frame`` raises
    the ProtocolError, and keeps raising it: the stream cannot be resynchronised, so
    every later byte is dropped unread.
    """

    def __init__(self, max_frame: int = MAX_FRAME) -> None:
        self.max_frame = max_frame
        self._buf = bytearray()
        self._need: int | None = None  # body length, once the header is in
        self._frames: deque[dict[str, Any]] = deque()
        self._error: ProtocolError | None = None
        self._eof = False

    @property
    def buffered(self) -> int:
        """Bytes held for an incomplete header or body (never over max_frame + 4)."""
        return len(self._buf)

    @property
    def failed(self) -> bool:
        """True once a bad frame was met (its error is raised after the good frames)."""
        return self._error is not None

    @property
    def at_eof(self) -> bool:
        """True after ``receive_data(b"")``; an incomplete frame then is dropped."""
        return self._eof

    def receive_data(self, data: bytes | bytearray | memoryview) -> None:
        """Take the next bytes of the stream; ``b""`` means the peer closed it."""
        if not data:
            self._eof = True
            self._buf.clear()
            return
        if self._error is not None or self._eof:
            return
        mv = memoryview(data).cast("B")
        buf = self._buf
        while True:
            need = self._need
            if need is None:
                if not mv:
                    return
                if not buf and len(mv) >= HEADER_SIZE:
                    length = int.from_bytes(mv[:HEADER_SIZE], "big")
                    mv = mv[HEADER_SIZE:]
                else:
                    take = HEADER_SIZE - len(buf)
                    buf += mv[:take]
                    mv = mv[take:]
                    if len(buf) < HEADER_SIZE:
                        return
                    length = int.from_bytes(buf, "big")
                    buf.clear()
                if length > self.max_frame:
                    self._fail(
                        ProtocolError(
                            "frame_too_large",
                            f"declared frame length {length} is over the {self.max_frame} limit",
                        )
                    )
                    return
                self._need = length
                continue
            if not buf and len(mv) >= need:
                body: bytes | bytearray | memoryview = mv[:need]
                mv = mv[need:]
            else:
                take = need - len(buf)
                buf += mv[:take]
                mv = mv[take:]
                if len(buf) < need:
                    return
                body = buf
            self._need = None
            try:
                frame = decode_body(body)
            except ProtocolError as exc:
                self._fail(exc)
                return
            finally:
                buf.clear()
            self._frames.append(frame)

    def _fail(self, exc: ProtocolError) -> None:
        self._error = exc
        self._buf.clear()
        self._need = None

    def next_frame(self) -> dict[str, Any] | None:
        """The next decoded map; None if more bytes are needed; raises once a frame was bad."""
        if self._frames:
            return self._frames.popleft()
        if self._error is not None:
            raise self._error
        return None
