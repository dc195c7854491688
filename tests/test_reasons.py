"""Refusal reasons (engine.reasons) and their words: one real position per reason code.

Each case builds a Game, takes the acting seat's view (engine.views), checks that the
action is indeed refused by the engine, and that ``why_not`` names the rule a player
needs. The words are then checked in every language: never the English fallback, and
with the colour and symbol filled in.
"""

from __future__ import annotations

from typing import Any

import pytest

from client import i18n
from client.words import refusal
from engine import reasons as R
from engine.actions import Action
from engine.errors import TakiError
from engine.game import FOLLOW_KING, FOLLOW_PLUS, Game, Options, Pending, Run
from engine.views import view_of
from protocol.codec import view_to_wire

PILE = ["R1", "R3", "G4", "B5", "Y6", "R7", "G8", "B9"] * 3


def game(hands: list[list[str]], lead: str = "B4", color: str = "B", **kw: Any) -> Game:
    return Game(hands, list(PILE), [lead], color=color, **kw)


def refused(g: Game, seat: int | None, kind: str, card: str | None = None) -> R.Reason:
    """The reason, after checking that the engine does refuse it (a live seat)."""
    if seat is not None and not g.over:
        with pytest.raises(TakiError):
            g.apply(Action(kind, seat, card, "R" if card == "color" else None))
    return R.why_not(view_to_wire(view_of(g, seat)), kind, card)


CASES: list[tuple[str, Any]] = [
    (R.MATCH, lambda: refused(game([["G7", "R1"], ["G1"]]), 0, "play", "G7")),
    (R.NOT_YOUR_TURN, lambda: refused(game([["B7"], ["B1"]], turn=1), 0, "play", "B7")),
    (R.PLUS2_LIVE, lambda: refused(game([["B7", "R1"], ["G1"]], lead="B+2", plus2=4),
                                   0, "play", "B7")),
    (R.RUN_ONLY, lambda: refused(game([["G7", "R1"], ["G1"]], lead="B5", taki=Run("B", 0, 1)),
                                 0, "play", "G7")),
    (R.LONE_TAKI, lambda: refused(game([["G7", "R1"], ["G1"]], lead="Btaki",
                                       taki=Run("B", 0, 0)), 0, "close_taki")),
    (R.NOTHING_TO_CLOSE, lambda: refused(game([["G7", "R1"], ["G1"]]), 0, "close_taki")),
    (R.PLUS_NEEDS_CARD, lambda: refused(game([["G7", "R1"], ["G1"]], lead="Bplus",
                                             follow=FOLLOW_PLUS), 0, "play", "G7")),
    (R.NO_DRAW_RUN, lambda: refused(game([["G7", "R1"], ["G1"]], lead="B5",
                                         taki=Run("B", 0, 1)), 0, "draw")),
    (R.NO_DRAW_KING, lambda: refused(game([["G7", "R1"], ["G1"]], lead="king",
                                          follow=FOLLOW_KING), 0, "draw")),
    (R.MUST_PLAY, lambda: refused(game([["B7", "R1"], ["G1"]],
                                       options=Options(must_play_if_able=True)), 0, "draw")),
    (R.NOTHING_TO_END, lambda: refused(game([["G7", "R1"], ["G1"]]), 0, "end_turn")),
    (R.ALREADY_DECLARED, lambda: refused(game([["G7", "R1"], ["G1"]],
                                              declared=[True, False]), 0, "declare_last_card")),
    (R.PLUS3_KING, lambda: refused(game([["B7", "R1"], ["G1"], ["G3"]], lead="+3", turn=0,
                                        plus3=Pending(2)), 0, "play", "B7")),
    (R.PLUS3_ANSWER, lambda: refused(game([["B7", "R1"], ["G1"], ["G3"]], lead="+3", turn=0,
                                          plus3=Pending(2)), 1, "draw")),
    (R.NO_PLUS3, lambda: refused(game([["G7", "R1"], ["G1"]]), 0, "pass")),
    (R.OWN_PLUS3, lambda: refused(game([["B7", "R1"], ["G1"], ["G3"]], lead="+3", turn=0,
                                       plus3=Pending(2)), 2, "pass")),
    (R.ALREADY_PASSED, lambda: refused(game([["B7", "R1"], ["G1"], ["G3"]], lead="+3",
                                            turn=0, plus3=Pending(2, [1])), 1, "pass")),
    (R.NO_BREAKER, lambda: refused(game([["B7", "R1"], ["G1"], ["G3"]], lead="+3", turn=0,
                                        plus3=Pending(2)), 1, "break")),
    (R.NOT_IN_HAND, lambda: refused(game([["G7", "R1"], ["G1"]]), 0, "play", "Y9")),
    (R.WATCHING, lambda: R.why_not(view_to_wire(view_of(game([["G7"], ["G1"]]), None)), "draw")),
    (R.GAME_OVER, lambda: refused(game([[], ["G1"]], winner=0), 0, "draw")),
    (R.FINISHED, lambda: R.why_not(
        view_to_wire(view_of(game([[], ["G1"], ["G3"]], turn=1, places=[1, None, None], winner=0,
                     options=Options(play_for_places=True)), 0)), "draw")),
    (R.NO_GAME, lambda: R.why_not(None, "draw")),
]  # fmt: skip


