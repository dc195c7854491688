"""What the soak's clients share: a life of connections (``Agent``, each connection a
``Link``) to a server that may vanish under them, and the soak's record of a table
(``TableWatch``: one history, who watches, whether its seq moves).

People who play are tests/support/soak_person.py (their seats' records
tests/support/soak_ledger.py), people who watch tests/support/soak_watch.py. Every frame
a client receives passes the checks of tests/support/soak_checks.py before it changes the
client's picture.
"""

from __future__ import annotations

import contextlib
import copy
import itertools
import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import trio

from protocol.errors import LocalProtocolError
from protocol.messages import (
    Ack,
    Action,
    Error,
    Event,
    ListTables,
    Message,
    Request,
    Resync,
    Snapshot,
    TableInfo,
    Tables,
    TableUpdate,
    Welcome,
)

from .harness import Client
from .soak_checks import (
    Tally,
    event_leak,
    legal_key,
    legal_leak,
    patch_leak,
    signature,
    view_leak,
)
from .soak_server import SoakServer
from .soak_standings import StandingsSeen, token_of

STAND_IN_DELAY = 3.0
"""taki-server's stand-in delay (``serve(stand_in_delay=3.0)``, not on its command line)."""
RETURN_TIME = 12.0
"""taki-server's allowance, after a restart, for a client to notice and reconnect: no
stand-in, timed-out turn or closing +3 window acts for anyone before RETURN_TIME plus
STAND_IN_DELAY have passed since it listens again (PROTOCOL.md 5.4)."""
STAND_IN_MARGIN = 1.0
"""A person back within STAND_IN_DELAY - STAND_IN_MARGIN seconds of going away (after
a restart: RETURN_TIME + STAND_IN_DELAY - STAND_IN_MARGIN of the server's spawn) must
find nothing played for its seat meanwhile (the margin: the soak's clock and the
server's see the same moments a little apart)."""
ANSWER_TIMEOUT = 40.0
HISTORY = 4000  # seqs of events remembered per table
LINKS = itertools.count(1)


@dataclass
class Stats:
    """Counts for the report (not invariants)."""

    tables: int = 0
    setups_abandoned: int = 0
    games_finished: int = 0
    actions: int = 0
    refused_stale: int = 0
    refused_other: int = 0
    resent: int = 0
    drops: int = 0
    kills: int = 0
    table_drops: int = 0
    """Times every person of a table dropped within a second (the table waits)."""
    all_away_seen: int = 0
    """Seconds the monitor saw a running game wait with every person away."""
    reconnects: int = 0
    spectators: int = 0
    chats: int = 0
    hints: int = 0
    """Hints asked (H), at tables with hints on or off."""
    view_checks_skipped: int = 0
    unverified_acks: int = 0
    stand_in_moves: int = 0
    timeouts: int = 0
    left_mid_game: int = 0
    left_while_down: int = 0
    """People who asked to leave while the server was down (q q, taki-client's
    ``Session.leaving``), the leave sent once it was back."""
    left_unwatched: int = 0
    """Of those, leavers whose table no other client was watching once the leave was
    acknowledged (its last person, say): only the lobby's list can show their seat
    given up."""
    strong_tables: int = 0
    strong_games_finished: int = 0


class World:
    """What every client shares: the server, the tally, the stats, the live tables."""

    def __init__(self, server: SoakServer, tally: Tally, churn: float) -> None:
        self.server = server
        self.tally = tally
        self.stats = Stats()
        self.churn = churn
        self.stopping = False
        self.tables: list[TableWatch] = []


# ---------------------------------------------------------------------------- one table


