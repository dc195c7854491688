"""PROTOCOL.md, the server and the client agree: one test per point of issue 13.

A client written from PROTOCOL.md alone found where the spec and the server disagreed.
Each test here pins what now holds on both sides, over real loopback TCP where the
server's behaviour is the point, on the sans-IO objects where the protocol's is.
"""

from __future__ import annotations

import contextlib
import inspect
import itertools
import random
import re
from typing import Any

import pytest
import trio

from engine import Action as EngineAction
from engine import Game, Options, game_from_position, view_of
from protocol import FrameDecoder, ProtocolError, RemoteProtocolError, ServerConnection
from protocol import messages as m
from protocol.codec import view_to_wire
from protocol.frames import decode_body, encode_frame
from protocol.limits import INT_MAX, NAME_MAX
from protocol.patch import apply_patch, diff_view
from server.app import build_parser, serve
from server.session import Limits
from server.table import Table

from ..support.inbox import Inbox
from ..support.netclient import NetClient, connect, options, running_server, seated_pair
from ..support.protocol_spec import SPEC
from ..support.rawwire import raw_connection, read_to_the_end
from ..support.util import position

FLAT = " ".join(SPEC.split())
"""The spec with every run of spaces and line ends as one space (prose wraps anywhere)."""


def since(client: NetClient, start: int) -> list[m.Message]:
    return client.received[start:]


async def settle(sender: NetClient, *others: NetClient) -> None:
    """Whatever the table sent ``others`` before now has arrived: a chat line is queued
    behind it on every member's connection."""
    text = f"sync {random.random()}"
    sender.ids = itertools.count(random.randrange(10_000, 2**31))  # a seat remembers ids
    await sender.request(m.Chat, text=text)
    for other in others:
        await other.wait_for(lambda x: isinstance(x, m.ChatLine) and x.text == text)


# ---------------------------------------------------------------- 1. legal without seat


@pytest.mark.trio
async def test_1_legal_entries_leave_out_seat_in_snapshots_and_events() -> None:
    async with running_server(bot_delay=0) as (_, port, nursery):
        a, b = await seated_pair(nursery, port, first=0)
        snap = next(x for x in a.received if isinstance(x, m.Snapshot) and x.view)
        assert snap.legal, "the seat on turn has legal actions"
        assert all("seat" not in action.to_dict() for action in snap.legal)
        for _ in range(6):  # a few moves, whoever may act
            for c in (a, b):
                if c.legal:
                    await c.act(c.legal[0])
        lists = [x.legal for c in (a, b) for x in c.received
                 if isinstance(x, m.Event) and x.legal]
        assert lists, "some event carried a non-empty legal list"
        assert all("seat" not in action.to_dict() for legal in lists for action in legal)


# ---------------------------------------------------------------- 2 and 10. lobby pushes


@pytest.mark.trio
async def test_2_lobby_pushes_stop_at_a_table_and_own_changes_come_once() -> None:
    async with running_server(bot_delay=0) as (_, port, nursery):
        a = await connect(nursery, port, "A")
        await a.request(m.ListTables)
        await a.request(m.CreateTable, options=options(seats=3))
        w = await connect(nursery, port, "W")
        await w.request(m.ListTables)
        await w.request(m.CreateTable, options=options(name="Other"))  # t2
        b = await connect(nursery, port, "B")
        await b.request(m.ListTables)
        mark = len(a.received)
        await b.request(m.Join, table="t1")
        await settle(b, a)
        updates = [x for x in since(a, mark) if isinstance(x, m.TableUpdate)]
        assert [u.table.id for u in updates] == ["t1"], "one update of its own table only"
        assert not any(
            isinstance(x, m.TableUpdate) and x.table.id == "t2" for x in a.received
        ), "no lobby push once at a table"
        # After leave, list_tables brings the list and the pushes back.
        await a.request(m.Leave)
        await a.request(m.ListTables)
        mark = len(a.received)
        await w.request(m.AddBot, kind="basic")
        got = await a.wait_for(lambda x: isinstance(x, m.TableUpdate) and x.table.id == "t2")
        assert got in since(a, mark)


