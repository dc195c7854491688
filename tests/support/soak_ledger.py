"""The soak's record of one person's seat (``SeatBook``): every action request the seat
sent (``Sent``) and the seq of the move it made, kept whatever happens to the client.

That is how "no acknowledged action lost or applied twice" is checked against what the
server says: every move the seat is seen to make (live, or in a snapshot log after a
reconnect or a restart) must be explained by exactly one of its requests, and every
acknowledged request must have its move in any log that covers the seqs after it.
A move is matched to the earliest open request it could be the first event of
(tests/support/soak_checks.py ``caused_by``), never beyond what the sender had seen when the
acknowledgement came.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from protocol.messages import GameAction

from .soak_checks import Tally, caused_by, signature


@dataclass
class Sent:
    """One action request of a seat, and the seq of the move it made (``anchor``)."""

    rid: int
    action: GameAction
    sent_seq: int
    state: str = "flying"
    """flying, acked, refused, orphan (its client died unanswered), gone (an orphan that
    was never applied), unverified (acked, its move older than the logs seen), lost."""
    anchor: int | None = None
    acked_at: int | None = None  # the seq its sender had seen when the ack came


class SeatBook:
    """The soak's record of one person's seat, kept across the client's restarts."""

    def __init__(self, tally: Tally, who: str) -> None:
        self.tally = tally
        self.who = who
        self.token: str | None = None
        self.sent: list[Sent] = []
        self.own: dict[int, str] = {}  # seq -> signature of an own move seen
        self.seen: list[str] = []  # the last own moves (for the details)

    def own_move(self, seq: int, event: dict[str, Any]) -> None:
        """An own move (seen live or in a snapshot log): some request of this seat must
        explain it, and only one."""
        if seq in self.own:
            return  # (one_history compares the copies)
        self.own[seq] = signature(event)
        self.seen.append(f"{seq}:{signature(event)}")
        del self.seen[:-12]
        open_ones = [s for s in self.sent if s.anchor is None
                     and s.state in ("flying", "acked", "orphan")
                     and s.sent_seq < seq and (s.acked_at is None or seq <= s.acked_at)
                     and caused_by(event, s.action)]
        open_ones.sort(key=lambda s: (s.state == "orphan", s.sent_seq))
        if open_ones:
            open_ones[0].anchor = seq
        self.tally["exactly_once"].check(
            bool(open_ones) or event.get("kind") == "passed",  # (a +3 window's end passes)
            lambda: f"{self.who}: own move at seq {seq} {event} that no request of the seat "
                    f"explains (applied twice?); requests: {self.recent()}",
        )
        if len(self.sent) > 400:
            self.sent = [s for s in self.sent[-300:]]
        if len(self.own) > 2000:
            for old in sorted(self.own)[:1000]:
                del self.own[old]

    def covered(self, first: int, last: int, log: tuple[dict[str, Any], ...] = ()) -> None:
        """A snapshot log holds every event in [first, last]: an acknowledged action sent
        at a seq inside it must have its move there."""
        for s in self.sent:
            if s.state == "orphan" and s.anchor is None:
                s.state = "gone"  # its client died before it was read: it was never applied
            if s.state == "acked" and s.anchor is None and first > s.sent_seq + 1:
                s.state = "unverified"  # its move may be older than any log that came
            if s.state == "acked" and s.anchor is None and first <= s.sent_seq + 1 <= last:
                self.tally["exactly_once"].check(
                    False,
                    f"{self.who}: acknowledged request {s.rid} {s.action} sent at seq "
                    f"{s.sent_seq} has no move in the log {first}..{last}: lost; requests: "
                    f"{self.recent()}; own moves seen: {self.seen}; log after it: "
                    f"{[e for e in log if e.get('seq', 0) > s.sent_seq]}",
                )
                s.state = "lost"

    def recent(self) -> str:
        return "; ".join(f"{s.rid}:{s.action.type}{'/' + s.action.card if s.action.card else ''}"
                         f"@{s.sent_seq}->{s.state}:{s.anchor}/{s.acked_at}"
                         for s in self.sent[-8:])
