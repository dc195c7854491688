"""The wire side of hints (PROTOCOL.md 6.3): the table option, the request and its
answer, and the hinted count in the standings, all additive."""

from __future__ import annotations

from protocol import messages as m
from protocol.frames import decode_body
from protocol.standings import StandingLine


def round_trip(msg: m.Message) -> m.Message:
    frame = msg.encode()
    return m.decode_message(decode_body(frame[4:]), 1)


def test_the_hints_option_travels_and_is_left_out_while_off() -> None:
    on = m.TableOptions("Learners", 2, hints=True)
    assert round_trip(m.CreateTable(3, on)) == m.CreateTable(3, on)
    assert "hints" not in m.TableOptions("Friday", 2).to_dict(1)
    assert m.TableOptions.from_dict({"name": "Friday", "seats": 2}).hints is False


def test_a_suggestion_carries_the_action_the_reason_and_its_details() -> None:
    sent = m.Suggestion(9, m.GameAction("play", card="R7"), "keeps_stack_card",
                        {"card": "G+2", "count": 1})
    assert round_trip(sent) == sent
    assert round_trip(m.Hint(4)) == m.Hint(4)


def test_a_line_counts_its_hinted_games_and_leaves_out_none() -> None:
    line = StandingLine("Dana", 3, 1, hinted=2)
    assert StandingLine.from_dict(line.to_dict(1)) == line
    assert "hinted" not in StandingLine("Dana", 3, 1).to_dict(1)
