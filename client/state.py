"""What the client knows of its table, kept up to date from snapshots and events.

Pure and synchronous (no Textual, no sockets), so it is tested on its own: the network
worker feeds it messages, the screens read it. It follows the event numbering: an
event whose seq is not the next one marks the state stale (the client then asks for a
resync), and a snapshot makes it whole again.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Any

from engine.events import Event as EngineEvent
from engine.events import describe
from protocol.messages import Event, GameAction, Snapshot, TableInfo
from protocol.patch import apply_patch

LOG_LINES = 200


def engine_event(data: dict[str, Any]) -> EngineEvent:
    """An engine Event from its wire map (unknown keys ignored)."""
    return EngineEvent(
        str(data.get("kind", "?")),
        int(data.get("seat", -1)),
        data.get("card"),
        data.get("color"),
        int(data.get("amount", 0)),
        tuple(data.get("cards", ())),
        data.get("reason"),
    )


@dataclass
class TableState:
    """One table as this client sees it."""

    info: TableInfo | None = None
    seat: int | None = None
    view: dict[str, Any] | None = None
    legal: tuple[GameAction, ...] = ()
    seq: int = 0
    stale: bool = False
    log: deque[str] = field(default_factory=lambda: deque(maxlen=LOG_LINES))

    def names(self) -> list[str]:
        if self.info is None:
            return []
        return [s.name if s is not None else "-" for s in self.info.seats]

    def on_snapshot(self, snap: Snapshot) -> None:
        self.info = snap.table
        self.seat = snap.seat
        self.view = snap.view
        self.legal = snap.legal or ()
        self.seq = snap.seq
        self.stale = False
        if snap.log is not None:
            self.log.clear()
            for data in snap.log:
                self._log(data)

    def on_event(self, event: Event) -> bool:
        """Apply one event; False if it left a gap (the caller should resync)."""
        if event.seq != self.seq + 1 or self.stale:
            self.stale = True
            self.seq = max(self.seq, event.seq)
            return False
        self.seq = event.seq
        if event.view is not None and self.view is not None:
            try:
                apply_patch(self.view, event.view)
            except ValueError:
                self.stale = True
                return False
        if event.legal is not None:
            self.legal = event.legal
        self._log(event.event)
        return True

    def on_table(self, info: TableInfo) -> None:
        if self.info is None or info.id == self.info.id:
            self.info = info

    def _log(self, data: dict[str, Any]) -> None:
        event = engine_event(data)
        if event.kind == "turn":
            return
        names = self.names()
        if self.seat is not None and 0 <= self.seat < len(names):
            names[self.seat] = "You"
        self.log.append(describe(event, names))

    # ------------------------------------------------------------ derived

    @property
    def hand(self) -> list[str]:
        return list(self.view.get("hand", [])) if self.view else []

    @property
    def playing(self) -> bool:
        return self.view is not None and not self.view.get("over", False)

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
