"""The soak's check of the standings of the evening (issue 23): what each client was
shown of its table's standings agrees with the games it saw end, before and after the
server is killed.

Per client (checked on its own frames, in the order its connections got them, so no
other client's timing can make a false alarm): every table info it is shown counts at
least the games it saw end and never fewer games than an info it was shown before (a
server kill loses none: the standings are stored with each game's last action); each
game has one winner (the wins add up to the games); and its own line, the one marked
with its seat, counts at least the games it saw end while seated with its token and
the wins it saw, whatever connection and restart came in between.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from protocol.messages import Event, Message, TableInfo

from .soak_checks import Invariant


@dataclass
class StandingsSeen:
    """One client's memory for the check; see the module docstring."""

    over: set[int] = field(default_factory=set)
    """Seqs of the game-ending events this client saw."""
    seated: dict[str, int] = field(default_factory=dict)
    """Per seat token: games this client saw end while seated with it."""
    won: dict[str, int] = field(default_factory=dict)
    """Per seat token: of those, the games its seat won."""
    most: int = 0
    """The most games any standings shown to this client counted."""
    checked: int = 0

    def saw(self, message: Message, seat: int | None, token: str | None) -> None:
        """Note a game's end (call on each event, once it is kept)."""
        if not isinstance(message, Event) or not (message.view or {}).get("over"):
            return
        if message.seq in self.over:
            return
        self.over.add(message.seq)
        if seat is not None and token is not None:
            self.seated[token] = self.seated.get(token, 0) + 1
            if (message.view or {}).get("winner") == seat:
                self.won[token] = self.won.get(token, 0) + 1

    def check(self, rule: Invariant, who: str, info: TableInfo | None, seat: int | None,
              token: str | None) -> None:
        """Judge the standings in ``info`` (a table info this client was just shown)."""
        if info is None:
            return
        standings = info.standings
        games = standings.games if standings is not None else 0
        where = f"{who} at table {info.id}"
        rule.check(games >= len(self.over),
                   lambda: f"{where}: {games} games counted, {len(self.over)} seen to end")
        rule.check(games >= self.most,
                   lambda: f"{where}: {games} games counted after {self.most}")
        self.most = max(self.most, games)
        if standings is None:
            return
        wins = sum(line.wins for line in standings.lines)
        rule.check(wins == games, lambda: f"{where}: {wins} wins in {games} games")
        for line in standings.lines:
            text = f"{where}: line {line.to_dict()} of {games} games"
            rule.check(line.wins <= line.games <= games, text)
        if seat is None or token is None or not 0 <= seat < len(info.seats):
            return
        holder = info.seats[seat]
        if holder is None or (holder.bot is not None and not holder.stand_in):
            return
        own = [line for line in standings.lines if line.seat == seat and line.bot is None]
        played, won = self.seated.get(token, 0), self.won.get(token, 0)
        rule.check(
            len(own) == 1 and own[0].games >= played and own[0].wins >= won,
            lambda: f"{where} seat {seat}: own line {[o.to_dict() for o in own]}, "
                    f"saw {played} games end seated, {won} won",
        )
        self.checked += 1


def token_of(agent: Any) -> str | None:
    """The seat token a soak client plays with (a spectator has none)."""
    book = getattr(agent, "book", None)
    token = getattr(book, "token", None)
    return token if isinstance(token, str) else None