@pytest.mark.trio
async def test_2_a_refused_join_keeps_the_lobby_pushes() -> None:
    async with running_server(bot_delay=0) as (_, port, nursery):
        a = await connect(nursery, port, "A")
        await a.request(m.CreateTable, options=options(seats=2))
        b = await connect(nursery, port, "B")
        await b.request(m.Join, table="t1")
        c = await connect(nursery, port, "C")
        await c.request(m.ListTables)
        refused = await c.request(m.Join, table="t1")
        assert isinstance(refused, m.Error) and refused.code == "table_full"
        await a.request(m.Leave)
        await c.wait_for(lambda x: isinstance(x, m.TableUpdate) and x.table.id == "t1")


@pytest.mark.trio
async def test_10_create_and_join_answer_snapshot_then_ack_with_no_update_between() -> None:
    async with running_server(bot_delay=0) as (_, port, nursery):
        watcher = await connect(nursery, port, "W")
        await watcher.request(m.ListTables)
        for name, request, fields in (
            ("A", m.CreateTable, {"options": options(seats=2)}),
            ("B", m.Join, {"table": "t1"}),
        ):
            c = await connect(nursery, port, name)
            await c.request(m.ListTables)  # a lobby watcher, as a real client is
            mark = len(c.received)
            ack = await c.request(request, **fields)
            assert isinstance(ack, m.Ack) and ack.token
            kinds = [x.TYPE for x in since(c, mark)]
            assert kinds == ["snapshot", "ack"], kinds


# ---------------------------------------------------------------- 3. cross-references


def _slug(heading: str) -> str:
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def test_3_every_section_reference_in_the_spec_points_at_its_section() -> None:
    spec = re.sub(r"\s*\n\s*", " ", SPEC)
    headings = {
        m_.group(1): _slug(m_.group(0).lstrip("#"))
        for m_ in re.finditer(r"^#{2,3} (\d+(?:\.\d+)?)\.? .*$", SPEC, re.M)
    }
    anchors = set(headings.values())
    # Every link to an anchor lands on a heading, and says that heading's number.
    links = re.findall(r"\[section (\d+(?:\.\d+)?)\]\(#([^)]+)\)", spec)
    assert len(links) > 20
    for number, anchor in links:
        assert anchor in anchors, anchor
        assert headings[number] == anchor, (number, anchor)
    # No bare "section N" of this document is left to go stale (RULES.md's are theirs).
    bare = re.findall(r"(?<!RULES\.md )(?<!\[)section \d", spec)
    assert not bare, bare
    # The view is 9.6, the events 9.7: what the first reader found wrong.
    assert headings["9.6"] == "96-the-view" and headings["9.7"] == "97-events"
    assert "view ([section 9.6](#96-the-view))" in spec
    assert "event map ([section 9.7](#97-events))" in spec


# ---------------------------------------------------------------- 4. spectators act


@pytest.mark.trio
async def test_4_a_spectators_action_is_not_seated_whatever_its_role() -> None:
    async with running_server(bot_delay=0) as (_, port, nursery):
        await seated_pair(nursery, port)
        by_role = await connect(nursery, port, "R", role="spectator")
        by_request = await connect(nursery, port, "P")
        for watcher in (by_role, by_request):
            assert isinstance(await watcher.request(m.Spectate, table="t1"), m.Ack)
            answer = await watcher.act(m.GameAction("draw"))
            assert isinstance(answer, m.Error) and answer.code == "not_seated"
            stale = await watcher.request(m.Action, action=m.GameAction("draw"), seq=0)
            assert isinstance(stale, m.Error) and stale.code == "not_seated"
        refused = await by_role.request(m.Start)
        assert isinstance(refused, m.Error) and refused.code == "not_allowed"
    assert "Spectators cannot act: `not_seated`" in FLAT


# ---------------------------------------------------------------- 5. broke names its card


def test_5_breaking_a_plus3_names_the_breaker_in_events_and_the_log() -> None:
    async def scenario() -> None:
        table = Table("t1", options(seats=3, plus3_window=4), bot_delay=0.5)
        async with trio.open_nursery() as nursery:
            nursery.start_soon(table.run)
            people = [Inbox("A"), Inbox("B"), Inbox("C")]
            for p in people:
                await table.join(p)
            pos = position(hands=[["+3", "R1", "R3"], ["breaker", "G3"], ["B1", "B3"]])
            async with table.held():
                table.model.game = game_from_position(pos)
                table.model.state = "playing"
                table.model.invalidate()
            await table.act(people[0], m.GameAction("play", card="+3"))
            await table.act(people[1], m.GameAction("break"))
            for p in people:
                broke = [
                    x.event for x in p.got if isinstance(x, m.Event) and x.event["kind"] == "broke"
                ]
                assert broke == [{"kind": "broke", "seat": 1, "card": "breaker"}]
            people[2].got.clear()
            await table.resync(people[2])
            [snap] = [x for x in people[2].got if isinstance(x, m.Snapshot)]
            assert snap.log is not None
            assert any(e.get("kind") == "broke" and e.get("card") == "breaker" for e in snap.log)
            nursery.cancel_scope.cancel()

    trio.run(scenario)