@pytest.mark.parametrize(("code", "make"), CASES, ids=[c for c, _ in CASES])
def test_reason_per_code(code: str, make: Any) -> None:
    assert make().code == code


def test_every_code_has_a_case() -> None:
    covered = {c for c, _ in CASES}
    assert set(R.CODES_ALL) - covered == {R.NOT_NOW}


def test_match_names_the_leading_colour_and_symbol() -> None:
    reason = refused(game([["G7", "R1"], ["G1"]], lead="B4", color="B"), 0, "play", "G7")
    assert reason.params == {"color": "B", "symbol": "4"}
    i18n.set_language("en")
    assert refusal(reason, ["A", "B"]) == "Match blue or 4, or play a colourless card."


def test_not_your_turn_names_whose_turn() -> None:
    reason = refused(game([["B7"], ["B1"]], turn=1), 0, "play", "B7")
    i18n.set_language("en")
    assert refusal(reason, ["Ann", "Bo"]) == "Not your turn: waiting for Bo."


def test_plus2_says_how_many() -> None:
    reason = refused(game([["B7", "R1"], ["G1"]], lead="B+2", plus2=4), 0, "play", "B7")
    i18n.set_language("en")
    assert "draw 4" in refusal(reason, ["A", "B"])


@pytest.mark.parametrize("lang", [lang for lang in i18n.LANGUAGES if lang != "en"])
@pytest.mark.parametrize(("code", "make"), CASES, ids=[c for c, _ in CASES])
def test_reason_words_are_translated(lang: str, code: str, make: Any) -> None:
    reason = make()
    i18n.set_language("en")
    english = refusal(reason, ["A", "B", "C"])
    try:
        i18n.set_language(lang)
        words = refusal(reason, ["A", "B", "C"])
    finally:
        i18n.set_language("en")
    assert words and words != english
    assert "{" not in words
    if code == R.MATCH:
        i18n.set_language(lang)
        try:
            from client.words import color_word

            assert color_word("B") in words and "4" in words
        finally:
            i18n.set_language("en")


@pytest.mark.parametrize("lang", list(i18n.LANGUAGES))
def test_reason_words_fit_the_status_line(lang: str) -> None:
    """The status line is 78 cells at 80x24; the longest words must fit with room."""
    from rich.cells import cell_len

    names = ["W" * 24] * 3
    try:
        i18n.set_language(lang)
        for code, make in CASES:
            reason = make()
            for color in ("R", "G", "B", "Y"):
                if "color" in reason.params:
                    reason = R.Reason(reason.code, {**reason.params, "color": color})
                text = refusal(reason, names)
                assert cell_len(text) <= 78, (code, text)
    finally:
        i18n.set_language("en")
