"""View patches: what changed in a recipient's view, small enough to ride on an event.

A snapshot gives a client the whole view (``engine.view_of``); after that, the last
event of each action carries a *patch* instead of a new view. A patch is a map from a
dotted path to the path's new value::

    {"players.1.cards": 6, "discard_top": ["B5", "R7"], "lead": "R7", "turn": 2}

Each path names a key of a map or (in decimal) an index of an array, walked from the
view's top. ``apply_patch`` sets each path's value in order, so a client keeps an exact
view without knowing any rule of the game. ``diff_view`` makes the smallest patch of
this kind: it goes into maps, and into arrays of maps of unchanged length (the players),
and replaces anything else whole (a hand, the top cards).
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from .errors import ProtocolError


class Unpatchable(ValueError):
    """The change cannot be written as a patch (a top-level key vanished): send a snapshot."""


def _diff(old: Any, new: Any, prefix: str, out: dict[str, Any]) -> None:
    # Every action's public view is diffed here: a value that is neither a map nor an
    # array is set whole without a call (``_container``), the commonest change.
    if isinstance(old, dict) and isinstance(new, dict):
        if old.keys() - new.keys():
            out[prefix] = new  # a vanished key: replace the whole map
            return
        changed: dict[str, Any] = {}
        for key, value in new.items():
            if key in old and old[key] == value and type(old[key]) is type(value):
                continue
            if type(key) is not str or "." in key:
                out[prefix] = new  # a key no path can name: replace the whole map
                return
            path = f"{prefix}.{key}"
            if key not in old or not _container(value):
                changed[path] = value
            else:
                _diff(old[key], value, path, changed)
        out.update(changed)
        return
    if isinstance(old, list) and isinstance(new, list) and len(old) == len(new):
        for x in new:
            if not isinstance(x, dict):
                out[prefix] = new
                return
        for i, (a, b) in enumerate(zip(old, new, strict=True)):
            if a != b:
                _diff(a, b, f"{prefix}.{i}", out)
        return
    out[prefix] = new


def _container(value: Any) -> bool:
    """Whether ``_diff`` may go into ``value`` (a map or an array) rather than set it."""
    kind = type(value)
    return kind is dict or kind is list or isinstance(value, dict | list)


def diff_view(old: Mapping[str, Any], new: Mapping[str, Any]) -> dict[str, Any]:
    """The patch that turns ``old`` into ``new`` (empty if they are equal).

    Raises Unpatchable if a top-level key of ``old`` is gone from ``new`` or a key holds
    a dot; the server then sends a snapshot instead. Below the top level values compare
    as Python does, where False == 0 and True == 1: a view never turns a flag into a
    count, so such a change is not looked for there.
    """
    if old.keys() - new.keys():
        raise Unpatchable("a top-level key vanished")
    out: dict[str, Any] = {}
    for key, value in new.items():
        if "." in key:
            raise Unpatchable(f"key {key!r} holds a dot")
        if key not in old:
            out[key] = value
            continue
        before = old[key]
        if before == value and type(before) is type(value):
            continue
        kind = type(value)  # (``_container``, inlined: every action's view comes here)
        if kind is dict or kind is list or isinstance(value, dict | list):
            _diff(before, value, key, out)
        else:
            out[key] = value
    return out


def _copy(value: Any) -> Any:
    """A copy of a decoded value: maps and arrays anew, scalars shared (they are immutable).

    Cheaper than ``copy.deepcopy`` for the JSON data model a patch holds; anything else
    (a tuple holding lists, say) still goes through ``deepcopy``.
    """
    kind = type(value)
    if kind is dict:
        return {k: _copy(v) for k, v in value.items()}
    if kind is list:
        return [_copy(v) for v in value]
    if kind is str or kind is int or kind is bool or kind is float or value is None:
        return value
    return copy.deepcopy(value)


_SCALARS = frozenset({str, int, bool, float, type(None)})
"""Immutable values: a patch's are set as they are, anything else is copied."""


def _index(part: str) -> int:
    if not part.isdigit():
        raise ValueError(part)
    return int(part)


def apply_patch(view: dict[str, Any], patch: Mapping[str, Any]) -> dict[str, Any]:
    """Apply ``patch`` to ``view`` in place (and return it).

    Values are copied in, so the patch map can be reused. A path that does not lead
    anywhere in ``view`` raises ProtocolError("bad_message"): the client should resync.
    """
    for path, value in patch.items():
        if type(value) not in _SCALARS:
            value = _copy(value)
        if "." not in path:  # a top-level key: most of every patch
            view[path] = value
            continue
        parts = path.split(".")
        target: Any = view
        try:
            for part in parts[:-1]:
                target = target[_index(part)] if isinstance(target, list) else target[part]
            last = parts[-1]
            if isinstance(target, list):
                target[_index(last)] = value
            elif isinstance(target, dict):
                target[last] = value
            else:
                raise TypeError(type(target).__name__)
        except (KeyError, IndexError, ValueError, TypeError):
            raise ProtocolError("bad_message", f"view patch: no path {path!r}") from None
    return view