# ---------------------------------------------------------------- 6. snapshots and patches


@pytest.mark.trio
async def test_6_snapshot_log_carries_seq_and_legal_is_defined() -> None:
    async with running_server(bot_delay=0) as (_, port, nursery):
        a, b = await seated_pair(nursery, port, first=0)
        for _ in range(3):
            await a.act(m.GameAction("draw"))
            await b.act(m.GameAction("draw"))
        s = await connect(nursery, port, "S", role="spectator")
        await s.request(m.Spectate, table="t1")
        for client in (a, b, s):
            mark = len(client.received)
            await client.request(m.Resync)
            [snap] = [x for x in since(client, mark) if isinstance(x, m.Snapshot)]
            assert snap.log
            seqs = [e["seq"] for e in snap.log]
            assert seqs == list(range(seqs[0], snap.seq + 1)), "each entry numbered, in order"
            if client is s:
                assert snap.legal is None  # a spectator: none
            else:
                assert snap.legal is not None  # a seat: always sent, [] when it may not act
        assert a.legal and "with one more key, `seq`" in FLAT


def test_6_patch_paths_never_walk_through_nil() -> None:
    """Over many positions of real games: every path of a patch leads through maps and
    arrays the view had, never into a value that is nil (``taki``, ``plus3`` ...)."""
    rng = random.Random(13)
    through_nil_keys = 0
    for game_no in range(40):
        game = Game.new(rng.randint(2, 4), rng.randrange(INT_MAX), Options(), None)
        old = view_to_wire(view_of(game, None))
        for _ in range(400):
            if game.over:
                break
            action: EngineAction = rng.choice(game.legal_actions())
            game.apply(action)
            new = view_to_wire(view_of(game, None))
            patch = diff_view(old, new)
            for path in patch:
                parts = path.split(".")
                node: Any = old
                for part in parts[:-1]:
                    node = node[int(part)] if isinstance(node, list) else node[part]
                    assert node is not None, (game_no, path)
                if parts[0] in ("taki", "plus3") and len(parts) == 1:
                    through_nil_keys += 1
            assert apply_patch(dict(old), patch) == new
            old = new
    assert through_nil_keys, "the games set taki/plus3 whole at least once"


# ---------------------------------------------------------------- 7. rate limiting


@pytest.mark.trio
async def test_7_ping_and_pong_never_count_against_the_rate() -> None:
    async with running_server(limits=Limits(rate=1, strikes=3)) as (_, port, _n):
        stream, decoder = await raw_connection(port)
        burst = b"".join(encode_frame({"type": t, "nonce": i}) for i in range(30)
                         for t in ("ping", "pong"))
        await stream.send_all(burst + encode_frame({"type": "list_tables", "id": 1}))
        frames: list[dict[str, Any]] = []
        with trio.fail_after(10):
            while not any(f["type"] == "ack" for f in frames):
                decoder.receive_data(await stream.receive_some(65536))
                while (frame := decoder.next_frame()) is not None:
                    frames.append(frame)
        assert [f["nonce"] for f in frames if f["type"] == "pong"] == list(range(30))
        assert not [f for f in frames if f["type"] == "error"]
        await stream.aclose()


async def flood_and_read(
    stream: trio.SocketStream, decoder: FrameDecoder, flood: bytes
) -> list[dict[str, Any]]:
    """Send ``flood`` while reading every frame to the server's end of stream."""

    async def send() -> None:
        with contextlib.suppress(trio.BrokenResourceError, trio.ClosedResourceError):
            await stream.send_all(flood)

    async with trio.open_nursery() as nursery:
        nursery.start_soon(send)
        frames = await read_to_the_end(stream, decoder)
        nursery.cancel_scope.cancel()
    return frames


