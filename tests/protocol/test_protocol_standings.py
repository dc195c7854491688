"""The standings record (PROTOCOL.md 9.8-9.10): it round-trips, checks its indexes,
is documented field by field, and leaves a table's info as it was until a game ends."""

from __future__ import annotations

import re
from typing import Any

import pytest

from protocol import messages as m
from protocol.errors import ProtocolError
from protocol.frames import decode_body
from protocol.records import Record
from protocol.standings import StandingLine, Standings, Versus

from ..support.protocol_spec import check_fields, section

STANDINGS = Standings(
    3,
    (
        StandingLine("Dana", 3, 2, seat=0, places=(2, 1), stage=None),
        StandingLine("Noa", 3, 1, bot="basic", seat=1, places=(1, 2)),
        StandingLine("Eli", 1, 0),
    ),
    (Versus(0, 1, 2, 1), Versus(0, 2, 1, 0), Versus(1, 2, 0, 1)),
)


def _info(standings: Standings | None) -> m.TableInfo:
    seats = (m.SeatInfo("Dana", None), m.SeatInfo("Noa", "basic"))
    return m.TableInfo("t1", m.TableOptions("Friday", 2), "over", seats, 0, 0, standings)


def test_standings_round_trip_through_a_table_update_frame() -> None:
    frame = m.TableUpdate(_info(STANDINGS)).encode()
    decoded = m.decode_message(decode_body(frame[4:]), 1)
    assert isinstance(decoded, m.TableUpdate)
    assert decoded.table.standings == STANDINGS


def test_a_table_without_standings_writes_no_standings_key() -> None:
    assert "standings" not in _info(None).to_dict(1)
    wire = _info(STANDINGS).to_dict(1)["standings"]
    assert wire["lines"][2] == {"name": "Eli", "games": 1, "wins": 0}  # defaults left out


def test_old_readers_ignore_what_they_do_not_know_in_a_line() -> None:
    data: dict[str, Any] = _info(STANDINGS).to_dict(1)
    data["standings"]["lines"][0]["points"] = 7  # a later field
    assert m.TableInfo.from_dict(data).standings == STANDINGS


@pytest.mark.parametrize("pair", [[1, 1, 0, 0], [2, 1, 0, 0], [0, 3, 1, 1]])
def test_versus_must_name_two_lines_in_order(pair: list[int]) -> None:
    data = STANDINGS.to_dict(1)
    data["versus"] = [dict(zip(("a", "b", "a_ahead", "b_ahead"), pair, strict=True))]
    with pytest.raises(ProtocolError) as err:
        Standings.from_dict(data)
    assert err.value.code == "bad_message"


@pytest.mark.parametrize("cls", [Standings, StandingLine, Versus], ids=lambda c: c.__name__)
def test_every_standings_record_is_documented_with_its_fields(cls: type[Record]) -> None:
    _, body = section(re.compile(rf"^### 9\.\d+ `{cls.__name__}`", re.M))
    check_fields(cls, body)
