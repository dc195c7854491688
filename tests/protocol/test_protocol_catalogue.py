"""PROTOCOL.md documents exactly what the code speaks: messages, fields, records, codes."""

from __future__ import annotations

import re

import pytest

from protocol import ERROR_CODES, MESSAGES
from protocol import messages as m
from protocol.records import Record

from ..support.protocol_spec import SPEC, check_fields, rows, section

DIRECTION = {m.CLIENT: "C→S", m.SERVER: "S→C", m.BOTH: "both"}
RECORDS: list[type[Record]] = [
    m.TableOptions, m.SeatInfo, m.TableInfo, m.GameAction, m.ReplayInfo
]


@pytest.mark.parametrize("kind", sorted(MESSAGES))
def test_every_message_is_documented_with_direction_since_and_fields(kind: str) -> None:
    cls = MESSAGES[kind]
    head, body = section(re.compile(rf"^### `{re.escape(kind)}` — ", re.M))
    assert DIRECTION[cls.SENDER] in head
    assert f"since v{cls.SINCE}" in head
    assert ("request" in head) == issubclass(cls, m.Request)
    check_fields(cls, body)


@pytest.mark.parametrize("cls", RECORDS, ids=lambda c: c.__name__)
def test_every_record_is_documented_with_its_fields(cls: type[Record]) -> None:
    _, body = section(re.compile(rf"^### 9\.\d `{cls.__name__}`", re.M))
    check_fields(cls, body)


def test_no_undocumented_or_stale_message_headings() -> None:
    documented = set(re.findall(r"^### `([a-z_]+)` — ", SPEC, re.M))
    assert documented == set(MESSAGES)


def test_every_error_code_is_documented_with_its_fatality() -> None:
    _, body = section(re.compile(r"^## 10\. Error codes", re.M))
    table = rows(body)
    assert sorted(table) == sorted(ERROR_CODES)
    for code, info in ERROR_CODES.items():
        assert f"| `{code}` | {'yes' if info.fatal else 'no'} |" in table[code]


def block_bytes(marker: str) -> bytes:
    """The bytes shown in the first code block after ``marker`` (comments skipped)."""
    after = SPEC[SPEC.index(marker) :]
    block = after.split("```")[1]
    out = []
    for line in block.splitlines():
        for token in line.split():
            if not re.fullmatch(r"[0-9a-f]{2}", token):
                break
            out.append(token)
    return bytes.fromhex("".join(out))


@pytest.mark.parametrize(
    ("marker", "msg"),
    [
        ("A `ping` frame, byte by byte", m.Ping(7)),
        ("The first frame on the wire", m.Hello((1, 1), "Dana", "taki-client/0.1")),
        ("And the `action` of request 5", m.Action(5, m.GameAction("play", card="R7"))),
    ],
)
def test_the_example_bytes_in_the_spec_are_what_the_code_writes(
    marker: str, msg: m.Message
) -> None:
    data = msg.encode()
    assert block_bytes(marker) == data
    assert f"({len(data)} bytes)" in SPEC[SPEC.index(marker) :][:80]
