"""Typed records with a wire form: frozen dataclasses read from and written to maps.

A ``Record`` subclass is a frozen dataclass whose field annotations say the wire type
(``int``, ``float``, ``str``, ``bool``, ``X | None``, ``tuple[X, ...]``, fixed
``tuple[X, Y]``, ``dict[str, Any]`` for an opaque map, or another Record), and whose
``field(metadata=rule(...))`` adds the limits (ranges, lengths, allowed values, the
version a field appeared in). From those, ``from_dict`` checks a decoded map and builds
the record, and ``to_dict`` writes it back, so each message class is only its fields.

Reading follows the compatibility rules: unknown keys are ignored; a key holding
``nil`` counts as absent; a missing required field, a wrong type or a value out of its
limits is ``ProtocolError("bad_message")`` naming the field. Writing leaves out a field
whose default is None while it is None, and fields newer than the version spoken.

Opaque maps (``dict[str, Any]`` fields: a view, an event) are shared, not copied, by
both ``from_dict`` and ``to_dict``: records are frozen, and so must those maps be
treated.
"""

from __future__ import annotations

import dataclasses
import math
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any, ClassVar, Final, TypeVar

from .errors import ProtocolError

R = TypeVar("R", bound="Record")

_Conv = Callable[[Any, str], Any]


def rule(
    *,
    since: int = 1,
    min: float | None = None,
    max: float | None = None,
    min_len: int | None = None,
    max_len: int | None = None,
    choices: tuple[str, ...] | None = None,
    omit: bool | None = None,
) -> dict[str, Any]:
    """Field metadata: the version a field appeared in and the limits on its value.

    ``min``/``max`` bound a number, ``min_len``/``max_len`` a string's characters or an
    array's items, ``choices`` lists the allowed strings. ``omit``: leave the field out
    of the wire map while it equals its default (None: only if that default is None;
    False: always write it, nil included).
    """
    return {
        "since": since,
        "omit": omit,
        "min": min,
        "max": max,
        "min_len": min_len,
        "max_len": max_len,
        "choices": choices,
    }


def _bad(path: str, text: str) -> ProtocolError:
    return ProtocolError("bad_message", f"{path}: {text}")


def _type_name(value: object) -> str:
    if value is None:
        return "nil"
    if isinstance(value, bool):
        return "bool"
    return {int: "int", float: "float", str: "str", list: "array", dict: "map"}.get(
        type(value), type(value).__name__
    )