@pytest.mark.trio
async def test_7_a_flood_ends_with_a_fatal_error_that_arrives_and_no_reset() -> None:
    async with running_server(limits=Limits(rate=1, strikes=5)) as (_, port, _n):
        stream, decoder = await raw_connection(port)
        # Far more than the server reads before it gives up: without a lingering close
        # the unread bytes make the kernel reset the connection, losing the last frames.
        flood = b"".join(encode_frame({"type": "list_tables", "id": i}) for i in range(30000))
        frames = await flood_and_read(stream, decoder, flood)
        errors = [f for f in frames if f["type"] == "error"]
        assert [e["code"] for e in errors] == ["rate_limited"] * 5 + ["flooding"]
        assert frames[-1]["code"] == "flooding" and "id" not in frames[-1]
        assert [e["id"] for e in errors[:5]] == [2, 3, 4, 5, 6]  # the burst was 2
        await stream.aclose()


@pytest.mark.trio
async def test_7_malformed_messages_count_against_the_rate_and_end_in_flooding() -> None:
    """Garbage buys no more replies than requests do: each malformed message is one
    request for the rate, refused ``rate_limited`` beyond it, then ``flooding``."""
    async with running_server(limits=Limits(rate=1, strikes=5)) as (_, port, _n):
        stream, decoder = await raw_connection(port)
        bad = b"".join(encode_frame({"type": "join", "id": i, "table": 7}) for i in range(2000))
        frames = await flood_and_read(stream, decoder, bad)
        codes = [f["code"] for f in frames if f["type"] == "error"]
        assert codes == ["bad_message"] * 2 + ["rate_limited"] * 5 + ["flooding"]
        assert [f.get("id") for f in frames if f["type"] == "error"][:7] == list(range(7))
        await stream.aclose()


@pytest.mark.trio
async def test_7_a_request_refused_for_rate_is_carried_out_when_resent() -> None:
    async with running_server(limits=Limits(rate=10, strikes=1000)) as (_, port, nursery):
        c = await connect(nursery, port, "C")
        frames = b"".join(m.ListTables(i).encode() for i in range(1, 22))  # burst is 20
        await c.stream.send_all(frames)
        refused = await c.wait_for(lambda x: isinstance(x, m.Error) and x.id == 21)
        assert isinstance(refused, m.Error) and refused.code == "rate_limited"
        await trio.sleep(0.3)  # the bucket refills
        mark = len(c.received)
        await c.stream.send_all(c.conn.send(m.ListTables(21)))  # the same id, resent
        again = await c.wait_for(lambda x: isinstance(x, m.Ack | m.Error) and x.id == 21
                                 and x in since(c, mark))
        assert isinstance(again, m.Ack)


def test_7_the_rate_defaults_are_written_in_the_help_and_the_spec() -> None:
    limits = Limits()
    text = " ".join(build_parser().format_help().split())
    assert f"(default {limits.rate})" in text
    assert f"burst of twice that ({2 * limits.rate:g})" in text
    assert f"after {limits.strikes} refusals" in text
    assert "ping and pong never count" in text
    spec = FLAT
    burst, rate = f"{2 * limits.rate:g}", f"{limits.rate:g}"
    assert f"a burst of **{burst}** requests, then **{rate} per second**" in spec
    assert f"refused **{limits.strikes}** times gets the fatal error `flooding`" in spec
    assert "**not remembered**" in spec


def test_7_the_idle_timeout_and_stand_in_delay_flags_keep_the_written_defaults() -> None:
    """``--idle-timeout`` (pinging every third of it) and ``--stand-in-delay`` default
    to what the spec says, and refuse what is not a number of seconds above 0."""
    limits, parser = Limits(), build_parser()
    text = " ".join(parser.format_help().split())
    assert f"(default {limits.idle_timeout})" in text
    assert limits.ping_interval == limits.idle_timeout / 3
    assert (f"pings every {limits.ping_interval:g} s and closes with `timeout` a connection "
            f"it has heard nothing from for {limits.idle_timeout:g} s") in FLAT
    assert "`--idle-timeout S` sets the" in FLAT
    assert inspect.signature(serve).parameters["stand_in_delay"].default == 3.0
    assert "(15 s with the default 3 s delay, `--stand-in-delay`)" in FLAT
    defaults = parser.parse_args([])
    assert (defaults.idle_timeout, defaults.stand_in_delay) == (limits.idle_timeout, 3.0)
    given = parser.parse_args(["--idle-timeout", "4.5", "--stand-in-delay", "0.5"])
    assert (given.idle_timeout, given.stand_in_delay) == (4.5, 0.5)
    for flag, bad in itertools.product(("--idle-timeout", "--stand-in-delay"),
                                       ("0", "-1", "nan", "inf", "soon")):
        with pytest.raises(SystemExit):
            parser.parse_args([flag, bad])


