"""The standings of the evening: what a table counts across its games.

Per person (by seat token, so one who drops and comes back with it keeps their line)
or bot (by name): games played, wins, places and the best stairs stage; per pair, how
many games each finished ahead of the other (a win, or a better place). TAKI has no
points. The tally is kept as a map (``to_json``) stored with the action that ends each
game, in one transaction (server/store.py), so it survives a restart and counts each
game exactly once; the wire form is ``protocol.standings.Standings``.
"""

from __future__ import annotations

import hashlib
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine import Game
from protocol.limits import MAX_SEATS
from protocol.standings import LINES_MAX, StandingLine, Standings, Versus

from .seats import Seat


def key_of(seat: Seat) -> tuple[str, str | None]:
    """Whose line a seat's result goes to, and the bot kind to show (None: a person).

    A person's line is keyed by a hash of their seat token (never the token itself):
    a stand-in's moves, or a bot's that kept the seat and may hand it back, count for
    them. A bot of its own (or one that took over from a person who left) is keyed by
    its name."""
    token = seat.token if seat.bot is None else seat.former_token
    if token is not None:
        digest = hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()[:20]
        return "p:" + digest, None
    return "b:" + seat.name.casefold(), seat.bot_kind or "basic"


@dataclass
class Line:
    """One line of the tally."""

    name: str
    bot: str | None = None
    games: int = 0
    wins: int = 0
    places: list[int] = field(default_factory=list)
    stage: int | None = None
    hinted: int = 0
    """Of ``games``, those in which they were given a hint (server/hints.py)."""

    def sort_key(self) -> tuple[Any, ...]:
        """Most wins, most 2nd places, ..., fewest games (PROTOCOL.md 9.8), then the
        name, which only orders lines level on all of those (the client numbers them
        alike). The places are padded to a seat each: a line with none is not ahead of
        one that came 2nd because its list is shorter."""
        places = [-p for p in self.places] + [0] * (MAX_SEATS - len(self.places))
        return (-self.wins, places, self.games, self.name.casefold())


def rank_of(game: Game, seat: int) -> int | None:
    """The seat's place in a finished game (the winner 1st); None: no place."""
    place = game.places[seat]
    if place is not None:
        return int(place)
    return 1 if game.winner == seat else None


@dataclass
class Tally:
    """A table's standings so far; see the module docstring."""

    games: int = 0
    lines: dict[str, Line] = field(default_factory=dict)
    versus: dict[tuple[str, str], list[int]] = field(default_factory=dict)
    """(key a, key b) with a < b: [games a finished ahead of b, games b ahead of a]."""
    _records: dict[tuple[str | None, ...], Standings | None] = field(
        default_factory=dict, compare=False, repr=False
    )
    """``record``'s answers by whose line each seat is: a tally is never changed once
    made (``after`` makes a new one), and the table's info is rebuilt several times
    a game (each rebuild built and checked every line and pair anew)."""

    def after(
        self, game: Game, seats: Sequence[Seat | None], stairs: bool,
        hinted: Collection[str] = (),
    ) -> Tally:
        """The tally with the finished ``game`` counted (a new one: this one is kept
        until the game's last action is stored). ``seats``: engine seat i is ``seats[i]``;
        ``hinted``: the keys (``key_of``) of those given a hint during the game."""
        out = Tally.from_json(self.to_json())
        out.games += 1
        keys: list[str] = []
        for i, seat in enumerate(seats[: len(game.hands)]):
            if seat is None:
                continue
            key, bot = key_of(seat)
            keys.append(key)
            line = out.lines.setdefault(key, Line(seat.name, bot))
            line.name, line.bot = seat.name, bot
            line.games += 1
            line.hinted += key in hinted
            rank = rank_of(game, i)
            if rank == 1:
                line.wins += 1
            if rank is not None:
                line.places.extend([0] * (rank - len(line.places)))
                line.places[rank - 1] += 1
            if stairs:
                stage = int(game.stages[i])
                line.stage = stage if line.stage is None else min(line.stage, stage)
        ranks = [rank_of(game, i) for i in range(len(keys))]
        for i, a in enumerate(keys):
            for j in range(i + 1, len(keys)):
                b = keys[j]
                if a == b:
                    continue
                pair = (a, b) if a < b else (b, a)
                counts = out.versus.setdefault(pair, [0, 0])
                ra, rb = ranks[i], ranks[j]
                if ra is not None and (rb is None or ra < rb):
                    counts[0 if pair[0] == a else 1] += 1
                elif rb is not None and (ra is None or rb < ra):
                    counts[0 if pair[0] == b else 1] += 1
        return out

    def record(self, seats: Sequence[Seat | None]) -> Standings | None:
        """The wire form (None before any game finished), seats marked as now."""
        if not self.games:
            return None
        keys = tuple(key_of(seat)[0] if seat is not None else None for seat in seats)
        if keys in self._records:
            return self._records[keys]
        seated: dict[str, int] = {}
        for index, key in enumerate(keys):
            if key is not None:
                seated.setdefault(key, index)
        order = sorted(self.lines, key=lambda k: self.lines[k].sort_key())[:LINES_MAX]
        index_of = {key: n for n, key in enumerate(order)}
        lines = tuple(
            StandingLine(
                line.name, line.games, line.wins, line.bot, seated.get(key),
                tuple(line.places), line.stage, line.hinted,
            )
            for key in order
            for line in (self.lines[key],)
        )
        versus = []
        for (a, b), (a_ahead, b_ahead) in self.versus.items():
            if a in index_of and b in index_of:
                ia, ib = index_of[a], index_of[b]
                if ia > ib:
                    ia, ib, a_ahead, b_ahead = ib, ia, b_ahead, a_ahead
                versus.append(Versus(ia, ib, a_ahead, b_ahead))
        versus.sort(key=lambda v: (v.a, v.b))
        made = self._records[keys] = Standings(self.games, lines, tuple(versus))
        return made

    def to_json(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "lines": {
                key: {"name": ln.name, "bot": ln.bot, "games": ln.games, "wins": ln.wins,
                      "places": list(ln.places), "stage": ln.stage, "hinted": ln.hinted}
                for key, ln in self.lines.items()
            },
            "versus": [[a, b, x, y] for (a, b), (x, y) in self.versus.items()],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any] | None) -> Tally:
        """Read a stored tally (None or a damaged one: what can be read of it)."""
        out = cls()
        if not isinstance(data, dict):
            return out
        out.games = int(data.get("games") or 0)
        for key, ln in dict(data.get("lines") or {}).items():
            out.lines[str(key)] = Line(
                str(ln["name"]), ln.get("bot"), int(ln["games"]), int(ln["wins"]),
                [int(p) for p in ln.get("places") or []],
                None if ln.get("stage") is None else int(ln["stage"]),
                int(ln.get("hinted") or 0),
            )
        for a, b, x, y in data.get("versus") or []:
            out.versus[(str(a), str(b))] = [int(x), int(y)]
        return out
