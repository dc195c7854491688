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
from engine.reasons import Reason
from engine.views import view_of

PILE = ["R1", "R3", "G4", "B5", "Y6", "R7", "G8", "B9"] * 3


def game(hands: list[list[str]], lead: str = "B4", color: str = "B", **kw: Any) -> Game:
    return Game(hands, list(PILE), [lead], color=color, **kw)


def refused(g: Game, seat: int | None, kind: str, card: str | None = None) -> R.Refusal:
    """The reason, after checking that the engine does refuse it (a live seat)."""
    if seat is not None and not g.over:
        with pytest.raises(TakiError):
            g.apply(Action(kind, seat, card, "R" if card == "color" else None))
    return R.why_not(view_of(g, seat), kind, card)


CASES: list[tuple[str, Any]] = [
    (Reason.MATCH, lambda: refused(game([["G7", "R1"], ["G1"]]), 0, "play", "G7")),
    (Reason.NOT_YOUR_TURN, lambda: refused(game([["B7"], ["B1"]], turn=1), 0, "play", "B7")),
    (Reason.PLUS2_LIVE, lambda: refused(game([["B7", "R1"], ["G1"]], lead="B+2", plus2=4),
                                   0, "play", "B7")),
    (Reason.RUN_ONLY, lambda: refused(game([["G7", "R1"], ["G1"]], lead="B5", taki=Run("B", 0, 1)),
                                 0, "play", "G7")),
    (Reason.LONE_TAKI, lambda: refused(game([["G7", "R1"], ["G1"]], lead="Btaki",
                                       taki=Run("B", 0, 0)), 0, "close_taki")),
    (Reason.NOTHING_TO_CLOSE, lambda: refused(game([["G7", "R1"], ["G1"]]), 0, "close_taki")),
    (Reason.PLUS_NEEDS_CARD, lambda: refused(game([["G7", "R1"], ["G1"]], lead="Bplus",
                                             follow=FOLLOW_PLUS), 0, "play", "G7")),
    (Reason.NO_DRAW_RUN, lambda: refused(game([["G7", "R1"], ["G1"]], lead="B5",
                                         taki=Run("B", 0, 1)), 0, "draw")),
    (Reason.NO_DRAW_KING, lambda: refused(game([["G7", "R1"], ["G1"]], lead="king",
                                          follow=FOLLOW_KING), 0, "draw")),
    (Reason.MUST_PLAY, lambda: refused(game([["B7", "R1"], ["G1"]],
                                       options=Options(must_play_if_able=True)), 0, "draw")),
    (Reason.NOTHING_TO_END, lambda: refused(game([["G7", "R1"], ["G1"]]), 0, "end_turn")),
    (Reason.ALREADY_DECLARED, lambda: refused(game([["G7", "R1"], ["G1"]],
                                              declared=[True, False]), 0, "declare_last_card")),
    (Reason.PLUS3_KING, lambda: refused(game([["B7", "R1"], ["G1"], ["G3"]], lead="+3", turn=0,
                                        plus3=Pending(2)), 0, "play", "B7")),
    (Reason.PLUS3_ANSWER, lambda: refused(game([["B7", "R1"], ["G1"], ["G3"]], lead="+3", turn=0,
                                          plus3=Pending(2)), 1, "draw")),
    (Reason.NO_PLUS3, lambda: refused(game([["G7", "R1"], ["G1"]]), 0, "pass")),
    (Reason.OWN_PLUS3, lambda: refused(game([["B7", "R1"], ["G1"], ["G3"]], lead="+3", turn=0,
                                       plus3=Pending(2)), 2, "pass")),
    (Reason.ALREADY_PASSED, lambda: refused(game([["B7", "R1"], ["G1"], ["G3"]], lead="+3",
                                            turn=0, plus3=Pending(2, [1])), 1, "pass")),
    (Reason.NO_BREAKER, lambda: refused(game([["B7", "R1"], ["G1"], ["G3"]], lead="+3", turn=0,
                                        plus3=Pending(2)), 1, "break")),
    (Reason.NOT_IN_HAND, lambda: refused(game([["G7", "R1"], ["G1"]]), 0, "play", "Y9")),
    (Reason.WATCHING, lambda: R.why_not(view_of(game([["G7"], ["G1"]]), None), "draw")),
    (Reason.GAME_OVER, lambda: refused(game([[], ["G1"]], winner=0), 0, "draw")),
    (Reason.FINISHED, lambda: R.why_not(
        view_of(game([[], ["G1"], ["G3"]], turn=1, places=[1, None, None], winner=0,
                     options=Options(play_for_places=True)), 0), "draw")),
    (Reason.NO_GAME, lambda: R.why_not(None, "draw")),
]  # fmt: skip


