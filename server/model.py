"""A table's pure core: its seats, members, game and log, and every change to them.

``TableModel`` holds what a table is and makes every change to it that needs no
waiting: seating, leaving, going away, handing a seat back, dealing, applying and
undoing an action, pausing for a storage fault, the clocks' deadlines (server/clocks.py,
owned here), numbering events and turning them into frames (server/broadcast.py).
Nothing here awaits, sleeps, reads a clock, touches a socket or a store (it only
logs): time comes in as ``now`` arguments, and what should happen outside comes out as
plain values (server/effects.py): ``effects`` (a frame for a member, a connection to
close, the lobby to tell) and, from a step that needs one, a store write (``Write``)
to be awaited before the step goes on. The table's one task (server/table.py, the
shell) feeds it commands, carries its effects out, and alone does the awaiting (the
store, a searching bot's worker).

**Why a table cannot stall.** A stall is a table with something due that nobody will
ever do: a bot asked again forever, or a deadline whose wake-up was lost. Neither can
happen by construction:

- Only ``clocks`` holds deadlines, and the table's task asks ``clocks.next_deadline()``
  afresh each time before it waits, after whatever the last command changed
  (``Table.run``). A wake-up is a value read at the moment of waiting, not a message
  that can be sent too early or dropped: no change a command makes can leave the task
  asleep past a deadline that change made, and nothing outside the task sets one.
- A deadline handed out by ``clocks.due(now)`` is cleared as it is handed out and set
  again only by ``arm``, which the shell calls after every change (``Table._changed``)
  and after every searching bot's answer. So a due thing is done or re-armed, never
  lost, and never repeated without a change in between.
- A searching bot is asked once per decision: ``thinking`` is the one decision in
  flight; while it is set ``bot_move`` asks nobody (``BUSY``). The shell's search task
  always posts its answer back, however the search ended (a failure, a timeout: the
  search is bounded), and only that answer clears ``thinking`` (``finish_thinking``,
  ``thinking_over``), then applies a move (the bot's, or ``basic``'s when the bot's is
  not legal) unless the game moved on meanwhile, in which case the re-armed clocks ask
  for the new position. A refused choice is never asked for again: asking again would
  get the same answer (the bot's state does not change while the game waits).

Each step's effects and the state it leaves are a function of the model and the
command alone (bar a new seat's random token), so tests/test_model.py drives it with
no trio at all.
"""

from __future__ import annotations

import copy
import logging
import random
import secrets
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from engine import Action as EngineAction
from engine import Game, Options, TakiError, action_from_json, redact, replay, view_of
from engine.bots import Bot, make_bot
from engine.events import PASSED, TURN
from engine.events import Event as EngineEvent
from engine.views import View
from protocol.dedupe import RecentIds
from protocol.errors import ProtocolError
from protocol.limits import INT_MAX
from protocol.messages import (
    ChatLine,
    Error,
    GameAction,
    Message,
    Replay,
    Snapshot,
    TableInfo,
    TableOptions,
    TableUpdate,
    Timer,
)

from . import broadcast
from .clocks import Clocks, legal_choice, searches
from .effects import (
    AppendAction,
    Close,
    Effect,
    LobbyChanged,
    NewGame,
    Notice,
    SaveRow,
    Send,
)
from .faults import PAUSED_TEXT, UNAVAILABLE, Pause
from .seats import Member, Seat, Watch, holding
from .standings import Tally, key_of
from .text import clean_chat, unique_name
from .wire import engine_action as wire_engine_action
from .wire import played_action

log = logging.getLogger("taki.server")

LOG_KEEP = 40
"""Events a snapshot carries for display (the client's log after a reconnect)."""

BUSY = "busy"
"""``bot_move``'s answer while a searching bot's decision is in flight (its end
re-arms the clocks)."""

BOT_NAMES = ("Noa", "Avi", "Tal", "Maya", "Gil", "Yael", "Omer", "Lior", "Roni", "Shira")
"""Bots get people's names (their seats are marked as bots everywhere)."""


def engine_options(opts: TableOptions) -> Options:
    return Options(opts.stairs, opts.must_play_if_able, opts.play_for_places)


