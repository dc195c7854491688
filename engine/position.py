"""The position notation of RULES.md section 7: read and write it exactly.

``game_from_position`` checks every field and raises ``BadPosition`` naming the first
bad one; ``position_of`` writes the fields in the documented order. Fields an engine
does not know are kept (top level, ``options`` and each player) and written back, so a
position read and written again is the same JSON.

``breaker_answer`` (section 7) is written whenever the leading card is a Breaker, and
only then: it says how that Breaker was played, which decides what a reshuffle keeps.
Read where the leading card is no Breaker, it tells nothing and is kept as it was.

This engine adds two fields of its own: ``rng``, the seed of the next reshuffle, and
``own_breakers``, written only where section 7's reading of the pile would be wrong:
own-turn Breakers stacked on a +3 (the lowest of them lies on the +3 and would read as
an answer). It is the number of own-turn Breakers on top of the discard pile; a value
that does not fit the pile (kept by an engine that does not know it while play went on)
is ignored.
"""

from __future__ import annotations

import json
from dataclasses import fields
from typing import Any, Final

from .cards import CODES, COLORS
from .errors import BadPosition
from .game import (
    ENGINE,
    FOLLOW_KING,
    FOLLOW_PLUS,
    KEY,
    NOT_STATE,
    PLAYER,
    Game,
    Options,
    Pending,
    Run,
    own_breakers_in,
)

# The position's keys, from the Game's fields (engine.game declares them once).
_STATE: Final = [f for f in fields(Game) if not f.metadata.get(NOT_STATE)]
_PLAYER_FIELDS: Final = [(f.name, f.metadata[PLAYER]) for f in _STATE if PLAYER in f.metadata]
"""(Game field, key in each player object), in the format's order."""
_TOP_FIELDS: Final = [
    (f.name, f.metadata.get(KEY, f.name))
    for f in _STATE
    if PLAYER not in f.metadata and not f.metadata.get(ENGINE) and f.name != "options"
]
"""(Game field, top-level key) after ``options`` and ``players``, in the format's order."""
_TOP_KEYS: Final = ("options", "players", *(k for _, k in _TOP_FIELDS), "breaker_answer")
_OPTION_KEYS: Final = tuple(f.name for f in fields(Options))
_PLAYER_KEYS: Final = tuple(k for _, k in _PLAYER_FIELDS)
_ENGINE_KEYS: Final = tuple(f.name for f in _STATE if f.metadata.get(ENGINE))


class _Extras:
    """Unknown fields of a position, kept so that writing it back loses nothing."""

    __slots__ = ("idle", "options", "players", "top")

    def __init__(self) -> None:
        self.top: dict[str, Any] = {}
        # ``breaker_answer`` as read where the leading card was no Breaker (it said
        # nothing then): written back, in its place, as it was while no Breaker leads.
        self.idle: dict[str, Any] = {}
        self.options: dict[str, Any] = {}
        self.players: list[dict[str, Any]] = []


