"""The soak's tables: the option mixes they are opened with (``plans``) and the life of
one table (``TableRun``): its host creates it, people join, the host seats bots and
deals, everyone plays a game or a few (rematches), then everyone leaves, mid-game if
the table has lived long enough (a bot takes each seat given up)."""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Iterator
from dataclasses import dataclass, replace

import trio

from protocol.messages import Ack, AddBot, CreateTable, Join, Rematch, Start, TableOptions

from .soak_agents import TableWatch, World
from .soak_person import Person, Style

NAMES = ("Dana", "Omer", "Noga", "Itai", "Shira", "Yoni", "Tamar", "Ariel")

STRONG_CASTS: dict[int, tuple[int, int, str | None]] = {0: (2, 1, "fast"), 1: (4, 1, None)}
"""The first two tables of each round of 16, by their place in it: (seats, people,
the person's pace), every other seat a strong bot. So the soak always plays a 2-player
table against a strong bot and a 4-player one with three, from its first minute on.
The 2-player table's person plays fast, so that even a one-minute soak on a slow
machine, with two server restarts holding games, sees a strong game end and judges
``strong_games_end`` (at a human pace one game could outlast the minute: a CI run
saw none end). Both play three games, one after the other."""
STRONG_LIFETIME = 150.0
"""Seconds at least that those tables live: time for a game or two, across the server
restarts of the soak's middle (each holds every game up to 15 s)."""

STRONG_GAME = 150.0
"""Seconds of a game at a table with strong bots after which it counts as never
ending (``strong_games_end``): a 10-seat game with people at a human pace, a server
restart and a table drop fit well within it."""


@dataclass(frozen=True)
class Plan:
    """One table's option mix and cast."""

    number: int
    seats: int
    people: int
    bots: tuple[tuple[int, str], ...]  # (seat, kind)
    stairs: bool
    must_play_if_able: bool
    play_for_places: bool
    turn_timer: float | None
    plus3_window: float
    first_seat: int | None
    games: int
    lifetime: float
    hints: bool = False
    """The table gives hints (H): every other table, so both answers are walked."""
    pace: str | None = None
    """Every person's pace here, or None for each its own (``Style.draw``)."""

    @property
    def strong(self) -> bool:
        """Whether a strong bot plays here."""
        return any(kind == "strong" for _, kind in self.bots)

    def options(self) -> TableOptions:
        return TableOptions(
            f"Soak {self.number}", self.seats, self.stairs, self.must_play_if_able,
            self.play_for_places, self.turn_timer, self.plus3_window, reconnect_grace=90,
            hints=self.hints,
        )

    def describe(self) -> str:
        flags = [n for n, on in (("stairs", self.stairs), ("must", self.must_play_if_able),
                                 ("places", self.play_for_places), ("hints", self.hints)) if on]
        if self.turn_timer:
            flags.append(f"timer {self.turn_timer:g}")
        bots = ",".join(kind for _, kind in self.bots)
        return (f"table {self.number}: {self.seats} seats, {self.people} people, bots [{bots}],"
                f" +3 window {self.plus3_window:g}, {' '.join(flags) or 'plain'}")


def plans(seed: int) -> Iterator[Plan]:
    """Table plans that walk every option mix: each round of 16 tables takes each
    combination of (stairs, must_play_if_able, play_for_places, turn timer) once, with
    seat counts 2..10 in turn; every third table seats a strong bot, and the first two
    of each round only strong bots beside one person (``STRONG_CASTS``)."""
    rng = random.Random(f"{seed}/plans")
    mixes = list(itertools.product((False, True), repeat=4))
    counts = list(range(2, 11))
    number = 0
    while True:
        rng.shuffle(mixes)
        for stairs, must, places, timer in mixes:
            if number % len(counts) == 0:
                rng.shuffle(counts)
            seats = counts[number % len(counts)]
            people = rng.randint(1, min(seats, 4))
            if seats <= 4 and rng.random() < 0.3:
                people = seats  # people only
            free = list(range(people, seats))
            empty = rng.randint(0, min(2, len(free))) if people + len(free) > 2 else 0
            bot_seats = sorted(rng.sample(free, len(free) - empty))
            if people + len(bot_seats) < 2:
                bot_seats = free[:2 - people]
            kinds = [rng.choice(("random", "basic", "basic")) for _ in bot_seats]
            if kinds and number % 3 == 0:
                kinds[rng.randrange(len(kinds))] = "strong"
            lifetime = rng.uniform(40, 120)
            games = rng.randint(1, 3)
            cast = STRONG_CASTS.get(number % len(mixes))
            pace = None
            if cast is not None:
                seats, people, pace = cast
                bot_seats = list(range(people, seats))
                kinds = ["strong"] * len(bot_seats)
                lifetime = max(lifetime, STRONG_LIFETIME)
            taken = list(range(people)) + bot_seats
            yield Plan(
                number=number, seats=seats, people=people,
                bots=tuple(zip(bot_seats, kinds, strict=True)),
                stairs=stairs, must_play_if_able=must, play_for_places=places,
                turn_timer=float(rng.choice((3, 5, 8))) if timer else None,
                plus3_window=float(rng.choice((1, 2, 4))),
                first_seat=rng.choice(taken) if rng.random() < 0.5 else None,
                games=games if cast is None else 3, lifetime=lifetime,
                hints=number % 2 == 1, pace=pace,
            )  # fmt: skip
            number += 1