@pytest.mark.parametrize(("code", "make"), CASES, ids=[c for c, _ in CASES])
def test_reason_per_code(code: str, make: Any) -> None:
    assert make().code == code


def test_every_code_has_a_case() -> None:
    covered = {c for c, _ in CASES}
    assert set(R.CODES_ALL) - covered == {Reason.NOT_NOW}


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


@pytest.mark.parametrize("lang", list(i18n.LANGUAGES))
def test_a_pending_plus3_offers_breaking_only_to_a_breaker_holder(lang: str) -> None:
    """The refusal in a +3 window names (b) only for a hand with a +3 Breaker in it: the
    key bar offers only p to the others, and b would be refused again."""
    reason = refused(game([["B7", "R1"], ["G1"], ["G3"]], lead="+3", turn=0,
                          plus3=Pending(2)), 1, "draw")
    try:
        i18n.set_language(lang)
        without = refusal(reason, ["A", "B", "C"], ["G1"])
        holding = refusal(reason, ["A", "B", "C"], ["G1", "breaker"])
    finally:
        i18n.set_language("en")
    assert "(p)" in without and "(b)" not in without
    assert "(p)" in holding and "(b)" in holding


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
    if code == Reason.MATCH:
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
                    reason = R.Refusal(reason.code, {**reason.params, "color": color})
                text = refusal(reason, names)
                assert cell_len(text) <= 78, (code, text)
    finally:
        i18n.set_language("en")


def test_a_seat_view_and_the_game_give_the_same_situation() -> None:
    """The engine and a client decide refusals from the same facts: what the game says
    about a seat (Game.situation) is exactly what that seat's view says."""
    from engine.bots import bot_action, make_bot

    steps = 0
    for seed, options in ((1, Options()), (2, Options(play_for_places=True)),
                          (3, Options(stairs=True))):  # fmt: skip
        g = Game.new(4, seed, options, record=False)
        bots = [make_bot("basic") for _ in range(4)]
        while not g.over and steps < 3000:
            for seat in range(4):
                assert g.situation(seat) == R.situation_of_view(view_of(g, seat)), (seed, seat)
            g.apply(bot_action(g, bots))
            steps += 1
    assert steps > 300


def test_malformed_actions_get_the_engine_only_reasons() -> None:
    """A seat out of range and a Change Colour without a colour are refused as malformed
    (error codes bad_action, bad_color); no view gives these reasons."""
    g = game([["color", "R1"], ["G1"]])
    s = g.situation(0)
    assert R.refusal(s, "play", 0, "color", None).code == Reason.BAD_COLOR
    assert R.refusal(s, "play", 0, "R1", "G").code == Reason.BAD_COLOR
    assert R.refusal(g.situation(5), "draw", 5).code == Reason.BAD_SEAT
    for action, code in ((Action("play", 0, "color"), "bad_color"),
                         (Action("draw", 5), "bad_action")):  # fmt: skip
        with pytest.raises(TakiError) as caught:
            g.apply(action)
        assert caught.value.code == code
    assert not {Reason.BAD_SEAT, Reason.BAD_COLOR} & set(R.CODES_ALL)
