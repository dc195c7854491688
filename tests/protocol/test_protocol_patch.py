"""View patches: diff then apply gives the new view back, whatever the change."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from protocol import ProtocolError, Unpatchable, apply_patch, diff_view
from protocol import messages as m

from ..support.samples import VIEW

# No 0 or 1 beside the booleans: Python (and so ``diff_view`` below the top level) takes
# False for 0 and True for 1, and no view ever turns a flag into a count (diff_view's
# docstring); a flag and a count told apart at the top level are tested below.
LEAF = (
    st.none()
    | st.booleans()
    | st.integers(-5, 5).filter(lambda n: n not in (0, 1))
    | st.sampled_from(["R7", "G", "king"])
)
KEY = st.sampled_from(["a", "b", "c", "cards", "players", "1", ""])
VALUE = st.recursive(
    LEAF,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(KEY, inner, max_size=4),
    max_leaves=15,
)
TOP = st.dictionaries(st.sampled_from(["seat", "players", "hand", "turn", "taki"]), VALUE)


@settings(max_examples=200, deadline=None)
@given(TOP, st.data())
def test_applying_the_diff_gives_the_new_view(old: dict[str, Any], data: st.DataObject) -> None:
    new = data.draw(TOP)
    for key in old.keys() - new.keys():
        new[key] = data.draw(VALUE)
    patch = diff_view(old, new)
    view = copy.deepcopy(old)
    assert apply_patch(view, patch) == new
    assert (patch == {}) == (old == new)


def test_a_played_card_patches_one_count_and_the_top() -> None:
    new = copy.deepcopy(VIEW)
    new["players"][1]["cards"] = 8
    new["hand"].remove("G9")
    new["discard_top"] = ["G3", "G9"]
    new["lead"] = "G9"
    new["turn"] = 2
    patch = diff_view(VIEW, new)
    assert patch == {
        "players.1.cards": 8,
        "discard_top": ["G3", "G9"],
        "lead": "G9",
        "turn": 2,
        "hand": new["hand"],
    }
    assert apply_patch(copy.deepcopy(VIEW), patch) == new


def test_a_value_of_another_type_is_replaced_whole() -> None:
    old = {"taki": None, "x": 1}
    new = {"taki": {"color": "R", "by": 0, "cards": 0, "open": False}, "x": True}
    assert diff_view(old, new) == new


def test_a_vanished_top_level_key_cannot_be_patched() -> None:
    with pytest.raises(Unpatchable):
        diff_view({"hand": [], "turn": 0}, {"turn": 1})
    with pytest.raises(Unpatchable):
        diff_view({}, {"a.b": 1})


def test_a_vanished_nested_key_replaces_its_map() -> None:
    assert diff_view({"p": {"a": 1, "b": 2}}, {"p": {"a": 1}}) == {"p": {"a": 1}}


@pytest.mark.parametrize("path", ["nope.x", "players.9.cards", "players.x", "players.-1", "turn.a"])
def test_a_patch_path_missing_from_the_view_is_bad_message(path: str) -> None:
    with pytest.raises(ProtocolError) as info:
        apply_patch(copy.deepcopy(VIEW), {path: 1})
    assert info.value.code == "bad_message"


def test_applied_values_are_copies() -> None:
    patch: dict[str, Any] = {"hand": ["R1"]}
    view = apply_patch(copy.deepcopy(VIEW), patch)
    patch["hand"].append("R3")
    assert view["hand"] == ["R1"]


def test_a_patch_rides_on_an_event_through_the_wire() -> None:
    new = copy.deepcopy(VIEW)
    new["players"][2]["declared"] = True
    ev = m.Event(5, {"kind": "declared", "seat": 2}, diff_view(VIEW, new))
    back = m.Event.from_dict(ev.to_dict())
    assert back.view is not None
    assert apply_patch(copy.deepcopy(VIEW), back.view) == new


def test_a_flag_turned_into_a_number_at_the_top_is_patched() -> None:
    """False == 0 in Python, but not on the wire: the top level tells them apart."""
    view: dict[str, Any] = {"seat": False}
    patch = diff_view(view, {"seat": 0})
    assert patch == {"seat": 0} and type(apply_patch(view, patch)["seat"]) is int
