"""What the client knows of its table, kept up to date from snapshots and events.

Pure and synchronous (no Textual, no sockets), so it is tested on its own: the session
(client/session.py) feeds it messages, the screens read it. It follows the event numbering: an
event whose seq is not the next one marks the state stale (the client then asks for a
resync), and a snapshot makes it whole again.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.events import EventKind
from engine.views import View
from protocol.codec import TableEvent, event_from_wire, view_from_wire
from protocol.errors import ProtocolError
from protocol.limits import NAME_MAX
from protocol.messages import Event, GameAction, Snapshot, TableInfo
from protocol.patch import apply_patch

from .announce import Announcer, timeout_words
from .i18n import _
from .safe import inert
from .standings import standings_lines
from .words import describe

LOG_LINES = 200


@dataclass
class TableState:
    """One table as this client sees it."""

    info: TableInfo | None = None
    seat: int | None = None
    view: View | None = None
    """The view, typed (``protocol.codec.view_from_wire`` of ``wire_view``)."""
    wire_view: dict[str, Any] | None = None
    """The view as the server sent it, kept up to date by the events' patches."""
    legal: tuple[GameAction, ...] = ()
    seq: int = 0
    stale: bool = False
    log: deque[str] = field(default_factory=lambda: deque(maxlen=LOG_LINES))
    log_total: int = 0
    """Lines ever appended to ``log`` (it keeps only the last LOG_LINES)."""
    log_epoch: int = 0
    """Goes up when the log is replaced (a snapshot brings its own)."""
    announcer: Announcer = field(default_factory=Announcer)
    banner: str = ""
    """The latest announcement worth a banner (client.announce decides which)."""
    banner_seq: int = 0
    """Goes up with each new banner."""
    turn_mark: int = 0
    """Names the turn going on: the seq of the ``turn`` event that began it (a game's
    first turn: the seq the game began at). The same number after a reconnect or a
    resync (worked out from the snapshot's log), a new one for every turn: what the
    your-turn bell (client/nudge.py) rings once for."""
    turn_again: bool = False
    """The turn going on follows a turn of the same seat (its own Stop with two
    players): that player is at the keys already."""
    _turn_seat: int | None = None
    """Whose turn began at ``turn_mark``."""

    def names(self) -> list[str]:
        """Seat names, made inert (they come from other people)."""
        if self.info is None:
            return []
        return [inert(s.name, NAME_MAX) if s is not None else "-" for s in self.info.seats]

    def on_snapshot(self, snap: Snapshot) -> None:
        was_over = self.view is not None and self.view.over
        self.info = snap.table
        self.seat = snap.seat
        self.wire_view = snap.view
        try:
            self.view = None if snap.view is None else view_from_wire(snap.view)
        except ProtocolError:
            self.view = self.wire_view = None
        if was_over and self.view is not None and not self.view.over and self.banner:
            # a new game is dealt: the last one's ending ("You win!") no longer holds
            self.banner = ""
            self.banner_seq += 1
        self.legal = snap.legal or ()
        self.seq = snap.seq
        self.stale = False
        self.announcer.restart(self.view)
        self._mark_turn(snap)
        if snap.log is not None:
            self.log.clear()
            self.log_epoch += 1
            names, told = self.names(), False
            for entry in _logged(snap.log):  # history: told as it was, nothing inferred anew
                kind, seat = entry.event.kind, entry.event.seat
                if kind == EventKind.TURN:
                    told = False
                elif entry.timeout is True and not told and kind != EventKind.PASSED:
                    # the server's mark (a pass the closing +3 window made says so itself)
                    who = names[seat] if 0 <= seat < len(names) else "?"
                    self.note(timeout_words(who, seat == self.seat))
                    told = True
                line = describe(entry, names, self.seat)
                if line is not None:
                    self.note(line)

    def on_event(self, event: Event) -> bool:
        """Apply one event; False if it left a gap (the caller should resync)."""
        if event.seq != self.seq + 1 or self.stale:
            self.stale = True
            self.seq = max(self.seq, event.seq)
            return False
        self.seq = event.seq
        try:
            told = event_from_wire(event.event)
            if event.view is not None and self.wire_view is not None:
                self.view = view_from_wire(apply_patch(self.wire_view, event.view))
        except ValueError:  # ProtocolError too: a patch or map this state cannot take
            self.stale = True
            return False
        if event.legal is not None:
            self.legal = event.legal
        if told.event.kind == EventKind.TURN:
            seat = told.event.seat
            self.turn_again = seat == self._turn_seat
            self._turn_seat = seat if seat >= 0 else None
            self.turn_mark = event.seq
        self._log(told)
        return True

    def _mark_turn(self, snap: Snapshot) -> None:
        """``turn_mark`` from a snapshot: the last ``turn`` event of its log, else the
        seq before its first event (the game's first turn), else its own seq (a game
        with no event yet). A turn of more than the log's 40 events gets a new mark."""
        log = _logged(snap.log or ())
        turns = [(e.seq, e.event.seat) for e in log
                 if e.event.kind == EventKind.TURN and e.seq is not None]
        first = log[0].seq if log else None
        if turns:
            self.turn_mark = turns[-1][0]
            self.turn_again = len(turns) > 1 and turns[-2][1] == turns[-1][1]
        else:
            self.turn_mark = first - 1 if first is not None and first > 0 else snap.seq
            self.turn_again = False
        self._turn_seat = self.view.turn if self.view else None

    def on_table(self, info: TableInfo) -> None:
        if self.info is None or info.id != self.info.id:
            return  # another table of the lobby
        self._note_seat_changes(self.info, info)
        self._note_standings(self.info, info)
        self.info = info

    def _note_standings(self, old: TableInfo, new: TableInfo) -> None:
        """After each game, the standings of the evening in the log (key S: in full)."""
        done = new.standings.games if new.standings is not None else 0
        if done > (old.standings.games if old.standings is not None else 0):
            for line in standings_lines(new.options.name, new.standings, versus=False):
                self.note(line)

    def _note_seat_changes(self, old: TableInfo, new: TableInfo) -> None:
        """Log who sat down, left, lost the connection, came back or got a stand-in."""
        for i, (was, now) in enumerate(zip(old.seats, new.seats, strict=False)):
            if i == self.seat:
                continue
            if was is None and now is not None:
                self.note(_("{name} sat down").format(name=inert(now.name, NAME_MAX)))
            elif was is not None and now is None:
                self.note(_("{name} left").format(name=inert(was.name, NAME_MAX)))
            elif was is not None and now is not None:
                name = inert(now.name, NAME_MAX)
                if (was.bot is None or was.stand_in) and now.bot is not None and not now.stand_in:
                    if now.returnable:  # stayed away past the grace period
                        self.note(_("A bot now plays for {name}").format(name=name))
                    else:
                        self.note(_("{name} left; a bot plays the seat").format(name=name))
                elif was.bot is not None and not was.stand_in and now.bot is None:
                    self.note(_("{name} took their seat back").format(name=name))
                elif now.stand_in and not was.stand_in:
                    self.note(_("A bot stands in for {name}").format(name=name))
                elif was.connected and not now.connected:
                    self.note(_("{name} lost the connection").format(name=name))
                elif not was.connected and now.connected:
                    self.note(_("{name} is back").format(name=name))

    def _log(self, told: TableEvent) -> None:
        names = self.names()
        line = describe(told, names, self.seat)
        said = self.announcer.event(told, self.view, names, self.seat, line)
        for extra in said.before:
            self.note(extra)
        if line is not None:
            self.note(line)
        for extra in said.after:
            self.note(extra)
        if said.banner:
            self.banner = said.banner
            self.banner_seq += 1

    def on_timer(self, kind: str, seat: int | None, seconds: float | None) -> None:
        """A deadline started or was lifted (the turn timer is how a timeout is told)."""
        self.announcer.on_timer(kind, seat, seconds)

    def note(self, line: str) -> None:
        """A line of the client's own in the log (a game starting, a player leaving)."""
        self.log.append(line)
        self.log_total += 1

    def new_lines(self, epoch: int, seen: int) -> tuple[bool, list[str]]:
        """For a log view that showed ``seen`` lines of ``epoch``: whether to start
        over, and the lines to add."""
        if epoch != self.log_epoch:
            return True, list(self.log)
        fresh = min(self.log_total - seen, len(self.log))
        return False, list(self.log)[len(self.log) - fresh :] if fresh > 0 else []

    # ------------------------------------------------------------ derived

    @property
    def hand(self) -> list[str]:
        return list(self.view.hand or ()) if self.view else []

    @property
    def playing(self) -> bool:
        return self.view is not None and not self.view.over

    def my_turn(self) -> bool:
        return bool(self.legal)

    def playable(self) -> set[str]:
        return {a.card for a in self.legal if a.type == "play" and a.card}

    def action(self, kind: str) -> GameAction | None:
        for a in self.legal:
            if a.type == kind:
                return a
        return None

    def play_of(self, card: str, color: str | None = None) -> GameAction | None:
        for a in self.legal:
            if a.type == "play" and a.card == card and (color is None or a.color == color):
                return a
        return None


def _logged(log: Sequence[Mapping[str, Any]]) -> list[TableEvent]:
    """A snapshot's log, read; an entry that cannot be read is left out (display only)."""
    out: list[TableEvent] = []
    for data in log:
        try:
            out.append(event_from_wire(data))
        except ProtocolError:
            continue
    return out
