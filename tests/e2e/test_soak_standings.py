"""The soak's standings rule (tests/support/soak_standings.py) catches what it is there for: a
game seen to end but not counted, standings that go back after a kill, wins that do not
add up, and a client's own line short of what it saw."""

from __future__ import annotations

from protocol.messages import Event, SeatInfo, TableInfo, TableOptions
from protocol.standings import StandingLine, Standings

from ..support.soak_checks import Invariant
from ..support.soak_standings import StandingsSeen


def _info(standings: Standings | None) -> TableInfo:
    seats = (SeatInfo("Dana", None), SeatInfo("Noa", "basic"))
    return TableInfo("t1", TableOptions("Friday", 2), "over", seats, 0, 0, standings)


def _standings(games: int, dana: tuple[int, int], noa_wins: int) -> Standings:
    return Standings(games, (StandingLine("Dana", dana[0], dana[1], seat=0),
                             StandingLine("Noa", games, noa_wins, bot="basic", seat=1)))


def _seen_one_win() -> StandingsSeen:
    seen = StandingsSeen()
    seen.saw(Event(5, {"kind": "finished", "seat": 0, "amount": 1},
                   {"over": True, "winner": 0}), 0, "tok")
    return seen


def test_standings_that_count_the_game_pass() -> None:
    rule = Invariant("standings", "")
    _seen_one_win().check(rule, "Dana", _info(_standings(1, (1, 1), 0)), 0, "tok")
    assert rule.checks and not rule.violations


def test_a_game_seen_to_end_but_not_counted_is_a_violation() -> None:
    rule = Invariant("standings", "")
    _seen_one_win().check(rule, "Dana", _info(None), 0, "tok")
    assert rule.violations


def test_standings_going_back_after_a_kill_are_a_violation() -> None:
    rule = Invariant("standings", "")
    seen = StandingsSeen()
    seen.check(rule, "Dana", _info(_standings(2, (2, 1), 1)), 0, "tok")
    assert not rule.violations
    seen.check(rule, "Dana", _info(_standings(1, (1, 1), 0)), 0, "tok")
    assert rule.violations


def test_wins_that_do_not_add_up_or_a_short_own_line_are_violations() -> None:
    rule = Invariant("standings", "")
    _seen_one_win().check(rule, "Dana", _info(_standings(1, (1, 1), 1)), 0, "tok")
    assert rule.violations  # two wins in one game
    rule = Invariant("standings", "")
    _seen_one_win().check(rule, "Dana", _info(_standings(1, (1, 0), 1)), 0, "tok")
    assert rule.violations  # Dana saw her own win; her line has none
