"""The table's pure core (server/model.py), driven with no trio, no store, no socket:
commands in, state and effects out, time given as plain numbers.

A member here records any method the model calls on it; the model must call none
(it only leaves effects for the table's task to carry out)."""

from __future__ import annotations

import itertools
import random
import subprocess
import sys
from typing import Any

from engine import Action as EngineAction
from engine.bots import make_bot
from protocol import FrameDecoder, decode_message
from protocol.dedupe import RecentIds
from protocol.messages import Error, Event, Snapshot, TableOptions, Timer
from server.clocks import BotTurn
from server.effects import AppendAction, Close, Effect, Frames, LobbyChanged, Send
from server.model import BUSY, Ask, TableModel
from server.seats import Seat
from server.wire import legal_action


class Mute:
    """A member the model may name in effects but must never call."""

    version = 1

    def __init__(self, name: str) -> None:
        self.name = name
        self.calls: list[str] = []
        self.recent: RecentIds[Any] = RecentIds()

    def send(self, message: Any) -> None:
        self.calls.append("send")

    def send_encoded(self, data: bytes) -> None:
        self.calls.append("send_encoded")

    def close_soon(self) -> None:
        self.calls.append("close_soon")


class Searcher:
    """A searching bot (it follows its seat's events) whose answer the test gives."""

    def __init__(self) -> None:
        self.asked = 0
        self.seen: list[Any] = []

    def choose(self, view: dict[str, Any], legal: list[EngineAction]) -> EngineAction:
        self.asked += 1
        return legal[0]

    def observe(self, events: list[Any]) -> None:
        self.seen.extend(events)


def _table(seats: int = 2, **kw: Any) -> TableModel:
    options = TableOptions("Friday", seats, **kw)
    return TableModel("t1", options, bot_delay=0.5, seed_source=random.Random(7))


def _seat(model: TableModel, member: Mute) -> int:
    index, _token = model.join(member, None)
    model.joined(member, index)
    model.changed(0.0, [member])
    return index


def _deal(model: TableModel, host: Mute, first: int | None = None) -> None:
    model.deal_check(host, first)
    model.deal(model.deal_plan(first), None)
    model.changed(0.0, list(model.members))
    model.arm(0.0)


def _decoded(data: bytes) -> list[Any]:
    decoder = FrameDecoder()
    decoder.receive_data(data)
    out = []
    while (frame := decoder.next_frame()) is not None:
        out.append(decode_message(frame))
    return out