class TableModel:
    """A table's state and every change to it that needs no waiting; see the module
    docstring."""

    def __init__(
        self,
        table_id: str,
        options: TableOptions,
        *,
        bot_delay: float = 0.8,
        stand_in_delay: float = 3.0,
        seed_source: random.Random | None = None,
        stored: bool = False,
    ) -> None:
        self.id = table_id
        self.options = options
        self.seats: list[Seat | None] = [None] * options.seats
        self.host: int | None = None
        self.host_away: Seat | None = None
        """The host's seat while its person's connection is gone (the role passed on
        for the while): the role comes back with them (``reclaim``), as a friend who
        made the table and dropped out expects to find it. Kept by identity, so the
        seats packed at a deal move it along."""
        self.state = "waiting"
        self.game: Game | None = None
        self.game_id: int | None = None
        self.seed = 0
        self.first: int | None = None
        self.actions: list[EngineAction] = []
        self.seq = 0
        self.log: deque[tuple[int, EngineEvent]] = deque(maxlen=LOG_KEEP)
        self.members: dict[Member, Watch] = {}
        self.bot_delay = bot_delay
        self.stand_in_delay = stand_in_delay
        self.stored = stored
        """Whether the table has a store (its changes are written before anyone hears
        of them; a paused table retries it)."""
        self.seeds = seed_source or random.Random(secrets.randbits(64))
        self.effects: list[Effect] = []
        """What the shell is to carry out, in order, once the step is over."""
        self.clocks = Clocks(self)
        """The table's deadlines (sans IO: they read this state, never write it)."""
        self.last_info: TableInfo | None = None
        self.saved_info: TableInfo | None = None
        self.published: Notice | None = None
        """The notice the lobby was last sent (``LobbyChanged``)."""
        """The info as the store last took it (None: the row is to be written again)."""
        self.info_cache: TableInfo | None = None
        self.public: dict[str, Any] | None = None
        """The public view members were last sent (patches are diffs against it)."""
        self.pause = Pause(table_id)
        """The storage fault this table waits out, if any (server/faults.py)."""
        self.stand_in_moves: set[int] = set()
        """Indexes in ``actions`` of the moves stand-ins made (marked in the replay)."""
        self.timeout_moves: set[int] = set()
        """Indexes in ``actions`` of the moves the server made when a timer ran out."""
        self.hinted: set[str] = set()
        """Standings keys of the seats given a hint in this game (server/hints.py)."""
        self.held: list[EngineEvent] = []
        """Events taken from the game to number them before storing their action."""
        self.held_by: MadeFor | None = None
        """The seat the server acted for in the held events' action, and how: a
        stand-in's move (``stand_in``) or the turn timer's (``timeout``)."""
        self.marks: dict[int, str] = {}
        """Seqs of the events a move the server made for a seat caused for that seat,
        with the mark their maps carry: ``stand_in`` ("a bot played for you") or
        ``timeout`` (the turn timer ran out)."""
        self.thinking: Ask | None = None
        """The searching bot's decision in progress (one at a time per table), if any:
        set when it is asked, cleared once its answer is handled."""
        self.held_for_bot: list[EngineEvent] = []
        """Events for that bot, held back until it has decided (it must not observe
        while it chooses, and a worker's copy may replace it)."""
        self.returning: dict[Member, str] = {}
        """Members watching while they wait to be handed their seat back: their token."""
        self.standings = Tally()
        """The standings of the evening (server/standings.py)."""

    # ------------------------------------------------------------------ questions

    def take_effects(self) -> list[Effect]:
        effects, self.effects = self.effects, []
        return effects

    def info(self) -> TableInfo:
        """The table as the lobby sees it (cached until a command changes it)."""
        if self.info_cache is None:
            self.info_cache = TableInfo(
                self.id,
                self.options,
                self.state,
                tuple(s.info() if s else None for s in self.seats),
                self.host,
                sum(1 for w in self.members.values() if w.seat is None),
                self.standings.record(self.seats),
                all_away=self.clocks.everyone_away(),
            )
        return self.info_cache

    def notice(self, *, first: bool = False) -> Notice:
        """What the lobby is to know of the table (server/effects.py): as its members
        were last told (``first``: as it is now, before anyone was told)."""
        info = self.info() if first or self.last_info is None else self.last_info
        return Notice(
            self.id, info,
            tuple(s.token if s is not None else None for s in self.seats),
            tuple(s.former_token if s is not None else None for s in self.seats),
            self.empty, first,
        )

    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s is not None and s.person]

    def seat_of_token(self, token: str) -> int | None:
        return holding((s.token if s is not None else None for s in self.seats), token)

    def seat_of_former(self, token: str) -> int | None:
        """The bot seat that ``token`` held before the bot took it for good."""
        return holding((s.former_token if s is not None else None for s in self.seats), token)

    @property
    def empty(self) -> bool:
        """Nobody but bots, and nobody waiting to come back: the lobby may close it."""
        return not self.humans() and not self.members

    def names(self) -> list[str]:
        return [s.name for s in self.seats if s is not None]

    def free_seat(self, seat: int | None) -> int:
        if self.state == "playing":
            raise ProtocolError("game_in_progress", "the game has started; watch it instead")
        if seat is not None:
            if seat >= len(self.seats):
                raise ProtocolError("bad_seat", f"there is no seat {seat}")
            if self.seats[seat] is not None:
                raise ProtocolError("seat_taken", f"seat {seat} is taken")
            return seat
        for i, s in enumerate(self.seats):
            if s is None:
                return i
        raise ProtocolError("table_full", "every seat is taken")

    def next_host(self) -> int | None:
        """The next seated person, connected ones first (None: only bots are left)."""
        people = self.humans()
        online = [i for i in people if (s := self.seats[i]) is not None and s.member is not None]
        chosen = online or people
        return chosen[0] if chosen else None

    def need_host(self, member: Member) -> None:
        watch = self.members.get(member)
        if watch is None or watch.seat is None or watch.seat != self.host:
            raise ProtocolError("not_host", "only the table's host may do this")

    def not_paused(self) -> None:
        if self.pause.paused:
            raise ProtocolError(UNAVAILABLE, PAUSED_TEXT)

    def has(self, member: Member) -> bool:
        """Whether ``member`` is at this table (seated or watching)."""
        return member in self.members

    def replay(self) -> Replay | None:
        """The game just finished here as a ``replay`` (None: none is, in memory)."""
        game = self.game
        if self.state != "over" or game is None:
            return None
        names = tuple(s.name for s in self.seats if s is not None)[: game.n]
        actions = tuple(
            played_action(a, stand_in=i in self.stand_in_moves, timeout=i in self.timeout_moves)
            for i, a in enumerate(self.actions)
        )
        return Replay(
            self.game_id or 1, self.id, self.options, names, self.seed, self.first, actions,
            game.winner,
        )

    def seat_for(self, member: Member) -> Seat | None:
        watch = self.members.get(member)
        if watch is None or watch.seat is None:
            return None
        seat = self.seats[watch.seat]
        return seat if seat is not None and seat.member is member else None

    def row(self) -> SaveRow:
        """The table's row as the store is to keep it."""
        seats = [s.saved() if s else None for s in self.seats]
        for seat, entry in zip(self.seats, seats, strict=True):
            if seat is not None and entry is not None and key_of(seat)[0] in self.hinted:
                entry["hinted"] = True  # (this game's standings count it: kept across kills)
        return SaveRow(self.state, seats, self.host, self.game_id, self.seq)

    def row_unsaved(self) -> bool:
        """Whether the seats, state or host differ from what the store last took."""
        info = self.info()
        saved = self.saved_info
        return saved is None or (info.seats, info.state, info.host) != (
            saved.seats, saved.state, saved.host
        )

    def snapshot(self, member: Member) -> Snapshot:
        """Everything ``member`` may see now."""
        return broadcast.snapshot(self, member)

    def event_map(self, seq: int, ev: EngineEvent, viewer: int | None) -> dict[str, Any]:
        return broadcast.event_map_of(self, seq, ev, viewer)

    # ------------------------------------------------------------------ telling

    def tell(self, message: Message) -> None:
        for member in list(self.members):
            self.effects.append(Send(member, message))

    def send_snapshot(self, member: Member, now: float) -> None:
        """A snapshot, then a ``timer`` for each deadline running now: a snapshot holds
        no clocks, and a later lift must never be the first a member hears of one."""
        self.effects.append(Send(member, self.snapshot(member)))
        for timer in self.clocks.running(now):
            self.effects.append(Send(member, timer))

    def arm(self, now: float) -> None:
        """Re-arm the clocks for the state the table is now in, telling everyone of a
        timer that starts or stops."""
        for timer in self.clocks.arm(now):
            self.tell(timer)

    def invalidate(self) -> None:
        """Forget cached views and info (after the game was replaced from outside)."""
        self.info_cache = None
        self.public = None
        for watch in self.members.values():
            watch.synced = False

    def number_events(self) -> list[tuple[int, EngineEvent]]:
        """Number the game's new events (held ones first), log them, tell the
        searching bots; returns them with their seqs."""
        game = self.game
        if game is None:
            return []
        events = self.held + game.take_events()
        by = self.held_by
        self.held = []
        self.held_by = None
        batch: list[tuple[int, EngineEvent]] = []
        for ev in events:
            self.seq += 1
            batch.append((self.seq, ev))
            self.log_event(self.seq, ev, by)
            if ev.kind == TURN:
                self.clocks.turn_passed()
        if batch:
            self.tell_bots(events)  # (the batch's events, in its order)
        return batch

    def tell_bots(self, events: list[EngineEvent]) -> None:
        """Searching bots follow their seat's events (as that seat sees them); the one
        thinking now gets them once it has decided."""
        for index, seat in enumerate(self.seats):
            if seat is None or seat.bot is None:  # (a person: most seats, every action)
                continue
            bot = seat.bot
            observe = getattr(bot, "observe", None)
            if observe is None:
                continue
            seen = [redact(ev, index) for ev in events]
            if self.thinking is not None and bot is self.thinking.bot:
                self.held_for_bot.extend(seen)
            else:
                observe(seen)

    def log_event(self, seq: int, ev: EngineEvent, by: MadeFor | None) -> None:
        """Keep an event for snapshots, noting whether the server made it for its seat
        (a stand-in's move or a timed-out turn's)."""
        self.log.append((seq, ev))
        if by is not None and by.marks(ev):
            self.marks[seq] = by.mark
            if len(self.marks) > 2 * LOG_KEEP:
                oldest = self.log[0][0]
                self.marks = {s: m for s, m in self.marks.items() if s >= oldest}

    def changed(self, now: float, snapshot_to: Iterable[Member] = (), *,
                seats: bool = True) -> None:
        """After any command: tell everyone what happened (the store's row and the
        clocks follow, in the shell: ``Table._changed``).

        ``seats`` False: only the game moved, so the table's info (seats, host, state,
        spectators) need not be rebuilt."""
        if seats:
            self.info_cache = None
        targets = list(snapshot_to)
        self.back_from_everyone_away(targets, now)
        batch = self.number_events()
        if batch:
            self.effects.extend(broadcast.event_frames(self, batch))
        for member in targets:
            if member in self.members:
                self.send_snapshot(member, now)
        self.tell_info(targets, seats=seats)

    def tell_info(self, targets: Iterable[Member] = (), *, seats: bool = True) -> None:
        """Tell the members (but ``targets``, sent a snapshot) and the lobby the table's
        info if it changed since they were last told."""
        info = self.info()
        if info is not self.last_info and info != self.last_info:  # (the same: no compare)
            self.last_info = info
            update = TableUpdate(info)
            for member in list(self.members):
                if member not in targets:
                    self.effects.append(Send(member, update))
        elif not seats:
            return  # (only the game moved: nothing the lobby knows of changed)
        notice = self.notice()
        if notice != self.published:
            self.published = notice
            self.effects.append(LobbyChanged(notice))

    def back_from_everyone_away(self, targets: list[Member], now: float) -> None:
        """The table waited with everyone away (Clocks.waiting_since) and someone is
        back: the seats still away start afresh, as if their people went now (a full
        grace period, announced again, and the stand-in delay before a stand-in plays).
        ``targets`` get a snapshot, whose timers say it instead."""
        if self.clocks.waiting_since is None or self.clocks.everyone_away():
            return
        for i, seat in enumerate(self.seats):
            if seat is None or not seat.person or seat.member is not None:
                continue
            if seat.away_since is None:
                continue
            seat.away_since = now
            if seat.stand_in is not None:
                seat.stand_in = None
                self.info_cache = None
            timer = Timer("reconnect", i, self.options.reconnect_grace)
            for member in list(self.members):
                if member not in targets:
                    self.effects.append(Send(member, timer))
        log.info("table %s: play resumes (it waited with everyone away)", self.id)

    # ------------------------------------------------------------------ seats

    def seat_backup(self) -> Callable[[], None]:
        """An undo for a seat change about to be made (the seats and the host, as the
        store has them), for when the store cannot take it."""
        seats = list(self.seats)
        copies = [copy.copy(s) if s is not None else None for s in seats]
        host, host_away = self.host, self.host_away

        def undo() -> None:
            for seat, before in zip(seats, copies, strict=True):
                if seat is not None and before is not None:
                    vars(seat).update(vars(before))
            self.seats = seats
            self.host, self.host_away = host, host_away
            self.info_cache = None

        return undo

    def seat_stored(self) -> None:
        """A seat change went into the store."""
        self.info_cache = None
        self.saved_info = self.info()

    def join(self, member: Member, seat: int | None) -> tuple[int, str]:
        """Seat ``member`` (to be stored, then ``joined``); its seat and token."""
        index = self.free_seat(seat)
        self.not_paused()
        name = unique_name(member.name, self.names())
        token = secrets.token_hex(16)
        self.seats[index] = Seat(name, token=token, member=member)
        if self.host is None or self.seats[self.host] is None:
            self.host = index
        return index, token

    def joined(self, member: Member, index: int) -> None:
        seat = self.seats[index]
        assert seat is not None
        member.name = seat.name
        self.members[member] = Watch(index)
        _seated(member, seat)

    def spectate(self, member: Member) -> None:
        self.members[member] = Watch(None)

    def reclaim(self, token: str, member: Member) -> int | None:
        """Take back the seat that ``token`` holds; the seat, or None. A connection
        already holding the seat is told it was replaced and let go."""
        index = self.seat_of_token(token)
        if index is None:
            return None
        seat = self.seats[index]
        assert seat is not None
        member.name = seat.name  # the welcome gives the name the seat is shown under
        old = seat.member
        if old is not None and old is not member:
            self.members.pop(old, None)
            self.effects.append(
                Send(old, Error("replaced", "this seat was taken back by another connection"))
            )
            self.effects.append(Close(old))
        if seat.away_since is not None and self.clocks.waiting_since is None:
            # Lift the grace period that ``away`` announced (or that a snapshot's
            # timers showed); a take-over of a connected seat started none, and a table
            # waiting for everyone lifted them all already (Clocks._wait): no lift.
            self.tell(Timer("reconnect", index, None))
        seat.member = member
        seat.away_since = None
        seat.stand_in = None
        seat.stand_in_from = None  # (gone again later: the usual delay)
        if self.host_away is seat:  # the host is back: so is the role
            self.host, self.host_away = index, None
        self.members[member] = Watch(index)
        _seated(member, seat)
        return index

    def watch_to_return(self, token: str, member: Member) -> bool:
        """A person whose seat a bot took for good watches until it is handed back."""
        if self.seat_of_former(token) is None:
            return False
        self.members[member] = Watch(None)
        self.returning[member] = token
        return True

    def gone(self, member: Member) -> tuple[int, Seat] | None:
        """``member`` is no longer here (left, or its connection went): its seat, if
        it held one, for ``give_up`` or ``away``."""
        watch = self.members.pop(member, None)
        self.returning.pop(member, None)
        if watch is None or watch.seat is None:
            return None
        seat = self.seats[watch.seat]
        if seat is not None and seat.member is member:
            return watch.seat, seat
        return None

    def give_up(self, index: int, *, returnable: bool = False) -> None:
        """A person's seat is let go: a bot for good in a game, else a free seat.

        ``returnable``: the person did not leave but stayed away past the grace
        period, so the host may hand the seat back to them later."""
        seat = self.seats[index]
        assert seat is not None
        if self.state == "playing":
            seat.former_token = seat.token if returnable else None
            log.info("table %s: a bot now plays for %s (seat %d)", self.id, seat.name, index)
            seat.member = None
            seat.token = None
            seat.away_since = None
            seat.stand_in = None
            seat.stand_in_from = None
            seat.bot_kind = "basic"  # the name stays: everyone sees who the bot replaced
            seat.bot = make_bot("basic")
        else:
            self.seats[index] = None
        if self.host_away is seat:
            self.host_away = None
        if self.host == index:
            self.host = self.next_host()

    def grace_over(self, now: float) -> None:
        """Grace periods that ran out by ``now``: their seats go (``give_up``)."""
        for i, s in enumerate(self.seats):
            if (
                s is not None and s.person and s.member is None and s.away_since is not None
                and s.away_since + self.options.reconnect_grace <= now
            ):
                self.give_up(i, returnable=True)

    def away(self, index: int, seat: Seat, now: float) -> None:
        """The seat's person is gone for now: it waits for their token (grace period)."""
        seat.member = None
        seat.away_since = now
        self.tell(Timer("reconnect", index, self.options.reconnect_grace))
        if self.host == index:
            self.host = self.next_host()
            if self.host != index and self.host_away is None:  # (the first host away
                self.host_away = seat  # keeps its claim over a stand-in host gone too)

    def add_bot(self, member: Member, kind: str, seat: int | None) -> int:
        """Seat a bot (to be stored); its seat."""
        self.need_host(member)
        index = self.free_seat(seat)
        self.not_paused()
        taken = {n.casefold() for n in self.names()}
        free = [n for n in BOT_NAMES if n.casefold() not in taken]
        name = free[0] if free else unique_name(BOT_NAMES[0], self.names())
        bot = make_bot(kind, self.seeds.randrange(2**31))
        self.seats[index] = Seat(name, bot=bot, bot_kind=kind)
        return index

    def remove_bot(self, member: Member, seat: int, now: float) -> bool:
        """Free a bot's seat, or hand a kept seat back to its person mid-game (to be
        stored); True for a hand-back (``handed_back`` once stored)."""
        self.need_host(member)
        if not 0 <= seat < len(self.seats):
            raise ProtocolError("bad_seat", f"there is no seat {seat}")
        holder = self.seats[seat]
        if self.state == "playing":
            if holder is not None and holder.bot is not None and holder.former_token:
                self.not_paused()
                self.hand_back(seat, holder, now)
                return True
            raise ProtocolError("game_in_progress", "bots leave only between games")
        if holder is None or holder.bot is None:
            raise ProtocolError("not_a_bot", f"seat {seat} is not held by a bot")
        self.not_paused()
        self.seats[seat] = None
        return False

    def hand_back(self, index: int, seat: Seat, now: float) -> None:
        """The bot that kept a seat after the grace period leaves; the person who held
        it sits again with the hand as it is (``handed_back`` once that is stored)."""
        self.info_cache = None
        seat.bot = None
        seat.bot_kind = None
        seat.token, seat.former_token = seat.former_token, None
        seat.recent = RecentIds()
        seat.stand_in = None
        seat.away_since = now

    def handed_back(self, index: int) -> None:
        """A seat handed back (and stored) is taken at once by its person if they are
        watching, else on their return with their token (a fresh grace period, a
        stand-in meanwhile)."""
        seat = self.seats[index]
        assert seat is not None
        log.info("table %s: seat %d handed back to %s", self.id, index, seat.name)
        back = next((m for m, t in self.returning.items() if t == seat.token), None)
        if back is not None:
            del self.returning[back]
            seat.member = back
            seat.away_since = None
            self.members[back] = Watch(index)
            _seated(back, seat)
            self.effects.append(Send(back, self.snapshot(back)))
        else:
            self.tell(Timer("reconnect", index, self.options.reconnect_grace))

    # ------------------------------------------------------------------ the game

    def deal_check(self, member: Member | None, first_seat: int | None, *,
                   rematch: bool = False) -> None:
        """Refuse a deal that cannot be made (by ``member``, the host)."""
        if member is not None:
            self.need_host(member)
        if rematch:
            if self.state != "over":
                code = "game_in_progress" if self.state == "playing" else "no_game"
                raise ProtocolError(code, "a rematch follows a finished game")
        elif self.state == "playing":
            raise ProtocolError("game_in_progress", "a game is already being played")
        taken = [s for s in self.seats if s is not None]
        if len(taken) < 2:
            raise ProtocolError("not_enough_players", "a game needs at least 2 seated players")
        if first_seat is not None and (
            first_seat >= len(self.seats) or self.seats[first_seat] is None
        ):
            raise ProtocolError("bad_seat", f"seat {first_seat} is empty")
        self.not_paused()

    def deal_plan(self, first_seat: int | None) -> Deal:
        """The game about to be dealt (stored first, then ``deal``): seats packed to
        the front so that engine seat i is table seat i."""
        taken = [s for s in self.seats if s is not None]
        order = [i for i, s in enumerate(self.seats) if s is not None]
        moved = {old: new for new, old in enumerate(order)}
        first = moved[first_seat] if first_seat is not None else None
        seed = self.seeds.randrange(INT_MAX + 1)  # a replay's seed is on the wire
        host = moved.get(self.host) if self.host is not None else None
        return Deal(taken, moved, first, seed, host)

    def game_write(self, plan: Deal) -> NewGame:
        """The deal as the store is to take it (the game and the table's row)."""
        taken = plan.taken
        packed = [s.saved() for s in taken] + [None] * (len(self.seats) - len(taken))
        return NewGame(len(taken), plan.seed, plan.first, [s.name for s in taken], packed,
                       plan.host, self.seq)

    def deal(self, plan: Deal, game_id: int | None) -> None:
        taken = plan.taken
        self.seats = taken + [None] * (len(self.seats) - len(taken))
        for seat in taken:  # a searching bot's memory is of one game: a fresh one
            if seat.bot is not None and searches(seat.bot) and seat.bot_kind is not None:
                seat.bot = make_bot(seat.bot_kind, self.seeds.randrange(2**31))
        self.host = plan.host
        for watch in self.members.values():
            if watch.seat is not None:
                watch.seat = plan.moved.get(watch.seat)
            watch.synced = False
        self.first = plan.first
        self.seed = plan.seed
        self.game = Game.new(len(taken), self.seed, engine_options(self.options), self.first)
        self.actions = []
        self.stand_in_moves = set()
        self.timeout_moves = set()
        self.hinted = set()
        self.game_id = game_id
        self.state = "playing"
        self.log.clear()
        self.game.take_events()
        self.info_cache = None
        self.saved_info = self.info()  # (stored with the game)

    def action_of(self, member: Member, action: GameAction, seq: int | None
                  ) -> tuple[EngineAction, str | None]:
        """A seated member's action as the engine's, with its seat's token; refused
        (``stale`` when the table moved on since ``seq``) as the protocol says."""
        watch = self.members.get(member)
        if watch is None or watch.seat is None:
            raise ProtocolError("not_seated", "only a seated player may act")
        self.not_paused()
        if seq is not None and seq != self.seq:
            raise ProtocolError("stale", f"the table is at event {self.seq}, not {seq}")
        if self.game is None or self.state != "playing":
            raise ProtocolError("no_game", "no game is being played here")
        if action.seat is not None and action.seat != watch.seat:
            raise ProtocolError("bad_action", f"seat: you sit at seat {watch.seat}")
        try:
            engine_action = wire_engine_action(action, watch.seat)
        except TakiError as exc:
            raise ProtocolError(exc.code, exc.message) from None
        holder = self.seats[watch.seat]
        return engine_action, holder.token if holder is not None else None

    def apply(
        self,
        action: EngineAction,
        by: str | None,
        answer: tuple[str, str, int, dict[str, Any]] | None = None,
    ) -> tuple[Tally | None, AppendAction | None]:
        """Apply ``action`` to the game (to be stored, then ``applied``, or undone by
        ``undo_last``): the standings after it if it ends the game, and what the store
        is to take (None: the table keeps no store, or no stored game)."""
        game = self.game
        assert game is not None
        try:
            game.apply(action)
        except TakiError as exc:
            raise ProtocolError(exc.code, exc.message) from None
        self.actions.append(action)
        self.held.extend(game.take_events())
        self.held_by = MadeFor.of(action, by)
        finished = game.over
        tally = (
            self.standings.after(game, self.seats, self.options.stairs, self.hinted)
            if finished else None
        )
        if not self.stored or self.game_id is None:
            return tally, None
        return tally, AppendAction(
            self.game_id, len(self.actions), action.to_json(), self.seq + len(self.held), by,
            answer, (game.winner,) if finished else None,
            tally.to_json() if tally is not None else None,
        )

    def applied(self, by: str | None, tally: Tally | None) -> None:
        """The last action is stored: mark it, and end the game if it did."""
        if by == "stand_in":
            self.stand_in_moves.add(len(self.actions) - 1)
        elif by == "timeout":
            self.timeout_moves.add(len(self.actions) - 1)
        if tally is not None:
            self.standings = tally
        assert self.game is not None
        if self.game.over:
            self.state = "over"

    def undo_last(self) -> None:
        """Take back the last applied action (it could not be stored): replay the rest."""
        self.actions.pop()
        self.held = []
        self.held_by = None
        self.game = self.replayed(self.actions)
        self.public = None
        for watch in self.members.values():
            watch.synced = False

    def replayed(self, actions: list[EngineAction]) -> Game:
        game = replay(
            len(self.game.hands) if self.game is not None else 0, self.seed, actions,
            engine_options(self.options), self.first, record=True,
        )
        game.take_events()
        return game

    def chat(self, member: Member, text: str) -> None:
        watch = self.members.get(member)
        if watch is None:
            raise ProtocolError("not_at_table", "join or watch a table to chat")
        line = clean_chat(text)
        if not line:
            raise ProtocolError("bad_message", "text: nothing printable to say")
        self.tell(ChatLine(member.name, line, watch.seat, watch.seat is None))

    # ------------------------------------------------------------------ bots

    def bot_for(self, index: int, now: float) -> Bot | None:
        """The bot that acts for ``index`` now: a bot seat's own, or an absent person's
        stand-in once the stand-in delay has passed."""
        seat = self.seats[index]
        if seat is None:
            return None
        if seat.bot is not None:
            return seat.bot
        if seat.member is None and seat.away_since is not None:
            if seat.stand_in is None and now >= self.clocks.stand_in_due(index, seat):
                seat.stand_in = make_bot("basic")
                self.info_cache = None
                # Everyone is shown the stand-in now, before the events of its first
                # move (told after this step): not "Bob drew 1 (a bot stands in)" first.
                self.tell_info()
            return seat.stand_in
        return None

    def bot_move(self, now: float) -> tuple[EngineAction, bool] | Ask | str | None:
        """A bot's move is due: the first acting seat a bot acts for now plays (its
        action and whether it stands in for a person), or, for a searching bot, its
        decision to ask (``thinking``; ``BUSY`` while one is in flight: its end re-arms);
        None when no bot acts now."""
        game = self.game
        assert game is not None
        for index in self.clocks.acting_seats():
            bot = self.bot_for(index, now)
            if bot is None:
                continue
            mine = [a for a in game.legal_actions() if a.seat == index]
            holder = self.seats[index]
            # A bot for an absent person, or one keeping the seat of a person who may
            # be handed it back: either way "a bot played for you".
            stand_in = holder is not None and (
                holder.bot is None or holder.former_token is not None
            )
            if searches(bot):
                if self.thinking is not None:
                    return BUSY
                job = Ask(index, bot, view_of(game, index), mine, self.seq, stand_in)
                self.thinking = job
                return job
            return bot.choose(view_of(game, index), mine), stand_in
        return None

    def finish_thinking(
        self, job: Ask, choice: EngineAction | None, bot: Bot
    ) -> EngineAction | None:
        """A searching bot's answer: the move to apply (its choice, or ``basic``'s if
        the game refuses it), or None when the game moved on meanwhile. The search is
        over whatever this returns; ``bot`` (the one that thought, maybe a worker's
        copy) takes the seat's bot's place and is told what its seat saw meanwhile."""
        held = self.held_for_bot if self.thinking is job else []
        if self.thinking is job:
            self.thinking = None
            self.held_for_bot = []
        holder = self.seats[job.seat]
        if holder is None or holder.bot is not job.bot:
            return None  # the seat changed hands meanwhile
        holder.bot = bot
        observe = getattr(bot, "observe", None)
        if observe is not None and held:
            observe(held)
        game = self.game
        if (game is None or self.state != "playing" or self.seq != job.seq
                or self.pause.paused or self.clocks.waiting_since is not None):
            return None  # the game moved on meanwhile (or waits for everyone)
        if choice is None or not legal_choice(choice, job.seat, game.legal_actions()):
            if choice is not None:
                log.warning("table %s: seat %d's bot chose %s, not a legal action; it plays"
                            " basic", self.id, job.seat, choice)
            mine = [a for a in game.legal_actions() if a.seat == job.seat]
            if not mine:
                return None
            choice = make_bot("basic").choose(view_of(game, job.seat), mine)
        return choice

    def thinking_over(self, job: Ask) -> None:
        """Whatever became of a search's answer, the search is over."""
        if self.thinking is job:
            self.thinking = None
            self.held_for_bot = []

    # ------------------------------------------------------------------ faults

    def fault(self, reason: str, now: float) -> None:
        """The store failed: pause (once), tell everyone in words, retry later."""
        if self.pause.begin(reason, now):
            self.tell(Error(UNAVAILABLE, PAUSED_TEXT))
            self.tell(Timer("paused", None, self.pause.delay))
        self.saved_info = None  # the table's row is written again on resume

    def retry_failed(self, now: float) -> None:
        self.pause.failed_again(now)
        self.tell(Timer("paused", None, self.pause.delay))

    def resumed(self, now: float) -> None:
        """The store took a write again: the table goes on, with a fresh turn timer
        (nobody loses a turn to the pause)."""
        self.pause.end(now)
        self.clocks.fresh_turn()
        self.tell(Timer("paused", None, None))
        self.arm(now)

    # ------------------------------------------------------------------ restore

    def replay_saved(
        self,
        players: int,
        seed: int,
        first: int | None,
        stored: list[dict[str, Any]],
        seqs: list[int | None],
        by: list[str | None],
    ) -> None:
        """Rebuild the game action by action, numbering each action's events so that
        the last one carries the seq stored with it: ``seq`` continues where it was and
        the log keeps its recent history (stand-in moves marked as such)."""
        self.seed = seed
        self.first = first
        self.game = game = Game.new(players, seed, engine_options(self.options), first,
                                    record=True)
        game.take_events()
        self.actions = []
        count = self.seq if not any(q is not None for q in seqs) else 0
        for i, data in enumerate(stored):
            action = action_from_json(data)
            game.apply(action)
            self.actions.append(action)
            events = game.take_events()
            stored_seq = seqs[i] if i < len(seqs) else None
            last = stored_seq if stored_seq is not None else count + len(events)
            mark = by[i] if i < len(by) and by[i] in ("stand_in", "timeout") else None
            if mark == "stand_in":
                self.stand_in_moves.add(i)
            elif mark == "timeout":
                self.timeout_moves.add(i)
            held_by = MadeFor.of(action, mark)
            for k, ev in enumerate(events):
                self.log_event(last - len(events) + 1 + k, ev, held_by)
            count = last
        self.seq = max(self.seq, count)