class TableRun:
    """One table from creation to everyone leaving; see the module docstring."""

    def __init__(self, world: World, plan: Plan, seed: int) -> None:
        self.world = world
        self.plan = plan
        self.rng = random.Random(f"{seed}/table/{plan.number}")
        self.watch = TableWatch(world, plan.describe())
        self.people = [
            Person(world, self.watch, f"{NAMES[k % len(NAMES)]}{plan.number}",
                   random.Random(f"{seed}/table/{plan.number}/person/{k}"),
                   self._style(world))
            for k in range(plan.people)
        ]
        self.watch.people = list(self.people)
        self.game_began: float | None = None  # (tables with strong bots: ``_judge_games``)
        self.games_ended = 0
        self.overdue = False

    async def run(self) -> None:
        world = self.world
        world.stats.tables += 1
        world.stats.strong_tables += self.plan.strong
        world.tables.append(self.watch)
        try:
            async with trio.open_nursery() as nursery:
                for person in self.people:
                    nursery.start_soon(person.life)
                if await self.setup():
                    for person in self.people:
                        person.faults = True
                    await self.play()
                else:
                    world.stats.setups_abandoned += 1
                for person in self.people:
                    person.finishing = True
                with trio.move_on_after(30):
                    while not all(p.done for p in self.people):
                        await trio.sleep(0.1)
                nursery.cancel_scope.cancel()
        finally:
            world.tables.remove(self.watch)
            world.stats.unverified_acks += sum(
                s.state in ("acked", "unverified") and s.anchor is None
                for p in self.people for s in p.book.sent
            )

    async def setup(self) -> bool:
        """Create, join, seat the bots, deal; False if the server went in the middle
        (a lobby request is not sent again on a new connection: it could open a second
        table)."""
        host, *guests = self.people
        if not await host.ready():
            return False
        got = await host.ask(CreateTable, options=self.plan.options())
        if not isinstance(got, Ack) or got.table is None:
            return False
        self.watch.id = got.table
        host.book.token = got.token
        for guest in guests:
            if not await guest.ready():
                return False
            got = await guest.ask(Join, table=self.watch.id, seat=None)
            if not isinstance(got, Ack):
                return False
            guest.book.token = got.token
        for seat, kind in self.plan.bots:
            if not isinstance(await host.ask(AddBot, kind=kind, seat=seat, resend=True), Ack):
                return False
        got = await host.ask(Start, first_seat=self.plan.first_seat, resend=True)
        return isinstance(got, Ack)

    def _style(self, world: World) -> Style:
        """One person's style, drawn from the table's generator; the plan's pace wins."""
        style = Style.draw(self.rng, world.churn)
        return style if self.plan.pace is None else replace(style, pace=self.plan.pace)

    def host(self) -> Person | None:
        """The person who holds the host's seat, if connected."""
        info = self.watch.freshest[2]
        if info is None or info.host is None:
            return None
        for person in self.people:
            link = person.link
            if link is not None and link.alive and link.seat == info.host and link.snapshots:
                return person
        return None

    async def play(self) -> None:
        """Rematch until the plan's games are played or the table's time is up."""
        began = trio.current_time()
        rematch_at: float | None = None
        # Once in a table's life, maybe: every person drops within a second, so the
        # game waits for them (PROTOCOL.md 5.4) until one is back.
        table_drop = began + self.rng.uniform(3.0, 12.0) if self.rng.random() < 0.6 \
            else math.inf
        while not self.world.stopping:
            await trio.sleep(0.3)
            now = trio.current_time()
            self._judge_games(now)
            if now >= table_drop and self.watch.playing:
                table_drop = math.inf
                self.world.stats.table_drops += 1
                for person in self.people:
                    person.cut = "table_drop"
                    await trio.sleep(self.rng.uniform(0.0, 0.3))
            if now - began > self.plan.lifetime:
                if self.watch.playing:
                    self.world.stats.left_mid_game += 1
                return
            host = self.host()
            view = host.link.view if host is not None and host.link is not None else None
            if host is None or view is None or not view.get("over"):
                continue
            if len(self.watch.over_seqs) >= self.plan.games:
                return
            if rematch_at is None:
                rematch_at = now + self.rng.uniform(0.3, 2.0)
            elif now >= rematch_at:
                rematch_at = None
                await host.ask(Rematch, resend=True)

    def _judge_games(self, now: float) -> None:
        """At a table with strong bots, each game ends within ``STRONG_GAME`` seconds of
        being seen to start (``strong_games_end``): judged when it ends, or once, when
        it has run that long. Their turns keeping the seq moving is ``seq_moves``; this
        is the table getting somewhere."""
        if not self.plan.strong:
            return
        rule = self.world.tally["strong_games_end"]
        ended = len(self.watch.over_seqs)
        if ended > self.games_ended:
            self.games_ended = ended
            self.world.stats.strong_games_finished += 1
            began, self.game_began = self.game_began, None
            if began is not None and not self.overdue:
                rule.check(now - began <= STRONG_GAME)
            self.overdue = False
        if self.watch.playing and self.game_began is None:
            self.game_began = now
        if self.game_began is not None and now - self.game_began > STRONG_GAME \
                and not self.overdue:
            self.overdue = True
            rule.check(False, f"{self.watch.label}: a game still running after"
                              f" {STRONG_GAME:g} s (seq {self.watch.seq})")