def test_the_model_runs_without_trio_or_a_store() -> None:
    code = ("import server.model, sys;"
            " print(sorted(m for m in ('trio', 'sqlite3') if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, timeout=60)
    assert done.stdout.strip() == "[]"


def test_a_played_card_leaves_one_piece_of_frames_per_member_and_nothing_else() -> None:
    model = _table()
    a, b, watcher = Mute("A"), Mute("B"), Mute("W")
    _seat(model, a)
    _seat(model, b)
    model.spectate(watcher)
    model.changed(0.0, [watcher])
    _deal(model, a, first=0)
    model.take_effects()
    assert model.game is not None
    mine = [x for x in model.game.legal_actions() if x.seat == 0]
    seq = model.seq
    action, token = model.action_of(a, legal_action(mine[0]), seq)
    assert token is not None and token == model.seats[0].token  # type: ignore[union-attr]
    tally = model.apply(action, None)
    assert model.seq == seq  # nothing told before the action is stored (``applied``)
    model.applied(None, tally)
    model.changed(1.0, seats=False)
    effects = model.take_effects()
    assert [type(e) for e in effects] == [Frames]
    assert isinstance(effects[0], Frames)
    pieces = effects[0].pieces
    assert [member for member, _ in pieces] == [a, b, watcher]
    for _, data in pieces:
        events = _decoded(data)
        assert events and all(isinstance(m, Event) for m in events)
        assert events[-1].seq == model.seq > seq
    assert a.calls == b.calls == watcher.calls == []


def test_a_stored_move_that_fails_is_undone_and_only_the_pause_is_told() -> None:
    model = _table()
    a, b = Mute("A"), Mute("B")
    _seat(model, a)
    _seat(model, b)
    _deal(model, a, first=0)
    model.take_effects()
    assert model.game is not None
    hands = [list(h) for h in model.game.hands]
    seq = model.seq
    mine = [x for x in model.game.legal_actions() if x.seat == 0]
    action, _ = model.action_of(a, legal_action(mine[0]), seq)
    model.apply(action, None)
    model.undo_last()
    model.fault("disk full", 2.0)
    effects = model.take_effects()
    assert [type(e.message) for e in effects if isinstance(e, Send)] == [Error, Error, Timer, Timer]
    assert len(effects) == 4
    assert model.seq == seq and model.actions == []
    assert [list(h) for h in model.game.hands] == hands
    assert model.pause.paused


def test_a_searching_bot_is_asked_once_until_its_answer_comes() -> None:
    model = _table()
    a = Mute("A")
    _seat(model, a)
    bot = Searcher()
    model.seats[1] = Seat("Noa", bot=bot, bot_kind="strong")  # type: ignore[arg-type]
    _deal(model, a, first=1)
    model.seats[1].bot = bot  # type: ignore[union-attr]  # (the deal gives a fresh one)
    assert model.clocks.next_deadline() == 0.5
    assert model.clocks.due(0.5) == [BotTurn()]
    job = model.bot_move(0.5)
    assert isinstance(job, Ask) and job.seat == 1
    # the clocks handed the bot's turn out once; asked again meanwhile, nobody is asked
    assert model.clocks.due(0.6) == []
    assert model.bot_move(0.6) == BUSY
    move = model.finish_thinking(job, bot.choose(job.view, job.legal), bot)
    model.thinking_over(job)
    assert move == job.legal[0] and model.thinking is None and bot.asked == 1


def test_a_searching_bots_illegal_answer_is_played_as_basic_not_asked_again() -> None:
    model = _table()
    a = Mute("A")
    _seat(model, a)
    bot = Searcher()
    model.seats[1] = Seat("Noa", bot=bot, bot_kind="strong")  # type: ignore[arg-type]
    _deal(model, a, first=1)
    model.seats[1].bot = bot  # type: ignore[union-attr]
    job = model.bot_move(0.5)
    assert isinstance(job, Ask)
    wrong = EngineAction("play", 1, "NOPE", None)
    move = model.finish_thinking(job, wrong, bot)
    model.thinking_over(job)
    assert move is not None and move in job.legal and model.thinking is None


def test_an_answer_for_a_game_that_moved_on_applies_nothing_and_the_clocks_rearm() -> None:
    model = _table()
    a = Mute("A")
    _seat(model, a)
    bot = Searcher()
    model.seats[1] = Seat("Noa", bot=bot, bot_kind="strong")  # type: ignore[arg-type]
    _deal(model, a, first=1)
    model.seats[1].bot = bot  # type: ignore[union-attr]
    assert model.clocks.due(0.5) == [BotTurn()]
    job = model.bot_move(0.5)
    assert isinstance(job, Ask)
    model.seq += 1  # (something else happened meanwhile)
    assert model.finish_thinking(job, job.legal[0], bot) is None
    model.thinking_over(job)
    model.arm(1.0)
    assert model.clocks.next_deadline() == 1.5  # asked again, after the bot delay


def test_a_seat_taken_back_lets_the_old_connection_go_by_effects_only() -> None:
    model = _table()
    a, b, again = Mute("A"), Mute("B"), Mute("A")
    _seat(model, a)
    _seat(model, b)
    model.take_effects()
    token = model.seats[0].token  # type: ignore[union-attr]
    assert token is not None
    assert model.reclaim(token, again) == 0
    model.changed(3.0, [again])
    effects = model.take_effects()
    to_old = [e for e in effects if getattr(e, "member", None) is a]
    assert isinstance(to_old[0], Send) and isinstance(to_old[0].message, Error)
    assert isinstance(to_old[1], Close) and len(to_old) == 2
    assert any(isinstance(e, Send) and e.member is again and isinstance(e.message, Snapshot)
               for e in effects)
    assert a.calls == [] and again.calls == []


def _drops_and_returns(people: int) -> list[tuple[tuple[str, int], ...]]:
    """Every order in which ``people`` persons each drop once and come back once."""
    events = [(what, i) for i in range(people) for what in ("drop", "back")]
    return sorted({
        order for order in itertools.permutations(events)
        if all(order.index(("drop", i)) < order.index(("back", i)) for i in range(people))
    })


def test_the_host_is_host_whenever_connected_in_any_order_of_drops_and_returns() -> None:
    """Three people each drop and come back with their token, in each of the 90 orders,
    the host at each seat, waiting or mid-game: whoever held the role meanwhile (the
    next person connected, or one away when nobody was), the host from before has it
    whenever its connection is back, and everyone back leaves it host."""
    orders = _drops_and_returns(3)
    assert len(orders) == 90
    for host, playing, order in itertools.product(range(3), (False, True), orders):
        model = _table(3)
        members: dict[int, Mute] = {}
        tokens: dict[int, str] = {}
        for i in [host] + [i for i in range(3) if i != host]:  # the first one in hosts
            members[i] = Mute(f"P{i}")
            index, tokens[i] = model.join(members[i], i)
            model.joined(members[i], index)
        if playing:
            _deal(model, members[host])
        assert model.host == host
        now = 1.0
        for what, i in order:
            if what == "drop":
                held = model.gone(members[i])
                assert held is not None
                model.away(*held, now)
            else:
                members[i] = Mute(f"P{i}")  # a new connection, with the seat's token
                assert model.reclaim(tokens[i], members[i]) == i
            model.changed(now)
            model.take_effects()
            now += 0.5
            holder = model.seats[model.host] if model.host is not None else None
            assert holder is not None and holder.person, (host, playing, order)
            if model.seats[host].member is not None:  # type: ignore[union-attr]
                assert model.host == host, (host, playing, order, what, i)
        assert model.host == host


def test_a_change_of_seats_tells_the_lobby_once() -> None:
    model = _table()
    a = Mute("A")
    _seat(model, a)
    model.take_effects()
    model.changed(1.0)  # nothing changed: no word to the lobby
    assert not any(isinstance(e, LobbyChanged) for e in model.take_effects())
    model.seats[1] = Seat("Noa", bot=make_bot("basic"), bot_kind="basic")
    model.changed(2.0)
    told: list[Effect] = [e for e in model.take_effects() if isinstance(e, LobbyChanged)]
    assert len(told) == 1


def test_a_move_at_a_stored_table_is_worded_for_the_store_before_anything_is_told() -> None:
    model = TableModel("t1", TableOptions("Friday", 2), seed_source=random.Random(3),
                       stored=True)
    a, b = Mute("A"), Mute("B")
    _seat(model, a)
    _seat(model, b)
    model.deal_check(a, 0)
    plan = model.deal_plan(0)
    deal = model.game_write(plan)
    assert deal.players == 2 and deal.names == ["A", "B"] and deal.seed == plan.seed
    model.deal(plan, 5)
    model.changed(0.0, list(model.members))
    model.take_effects()
    assert model.game is not None
    mine = [x for x in model.game.legal_actions() if x.seat == 0]
    action, _ = model.action_of(a, legal_action(mine[0]), model.seq)
    seq = model.seq
    ack = ("t1", "tok", 9, {"type": "ack", "id": 9})
    tally, write = model.apply(action, None, ack)
    assert isinstance(write, AppendAction)
    assert (write.game_id, write.n, write.answer) == (5, 1, ack)
    assert model.effects == [] and model.seq == seq  # nobody hears of it before it is stored
    model.applied(None, tally)
    model.changed(1.0, seats=False)
    frames = [e for e in model.take_effects() if isinstance(e, Frames)]
    assert _decoded(frames[0].pieces[0][1])[-1].seq == write.seq == model.seq


def test_a_seated_member_remembers_its_answers_in_its_seat_across_reconnects() -> None:
    model = _table()
    a, b = Mute("A"), Mute("B")
    a.recent.remember(5, Error("x", "before the seat"))
    index = _seat(model, a)
    seat = model.seats[index]
    assert seat is not None and a.recent is seat.recent and 5 in seat.recent
    _seat(model, b)
    again = Mute("A")
    again.recent.remember(7, Error("x", "on the new connection"))
    assert seat.token is not None and model.reclaim(seat.token, again) == index
    assert again.recent is seat.recent and 5 in seat.recent and 7 in seat.recent
