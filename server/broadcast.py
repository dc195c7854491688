"""Telling a table's members: events and snapshots, each as its member may see it.

Functions of the table's model (server/model.py), no class to inherit: ``event_frames``
turns an action's numbered events into one piece of frames per member (a ``Frames``
effect), ``snapshot`` is everything one member may see now. They update only the
model's record of what each member was last sent (``Watch.synced``/``hand``, the public
view), which the next patch is a diff against.

Views differ between members only in ``hand`` (and what a drawer sees of its own
draw), so the public view is patched once per action (``patch_public_view``: the
game compared with the public view last sent, field by field) and events are encoded
once per distinct form.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.events import Event as EngineEvent
from protocol.codec import game_view_to_wire, patch_public_view
from protocol.frames import pack, pack_uint
from protocol.messages import GameAction, Snapshot
from protocol.patch import Unpatchable, diff_view

from .effects import Effect, Frames, Send
from .seats import Member
from .wire import (
    LEGAL_MAPS,
    event_map,
    legal_action,
    legal_map,
    packed_event_frame,
    packed_event_map,
    packed_with_hand,
)

if TYPE_CHECKING:
    from .model import TableModel

_NO_LEGAL = pack([])
"""The legal list of a seat that may not act, packed (its frame's ``legal: []``)."""


def snapshot(model: TableModel, member: Member) -> Snapshot:
    """Everything ``member`` may see now (its view is in step with the table's after)."""
    watch = model.members[member]
    seat = watch.seat
    view = legal = None
    if model.game is not None:
        view = game_view_to_wire(model.game, seat)
        model.public = game_view_to_wire(model.game, None)
        watch.synced = True
        if seat is not None:
            watch.hand = list(model.game.hands[seat])
            legal = legal_for(model, seat)
    log_maps = tuple(event_map_of(model, s, e, seat, logged=True) for s, e in model.log)
    return Snapshot(model.info(), model.seq, seat, view, legal, log_maps)


def legal_for(model: TableModel, seat: int) -> tuple[GameAction, ...]:
    assert model.game is not None
    return tuple(legal_action(a) for a in model.game.legal_actions() if a.seat == seat)


def legal_maps(model: TableModel) -> dict[int, list[dict[str, Any]]]:
    """Each acting seat's legal actions as wire maps (for ``event_frame``)."""
    assert model.game is not None
    grouped: dict[int, list[dict[str, Any]]] = {}
    made = LEGAL_MAPS  # (``legal_map``'s cache, read here first: every action lists them)
    for a in model.game.legal_actions():
        data = made.get(a)
        if data is None:
            data = legal_map(a)
        seat = a.seat
        listed = grouped.get(seat)
        if listed is None:
            grouped[seat] = [data]
        else:
            listed.append(data)
    return grouped


def event_frames(model: TableModel, batch: list[tuple[int, EngineEvent]]) -> list[Effect]:
    """What each member is sent of an action's numbered events (``batch``, not empty).

    Views differ between members only in ``hand``, so the public view is patched once
    per action and each seat's patch adds its hand when it changed; events other than
    the last are the same bytes for everyone (bar a drawer's own draw), so they are
    encoded once. A member whose view is not in step gets a snapshot after them."""
    game = model.game
    assert game is not None
    pieces: list[tuple[Member, bytes]] = []
    out: list[Effect] = [Frames(pieces)]  # (then the snapshots of members out of step)
    public_patch: dict[str, Any] | None = None
    if model.public is not None:
        public_patch = patch_public_view(game, model.public)  # (in place)
    if public_patch is None:
        public = game_view_to_wire(game, None)
        if model.public is not None:
            try:
                public_patch = diff_view(model.public, public)
            except Unpatchable:
                public_patch = None
        model.public = public
    legal = legal_maps(model)
    marks = model.marks
    early_frames: dict[tuple[int, int, int | None], bytes] = {}
    early_heads: dict[tuple[int, int | None], bytes] = {}  # the early frames, joined
    last_frames: dict[tuple[int, int | None, int | None, int | str], bytes] = {}
    last_maps: dict[int | None, bytes] = {}  # the last event, packed, by who sees its cards
    lists: dict[int | str, bytes] = {"none": _NO_LEGAL}  # each lister's legal list, packed
    public_bytes = packed_seq = b""  # the public patch and the last seq, packed (once
    # a member's frame needs them)
    *early, (last_seq, last_ev) = batch
    last_mark = marks.get(last_seq)
    owners = {ev.seat for _, ev in early if ev.cards}  # (seats whose early draws they see)
    for member, watch in list(model.members.items()):
        seat = watch.seat
        version = member.version
        head = b""  # this member's frames of the early events, queued with the last one
        if early:
            viewer = seat if seat in owners else None
            head_key = (version, viewer)
            found = early_heads.get(head_key)
            if found is None:
                frames: list[bytes] = []
                for i, (seq, ev) in enumerate(early):
                    mine = viewer if ev.cards and ev.seat == viewer else None
                    key = (i, version, mine)
                    data = early_frames.get(key)
                    if data is None:
                        data = early_frames[key] = packed_event_frame(
                            pack_uint(seq), packed_event_map(ev, mine, marks.get(seq))
                        )
                    frames.append(data)
                found = early_heads[head_key] = b"".join(frames)
            head = found
        synced = watch.synced and public_patch is not None
        own_hand = None  # the patch is the public one (or none)
        if synced and seat is not None:
            hand = game.hands[seat]
            if hand != watch.hand:
                watch.hand = list(hand)  # (a copy: the engine's list changes)
                own_hand = seat
        # Members whose last event is the same map, patch and legal list share its
        # bytes: most of a table (spectators alike; seats not acting whose hands
        # stayed alike). A seat always gets its list, ``[]`` when it may not act;
        # a spectator never gets one: the two never share a frame (an absent
        # ``legal`` leaves a seat's old list standing, PROTOCOL.md 6.1). ``lister``
        # says whose list the frame carries: the seat's own when it may act, the
        # empty one (``"none"``) for a seat that may not, none (``"spectator"``). The
        # event's map differs only for the one seat that sees its cards (``mine``).
        # The patch is the public one, with the seat's hand when it changed.
        mine = seat if last_ev.cards and last_ev.seat == seat else None
        lister = "spectator" if seat is None else seat if seat in legal else "none"
        last_key = (version, mine, own_hand if synced else -1, lister)
        data = last_frames.get(last_key)
        if data is None:
            event = last_maps.get(mine)
            if event is None:
                event = last_maps[mine] = packed_event_map(last_ev, seat, last_mark)
            view = None
            if synced:
                assert public_patch is not None
                if not public_bytes:
                    public_bytes = pack(public_patch)
                view = public_bytes
                if own_hand is not None:
                    assert watch.hand is not None
                    view = packed_with_hand(public_patch, public_bytes, watch.hand)
            maps = None
            if seat is not None:  # (a seat's own list, or the empty one)
                maps = lists.get(lister)
                if maps is None:
                    maps = lists[lister] = pack(legal.get(seat, []))
            if not packed_seq:
                packed_seq = pack_uint(last_seq)
            data = last_frames[last_key] = packed_event_frame(packed_seq, event, view, maps)
        pieces.append((member, head + data if head else data))
        if not synced:
            out.append(Send(member, snapshot(model, member)))
    return out


def event_map_of(
    model: TableModel, seq: int, ev: EngineEvent, viewer: int | None, *, logged: bool = False
) -> dict[str, Any]:
    """An event as ``viewer`` may see it; ``stand_in: true`` when a bot standing in
    for an absent person made it (so nobody reads "You played" for it), ``timeout:
    true`` when the server acted because the seat's turn timer ran out; with its
    ``seq`` when ``logged`` (a snapshot's log)."""
    return event_map(ev, viewer, model.marks.get(seq), seq if logged else None)