def _conv_int(value: Any, path: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _bad(path, f"expected int, got {_type_name(value)}")
    return value


def _conv_float(value: Any, path: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise _bad(path, f"expected a number, got {_type_name(value)}")
    if not math.isfinite(value):
        raise _bad(path, f"expected a finite number, got {value}")
    return value


def _conv_str(value: Any, path: str) -> str:
    if not isinstance(value, str):
        raise _bad(path, f"expected str, got {_type_name(value)}")
    return value


def _conv_bool(value: Any, path: str) -> bool:
    if not isinstance(value, bool):
        raise _bad(path, f"expected bool, got {_type_name(value)}")
    return value


def _conv_map(value: Any, path: str) -> dict[str, Any]:
    if not isinstance(value, dict) or not all(isinstance(k, str) for k in value):
        raise _bad(path, f"expected a map with string keys, got {_type_name(value)}")
    return value


def _converter(tp: Any) -> _Conv:
    """The reader for one annotation: checks a decoded value, returns the Python value."""
    if tp is int:
        return _conv_int
    if tp is float:
        return _conv_float
    if tp is str:
        return _conv_str
    if tp is bool:
        return _conv_bool
    if tp is Any:
        return lambda value, path: value
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin in (types.UnionType, typing.Union):
        rest = [a for a in args if a is not type(None)]
        if len(rest) != 1 or len(args) != 2:
            raise TypeError(f"unsupported union {tp!r}")
        inner = _converter(rest[0])

        def conv_optional(value: Any, path: str) -> Any:
            return None if value is None else inner(value, path)

        return conv_optional
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            item = _converter(args[0])

            def conv_array(value: Any, path: str) -> tuple[Any, ...]:
                if not isinstance(value, list | tuple):
                    raise _bad(path, f"expected array, got {_type_name(value)}")
                return tuple(item(v, f"{path}[{i}]") for i, v in enumerate(value))

            return conv_array
        items = [_converter(a) for a in args]

        def conv_fixed(value: Any, path: str) -> tuple[Any, ...]:
            if not isinstance(value, list | tuple) or len(value) != len(items):
                raise _bad(path, f"expected an array of {len(items)}")
            pairs = enumerate(zip(items, value, strict=True))
            return tuple(c(v, f"{path}[{i}]") for i, (c, v) in pairs)

        return conv_fixed
    if origin is dict:
        return _conv_map
    if isinstance(tp, type) and issubclass(tp, Record):
        record: type[Record] = tp

        def conv_record(value: Any, path: str) -> Record:
            if not isinstance(value, dict):
                raise _bad(path, f"expected map, got {_type_name(value)}")
            return record._read(value, path)

        return _interned(record) if record.INTERNED else conv_record
    raise TypeError(f"unsupported field type {tp!r}")


INTERN_KEEP: Final = 1024
"""Records an ``INTERNED`` field's reader keeps, per record type."""


def _interned(record: type[Record]) -> _Conv:
    """The reader of a field holding an ``INTERNED`` record: a map read once is kept,
    by its items, and the same items read again give the same (frozen) record. Only
    maps of strings and true/false are kept: those items equal only items of the
    same types and values (``1 == True``, but a 1 is not kept), so a kept record is
    what reading the map would make. Maps that do not read are never kept."""
    kept: dict[tuple[tuple[Any, Any], ...], Record] = {}

    def conv_interned(value: Any, path: str) -> Record:
        if not isinstance(value, dict):
            raise _bad(path, f"expected map, got {_type_name(value)}")
        items = tuple(value.items())
        for _key, item in items:
            if type(item) is not str and item is not True and item is not False:
                return record._read(value, path)
        found = kept.get(items)
        if found is None:
            found = record._read(value, path)
            if len(kept) < INTERN_KEEP:
                kept[items] = found
        return found

    return conv_interned


@dataclasses.dataclass(frozen=True, slots=True)
class _Spec:
    name: str
    conv: _Conv
    required: bool
    default: Any
    omit: bool
    since: int
    meta: Mapping[str, Any]
    limited: bool
    """Some limit (range, length, choices) to check."""
    exact: type | None
    """A value of exactly this type needs no converter (int, str, bool, or X | None)."""
    limits: tuple[Any, Any, Any, Any, Any]
    """min, max, min_len, max_len, choices (None: no such limit), looked up once."""


_SPECS: dict[type, tuple[_Spec, ...]] = {}

_LIMIT_KEYS: Final = ("min", "max", "min_len", "max_len", "choices")


def _omits(required: bool, default: Any, omit: bool | None) -> bool:
    if required:
        return False
    if omit is None:
        return default is None
    return omit


def _exact(tp: Any) -> type | None:
    """The one type whose values the converter for ``tp`` takes as they are, if any."""
    if typing.get_origin(tp) in (types.UnionType, typing.Union):
        rest = [a for a in typing.get_args(tp) if a is not type(None)]
        tp = rest[0] if len(rest) == 1 else None
    return tp if tp in (int, str, bool) else None


def _specs(cls: type) -> tuple[_Spec, ...]:
    specs = _SPECS.get(cls)
    if specs is None:
        hints = typing.get_type_hints(cls)
        out = []
        for f in dataclasses.fields(cls):
            required = f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
            default = f.default if f.default is not dataclasses.MISSING else None
            if f.default_factory is not dataclasses.MISSING:
                default = f.default_factory()
            meta = f.metadata or rule()
            out.append(
                _Spec(
                    f.name,
                    _converter(hints[f.name]),
                    required,
                    default,
                    _omits(required, default, meta.get("omit")),
                    int(meta.get("since", 1)),
                    meta,
                    any(meta.get(k) is not None for k in _LIMIT_KEYS),
                    _exact(hints[f.name]),
                    tuple(meta.get(k) for k in _LIMIT_KEYS),  # type: ignore[arg-type]
                )
            )
        specs = _SPECS[cls] = tuple(out)
    return specs


_LIMITED: dict[type, tuple[_Spec, ...]] = {}


def _limited_specs(cls: type) -> tuple[_Spec, ...]:
    """The specs of ``cls`` with a limit to check: every record built walks only these."""
    specs = _LIMITED.get(cls)
    if specs is None:
        specs = _LIMITED[cls] = tuple(s for s in _specs(cls) if s.limited)
    return specs


def _check_limits(owner: str, spec: _Spec, value: Any) -> None:
    # Every limited field of every record read passes here: the limits are looked up
    # once (``_Spec.limits``), the path is only made for an error; a plain ``str``
    # (most of them) is told apart by its exact type first.
    if value is None:
        return
    lo, hi, lo_len, hi_len, choices = spec.limits
    kind = type(value)
    if kind is str:
        if lo_len is not None and len(value) < lo_len:
            raise _bad(f"{owner}.{spec.name}", f"shorter than {lo_len}")
        if hi_len is not None and len(value) > hi_len:
            raise _bad(f"{owner}.{spec.name}", f"longer than {hi_len}")
    elif kind is int or kind is float or (  # (exact types first: no union made)
        isinstance(value, int | float) and not isinstance(value, bool)
    ):
        if lo is not None and value < lo:
            raise _bad(f"{owner}.{spec.name}", f"{value} is below {lo}")
        if hi is not None and value > hi:
            raise _bad(f"{owner}.{spec.name}", f"{value} is above {hi}")
    elif isinstance(value, str | tuple):
        if lo_len is not None and len(value) < lo_len:
            raise _bad(f"{owner}.{spec.name}", f"shorter than {lo_len}")
        if hi_len is not None and len(value) > hi_len:
            raise _bad(f"{owner}.{spec.name}", f"longer than {hi_len}")
    if choices is not None and value not in choices:
        raise _bad(f"{owner}.{spec.name}", f"{value!r} is not one of {', '.join(choices)}")


def _to_wire(value: Any, version: int) -> Any:
    if isinstance(value, Record):
        return value.to_dict(version)
    if isinstance(value, tuple):
        return [_to_wire(v, version) for v in value]
    return value


class Record:
    """A frozen dataclass with a wire form. Subclasses: ``@dataclass(frozen=True, slots=True)``."""

    __slots__ = ()

    WIRE_NAME: ClassVar[str] = ""
    """How error messages name the record (a message's type, or a field)."""
    INTERNED: ClassVar[bool] = False
    """Read as a field, kept and handed out again for the same map (``_interned``):
    for small records that recur, the same few over and over (a game action)."""

    def __post_init__(self) -> None:
        owner = self.WIRE_NAME or type(self).__name__
        for spec in _limited_specs(type(self)):
            _check_limits(owner, spec, getattr(self, spec.name))
        self._check()

    def _check(self) -> None:
        """Rules across fields; raise ProtocolError("bad_message") to refuse."""

    @classmethod
    def trusted(cls: type[R], **fields: Any) -> R:
        """Build a record from values this program made itself, skipping the checks.

        For the server's hot path (events, acks, legal actions); anything read from the
        wire goes through ``from_dict`` and is checked in full."""
        obj = object.__new__(cls)
        steps = _WRITING.get(cls)
        if steps is None:
            steps = _writing(cls)
        for name, _since, _omit, default in steps:
            _set(obj, name, fields.get(name, default))
        return obj

    def to_dict(self, version: int | None = None) -> dict[str, Any]:
        """The wire map (fields newer than ``version`` left out; None: all of them)."""
        out: dict[str, Any] = {}
        deep = version if version is not None else 1 << 30
        steps = _WRITING.get(type(self))
        if steps is None:
            steps = _writing(type(self))
        for name, since, omit, default in steps:
            if version is not None and since > version:
                continue
            value = getattr(self, name)
            if omit and value == default:
                continue
            kind = type(value)  # (a plain value is its own wire form: ``_to_wire`` inlined)
            if kind is str or kind is int or value is None or kind is bool or kind is dict:
                out[name] = value
            else:
                out[name] = _to_wire(value, deep)
        return out

    @classmethod
    def from_dict(cls: type[R], data: Mapping[str, Any]) -> R:
        """Read a decoded map; ProtocolError("bad_message") names what is wrong."""
        if type(data) is not dict and not isinstance(data, Mapping):  # (dict: no ABC check)
            raise _bad(cls.WIRE_NAME or cls.__name__, f"expected map, got {_type_name(data)}")
        return cls._read(data, cls.WIRE_NAME or cls.__name__)

    @classmethod
    def _read(cls: type[R], data: Mapping[str, Any], path: str) -> R:
        # The checks of __init__ + __post_init__ in one pass over the fields, without the
        # keyword call: every frame a client receives, and every request the server
        # reads, is read here (``_reading``: each spec's parts unpacked, not looked up).
        obj = object.__new__(cls)
        owner = cls.WIRE_NAME or cls.__name__
        steps = _READING.get(cls)
        if steps is None:
            steps = _reading(cls)
        for name, required, default, exact, conv, limited, spec in steps:
            value = data.get(name)
            if value is None:
                if required:
                    raise _bad(f"{path}.{name}", "missing")
                value = default
            elif type(value) is not exact:
                value = conv(value, f"{path}.{name}")
            if limited and value is not None:
                _check_limits(owner, spec, value)
            _set(obj, name, value)
        try:
            obj._check()
        except ProtocolError:
            raise
        except (TypeError, ValueError) as exc:  # a _check that slipped; never escape raw
            raise _bad(path, str(exc)) from None
        return obj


_WRITING: dict[type, tuple[tuple[str, int, bool, Any], ...]] = {}


def _writing(cls: type) -> tuple[tuple[str, int, bool, Any], ...]:
    """How ``Record.to_dict`` writes each field of ``cls``: name, since, omit, default."""
    steps = _WRITING[cls] = tuple((s.name, s.since, s.omit, s.default) for s in _specs(cls))
    return steps


_Step = tuple[str, bool, Any, "type | None", _Conv, bool, _Spec]
_READING: dict[type, tuple[_Step, ...]] = {}
_set = object.__setattr__


def _reading(cls: type) -> tuple[_Step, ...]:
    """How ``Record._read`` reads each field of ``cls``: its spec's parts, in order."""
    steps = _READING[cls] = tuple(
        (s.name, s.required, s.default, s.exact, s.conv, s.limited, s) for s in _specs(cls)
    )
    return steps


REQUEST_ID_MAX: Final = 2**32 - 1
"""Request ids are unsigned 32-bit integers chosen by the client."""


def request_id_of(data: Mapping[str, Any]) -> int | None:
    """The ``id`` of a raw request map if it is a valid request id, else None."""
    value = data.get("id")
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= REQUEST_ID_MAX:
        return value
    return None
