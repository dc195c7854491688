"""Telling a table's members: events, snapshots and timers, each as its member may
see it.

Views differ between members only in ``hand`` (and what a drawer sees of its own
draw), so the public view is diffed once per action and events are encoded once per
distinct form. Nothing here blocks: ``Member.send`` only queues.
"""

from __future__ import annotations

from typing import Any

import trio

from engine import redact, view_of
from engine.events import TURN
from engine.events import Event as EngineEvent
from protocol.codec import view_to_wire
from protocol.messages import (
    GameAction,
    Snapshot,
)
from protocol.patch import Unpatchable, diff_view

from .seats import Member
from .state import LOG_KEEP, TableState
from .wire import event_frame, event_map, legal_action, legal_map


class Broadcaster(TableState):
    """Sends what happened to everyone at the table; see the module docstring."""

    def _send_snapshot(self, member: Member) -> None:
        """A snapshot, then a ``timer`` for each deadline running now: a snapshot holds
        no clocks, and a later lift must never be the first a member hears of one."""
        member.send(self.snapshot(member))
        for timer in self.clocks.running(trio.current_time()):
            member.send(timer)

    def snapshot(self, member: Member) -> Snapshot:
        """Everything ``member`` may see now."""
        watch = self.members[member]
        seat = watch.seat
        view = legal = None
        if self.game is not None:
            view = view_to_wire(view_of(self.game, seat))
            self._public = view_to_wire(view_of(self.game, None))
            watch.synced = True
            if seat is not None:
                watch.hand = list(self.game.hands[seat])
                legal = self._legal_for(seat)
        log_maps = tuple(self._event_map(s, e, seat, logged=True) for s, e in self.log)
        return Snapshot(self.info(), self.seq, seat, view, legal, log_maps)

    def _legal_for(self, seat: int) -> tuple[GameAction, ...]:
        assert self.game is not None
        return tuple(legal_action(a) for a in self.game.legal_actions() if a.seat == seat)

    def _legal_maps(self) -> dict[int, list[dict[str, Any]]]:
        """Each acting seat's legal actions as wire maps (for ``event_frame``)."""
        assert self.game is not None
        grouped: dict[int, list[dict[str, Any]]] = {}
        for a in self.game.legal_actions():
            grouped.setdefault(a.seat, []).append(legal_map(a))
        return grouped

    def _broadcast_events(self) -> None:
        """Number the game's new events and send each member what it may see.

        Views differ between members only in ``hand``, so the public view is diffed once
        per action and each seat's patch adds its hand when it changed; events other
        than the last are the same bytes for everyone (bar a drawer's own draw), so
        they are encoded once."""
        game = self.game
        if game is None:
            return
        events = self._held + game.take_events()
        by = self._held_by
        self._held = []
        self._held_by = None
        if not events:
            return
        batch: list[tuple[int, EngineEvent]] = []
        for ev in events:
            self.seq += 1
            batch.append((self.seq, ev))
            self._log_event(self.seq, ev, by)
            if ev.kind == TURN:
                self.clocks.turn_passed()
        self._tell_bots([ev for _, ev in batch])
        public = view_to_wire(view_of(game, None))
        public_patch: dict[str, Any] | None = None
        if self._public is not None:
            try:
                public_patch = diff_view(self._public, public)
            except Unpatchable:
                public_patch = None
        self._public = public
        legal = self._legal_maps()
        early_frames: dict[tuple[int, int, int | None], bytes] = {}
        last_frames: dict[tuple[int, int | None, int | None, int | str], bytes] = {}
        *early, (last_seq, last_ev) = batch
        for member, watch in list(self.members.items()):
            seat = watch.seat
            version = member.version
            frames: list[bytes] = []  # this member's frames of the action, queued as one
            for i, (seq, ev) in enumerate(early):
                mine = seat if ev.cards and ev.seat == seat else None
                key = (i, version, mine)
                data = early_frames.get(key)
                if data is None:
                    data = early_frames[key] = event_frame(seq, self._event_map(seq, ev, seat))
                frames.append(data)
            patch: dict[str, Any] | None = None
            own_hand = None  # the patch is the public one (or none)
            if watch.synced and public_patch is not None:
                patch = public_patch
                if seat is not None:
                    hand = game.hands[seat]
                    if hand != watch.hand:
                        patch = {**public_patch, "hand": list(hand)}
                        watch.hand = list(hand)
                        own_hand = seat
            # Members whose last event is the same map, patch and legal list share its
            # bytes: most of a table (spectators alike; seats not acting whose hands
            # stayed alike). A seat always gets its list, ``[]`` when it may not act;
            # a spectator never gets one: the two never share a frame (an absent
            # ``legal`` leaves a seat's old list standing, PROTOCOL.md 6.1).
            mine = seat if last_ev.cards and last_ev.seat == seat else None
            last_key = (version, mine, own_hand if patch is not None else -1, _lister(seat, legal))
            data = last_frames.get(last_key)
            if data is None:
                maps = legal.get(seat, ()) if seat is not None else None
                data = last_frames[last_key] = event_frame(
                    last_seq, self._event_map(last_seq, last_ev, seat), patch, maps
                )
            frames.append(data)
            member.send_encoded(b"".join(frames) if len(frames) > 1 else data)
            if patch is None:
                member.send(self.snapshot(member))

    def _tell_bots(self, events: list[EngineEvent]) -> None:
        """Searching bots follow their seat's events (as that seat sees them); the one
        thinking now gets them once it has decided."""
        for index, seat in enumerate(self.seats):
            bot = seat.bot if seat is not None else None
            observe = getattr(bot, "observe", None)
            if observe is None:
                continue
            seen = [redact(ev, index) for ev in events]
            if self._thinking is not None and bot is self._thinking.bot:
                self._held_for_bot.extend(seen)
            else:
                observe(seen)

    def _log_event(self, seq: int, ev: EngineEvent, by: tuple[int, str] | None) -> None:
        """Keep an event for snapshots, noting whether the server made it for its seat
        (a stand-in's move or a timed-out turn's)."""
        self.log.append((seq, ev))
        if by is not None and ev.seat == by[0]:
            self._marks[seq] = by[1]
            if len(self._marks) > 2 * LOG_KEEP:
                oldest = self.log[0][0]
                self._marks = {s: m for s, m in self._marks.items() if s >= oldest}

    def _event_map(
        self, seq: int, ev: EngineEvent, viewer: int | None, *, logged: bool = False
    ) -> dict[str, Any]:
        """An event as ``viewer`` may see it; ``stand_in: true`` when a bot standing in
        for an absent person made it (so nobody reads "You played" for it), ``timeout:
        true`` when the server acted because the seat's turn timer ran out; with its
        ``seq`` when ``logged`` (a snapshot's log)."""
        return event_map(ev, viewer, self._marks.get(seq), seq if logged else None)


def _lister(seat: int | None, legal: dict[int, list[dict[str, Any]]]) -> int | str:
    """Whose ``legal`` list a member's last frame carries: its own seat's when that seat
    may act, the empty list (``"none"``) for a seat that may not, no list at all
    (``"spectator"``) for a spectator."""
    if seat is None:
        return "spectator"
    return seat if seat in legal else "none"
