"""A person at a soak table: plays random legal moves at a human pace or a fast one,
with or without ``seq`` guards, drops its connection and comes back with its token,
is killed and restarted with its saved token, and rides out server restarts.

What a real ``taki-client`` keeps across its own restart is only the seat token (on
disk); while its process lives it keeps its request ids and the requests it has no
answer for, and sends those again with the same ids after a reconnect (PROTOCOL.md
section 4). A killed person starts its ids afresh from a random number, as the
protocol asks of a client whose counter cannot survive a restart.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
import random
from dataclasses import dataclass
from typing import Any

import trio

from protocol.messages import (
    Ack,
    Action,
    Chat,
    Error,
    Event,
    GameAction,
    Hint,
    Leave,
    Message,
    Snapshot,
    Suggestion,
    TableInfo,
)

from .soak_agents import (
    RETURN_TIME,
    STAND_IN_DELAY,
    STAND_IN_MARGIN,
    Agent,
    Link,
    Pending,
    TableWatch,
    World,
    describe_table,
    lobby_tables,
    wait_change,
)
from .soak_checks import host_alone, is_own_move, judge_refusal, seat_held
from .soak_ledger import SeatBook, Sent

IN_FLIGHT = 0.04
"""The share of moves right after which the person drops (or its client is killed)
without waiting for the answer: the request is in flight."""


@dataclass
class Style:
    """How one person plays and how often things happen to it (mean seconds apart)."""

    pace: str  # human (0.2-1.2 s a move, now and then distracted) or fast
    guard: str  # always, never or sometimes sends the seq it saw
    drop_every: float
    kill_every: float
    slow_return: bool  # comes back late after a server restart
    chat_every: float = 30.0
    hint_every: float = 15.0
    check_every: float = 10.0

    @classmethod
    def draw(cls, rng: random.Random, churn: float) -> Style:
        def every(mean: float) -> float:
            return mean / churn if churn > 0 else math.inf

        return cls(
            pace=rng.choice(["human", "fast"]),
            guard=rng.choice(["always", "never", "sometimes"]),
            drop_every=every(rng.uniform(25, 50)),
            kill_every=every(rng.uniform(35, 70)),
            slow_return=rng.random() < 0.25,
        )


class Person(Agent):
    """See the module docstring."""

    def __init__(self, world: World, watch: TableWatch, name: str, rng: random.Random,
                 style: Style) -> None:
        super().__init__(world, watch, name, rng)
        self.style = style
        self.book = SeatBook(world.tally, name)
        self.faults = False  # drops and kills: only once its game runs
        self.finishing = False  # leave the table
        self.done = False
        self.lost_at: float | None = None
        self.seq_at_loss = 0
        self.host_at_loss = False  # it held the host role when its link went
        self.table_at_loss = "?"  # its table as it saw it then (for a violation's detail)
        self.returning = False  # the next snapshot is a return: judge the stand-ins
        self.due: dict[str, float] = {}
        self.timer: float | None = None  # the table's turn timer
        self.left_table = False  # a leave was sent: the token may be dead by now
        self.cut: str | None = None  # drop or kill right now, a move in flight
        self.confused = False  # an offered move was refused: resync before the next
        self.suggestion: Suggestion | None = None  # the last hint's answer
        self.leave_when_down: int | None = None
        self.leave_asked: Pending | None = None
        self.leave_name = name  # the seat's name when the leave was asked
        """Ask to leave (q q) when the link goes with server incarnation N."""
        self.left_while_down = False  # asked while the server was down: judge the leave

    # ------------------------------------------------------------ a life of connections

    async def life(self) -> None:
        try:
            await self._connections()
        finally:
            self.done = True

    async def _connections(self) -> None:
        while not self.done:
            token = self.book.token
            self.returning = token is not None  # (its snapshot may come with the welcome,
            link = await self.dial(token)  # before ``session`` looks)
            if link is None:
                return
            outcome = "lost"
            async with trio.open_nursery() as nursery:
                nursery.start_soon(link.pump)
                try:
                    outcome = await self.session(link, token)
                finally:
                    nursery.cancel_scope.cancel()
            self.went(link)
            await self.hang_up(link)
            self.abandon()
            self.asks_to_leave_while_down(outcome)
            if outcome == "done" or self.world.stopping:
                self.done = True
            elif outcome == "drop":
                self.world.stats.drops += 1
                r = self.rng.random()
                await self.away(self.rng.uniform(0.05, 1.0) if r < 0.45 else
                                self.rng.uniform(1.0, 3.5) if r < 0.8 else
                                self.rng.uniform(3.5, 8.0))
            elif outcome == "table_drop":  # every person of the table, within 1 s
                self.world.stats.drops += 1
                await self.away(self.rng.uniform(2.0, 6.0))
            elif outcome == "kill":
                self.world.stats.kills += 1
                self.forget()
                await self.away(self.rng.uniform(0.5, 6.0))
            else:  # the server went (or closed on us): taki-client's schedule
                await self.away(self.rng.uniform(1.0, 6.0) if self.style.slow_return
                                else 0.5)

    def may_leave_while_down(self) -> bool:
        """Seated in a running game, connected: one to ask to leave once the server goes."""
        link = self.link
        return (link is not None and link.alive and link.snapshots > 0 and self.faults
                and not (self.finishing or self.done or self.left_table)
                and self.book.token is not None and self.leave_when_down is None)

    def asks_to_leave_while_down(self, outcome: str) -> None:
        """The server went (its incarnation ended) while this person was chosen to leave:
        it asks to leave now, with no server to tell, as q q does in taki-client (which
        sends the Leave once the server is back and keeps the seat's token till then).
        Away for another reason, it was not there to ask."""
        marked, self.leave_when_down = self.leave_when_down, None
        server = self.world.server
        if marked is not None and outcome == "lost" and (
                not server.up or server.current.number != marked):
            self.finishing = self.left_while_down = True
            self.world.stats.left_while_down += 1

    def retry_pause(self, attempt: int) -> float:
        """taki-client's: 0.5 s after the first failed attempt, doubling up to 10 s."""
        return float(min(0.5 * 2**attempt, 10.0))

    async def away(self, seconds: float) -> None:
        """Stay away ``seconds`` (less if the soak ends meanwhile)."""
        with trio.move_on_after(seconds):
            while not self.world.stopping:
                await trio.sleep(0.2)

    def went(self, link: Link) -> None:
        if self.lost_at is None:
            self.lost_at = trio.current_time()
            self.seq_at_loss = self.max_seq
            # Judged only for a host with nobody else away: a host who went away
            # before it keeps the claim to the role (it only lent it).
            self.host_at_loss = not self.left_table and host_alone(link.table, self.seat)
            self.table_at_loss = describe_table(link.table)

    def lost_link(self, link: Link, why: str) -> None:
        super().lost_link(link, why)
        self.went(link)

    def forget(self) -> None:
        """The client process died: its memory is gone, its token (on disk) is not."""
        for sent in self.book.sent:
            if sent.state == "flying":
                sent.state = "orphan"
        for pending in self.pending.values():
            pending.done.set()
        self.pending.clear()
        self.answered.clear()
        self.ids = itertools.count(self.rng.randrange(1, 2**31))

    async def ready(self, timeout: float = 30) -> bool:
        """Until connected (and, with a token, seated again)."""
        with trio.move_on_after(timeout):
            while not (self.link is not None and self.link.alive
                       and (self.book.token is None or self.link.snapshots)):
                if self.done or self.world.stopping:
                    return False
                await trio.sleep(0.02)
            return True
        return False

    async def session(self, link: Link, token: str | None) -> str:
        """One connection, said hello with ``token`` (None: to the lobby)."""
        with trio.move_on_after(15):
            while link.welcome is None and not link.closed:
                await wait_change(link, 1.0)
        welcome = link.welcome
        if welcome is None:
            return "lost"
        if token is not None:
            ok = welcome.table == self.watch.id and welcome.seat is not None
            if not self.left_table:
                away = trio.current_time() - (self.lost_at or 0)
                self.world.tally["tokens_work"].check(
                    ok, lambda: f"{self.name}: its token (table {self.watch.id}, seat "
                                f"{self.seat}) brought back table {welcome.table} seat "
                                f"{welcome.seat} after {away:.1f} s away; server "
                                f"{self.world.server.current.number}; table "
                                f"{describe_table(self.watch.freshest[2])}",
                )
            if not ok:
                self.book.token = None
                return "done"
            with trio.move_on_after(15):
                while not link.snapshots and not link.closed:
                    await wait_change(link, 1.0)
            if not link.snapshots:
                return "lost"
            self.world.stats.reconnects += 1
            await self.resend(link)
        self.lost_at = None
        return await self.play(link)

    # ------------------------------------------------------------ playing

    def arm(self) -> None:
        now = trio.current_time()
        for what, mean in (("drop", self.style.drop_every), ("kill", self.style.kill_every),
                           ("chat", self.style.chat_every), ("check", self.style.check_every),
                           ("hint", self.style.hint_every)):
            self.due.setdefault(what, now + self.rng.expovariate(1 / mean)
                                if math.isfinite(mean) else math.inf)

    def action_pending(self) -> bool:
        return any(isinstance(p.message, Action) for p in self.pending.values())

    async def play(self, link: Link) -> str:
        self.arm()
        over_checked = -1
        while True:
            if link.closed:
                return "lost"
            if self.world.stopping:
                await self.check_view(link)
                return "done"
            if self.finishing:
                return await self.leave(link)
            if self.cut is not None:
                what, self.cut = self.cut, None
                return what
            now = trio.current_time()
            if self.faults and not self.action_pending():
                for what in ("drop", "kill"):
                    if now >= self.due[what]:
                        del self.due[what]
                        return what
            view = link.view
            seated = link.table is not None and link.snapshots > 0
            if self.confused and seated:
                self.confused = False
                await self.check_view(link)
            elif now >= self.due["check"] and seated:
                del self.due["check"]
                self.arm()
                await self.check_view(link)
            elif view is not None and view.get("over") and over_checked != link.seq:
                over_checked = link.seq
                await self.check_view(link)
            elif now >= self.due["chat"] and seated:
                del self.due["chat"]
                self.arm()
                await self.chat()
            elif (now >= self.due["hint"] and seated and link.legal and view is not None
                  and not view.get("over") and not self.action_pending()):
                del self.due["hint"]
                self.arm()
                await self.hint(link)
            elif (link.legal and view is not None and not view.get("over")
                  and not self.action_pending()):
                await self.move(link)
            else:
                await wait_change(link, 0.25)

    async def chat(self) -> None:
        self.world.stats.chats += 1
        pending = self.submit(Chat(id=next(self.ids), text=self.rng.choice(
            ["gg", "nice", "hmm", "your turn", "oops", "שלום"])), resend=True)
        await self.transmit(pending)

    async def hint(self, link: Link) -> None:
        """Ask what the strong bot would play (H) and judge the answer: ``not_allowed``
        where the table's options say no hints; elsewhere a ``suggestion`` the seat's
        legal list offered at that seq, then the ack (PROTOCOL.md 6.3)."""
        table = link.table
        if table is None:
            return
        allowed = bool(table.options.hints)
        seq, legal = link.seq, link.legal
        self.suggestion = None
        self.world.stats.hints += 1
        answer = await self.ask(Hint)
        if answer is None or link is not self.link:
            return  # (the connection went: a hint is not asked again)
        rule = self.world.tally["hints_answered"]
        where = f"{self.name}: {describe_table(table)}"
        if not allowed:
            rule.check(isinstance(answer, Error) and answer.code == "not_allowed",
                       f"{answer} where hints are off; {where}")
            return
        if isinstance(answer, Error):
            # (the turn moved on while the question travelled: a timer, a +3 window)
            rule.check(answer.code in ("not_your_turn", "no_game", "rate_limited"),
                       f"a hint refused {answer.code}; {where}")
            return
        got = self.suggestion
        rule.check(got is not None, f"a hint acknowledged without a suggestion; {where}")
        if got is not None and got.seq == seq:
            offered = {dataclasses.replace(a, seat=None, last_card=False) for a in legal}
            plain = dataclasses.replace(got.action, seat=None, last_card=False)
            rule.check(plain in offered, f"hinted {got.action}, not in {legal}; {where}")

    def leaving(self) -> bool:
        return any(isinstance(p.message, Leave) for p in self.pending.values())

    async def leave(self, link: Link) -> str:
        """Give up the seat (mid-game a bot takes it for good) and go."""
        if not self.leaving():
            self.left_table = True
            info, seat = link.table, self.seat
            mine = info.seats[seat] if (info is not None and seat is not None
                                        and seat < len(info.seats)) else None
            self.leave_name = mine.name if mine is not None else self.name
            self.leave_asked = self.submit(Leave(id=next(self.ids)), resend=True)
            await self.transmit(self.leave_asked)
        with trio.move_on_after(15):
            while self.leaving() and not link.closed:
                await wait_change(link, 0.5)
        if link.closed:
            return "lost"
        if not self.leaving():
            self.left(link)  # back in the lobby: the table's frames no longer come here
        if self.left_while_down:
            await self.judge_leave_while_down(link)
        self.book.token = None
        return "done"

    async def judge_leave_while_down(self, link: Link) -> None:
        """The leave asked while the server was down is acknowledged, and the seat is
        soon given up: free, or a bot's for good, not a stand-in waiting for this person,
        as the table's picture from the others still there shows it, or the lobby's list
        (the table closed: only bots were left). (That the game goes on is
        ``seq_moves``.) The lobby is asked because nobody may be left to see the table:
        a seed-11 soak judged the seat of a leaver who was the table's last person by a
        picture nobody refreshed, and found it "still seated" 20 s on."""
        rule = self.world.tally["leave_while_down"]
        asked = self.leave_asked
        answer = asked.answer if asked is not None else None

        def where() -> str:
            return (f"{self.name} (seat {self.seat}, table {self.watch.id}); "
                    f"{describe_table(self.watch.freshest[2])}")

        if not rule.check(isinstance(answer, Ack),
                          lambda: f"the leave was answered {answer}: {where()}"):
            return
        name = self.leave_name
        since = self.watch.freshest[0]
        if not self.watch.observers:
            self.world.stats.left_unwatched += 1

        def given_up() -> bool:
            seq, _, now = self.watch.freshest
            return now is not None and seq >= since and not seat_held(now, name)

        table_id = self.watch.id
        listed: list[TableInfo | None] = []  # the lobby's word on the table, last asked

        async def lobby_gave_up() -> bool:
            tables = await lobby_tables(self.world.server.port)
            if tables is None:
                return False  # (the server is down: ask again)
            listed[:] = [tables.get(table_id or "")]
            return not seat_held(listed[0], name)

        ok = False
        with trio.move_on_after(20):
            while not self.world.stopping:
                if given_up() or await lobby_gave_up():
                    ok = True
                    break
                await trio.sleep(0.5)
        if ok or not self.world.stopping:
            rule.check(ok, lambda: f"20 s after its leave, still seated: {where()}; the "
                                   f"lobby lists {describe_table(listed[0]) if listed else '?'}")

    def think_time(self) -> float:
        if self.style.pace == "fast":
            return self.rng.uniform(0.0, 0.03)
        if self.timer is not None and self.rng.random() < 0.05:  # distracted: the timer acts
            return self.timer + self.rng.uniform(0.3, 2.0)
        return self.rng.uniform(0.2, 1.2)

    def choose(self, legal: tuple[GameAction, ...], view: dict[str, Any]) -> GameAction:
        plays = [a for a in legal if a.type != "draw"]
        action = self.rng.choice(plays if plays and self.rng.random() < 0.8 else list(legal))
        if action.type == "play" and len(view.get("hand") or ()) == 2 and self.rng.random() < 0.8:
            action = dataclasses.replace(action, last_card=True)
        return action

    async def move(self, link: Link) -> None:
        legal, seq, view = link.legal, link.seq, link.view
        assert view is not None
        think = self.think_time()
        with trio.move_on_after(think):
            while link.seq == seq and not link.closed:
                await wait_change(link, think)
        if link.closed or (link.seq != seq and self.rng.random() < 0.7):
            return  # the screen changed: look again
        fresh = link.seq == seq and link.legal is legal
        action = self.choose(legal, view)
        guarded = self.style.guard == "always" or (
            self.style.guard == "sometimes" and self.rng.random() < 0.5)
        rid = next(self.ids)
        pending = self.submit(Action(id=rid, action=action, seq=seq if guarded else None),
                              resend=True, fresh=fresh, guarded=guarded,
                              stale_guard=guarded and self.max_seq > seq)
        pending.sent_seq = seq
        pending.on_answer = self.judge
        self.book.sent.append(Sent(rid, action, seq))
        await self.transmit(pending)
        if self.faults and self.rng.random() < IN_FLIGHT:
            self.cut = self.rng.choice(("drop", "drop", "kill"))  # before the answer comes
            return
        while not pending.done.is_set() and not link.closed:
            await wait_change(link, 1.0)

    def judge(self, pending: Pending, answer: Message) -> None:
        assert isinstance(pending.message, Action)
        rid = pending.message.id
        sent = next((s for s in reversed(self.book.sent) if s.rid == rid), None)
        rule = self.world.tally["legal_accepted"]
        link = self.link
        where = (f"{self.name} (seat {link.seat if link else '?'}) {pending.message.action} "
                 f"guard={pending.message.seq} sent at seq {pending.sent_seq}, now "
                 f"{self.max_seq}; table {describe_table(link.table if link else None)}")
        if isinstance(answer, Ack):
            self.world.stats.actions += 1
            if sent is not None:
                sent.state = "acked"
                sent.acked_at = self.max_seq
            rule.check(not pending.stale_guard, f"accepted with an old seq guard: {where}")
            return
        assert isinstance(answer, Error)
        if sent is not None:
            if sent.anchor is not None and sent.action.type != "pass":
                self.world.tally["exactly_once"].check(
                    False, f"refused {answer.code} but its move is at seq {sent.anchor}: {where}"
                )
            # (a pass it took was the +3 window's end passing for the seat: the server's)
            sent.state = "refused"
        if answer.code == "stale":
            self.world.stats.refused_stale += 1
        else:
            self.world.stats.refused_other += 1
        if pending.fresh or answer.code == "stale":
            why = judge_refusal(answer.code, pending.guarded, pending.fresh,
                                moved=self.max_seq > pending.sent_seq)
            rule.check(why is None, f"{why}: {where}; legal was fresh")
            if why is not None:
                self.confused = True  # as a client told no should: look afresh (resync)

    # ------------------------------------------------------------ what it sees of its seat

    def before(self, link: Link, message: Message) -> None:
        super().before(link, message)
        if isinstance(message, Suggestion):
            self.suggestion = message
        if isinstance(message, Snapshot) and message.seat is not None:
            self.seat = message.seat
            if message.table.options.turn_timer is not None:
                self.timer = float(message.table.options.turn_timer)
            log = message.log or ()
            for entry in log:
                seq = entry.get("seq")
                if isinstance(seq, int) and is_own_move(entry, message.seat):
                    self.book.own_move(seq, entry)
            if log and isinstance(log[0].get("seq"), int):
                self.book.covered(int(log[0]["seq"]), message.seq, log)
            if self.returning:
                self.returning = False
                self.judge_return(message)
            if link.snapshots == 0 and link.welcome is not None and link.welcome.seat is not None:
                self.world.tally["seq_continuous"].check(
                    message.seq >= self.max_seq,
                    f"{self.name}: back at seq {message.seq} after seeing {self.max_seq}: "
                    "events lost",
                )

    def judge_return(self, snap: Snapshot) -> None:
        """Back soon enough, the seat must find nothing played for it meanwhile: no
        stand-in within STAND_IN_DELAY of its going away; after a restart it lived
        through connected, no stand-in, timed-out turn or +3 window pass made for it
        by the new server (after the seq it restored) within RETURN_TIME +
        STAND_IN_DELAY of its start."""
        now = trio.current_time()
        lost = self.lost_at if self.lost_at is not None else now
        server = self.world.server
        life = server.current
        later = [e for e in snap.log or ()
                 if e.get("seat") == snap.seat and isinstance(e.get("seq"), int)
                 and e["seq"] > self.seq_at_loss]
        mine = {s.anchor for s in self.book.sent if s.anchor is not None}
        before = [x for x in server.lives if x.spawned <= lost]
        crash = before[-1] if before else None
        if (life.spawned > lost and crash is not None and crash.next_number == life.number
                and crash.down_at is not None and lost >= crash.down_at):
            limit = RETURN_TIME + STAND_IN_DELAY - STAND_IN_MARGIN
            soon = now - life.spawned < limit
            restored = life.restored.get(self.watch.id or "", self.seq_at_loss)
            moves = [e for e in later if e["seq"] > restored and (
                e.get("stand_in") or e.get("timeout")
                or (e["kind"] == "passed" and e["seq"] not in mine))]
            where = (f"server {life.number} spawned {now - life.spawned:.2f} s before, after "
                     f"SIG{crash.how.upper()}, restored at seq {restored}")
        else:
            soon = server.longest_stay(lost, now) < STAND_IN_DELAY - STAND_IN_MARGIN
            moves = [e for e in later if e.get("stand_in")]
            where = "server up" if life.spawned <= lost else "server restarted meanwhile"
        if self.host_at_loss and life.spawned <= lost:  # (a restart forgets who was host)
            self.world.tally["host_returns"].check(
                snap.table.host == snap.seat,
                lambda: f"{self.name} (seat {snap.seat}) was host when it went away and is "
                        f"back {now - lost:.2f} s later, but seat {snap.table.host} is "
                        f"host; table {describe_table(snap.table)}; when it went "
                        f"{self.table_at_loss}",
            )
        if soon:
            self.world.tally["stand_in_waits"].check(
                not moves,
                lambda: f"{self.name} (seat {snap.seat}) back {now - lost:.2f} s after going "
                        f"away ({where}) found moves made for it after seq "
                        f"{self.seq_at_loss}: {moves}; table {describe_table(snap.table)}",
            )

    def live_event(self, link: Link, message: Event) -> None:
        seat = link.seat
        event = message.event
        if is_own_move(event, seat):
            self.book.own_move(message.seq, event)
        if event.get("stand_in") and seat is not None and event.get("seat") == seat:
            self.world.tally["stand_in_waits"].check(
                False, f"{self.name} (seat {seat}), connected, got a stand-in move at seq "
                       f"{message.seq}: {event}; table {describe_table(link.table)}",
            )
