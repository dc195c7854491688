"""Golden frames: the bytes of every message type, saved once per protocol version.

The frames are written by ``python -m tests.protocol.golden_write`` only (never by a test run), so
a message type or version without its frame fails here. A change to the code that would
make an old peer misread a frame, or write different bytes for the same message, fails
too. A released version's files must never be edited or regenerated.
"""

from __future__ import annotations

import pytest

from protocol import FrameDecoder, decode_message

from ..support.samples import SAMPLES
from .golden_write import GOLDEN, expected, golden_path


def saved_frames() -> list[tuple[int, str]]:
    out: list[tuple[int, str]] = []
    for folder in sorted(GOLDEN.glob("v*")):
        version = int(folder.name[1:])
        out.extend((version, p.stem) for p in sorted(folder.glob("*.frame")))
    return out


def test_every_message_type_has_a_golden_frame_for_every_version() -> None:
    missing = [(v, k) for v, k in expected() if not golden_path(v, k).exists()]
    assert not missing, f"no golden frame for {missing}: run python -m tests.protocol.golden_write"


def test_every_golden_frame_belongs_to_a_message_type_of_its_version() -> None:
    assert set(saved_frames()) <= set(expected())


@pytest.mark.parametrize(("version", "kind"), saved_frames())
def test_a_golden_frame_still_decodes_to_its_message(version: int, kind: str) -> None:
    data = golden_path(version, kind).read_bytes()
    decoder = FrameDecoder()
    decoder.receive_data(data)
    frame = decoder.next_frame()
    assert frame is not None and decoder.next_frame() is None
    assert frame["type"] == kind
    msg = decode_message(frame, version)
    # What a peer of that version sees of today's sample: the same message...
    assert msg == decode_message(SAMPLES[kind].to_dict(version), version)
    # ...written back to the very same bytes.
    assert msg.encode(version) == data
