"""The soak (tests/support/soak.py): a seeded 60-second run against the real taki-server ends
clean, and the rules it judges by catch what they are there to catch."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

from protocol.messages import GameAction, SeatInfo, TableInfo, TableOptions

from ..support.soak import restart_plan
from ..support.soak_checks import (
    event_leak,
    host_alone,
    is_own_move,
    judge_refusal,
    legal_leak,
    patch_leak,
    rss_verdict,
    seat_held,
    view_leak,
)

ROOT = Path(__file__).resolve().parents[2]
SEED = int(os.environ.get("TAKI_SOAK_SEED", "7"))
COMMAND = [sys.executable, "-m", "tests.support.soak", "--seconds", "60", "--seed", str(SEED)]
_early: list[subprocess.Popen[str]] = []
"""The soak, started when the suite's tests were collected (``start_early``)."""


def start_early() -> None:
    """Start the soak as soon as the suite knows it will run it: its 60 s (mostly
    waiting on timers and sockets) go by while the tests before it run, instead of
    adding a minute to the suite. tests/conftest.py calls this."""
    if not _early:
        _early.append(subprocess.Popen(COMMAND, cwd=ROOT, stdout=subprocess.PIPE,
                                       stderr=subprocess.PIPE, text=True))


def test_a_60_second_soak_ends_clean() -> None:
    start_early()  # (run alone, it starts now)
    process = _early[0]
    stdout, stderr = process.communicate(timeout=240)
    lines = stdout.strip().splitlines()
    assert lines, stderr[-3000:]
    report = json.loads(lines[-1])
    table = "\n".join(lines[:-1])
    assert report["clean"], f"seed {SEED}:\n{table}\n{stderr[-2000:]}"
    assert process.returncode == 0
    # It walked the paths it claims to: restarts both ways, people moving and coming
    # back, leaving while the server is down, spectators, every invariant checked.
    assert report["restarts"]["kill"] >= 1 and report["restarts"]["term"] >= 1
    assert report["actions"] > 50 and report["tables"] >= 6
    counts = report["counts"]
    assert counts["drops"] and counts["kills"] and counts["reconnects"] and counts["spectators"]
    assert counts["table_drops"]  # every person of a table dropped within a second
    assert counts["left_while_down"]  # asked to leave while the server was down
    unchecked = [name for name, checks in report["checks"].items()
                 if not checks and name not in ("errors_expected",)]
    assert not unchecked, table


# ---------------------------------------------------------------------------- the rules


def view(hand: list[str] | None) -> dict[str, object]:
    out: dict[str, object] = {
        "players": [{"cards": 2}, {"cards": 3}], "discard_top": ["R5", "R7"], "lead": "R7",
        "follow": "king", "plus3": {"by": 0, "passed": [1]},
    }
    if hand is not None:
        out["hand"] = hand
    return out


def test_a_seat_sees_only_its_own_hand_and_a_spectator_none() -> None:
    assert view_leak(view(["G3", "B4"]), 0) is None
    assert view_leak(view(None), None) is None
    assert view_leak(view(["G3", "B4"]), None) is not None  # a spectator with a hand
    assert view_leak(view(["G3"]), 0) is not None  # a hand that is not the seat's count
    assert view_leak(view(["G3", "B4"]) | {"hands": [["Y1"]]}, 0) is not None
    assert view_leak(view(["G3", "B4"]) | {"draw": ["Y1", "B2"]}, 0) is not None
    assert patch_leak({"hand": ["G3"], "discard_top": ["R7", "G3"]}, 0) is None
    assert patch_leak({"hand": ["G3"]}, None) is not None
    assert patch_leak({"players.1.hand": ["G3"]}, 0) is not None


def test_every_hand_is_shown_only_once_the_game_is_over() -> None:
    """RULES.md: at the end every hand left is shown to everyone; never before."""
    hands = {"hands": [["G3", "B4"], ["R1", "Y2", "B9"]]}
    over = view(None) | {"over": True} | hands
    assert view_leak(over, None) is None
    assert view_leak(over | {"hand": ["G3", "B4"]}, 0) is None
    assert view_leak(view(None) | {"over": False} | hands, None) is not None  # before the end
    assert view_leak(view(None) | hands, 1) is not None
    assert view_leak(over | {"hands": [["G3"], ["R1", "Y2", "B9"]]}, None) is not None
    assert patch_leak({"over": True, "winner": 0} | hands, None) is None
    assert patch_leak(hands, None, over=True) is None
    assert patch_leak(hands, None) is not None  # a patch that does not end the game
    assert patch_leak({"hands.1": ["R1"]}, 0) is not None