class TableWatch:
    """What the soak knows of one table from all its clients: its id and last info, the
    highest seq seen and when it moved, every event seen by seq (one history), and
    which clients are connected to it now (to know whether anyone can see it move)."""

    def __init__(self, world: World, label: str) -> None:
        self.world = world
        self.label = label
        self.id: str | None = None
        self.people: list[Agent] = []  # (the table's persons: one may leave while down)
        self.seq = 0
        self.moved_at = trio.current_time()
        self.observed_since = math.inf  # since when someone is connected without a break
        self.observers = 0
        self.stalled = False
        self.history: dict[int, tuple[str, str]] = {}  # seq -> (signature, who saw it)
        self.over_seqs: set[int] = set()
        self.freshest: tuple[int, dict[str, Any] | None, TableInfo | None] = (0, None, None)
        self.waited_at = -math.inf
        """When the table was last seen waiting with every person away (it may not
        move then, PROTOCOL.md 5.4)."""

    def observe(self, delta: int) -> None:
        self.observers += delta
        if self.observers == 1 and delta > 0:
            self.observed_since = trio.current_time()
        elif self.observers == 0:
            self.observed_since = math.inf

    def moved(self, seq: int) -> None:
        if seq > self.seq:
            self.seq = seq
            self.moved_at = trio.current_time()
            self.stalled = False

    def record(self, seq: int, event: dict[str, Any], who: str) -> None:
        """One history: the event at ``seq`` is the same for everyone, across restarts."""
        sig = signature(event)
        known = self.history.get(seq)
        if known is None:
            self.history[seq] = (sig, who)
            if len(self.history) > HISTORY:
                for old in sorted(self.history)[: HISTORY // 4]:
                    del self.history[old]
            return
        self.world.tally["one_history"].check(
            known[0] == sig,
            lambda: f"table {self.id} seq {seq}: {known[1]} saw {known[0]}, {who} saw {sig}",
        )

    def picture(self, seq: int, view: dict[str, Any] | None, info: TableInfo | None) -> None:
        if seq >= self.freshest[0]:
            self.freshest = (seq, view, info)

    @property
    def playing(self) -> bool:
        """A game runs, as the freshest picture any client has says."""
        _, view, info = self.freshest
        return (
            info is not None and info.state == "playing" and view is not None
            and not view.get("over", False)
        )


# ---------------------------------------------------------------------------- one connection


class Link(Client):
    """One connection of a soak client: the harness client (view by patches, legal list,
    seq, pings) with every message shown to its agent before and after it is kept."""

    software = "soak/1"

    def __init__(self, stream: trio.abc.Stream, name: str, *, agent: Agent) -> None:
        super().__init__(stream, name)
        self.agent = agent
        self.number = next(LINKS)
        self.welcome: Welcome | None = None
        self.snapshots = 0
        self.patched = True  # the view is whole (no action's last event came patch-less)
        self.broken = False  # a patch led nowhere: the view is off until a snapshot
        self.resync_rid: int | None = None
        self.resync_pre: tuple[Any, ...] | None = None
        self.connected_at = trio.current_time()
        self.counted = False  # counted as an observer of its table

    def on_message(self, message: Message) -> None:
        self.agent.before(self, message)
        try:
            super().on_message(message)
        except ValueError as exc:  # protocol.patch: a path that leads nowhere
            self.broken = True
            self.agent.world.tally["view_matches"].check(
                False, f"{self.name}: a patch does not apply to the kept view: {exc}"
            )
        if isinstance(message, Welcome):
            self.welcome = message
        elif isinstance(message, Snapshot):
            self.snapshots += 1
            self.patched, self.broken = True, False
        elif isinstance(message, Event) and message.view is not None:
            self.patched = True
        elif isinstance(message, Event):
            self.patched = False
        self.agent.after(self, message)

    def lost(self, why: str) -> None:
        self.agent.lost_link(self, why)

    @property
    def alive(self) -> bool:
        return not self.closed and not self.closing and self.welcome is not None


# ---------------------------------------------------------------------------- requests


@dataclass
class Pending:
    """A request and what became of it."""

    message: Request
    resend: bool  # sent again on the next connection if unanswered (seat requests)
    sent_seq: int
    fresh: bool = False  # an action chosen from the legal list of ``sent_seq``
    guarded: bool = False
    stale_guard: bool = False  # guarded with a seq the sender knew was old
    links: list[int] = field(default_factory=list)
    answer: Message | None = None
    done: trio.Event = field(default_factory=trio.Event)
    on_answer: Callable[[Pending, Message], None] | None = None


# ---------------------------------------------------------------------------- agents


class Agent:
    """A client's life across connections: requests by id, answers, and the checks that
    every frame passes."""

    role: str | None = None

    def __init__(self, world: World, watch: TableWatch, name: str, rng: random.Random) -> None:
        self.world = world
        self.watch = watch
        self.name = name
        self.rng = rng
        self.link: Link | None = None
        self.pending: dict[int, Pending] = {}
        self.ids = itertools.count(rng.randrange(1, 2**31))
        self.max_seq = 0  # the highest seq this client has seen at its table
        self.answered: dict[int, int] = {}  # rid -> link number that answered it
        self.seat: int | None = None
        self.standings = StandingsSeen()  # (tests/support/soak_standings.py)

    # ------------------------------------------------------------ connecting

    async def dial(self, token: str | None = None) -> Link | None:
        """A new connection (hello sent); None when the soak stops first. Tries again
        after ``retry_pause`` while nothing listens."""
        attempt = 0
        while not self.world.stopping:
            try:
                link = await Link.connect(
                    self.world.server.port, self.name, token=token, role=self.role, agent=self
                )
            except OSError:
                with trio.move_on_after(self.retry_pause(attempt)):
                    while not self.world.stopping:
                        await trio.sleep(0.1)
                attempt += 1
                continue
            self.link = link
            return link
        return None

    def retry_pause(self, attempt: int) -> float:
        """Seconds to wait after the ``attempt``-th failed connection (from 0)."""
        return 0.1 + 0.1 * self.rng.random()

    async def hang_up(self, link: Link) -> None:
        self.left(link)
        await link.close()

    def left(self, link: Link) -> None:
        if link.counted:
            link.counted = False
            self.watch.observe(-1)

    def lost_link(self, link: Link, why: str) -> None:
        self.left(link)

    async def send(self, link: Link, message: Request) -> bool:
        try:
            await link.send(link.conn.send(message))
        except (LocalProtocolError, trio.BrokenResourceError, trio.ClosedResourceError,
                OSError):
            return False
        return True

    def submit(self, message: Request, *, resend: bool, **how: Any) -> Pending:
        pending = Pending(message, resend, self.max_seq, **how)
        self.pending[message.id] = pending
        return pending

    async def transmit(self, pending: Pending) -> None:
        link = self.link
        if link is not None and link.alive and await self.send(link, pending.message):
            pending.links.append(link.number)

    async def ask(self, request: type[Request], *, resend: bool = False,
                  **fields: Any) -> Message | None:
        """Send a request and wait for its answer (None: the connection went first and
        the request is not one to send again, or no answer in ANSWER_TIMEOUT)."""
        pending = self.submit(request(id=next(self.ids), **fields), resend=resend)
        await self.transmit(pending)
        link = self.link
        with trio.move_on_after(ANSWER_TIMEOUT):
            await pending.done.wait()
        if not pending.done.is_set():
            self.pending.pop(pending.message.id, None)
            stayed = link is not None and link is self.link and link.alive
            self.world.tally["answered_once"].check(
                not stayed or not pending.links,
                f"{self.name}: no answer to {pending.message} in {ANSWER_TIMEOUT:.0f} s",
            )
        return pending.answer

    def abandon(self) -> None:
        """The connection went: requests not to be sent again get no answer."""
        for rid, pending in list(self.pending.items()):
            if not pending.resend:
                del self.pending[rid]
                pending.done.set()

    async def resend(self, link: Link) -> None:
        for rid in sorted(self.pending):
            pending = self.pending.get(rid)
            if pending is not None and pending.resend and link.alive:
                self.world.stats.resent += 1
                if await self.send(link, pending.message):
                    pending.links.append(link.number)

    # ------------------------------------------------------------ every frame

    def before(self, link: Link, message: Message) -> None:
        """Checks on a frame before it changes the client's picture."""
        tally = self.world.tally
        if isinstance(message, Snapshot):
            seat = message.seat
            leak = (view_leak(message.view, seat) if message.view is not None else None) \
                or legal_leak(message.legal, seat)
            for entry in message.log or ():
                leak = leak or event_leak(entry, seat)
            tally["hidden_cards"].check(leak is None, f"{self.name} snapshot: {leak}")
            if link.snapshots:
                tally["seq_continuous"].check(
                    message.seq >= link.seq,
                    f"{self.name}: a snapshot at seq {message.seq} after {link.seq}",
                )
            if link.resync_rid is not None:
                link.resync_pre = (copy.deepcopy(link.view), link.legal, link.seq,
                                   link.patched and not link.broken, message)
            self.snapshot_log(link, message)
        elif isinstance(message, Event):
            seat = link.seat
            leak = event_leak(message.event, seat) or legal_leak(message.legal, seat) or (
                patch_leak(message.view, seat, over=bool(link.view and link.view.get("over")))
                if message.view is not None else None)
            tally["hidden_cards"].check(leak is None, f"{self.name} event: {leak}")
            if link.snapshots:
                tally["seq_continuous"].check(
                    message.seq == link.seq + 1,
                    f"{self.name}: event {message.seq} after {link.seq}",
                )
            self.watch.record(message.seq, message.event, self.name)
            if message.event.get("stand_in"):
                self.world.stats.stand_in_moves += 1
            if message.event.get("timeout"):
                self.world.stats.timeouts += 1
            self.live_event(link, message)

    def after(self, link: Link, message: Message) -> None:
        """Bookkeeping once the frame is kept: answers, the table's picture."""
        if isinstance(message, Ack | Error) and message.id is not None:
            self.route_answer(link, message)
        elif isinstance(message, Error):
            self.unasked_error(link, message)
        if isinstance(message, Event | Snapshot):
            self.max_seq = max(self.max_seq, message.seq)
            self.watch.moved(message.seq)
            if (isinstance(message, Event) and message.view and message.view.get("over")
                    and message.seq not in self.watch.over_seqs):
                    self.watch.over_seqs.add(message.seq)
                    self.world.stats.games_finished += 1
        if isinstance(message, Snapshot | TableUpdate | Event):
            self.watch.picture(link.seq, link.view, link.table)
        self.standings.saw(message, link.seat, token_of(self))
        if isinstance(message, Snapshot | TableUpdate) and link.table is not None \
                and link.table.id == self.watch.id:
            self.standings.check(self.world.tally["standings"], self.name, link.table,
                                 link.seat, token_of(self))
        if isinstance(message, Snapshot) and not link.counted:
            link.counted = True
            self.watch.observe(+1)

    def snapshot_log(self, link: Link, message: Snapshot) -> None:
        for entry in message.log or ():
            seq = entry.get("seq")
            if isinstance(seq, int):
                self.watch.record(seq, entry, f"{self.name} (log)")

    def live_event(self, link: Link, message: Event) -> None:
        """A seat's hook for its own moves (people)."""

    def route_answer(self, link: Link, message: Ack | Error) -> None:
        rid = message.id
        assert rid is not None
        twice = self.answered.get(rid) == link.number
        self.world.tally["answered_once"].check(
            not twice, f"{self.name}: request {rid} answered twice on one connection: {message}"
        )
        self.answered[rid] = link.number
        if len(self.answered) > 500:
            for old in list(self.answered)[:250]:
                del self.answered[old]
        pending = self.pending.pop(rid, None)
        if pending is None:
            return
        pending.answer = message
        if isinstance(message, Ack) and message.seat is not None and message.token:
            self.seat = message.seat
        if pending.on_answer is not None:
            pending.on_answer(pending, message)
        elif isinstance(message, Error) and not isinstance(pending.message, Action):
            self.refused(pending, message)
        if isinstance(pending.message, Resync):
            self.compare(link, message)
        pending.done.set()

    EXPECTED: dict[str, frozenset[str]] = {
        "rematch": frozenset({"not_host", "game_in_progress"}),
        "start": frozenset({"not_host", "game_in_progress"}),
        "spectate": frozenset({"no_such_table"}),
        "join": frozenset({"no_such_table", "game_in_progress", "table_full"}),
        "leave": frozenset({"not_at_table"}),
        "resync": frozenset({"not_at_table"}),
        "chat": frozenset({"not_at_table"}),
        # (whether the code was the right one is judged by ``hints_answered``)
        "hint": frozenset({"not_allowed", "not_your_turn", "no_game"}),
    }

    def refused(self, pending: Pending, error: Error) -> None:
        kind = pending.message.TYPE
        self.world.tally["errors_expected"].check(
            error.code in self.EXPECTED.get(kind, frozenset()),
            f"{self.name}: {kind} refused {error.code}: {error.message}",
        )

    def unasked_error(self, link: Link, error: Error) -> None:
        """An error without a request id: only ``server_shutdown`` while the server is
        being stopped is expected."""
        expected = error.code == "server_shutdown" and not self.world.server.up
        self.world.tally["errors_expected"].check(
            expected, f"{self.name}: error {error.code} without an id: {error.message}"
        )

    # ------------------------------------------------------------ the view check

    async def check_view(self, link: Link) -> None:
        """Ask for a fresh snapshot; ``compare`` judges it against the kept picture."""
        if not link.alive or link.resync_rid is not None:
            return
        rid = next(self.ids)
        link.resync_rid, link.resync_pre = rid, None
        pending = self.submit(Resync(id=rid), resend=False)
        await self.transmit(pending)
        with trio.move_on_after(20):
            while not pending.done.is_set() and link.alive:
                await wait_change(link, 0.5)
        if not pending.done.is_set():
            self.pending.pop(rid, None)
            link.resync_rid = None

    def compare(self, link: Link, answer: Message) -> None:
        pre, link.resync_rid, link.resync_pre = link.resync_pre, None, None
        if not isinstance(answer, Ack) or pre is None:
            return
        view, legal, seq, whole, snap = pre
        assert isinstance(snap, Snapshot)
        if (view is None or snap.view is None or not whole
                or bool(view.get("over")) != bool(snap.view.get("over"))):
            self.world.stats.view_checks_skipped += 1
            return
        tally = self.world.tally
        tally["seq_continuous"].check(
            seq == snap.seq, f"{self.name}: kept seq {seq}, snapshot seq {snap.seq}"
        )
        if seq != snap.seq:
            return
        tally["view_matches"].check(view == snap.view, lambda: f"{self.name} at seq {seq}: "
                                    + view_difference(view, snap.view or {}))
        if snap.seat is not None:
            tally["legal_matches"].check(
                legal_key(legal) == legal_key(snap.legal),
                lambda: f"{self.name} (seat {snap.seat}) at seq {seq}: kept "
                        f"{legal_key(legal)}, snapshot {legal_key(snap.legal)}; "
                        f"table {describe_table(snap.table)}",
            )


async def lobby_tables(port: int) -> dict[str, TableInfo] | None:
    """Every open table as the lobby lists it now, by id, through a connection of its
    own (no token: it takes no seat); None when the server cannot be asked. What a
    person who left a table can still learn of it, whoever is left there to watch: the
    table's own frames go to its members only."""
    try:
        with trio.fail_after(10):
            client = await Client.connect(port, "Lobby", keep=True)
            try:
                async with trio.open_nursery() as nursery:
                    nursery.start_soon(client.pump)
                    answer = await client.request(ListTables)
                    nursery.cancel_scope.cancel()
            finally:
                await client.close()
    except (OSError, EOFError, trio.TooSlowError, trio.BrokenResourceError,
            trio.ClosedResourceError):
        return None
    if not isinstance(answer, Ack):
        return None
    infos: dict[str, TableInfo] = {}
    for message in client.received:  # (the first tables, the rest one by one, then the ack)
        for info in (message.tables if isinstance(message, Tables) else
                     (message.table,) if isinstance(message, TableUpdate) else ()):
            infos[info.id] = info
    return infos


def view_difference(kept: dict[str, Any], fresh: dict[str, Any]) -> str:
    keys = sorted(k for k in set(kept) | set(fresh) if kept.get(k) != fresh.get(k))
    return "; ".join(f"{k}: kept {kept.get(k)!r} fresh {fresh.get(k)!r}" for k in keys)[:500]


def describe_table(info: TableInfo | None) -> str:
    if info is None:
        return "?"
    seats = ",".join(
        "-" if s is None else (s.bot or "person") + ("" if s.connected else "(away)")
        + ("(stand-in)" if s.stand_in else "") for s in info.seats
    )
    o = info.options
    return (f"{info.id} {info.state} seats[{seats}] stairs={o.stairs} must={o.must_play_if_able}"
            f" places={o.play_for_places} timer={o.turn_timer} plus3={o.plus3_window}"
            f" spectators={info.spectators}")


async def wait_change(link: Link, timeout: float) -> None:
    """Until the link receives something (or closes), at most ``timeout`` seconds."""
    seen = (link.seq, id(link.legal), id(link.view), link.snapshots, link.closed)
    with trio.move_on_after(timeout):
        with contextlib.suppress(EOFError, trio.TooSlowError):
            await link.wait_until(
                lambda: (link.seq, id(link.legal), id(link.view), link.snapshots,
                         link.closed) != seen,
                timeout + 1,
            )
    await trio.lowlevel.checkpoint()