# ---------------------------------------------------------------- 8. reconnect timers


def reconnect_timers(client: NetClient) -> list[m.Timer]:
    return [x for x in client.received if isinstance(x, m.Timer) and x.kind == "reconnect"]


@pytest.mark.trio
async def test_8_a_take_over_of_a_connected_seat_tells_the_others_nothing() -> None:
    async with running_server(bot_delay=0) as (_, port, nursery):
        a, b = await seated_pair(nursery, port)
        again = await connect(nursery, port, "A", token=a.token)
        await again.wait_for(lambda x: isinstance(x, m.Snapshot))
        await a.wait_for(lambda x: isinstance(x, m.Error) and x.code == "replaced")
        with trio.fail_after(10):
            while not a.closed:
                await trio.sleep(0.01)
        await settle(again, b)
        assert reconnect_timers(b) == []


@pytest.mark.trio
async def test_8_a_lost_connection_gives_the_others_start_and_lift_as_a_pair() -> None:
    async with running_server(bot_delay=0) as (_, port, nursery):
        a, b = await seated_pair(nursery, port)
        await b.close()
        start = await a.wait_for(lambda x: isinstance(x, m.Timer) and x.seconds is not None)
        assert start == m.Timer("reconnect", 1, 120)
        # A spectator who comes while the seat is away gets the running timer too.
        s = await connect(nursery, port, "S", role="spectator")
        mark = len(s.received)
        await s.request(m.Spectate, table="t1")
        kinds = [x.TYPE for x in since(s, mark)]
        assert kinds[0] == "snapshot" and "timer" in kinds
        [shown] = reconnect_timers(s)
        assert shown.seat == 1 and shown.seconds is not None and 0 < shown.seconds <= 120
        back = await connect(nursery, port, "B", token=b.token)
        await back.wait_for(lambda x: isinstance(x, m.Snapshot))
        await settle(back, a, s)
        for other in (a, s):
            timers = reconnect_timers(other)
            assert [t.seconds is None for t in timers] == [False, True], timers
        assert reconnect_timers(back) == []  # its own seat's lift is not for it


# ---------------------------------------------------------------- 9. welcome.name


@pytest.mark.trio
async def test_9_welcome_names_the_player_only_when_the_name_changed() -> None:
    async with running_server(bot_delay=0) as (_, port, nursery):
        plain = await connect(nursery, port, "Dana")
        assert plain.conn.welcome is not None and plain.conn.welcome.name is None
        padded = await connect(nursery, port, "  Dana ")
        assert padded.conn.welcome is not None and padded.conn.welcome.name == "Dana"
        first = await connect(nursery, port, "Twin")
        await first.request(m.CreateTable, options=options(seats=3))
        second = await connect(nursery, port, "Twin")
        await second.request(m.Join, table="t1")
        snap = await second.wait_for(lambda x: isinstance(x, m.Snapshot))
        assert isinstance(snap, m.Snapshot) and snap.seat is not None
        seat = snap.table.seats[snap.seat]
        assert seat is not None and seat.name == "Twin (2)"
        await second.close()
        back = await connect(nursery, port, "Twin", token=second.token)
        assert back.conn.welcome is not None and back.conn.welcome.name == "Twin (2)"
        # Back in the lobby, the player is again the name of its hello.
        await back.wait_for(lambda x: isinstance(x, m.Snapshot))
        back.ids = itertools.count(1000)  # the seat remembers the ids 1, 2 of before
        await back.request(m.Leave)
        await back.request(m.CreateTable, options=options(seats=2))
        own = await back.wait_for(lambda x: isinstance(x, m.Snapshot) and x.table.id == "t2")
        assert isinstance(own, m.Snapshot)
        mine = own.table.seats[0]
        assert mine is not None and mine.name == "Twin"


# ---------------------------------------------------------------- 11. integers


def test_11_integers_beyond_2_to_the_53_are_refused_on_the_wire() -> None:
    import msgpack

    for value in (INT_MAX, -INT_MAX):
        assert decode_body(msgpack.packb({"type": "ping", "nonce": value}))["nonce"] == value
    for value in (INT_MAX + 1, -INT_MAX - 1, 2**63, 2**64 - 1):
        with pytest.raises(ProtocolError) as info:
            decode_body(msgpack.packb({"type": "ping", "x": [{"deep": value}]}))
        assert info.value.code == "bad_frame"
    with pytest.raises(ProtocolError):
        m.Replay(1, "t", m.TableOptions("t", 2), ("a", "b"), INT_MAX + 1)
    assert "±(2⁵³ − 1)" in FLAT