def test_a_draws_cards_go_to_the_drawer_only() -> None:
    drew = {"kind": "drew", "seat": 1, "amount": 1, "cards": ["B2"], "reason": "choice"}
    assert event_leak(drew, 1) is None
    assert event_leak(drew, 0) is not None
    assert event_leak(drew, None) is not None
    assert event_leak({k: v for k, v in drew.items() if k != "cards"}, 0) is None
    assert legal_leak((GameAction("pass"),), None) is not None
    assert legal_leak((GameAction("pass"),), 2) is None


def test_an_offered_action_may_be_refused_only_stale_or_after_the_table_moved() -> None:
    assert judge_refusal("stale", guarded=True, fresh=True, moved=False) is None
    assert judge_refusal("stale", guarded=False, fresh=True, moved=True) is not None
    assert judge_refusal("not_your_turn", guarded=True, fresh=True, moved=True) is not None
    assert judge_refusal("not_your_turn", guarded=False, fresh=True, moved=False) is not None
    assert judge_refusal("not_your_turn", guarded=False, fresh=True, moved=True) is None
    assert judge_refusal("illegal_action", guarded=False, fresh=False, moved=False) is None


def test_own_moves_are_told_from_stand_ins_timeouts_and_others() -> None:
    played = {"kind": "played", "seat": 0, "card": "R5"}
    assert is_own_move(played, 0)
    assert not is_own_move(played, 1)
    assert not is_own_move(played | {"stand_in": True}, 0)
    assert not is_own_move({"kind": "drew", "seat": 0, "amount": 1, "timeout": True,
                            "reason": "choice"}, 0)
    assert not is_own_move({"kind": "drew", "seat": 0, "amount": 3, "reason": "plus3"}, 0)
    assert not is_own_move({"kind": "turn", "seat": 0}, 0)


def test_a_host_is_judged_alone_only_with_no_other_person_away_stand_ins_too() -> None:
    """The host_returns check judges a host whose going leaves the role's claim with it:
    one with another person away (a stand-in playing for them or not) only borrowed it.
    A soak of seed 7 reported a violation when the first host's seat showed
    ``basic(away)(stand-in)`` and was taken for a bot."""
    def table(*seats: SeatInfo, host: int = 1) -> TableInfo:
        return TableInfo("t1", TableOptions("t", len(seats)), "playing", seats, host)

    me, bot = SeatInfo("Noga"), SeatInfo("Noa", "basic")
    away = SeatInfo("Omer", None, connected=False)
    stood_in = SeatInfo("Omer", "basic", connected=False, stand_in=True)
    assert host_alone(table(SeatInfo("Omer"), me, bot), 1)
    assert host_alone(table(bot, me), 1)
    assert not host_alone(table(away, me, bot), 1)
    assert not host_alone(table(stood_in, me, bot), 1)
    assert not host_alone(table(SeatInfo("Omer"), me, host=0), 1)  # not the host
    assert not host_alone(None, 1) and not host_alone(table(me, bot), None)


def test_a_seat_given_up_is_free_a_bots_for_good_or_at_a_closed_table() -> None:
    """leave_while_down judges the table's picture, or the lobby's list in which a
    table nobody but bots was left at is missing (closed): a seed-11 soak found a
    leaver "still seated" by a picture nobody was left to refresh."""
    def table(*seats: SeatInfo | None) -> TableInfo:
        return TableInfo("t2", TableOptions("t", len(seats)), "playing", seats, 0)

    noa, taken = SeatInfo("Noa", "basic"), SeatInfo("Dana4", "basic")
    assert seat_held(table(SeatInfo("Dana4"), noa), "Dana4")
    assert seat_held(table(SeatInfo("Dana4", None, connected=False), noa), "Dana4")
    assert seat_held(table(SeatInfo("Dana4", "basic", connected=False, stand_in=True), noa),
                     "Dana4")
    assert not seat_held(table(taken, noa), "Dana4")  # a bot's for good
    assert not seat_held(table(None, noa), "Dana4")  # free
    assert not seat_held(None, "Dana4")  # the table closed
    assert seat_held(table(SeatInfo("Omer4"), taken), "Omer4")


def test_rss_is_judged_warm_against_the_end_within_its_tolerance() -> None:
    flat = [(float(t), 30_000 + (t % 3)) for t in range(40)]
    figures, ok = rss_verdict(flat, 10, 8.0, 0.1)
    assert ok and figures.judged_seconds == 29.0
    leaking = [(float(t), 30_000 + 600 * t) for t in range(40)]
    assert not rss_verdict(leaking, 10, 8.0, 0.1)[1]
    assert not rss_verdict(flat[:8], 10, 8.0, 0.1)[1]  # too short to judge


def test_the_restarts_are_drawn_from_the_seed_and_leave_the_end_whole() -> None:
    plan = restart_plan(60, random.Random("7/server"))
    assert plan == restart_plan(60, random.Random("7/server"))
    assert {how for _, how in plan} == {"kill", "term"}
    assert all(12 <= at < 36 for at, _ in plan)
