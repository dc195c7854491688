"""Golden frames: the bytes of every message type, saved once per protocol version.

``tests/golden/v<N>/<type>.frame`` holds the raw frame (length prefix included) of the
sample message of that type, as version N writes it. The files are written only when
missing (run ``python -m tests.test_protocol_golden``, or any test run, after adding a
message type) and never rewritten: a change to the code that would make an old peer
misread a frame, or write different bytes for the same message, fails here. A released
version's files must never be edited or regenerated.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from protocol import MESSAGES, FrameDecoder, decode_message
from protocol.versions import MIN_VERSION, PROTOCOL_VERSION

from .test_protocol_samples import SAMPLES

GOLDEN = Path(__file__).parent / "golden"


def golden_path(version: int, kind: str) -> Path:
    return GOLDEN / f"v{version}" / f"{kind}.frame"


def write_missing(version: int = PROTOCOL_VERSION) -> list[Path]:
    """Write the golden frame of every message type of ``version`` that has none yet."""
    written = []
    for kind, cls in sorted(MESSAGES.items()):
        path = golden_path(version, kind)
        if version >= cls.SINCE and not path.exists():
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(SAMPLES[kind].encode(version))
            written.append(path)
    return written


def saved_frames() -> list[tuple[int, str]]:
    out: list[tuple[int, str]] = []
    for folder in sorted(GOLDEN.glob("v*")):
        version = int(folder.name[1:])
        out.extend((version, p.stem) for p in sorted(folder.glob("*.frame")))
    return out


def test_every_message_type_has_a_golden_frame_for_every_version() -> None:
    write_missing()
    for version in range(MIN_VERSION, PROTOCOL_VERSION + 1):
        for kind, cls in MESSAGES.items():
            if version >= cls.SINCE:
                assert golden_path(version, kind).exists(), (version, kind)


@pytest.mark.parametrize(("version", "kind"), saved_frames() or [(1, "hello")])
def test_a_golden_frame_still_decodes_to_its_message(version: int, kind: str) -> None:
    write_missing()
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


if __name__ == "__main__":
    for path in write_missing():
        print(f"wrote {path}")