def test_11_the_server_draws_seeds_that_fit_the_wire() -> None:
    class Highest(random.Random):
        def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
            return (stop if stop is not None else start) - 1

    async def scenario() -> None:
        table = Table("t1", options(seats=2), seed_source=Highest())
        a, b = Inbox("A"), Inbox("B")
        async with trio.open_nursery() as nursery:
            nursery.start_soon(table.run)
            await table.join(a)
            await table.join(b)
            await table.start(a)
            nursery.cancel_scope.cancel()
        assert table.model.seed == INT_MAX
        replay = m.Replay(1, "t1", table.options, ("A", "B"), table.model.seed)
        decoder = FrameDecoder()
        decoder.receive_data(replay.encode())
        frame = decoder.next_frame()
        assert frame is not None and frame["seed"] == INT_MAX

    trio.run(scenario)


# ---------------------------------------------------------------- 12. versions first


def test_12_the_version_range_is_checked_before_any_other_field() -> None:
    for hello in (
        {"type": "hello", "versions": [900, 901]},
        {"type": "hello", "versions": [900, 901], "name": 7, "client": ""},
        {"type": "hello", "versions": [0, 0], "name": "x" * 500},
    ):
        server = ServerConnection()
        server.receive_data(encode_frame(hello))
        with pytest.raises(RemoteProtocolError) as info:
            server.next_message()
        assert info.value.code == "unsupported_version", hello
        assert info.value.supported == (1, 1)
    server = ServerConnection()
    server.receive_data(encode_frame({"type": "hello", "versions": "all", "name": "x"}))
    with pytest.raises(RemoteProtocolError) as info:
        server.next_message()
    assert info.value.code == "bad_message"
    assert "**The version range comes first.**" in FLAT


@pytest.mark.trio
async def test_12_the_server_answers_a_future_hello_with_its_range() -> None:
    async with running_server() as (_, port, _n):
        stream = await trio.open_tcp_stream("127.0.0.1", port)
        await stream.send_all(encode_frame({"type": "hello", "versions": [900, 901]}))
        frames = await read_to_the_end(stream, FrameDecoder())
        assert frames == [
            {
                "type": "error",
                "code": "unsupported_version",
                "message": frames[0]["message"],
                "supported": [1, 1],
            }
        ]
        await stream.aclose()


# ---------------------------------------------------------------- 13. one name limit


def test_13_one_name_limit_in_protocol_server_client_and_spec() -> None:
    from client.config import valid_name
    from server.text import NAME_MAX as SERVER_NAME_MAX
    from server.text import unique_name

    assert SERVER_NAME_MAX == NAME_MAX
    assert valid_name("x" * NAME_MAX) and not valid_name("x" * (NAME_MAX + 1))
    assert m.Hello((1, 1), "x" * NAME_MAX, "c").name
    with pytest.raises(ProtocolError):
        m.Hello.from_dict({"versions": [1, 1], "name": "x" * (NAME_MAX + 1), "client": "c"})
    assert len(unique_name("x" * NAME_MAX, ["x" * NAME_MAX])) == NAME_MAX
    for record, field in ((m.Hello, "name"), (m.Welcome, "name"), (m.SeatInfo, "name"),
                          (m.ChatLine, "name")):
        fields = {f.name: f for f in record.__dataclass_fields__.values()}
        assert fields[field].metadata["max_len"] == NAME_MAX, record
    rows = re.findall(r"^\| `name` \| `str` 1\.\.(\d+) \|", SPEC, re.M)
    assert sorted(set(rows)) == sorted({str(NAME_MAX), "40"})  # players' names, table name


@pytest.mark.trio
async def test_13_the_server_takes_a_name_of_the_limit_and_refuses_longer() -> None:
    async with running_server() as (_, port, nursery):
        ok = await connect(nursery, port, "y" * NAME_MAX)
        assert ok.conn.welcome is not None
        stream = await trio.open_tcp_stream("127.0.0.1", port)
        hello = {"type": "hello", "versions": [1, 1], "name": "z" * (NAME_MAX + 1), "client": "c"}
        await stream.send_all(encode_frame(hello))
        [error] = await read_to_the_end(stream, FrameDecoder())
        assert error["code"] == "bad_message"
        await stream.aclose()
