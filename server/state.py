"""What a table holds, and who is here: the state the table's other layers share.

``TableState`` keeps a table's seats, members, game and clocks' deadlines and answers
questions about them (the lobby's info, whose token a seat holds, who hosts); it
changes nothing. ``Broadcaster`` (server/broadcast.py) and ``Table`` (server/table.py,
the commands) build on it; its ``clocks`` (server/clocks.py) only read it.
"""

from __future__ import annotations

import logging
import random
import secrets
from collections import deque
from typing import Any

from engine import Action as EngineAction
from engine import Game, Options
from engine.events import Event as EngineEvent
from protocol.errors import ProtocolError
from protocol.messages import (
    Message,
    Replay,
    TableInfo,
    TableOptions,
)

from .clocks import Clocks
from .faults import Pause
from .seats import Member, Seat, Watch
from .standings import Tally
from .store import Store
from .thinking import Thinkers, Thinking
from .wire import played_action

log = logging.getLogger("taki.server")

LOG_KEEP = 40
"""Events a snapshot carries for display (the client's log after a reconnect)."""


def engine_options(opts: TableOptions) -> Options:
    return Options(opts.stairs, opts.must_play_if_able, opts.play_for_places)



class TableState:
    """A table's state and the questions about it; see the module docstring."""

    def __init__(
        self,
        table_id: str,
        options: TableOptions,
        *,
        bot_delay: float = 0.8,
        stand_in_delay: float = 3.0,
        seed_source: random.Random | None = None,
        store: Store | None = None,
        on_change: Any = None,
        thinkers: Thinkers | None = None,
    ) -> None:
        self.id = table_id
        self.options = options
        self.seats: list[Seat | None] = [None] * options.seats
        self.host: int | None = None
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
        self.store = store
        self.thinkers = thinkers
        """Where searching bots think (None: a thread of this process)."""
        self._seeds = seed_source or random.Random(secrets.randbits(64))
        self._on_change = on_change
        self._closed = False
        self.clocks = Clocks(self)
        """The table's deadlines (sans IO: they read this state, never write it)."""
        self._last_info: TableInfo | None = None
        self._saved_info: TableInfo | None = None
        self._info: TableInfo | None = None
        self._public: dict[str, Any] | None = None
        self.pause = Pause(table_id)
        """The storage fault this table waits out, if any (server/faults.py)."""
        self.stand_in_moves: set[int] = set()
        """Indexes in ``actions`` of the moves stand-ins made (marked in the replay)."""
        self.timeout_moves: set[int] = set()
        """Indexes in ``actions`` of the moves the server made when a timer ran out."""
        self._held: list[EngineEvent] = []
        """Events taken from the game to number them before storing their action."""
        self._held_by: tuple[int, str] | None = None
        """The seat the server acted for in the held events' action, and how: a
        stand-in's move (``stand_in``) or the turn timer's (``timeout``)."""
        self._marks: dict[int, str] = {}
        """Seqs of the events a move the server made for a seat caused for that seat,
        with the mark their maps carry: ``stand_in`` ("a bot played for you") or
        ``timeout`` (the turn timer ran out)."""
        self._thinking: Thinking | None = None
        """The searching bot's decision in progress (one at a time per table), if any:
        set when it is asked, cleared once its answer is handled."""
        self._held_for_bot: list[EngineEvent] = []
        """Events for that bot, held back until it has decided (it must not observe
        while it chooses, and a worker's copy may replace it)."""
        self._returning: dict[Member, str] = {}
        self.standings = Tally()
        """The standings of the evening (server/standings.py)."""
        """Members watching while they wait to be handed their seat back: their token."""

    def info(self) -> TableInfo:
        """The table as the lobby sees it (cached until a command changes it)."""
        if self._info is None:
            self._info = TableInfo(
                self.id,
                self.options,
                self.state,
                tuple(s.info() if s else None for s in self.seats),
                self.host,
                sum(1 for w in self.members.values() if w.seat is None),
                self.standings.record(self.seats),
                all_away=self.clocks.everyone_away(),
            )
        return self._info

    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s is not None and s.person]

    def seat_of_token(self, token: str) -> int | None:
        wanted = token.encode("utf-8", "surrogatepass")  # compare_digest refuses non-ASCII str
        for i, s in enumerate(self.seats):
            if s is not None and s.token is not None and secrets.compare_digest(
                s.token.encode(), wanted
            ):
                return i
        return None

    @property
    def empty(self) -> bool:
        """Nobody but bots, and nobody waiting to come back: the lobby may close it."""
        return not self.humans() and not self.members

    def _names(self) -> list[str]:
        return [s.name for s in self.seats if s is not None]

    def _free_seat(self, seat: int | None) -> int:
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

    def _next_host(self) -> int | None:
        """The next seated person, connected ones first (None: only bots are left)."""
        people = self.humans()
        online = [i for i in people if (s := self.seats[i]) is not None and s.member is not None]
        chosen = online or people
        return chosen[0] if chosen else None

    def _need_host(self, member: Member) -> None:
        watch = self.members.get(member)
        if watch is None or watch.seat is None or watch.seat != self.host:
            raise ProtocolError("not_host", "only the table's host may do this")

    def has(self, member: Member) -> bool:
        """Whether ``member`` is at this table (seated or watching)."""
        return member in self.members

    def everyone(self) -> list[Member]:
        """The table's members, seated and watching."""
        return list(self.members)

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

    def seat_of_former(self, token: str) -> int | None:
        """The bot seat that ``token`` held before the bot took it for good."""
        wanted = token.encode("utf-8", "surrogatepass")
        for i, s in enumerate(self.seats):
            if s is not None and s.former_token is not None and secrets.compare_digest(
                s.former_token.encode(), wanted
            ):
                return i
        return None

    def _tell(self, message: Message) -> None:
        for member in list(self.members):
            member.send(message)