def _int(value: object, field: str, lo: int | None = None, hi: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadPosition(f"{field}: expected an integer, got {value!r}")
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        raise BadPosition(f"{field}: {value} is out of range")
    return value


def _bool(value: object, field: str) -> bool:
    if not isinstance(value, bool):
        raise BadPosition(f"{field}: expected true or false, got {value!r}")
    return value


def _cards(value: object, field: str) -> list[str]:
    if not isinstance(value, list):
        raise BadPosition(f"{field}: expected a list of card codes")
    for i, c in enumerate(value):
        if not isinstance(c, str) or c not in CODES:
            raise BadPosition(f"{field}[{i}]: {c!r} is not a card code")
    return list(value)


def _color(value: object, field: str) -> str:
    if value not in COLORS:
        raise BadPosition(f"{field}: expected one of R, G, B, Y, got {value!r}")
    assert isinstance(value, str)
    return value


def game_from_position(data: object, *, record: bool = True) -> Game:
    """Build a Game from a parsed position object (raises BadPosition naming the field)."""
    if not isinstance(data, dict):
        raise BadPosition("position: expected a JSON object")
    extras = _Extras()
    extras.top = {k: v for k, v in data.items() if k not in _TOP_KEYS and k not in _ENGINE_KEYS}

    raw_opts = data.get("options", {})
    if not isinstance(raw_opts, dict):
        raise BadPosition("options: expected an object")
    opts = Options(
        **{k: _bool(raw_opts.get(k, False), f"options.{k}") for k in _OPTION_KEYS}
    )
    extras.options = {k: v for k, v in raw_opts.items() if k not in _OPTION_KEYS}

    players = data.get("players")
    if not isinstance(players, list) or not 1 <= len(players) <= 10:
        raise BadPosition("players: expected a list of 1 to 10 players")
    n = len(players)
    hands: list[list[str]] = []
    stages: list[int] = []
    declared: list[bool] = []
    places: list[int | None] = []
    for i, p in enumerate(players):
        where = f"players[{i}]"
        if not isinstance(p, dict):
            raise BadPosition(f"{where}: expected an object")
        if "hand" not in p:
            raise BadPosition(f"{where}.hand: missing")
        hands.append(_cards(p["hand"], f"{where}.hand"))
        stages.append(_int(p.get("stage", 8), f"{where}.stage", 1, 8))
        declared.append(_bool(p.get("declared", False), f"{where}.declared"))
        place = p.get("place")
        places.append(None if place is None else _int(place, f"{where}.place", 1, n))
        extras.players.append({k: v for k, v in p.items() if k not in _PLAYER_KEYS})

    for key in ("draw", "discard", "turn", "direction", "color"):
        if key not in data:
            raise BadPosition(f"{key}: missing")
    draw = _cards(data["draw"], "draw")
    discard = _cards(data["discard"], "discard")
    if not discard:
        raise BadPosition("discard: the discard pile needs a leading card")
    turn = _int(data["turn"], "turn", 0, n - 1)
    direction = _int(data["direction"], "direction")
    if direction not in (1, -1):
        raise BadPosition(f"direction: expected 1 or -1, got {direction}")
    color = _color(data["color"], "color")
    plus2 = _int(data.get("plus2", 0), "plus2", 0)

    plus3: Pending | None = None
    raw3 = data.get("plus3")
    if raw3 is not None:
        if not isinstance(raw3, dict):
            raise BadPosition("plus3: expected null or an object")
        by = _int(raw3.get("by"), "plus3.by", 0, n - 1)
        passed_raw = raw3.get("passed", [])
        if not isinstance(passed_raw, list):
            raise BadPosition("plus3.passed: expected a list of seats")
        passed = [_int(s, f"plus3.passed[{i}]", 0, n - 1) for i, s in enumerate(passed_raw)]
        plus3 = Pending(by, passed)

    run: Run | None = None
    raw_t = data.get("taki")
    if raw_t is not None:
        if not isinstance(raw_t, dict):
            raise BadPosition("taki: expected null or an object")
        run = Run(
            _color(raw_t.get("color"), "taki.color"),
            _int(raw_t.get("by"), "taki.by", 0, n - 1),
            _int(raw_t.get("cards", 0), "taki.cards", 0),
            _bool(raw_t.get("open", False), "taki.open"),
        )

    answer = data.get("breaker_answer")
    if answer is not None and not isinstance(answer, bool):
        raise BadPosition(f"breaker_answer: expected true, false or null, got {answer!r}")
    if discard[-1] != "breaker" and "breaker_answer" in data:
        extras.idle["breaker_answer"] = answer
    own = own_breakers_in(discard, answer)
    if data.get("own_breakers") is not None:
        said = _int(data["own_breakers"], "own_breakers", 0)
        if _fits(said, discard, answer):
            own = said

    follow = data.get("follow")
    if follow not in (None, FOLLOW_PLUS, FOLLOW_KING):
        raise BadPosition(f"follow: expected null, 'plus' or 'king', got {follow!r}")
    winner = data.get("winner")
    if winner is not None:
        winner = _int(winner, "winner", 0, n - 1)
    rng = data.get("rng")
    if rng is not None:
        rng = _int(rng, "rng", 0)

    game = Game(
        hands,
        draw[::-1],
        discard,
        options=opts,
        turn=turn,
        direction=direction,
        color=color,
        stages=stages,
        declared=declared,
        places=places,
        plus2=plus2,
        plus3=plus3,
        taki=run,
        follow=follow,
        winner=winner,
        rng=rng,
        own_breakers=own,
        record=record,
    )
    game.extras = extras
    return game


def _fits(own: int, discard: list[str], answer: bool | None) -> bool:
    """Whether ``own`` own-turn Breakers can lie on top of ``discard`` (the leading one
    played as ``answer`` says)."""
    stack = 0
    while stack < len(discard) and discard[-1 - stack] == "breaker":
        stack += 1
    if answer is True:
        return own == 0
    if answer is False and own == 0:
        return False
    return own <= stack


def _breaker_fields(game: Game, extras: _Extras) -> dict[str, Any]:
    """``breaker_answer`` (and this engine's ``own_breakers`` where the pile would be
    read wrong without it) for the position of ``game``."""
    d = game.discard
    if d[-1] != "breaker":
        return dict(extras.idle)
    own = game.own_breakers or 0
    out: dict[str, Any] = {"breaker_answer": own == 0}
    # Only min(own, len - 1) acts (what the next player follows, what a reshuffle keeps).
    last = len(d) - 1
    if min(own, last) != min(own_breakers_in(d, own == 0), last):
        out["own_breakers"] = own
    return out


def _json(value: Any) -> Any:
    """A field's value as JSON-ready data (lists copied, a run or a +3 as its object)."""
    if isinstance(value, list):
        return list(value)
    if isinstance(value, Run | Pending):
        return {f.name: _json(getattr(value, f.name)) for f in fields(value)}
    return value


def position_of(game: Game) -> dict[str, Any]:
    """The position of ``game`` as a JSON-ready dict, fields in the documented order."""
    extras: _Extras = game.extras if isinstance(game.extras, _Extras) else _Extras()
    options = {k: getattr(game.options, k) for k in _OPTION_KEYS}
    options.update(extras.options)
    players: list[dict[str, Any]] = []
    for i in range(game.n):
        p = {key: _json(getattr(game, name)[i]) for name, key in _PLAYER_FIELDS}
        if i < len(extras.players):
            p.update(extras.players[i])
        players.append(p)
    out: dict[str, Any] = {"options": options, "players": players}
    for name, key in _TOP_FIELDS:
        value = getattr(game, name)
        out[key] = value[::-1] if name == "draw_pile" else _json(value)
        if key == "plus3":  # breaker_answer goes right after it (RULES.md section 7)
            out.update(_breaker_fields(game, extras))
    if game.rng is not None:
        out["rng"] = game.rng
    out.update(extras.top)
    return out


def read_position(text: str, *, record: bool = True) -> Game:
    """Parse position JSON text (BadPosition if it is not JSON or not a position)."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise BadPosition(f"position: not valid JSON ({exc.msg} at line {exc.lineno})") from exc
    return game_from_position(data, record=record)


def write_position(game: Game) -> str:
    """The position as one line of JSON."""
    return json.dumps(position_of(game), ensure_ascii=False)
