"""The engine's typed values in their wire form, and back: the one codec.

A view (``engine.views.View``) travels as the map of PROTOCOL.md section 9.6 and an
event (``engine.events.Event``, with the marks the server adds: ``TableEvent``) as the
map of section 9.7. The server writes them with ``view_to_wire`` / ``event_to_wire``;
the client reads them with ``view_from_wire`` / ``event_from_wire``; nothing else
builds or reads those maps key by key. Written maps hold plain strings, ints, bools,
lists and maps, keys in the documented order, so the frames are byte for byte those of
before the codec (tests/golden). Reading ignores keys it does not know (a newer
server's) and keeps an event kind it does not know as a plain string; a key of the
wrong type raises ProtocolError("bad_message").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.events import DrawReason, Event, EventKind
from engine.game import Game, Options
from engine.views import PlayerView, Plus3View, RunView, View

from .errors import ProtocolError

__all__ = [
    "TableEvent",
    "event_from_wire",
    "event_to_wire",
    "game_view_to_wire",
    "patch_public_view",
    "view_from_wire",
    "view_to_wire",
]


@dataclass(frozen=True, slots=True)
class TableEvent:
    """An event as a table tells it: the engine's Event and the server's marks."""

    event: Event
    stand_in: bool = False
    """A bot standing in for the absent person at ``event.seat`` made this move."""
    timeout: bool | None = None
    """The server made this move when the seat's timer ran out; None: the map did not
    say (a server that leaves the mark out when false, or an older one)."""
    seq: int | None = None
    """The event's number, in a snapshot's ``log`` only."""


# ------------------------------------------------------------------ writing


def view_to_wire(view: View) -> dict[str, Any]:
    """``view`` as its wire map (PROTOCOL.md 9.6), keys in the documented order."""
    options = view.options
    plus3 = view.plus3
    run = view.taki
    out: dict[str, Any] = {
        "seat": view.seat,
        "options": {
            "stairs": options.stairs,
            "must_play_if_able": options.must_play_if_able,
            "play_for_places": options.play_for_places,
        },
        "players": [
            {"cards": cards, "stage": stage, "declared": declared, "place": place}
            for cards, stage, declared, place in view.players
        ],
        "draw_count": view.draw_count,
        "discard_count": view.discard_count,
        "discard_top": list(view.discard_top),
        "lead": view.lead,
        "turn": view.turn,
        "direction": view.direction,
        "color": view.color,
        "plus2": view.plus2,
        "plus3": None if plus3 is None else {"by": plus3.by, "passed": list(plus3.passed)},
        "taki": None
        if run is None
        else {"color": run.color, "by": run.by, "cards": run.cards, "open": run.open},
        "follow": view.follow,
        "winner": view.winner,
        "over": view.over,
    }
    if view.hand is not None:
        out["hand"] = list(view.hand)
    if view.hands is not None:
        out["hands"] = [list(hand) for hand in view.hands]
    return out


def game_view_to_wire(game: Game, seat: int | None) -> dict[str, Any]:
    """``view_to_wire(view_of(game, seat))``, built straight from the game: the server
    makes the public view after every action, and the typed ``View`` in between cost
    as much as the map (tests/protocol/test_codec.py holds the two equal, key order
    and all)."""
    options = game.options
    plus3 = game.plus3
    run = game.taki
    hands = game.hands
    out: dict[str, Any] = {
        "seat": seat,
        "options": {
            "stairs": options.stairs,
            "must_play_if_able": options.must_play_if_able,
            "play_for_places": options.play_for_places,
        },
        "players": [
            {"cards": len(hand), "stage": stage, "declared": declared, "place": place}
            for hand, stage, declared, place in zip(
                hands, game.stages, game.declared, game.places, strict=False
            )
        ],
        "draw_count": len(game.draw_pile),
        "discard_count": len(game.discard),
        "discard_top": game.discard[-2:],
        "lead": game.lead(),
        "turn": game.turn,
        "direction": game.direction,
        "color": game.color,
        "plus2": game.plus2,
        "plus3": None if plus3 is None else {"by": plus3.by, "passed": list(plus3.passed)},
        "taki": None
        if run is None
        else {"color": run.color, "by": run.by, "cards": run.cards, "open": run.open},
        "follow": game.follow,
        "winner": game.winner,
        "over": game.over,
    }
    if seat is not None:
        out["hand"] = list(hands[seat])
    if game.over:
        out["hands"] = [list(hand) for hand in hands]
    return out


def _same(old: Any, new: Any) -> bool:
    """Whether ``diff_view`` leaves a value out of a patch: equal, and of one type."""
    return bool(old == new) and type(old) is type(new)


def _patch_run(
    view: dict[str, Any], key: str, fields: dict[str, Any] | None, patch: dict[str, Any]
) -> None:
    """``plus3`` or ``taki`` (None or a map of plain values and lists of ints) brought up
    to date in ``view``, its changes in ``patch`` as ``diff_view`` words them: a map
    that comes or goes whole, else each changed key (a list whole)."""
    old = view[key]
    if fields is None or old is None:
        if not _same(old, fields):
            patch[key] = fields
            view[key] = None if fields is None else dict(fields)  # (changed in place later)
        return
    if old == fields:
        return
    for name, value in fields.items():
        if not _same(old[name], value):
            patch[f"{key}.{name}"] = old[name] = value


def patch_public_view(game: Game, view: dict[str, Any]) -> dict[str, Any] | None:
    """Bring ``view``, the public view (``game_view_to_wire(game, None)``) of an
    earlier state of ``game`` or one this brought up to date, up to ``game`` in place,
    and return the patch ``diff_view(view, game_view_to_wire(game, None))`` would make:
    the same paths, values and order (tests/protocol/test_codec.py holds them equal
    over played games). None where ``diff_view`` raises ``Unpatchable`` (``view`` is
    then spoilt: make it afresh). The server patches after every action: this
    compares the game with the view field by field instead of building a whole view
    to diff, and builds only what changed."""
    if "hand" in view or ("hands" in view and not game.over):
        return None
    patch: dict[str, Any] = {}
    if view["seat"] is not None:
        return None
    options = game.options
    old_options = view["options"]
    if (
        old_options["stairs"] != options.stairs
        or old_options["must_play_if_able"] != options.must_play_if_able
        or old_options["play_for_places"] != options.play_for_places
    ):
        return None  # (never within a game: the slow way)
    players = view["players"]
    hands = game.hands
    stages, declared, places = game.stages, game.declared, game.places
    if len(players) != min(len(hands), len(stages), len(declared), len(places)):
        return None
    for i, player in enumerate(players):
        cards, stage, said, place = len(hands[i]), stages[i], declared[i], places[i]
        if (
            player["cards"] == cards
            and player["stage"] == stage
            and player["declared"] == said
            and player["place"] == place
        ):
            continue  # (most players, most actions)
        changes: tuple[tuple[str, Any], ...] = (
            ("cards", cards), ("stage", stage), ("declared", said), ("place", place)
        )
        for name, value in changes:
            before = player[name]  # (``_same``, inlined: a player changes every action)
            if before != value or type(before) is not type(value):
                patch[f"players.{i}.{name}"] = player[name] = value
    plus3 = game.plus3
    run = game.taki
    scalars: tuple[tuple[str, Any], ...] = (
        ("draw_count", len(game.draw_pile)),
        ("discard_count", len(game.discard)),
        ("discard_top", game.discard[-2:]),
        ("lead", game.lead()),
        ("turn", game.turn),
        ("direction", game.direction),
        ("color", game.color),
        ("plus2", game.plus2),
    )
    for key, value in scalars:
        before = view[key]  # (``_same``, inlined: the commonest test of every action)
        if before != value or type(before) is not type(value):
            patch[key] = view[key] = value
    # (no +3 window and no run, before or now, leaves both out: most actions)
    if plus3 is not None or view["plus3"] is not None:
        _patch_run(view, "plus3", None if plus3 is None
                   else {"by": plus3.by, "passed": list(plus3.passed)}, patch)
    if run is not None or view["taki"] is not None:
        _patch_run(view, "taki", None if run is None
                   else {"color": run.color, "by": run.by, "cards": run.cards, "open": run.open},
                   patch)
    ends: tuple[tuple[str, Any], ...] = (
        ("follow", game.follow), ("winner", game.winner), ("over", game.over)
    )
    for key, value in ends:
        before = view[key]
        if before != value or type(before) is not type(value):
            patch[key] = view[key] = value
    if game.over:
        all_hands = [list(hand) for hand in hands]
        if not _same(view.get("hands"), all_hands):
            patch["hands"] = view["hands"] = all_hands
    return patch


def event_to_wire(told: Event | TableEvent) -> dict[str, Any]:
    """An event as its wire map (PROTOCOL.md 9.7): only the fields that carry
    something, then the server's marks, then ``seq`` (a log entry's)."""
    event = told.event if isinstance(told, TableEvent) else told
    out: dict[str, Any] = {"kind": str(event.kind)}
    if event.seat >= 0:
        out["seat"] = event.seat
    if event.card is not None:
        out["card"] = event.card
    if event.color is not None:
        out["color"] = event.color
    if event.amount:
        out["amount"] = event.amount
    if event.cards:
        out["cards"] = list(event.cards)
    if event.reason is not None:
        out["reason"] = str(event.reason)
    if isinstance(told, TableEvent):
        if told.stand_in:
            out["stand_in"] = True
        if told.timeout is not None:
            out["timeout"] = told.timeout
        if told.seq is not None:
            out["seq"] = told.seq
    return out


# ------------------------------------------------------------------ reading


def _bad(path: str, want: str) -> ProtocolError:
    return ProtocolError("bad_message", f"{path}: needs {want}")


def _int(data: Mapping[str, Any], key: str, path: str) -> int:
    value = data.get(key)
    if type(value) is not int:
        raise _bad(f"{path}.{key}", "an int")
    return value


def _int_or_nil(data: Mapping[str, Any], key: str, path: str) -> int | None:
    value = data.get(key)
    if value is not None and type(value) is not int:
        raise _bad(f"{path}.{key}", "an int or nil")
    return value


def _bool(data: Mapping[str, Any], key: str, path: str) -> bool:
    value = data.get(key)
    if type(value) is not bool:
        raise _bad(f"{path}.{key}", "a bool")
    return value


def _str(data: Mapping[str, Any], key: str, path: str) -> str:
    value = data.get(key)
    if type(value) is not str:
        raise _bad(f"{path}.{key}", "a string")
    return value


def _str_or_nil(data: Mapping[str, Any], key: str, path: str) -> str | None:
    value = data.get(key)
    if value is not None and type(value) is not str:
        raise _bad(f"{path}.{key}", "a string or nil")
    return value


def _map(value: Any, path: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise _bad(path, "a map")
    return value


def _list(value: Any, path: str) -> list[Any]:
    if not isinstance(value, list | tuple):
        raise _bad(path, "an array")
    return list(value)


def _ints(value: Any, path: str) -> tuple[int, ...]:
    items = _list(value, path)
    if any(type(x) is not int for x in items):
        raise _bad(path, "an array of ints")
    return tuple(items)


def _strs(value: Any, path: str) -> tuple[str, ...]:
    items = _list(value, path)
    if any(type(x) is not str for x in items):
        raise _bad(path, "an array of strings")
    return tuple(items)


def _player(p: Mapping[str, Any], path: str) -> PlayerView:
    return PlayerView(
        _int(p, "cards", path), _int(p, "stage", path), _bool(p, "declared", path),
        _int_or_nil(p, "place", path),
    )


def view_from_wire(data: Mapping[str, Any]) -> View:
    """The View a wire map (PROTOCOL.md 9.6) holds; ProtocolError("bad_message") if a
    key is missing or of the wrong type. Keys it does not know are ignored."""
    data = _map(data, "view")
    options = _map(data.get("options"), "view.options")
    players = tuple(
        _player(_map(p, f"view.players.{i}"), f"view.players.{i}")
        for i, p in enumerate(_list(data.get("players"), "view.players"))
    )
    plus3 = data.get("plus3")
    if plus3 is not None:
        plus3 = _map(plus3, "view.plus3")
        pending: Plus3View | None = Plus3View(
            _int(plus3, "by", "view.plus3"), _ints(plus3.get("passed"), "view.plus3.passed")
        )
    else:
        pending = None
    taki = data.get("taki")
    if taki is not None:
        taki = _map(taki, "view.taki")
        run: RunView | None = RunView(
            _str(taki, "color", "view.taki"),
            _int(taki, "by", "view.taki"),
            _int(taki, "cards", "view.taki"),
            _bool(taki, "open", "view.taki"),
        )
    else:
        run = None
    hand = data.get("hand")
    hands = data.get("hands")
    return View(
        seat=_int_or_nil(data, "seat", "view"),
        options=Options(
            _bool(options, "stairs", "view.options"),
            _bool(options, "must_play_if_able", "view.options"),
            _bool(options, "play_for_places", "view.options"),
        ),
        players=players,
        draw_count=_int(data, "draw_count", "view"),
        discard_count=_int(data, "discard_count", "view"),
        discard_top=_strs(data.get("discard_top"), "view.discard_top"),
        lead=_str(data, "lead", "view"),
        turn=_int(data, "turn", "view"),
        direction=_int(data, "direction", "view"),
        color=_str(data, "color", "view"),
        plus2=_int(data, "plus2", "view"),
        plus3=pending,
        taki=run,
        follow=_str_or_nil(data, "follow", "view"),
        winner=_int_or_nil(data, "winner", "view"),
        over=_bool(data, "over", "view"),
        hand=None if hand is None else _strs(hand, "view.hand"),
        hands=None
        if hands is None
        else tuple(_strs(h, f"view.hands.{i}") for i, h in enumerate(_list(hands, "view.hands"))),
    )


_KINDS = {kind.value: kind for kind in EventKind}
_REASONS = {reason.value: reason for reason in DrawReason}


def event_from_wire(data: Mapping[str, Any]) -> TableEvent:
    """The event a wire map (PROTOCOL.md 9.7) holds, with its marks and ``seq``;
    ProtocolError("bad_message") if a field has the wrong type. A kind (or draw reason)
    this engine does not know stays a plain string."""
    data = _map(data, "event")
    kind = _str(data, "kind", "event")
    seat = data.get("seat", -1)
    if type(seat) is not int:
        raise _bad("event.seat", "an int")
    amount = data.get("amount", 0)
    if type(amount) is not int:
        raise _bad("event.amount", "an int")
    cards = data.get("cards")
    reason = _str_or_nil(data, "reason", "event")
    stand_in = data.get("stand_in", False)
    timeout = data.get("timeout")
    seq = _int_or_nil(data, "seq", "event")
    if type(stand_in) is not bool or (timeout is not None and type(timeout) is not bool):
        raise _bad("event.stand_in/timeout", "a bool")
    event = Event(
        _KINDS.get(kind, kind),
        seat,
        _str_or_nil(data, "card", "event"),
        _str_or_nil(data, "color", "event"),
        amount,
        () if cards is None else _strs(cards, "event.cards"),
        None if reason is None else _REASONS.get(reason, reason),
    )
    return TableEvent(event, stand_in, timeout, seq)