@dataclass(frozen=True)
class MadeFor:
    """A move the server made for a seat, and how (``stand_in`` or ``timeout``): its
    events for that seat carry the mark. A pass marks its ``passed`` event only: the
    +3's draws and the turn that follow the window's close (the seat's own included)
    are the +3's doing, not a move made for the seat, so no client words them as a
    timed-out turn ("Time ran out: your turn ends" as that turn starts)."""

    seat: int
    mark: str
    only: str | None = None
    """The one event kind the mark goes on (None: every event of the seat)."""

    @staticmethod
    def of(action: EngineAction, by: str | None) -> MadeFor | None:
        if by is None:
            return None
        return MadeFor(action.seat, by, PASSED if action.type == "pass" else None)

    def marks(self, ev: EngineEvent) -> bool:
        return ev.seat == self.seat and (self.only is None or ev.kind == self.only)


def _seated(member: Member, seat: Seat) -> None:
    """``member`` now holds ``seat``: its answers to recent request ids join the
    seat's, and it remembers further ones there (across reconnects)."""
    if member.recent is not seat.recent:
        member.recent.merge_into(seat.recent)
        member.recent = seat.recent


@dataclass(frozen=True, slots=True)
class Ask:
    """A searching bot's decision to make (one at a time per table): what it is
    asked, and the table's event seq then (its answer counts only if still so)."""

    seat: int
    bot: Bot
    view: View
    legal: list[EngineAction]
    seq: int
    stand_in: bool


class Deal:
    """A deal about to be made: the seats packed to the front (``moved``: old index to
    new), the first seat, the seed and the host."""

    __slots__ = ("first", "host", "moved", "seed", "taken")

    def __init__(self, taken: list[Seat], moved: dict[int, int], first: int | None,
                 seed: int, host: int | None) -> None:
        self.taken = taken
        self.moved = moved
        self.first = first
        self.seed = seed
        self.host = host
