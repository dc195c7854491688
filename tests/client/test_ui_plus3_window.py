"""The table during a +3 window follows the window, frame by frame.

Seen in tmux: the +3 notice stayed in the title about 7 s after the window closed (it
was a banner with a timer of its own); in a 4-seat window the refusal of d ("A +3 is
pending: let it through (p).") was wiped by the other seats' passes, 3 tries in 4; the
seat after the +3's player, who may cancel it with a King (RULES.md 4), was not told so
(it is now, with K, a key that plays the King wherever it sits in the hand).
"""

from __future__ import annotations

from typing import Any

import pytest

from client import i18n
from client.app import TakiApp
from client.config import Settings
from engine.actions import Action

from ..support.clientkit import Table, plus3_played, settled, shown, until
from ..support.fit import overflows
from ..support.util import position

pytestmark = pytest.mark.usefixtures("config_dir")

LANGS = list(i18n.LANGUAGES)
NAMES = ("Ann", "Noa", "Avi", "Dan")


def four_seats(ann: list[str], avi: list[str] | None = None) -> dict[str, Any]:
    """Noa (seat 1) to play a +3 next; Avi (seat 2) is the seat after her."""
    return position(hands=[ann, ["+3", "B4", "B5"], avi or ["G1", "G4", "G5"],
                           ["Y1", "Y4", "Y5"]], turn=1)


async def window(app: TakiApp, pilot: Any, pos: dict[str, Any], me: int | None,
                 name: str = "Friday") -> Table:
    """The table (named ``name``) seen from ``me`` (None: a spectator) once Noa's +3 is
    pending."""
    table = Table(app, pos, me=me, names=NAMES, name=name)  # type: ignore[arg-type]
    return await plus3_played(app, pilot, table)



@pytest.mark.asyncio
@pytest.mark.parametrize("order", [(2, 3, 0), (0, 2, 3)])
async def test_the_plus3_notice_leaves_the_title_with_the_window(
    order: tuple[int, int, int],
) -> None:
    app = TakiApp(name="Ann", settings=Settings(intro_seen=True))
    async with app.run_test(size=(80, 24)) as pilot:
        table = await window(app, pilot, four_seats(["R7", "G3"]), me=0)
        notice = i18n._("+3 from {who}: let it through (p)").format(who="Noa")
        assert notice in shown(app, "#title")
        for seat in order:
            table.act(Action("pass", seat))
        assert app.session.state.view is not None and app.session.state.view.plus3 is None
        await settled(pilot)
        title = shown(app, "#title")
        assert "+3" not in title, title


@pytest.mark.asyncio
async def test_a_spectators_plus3_notice_leaves_the_title_with_the_window() -> None:
    app = TakiApp(name="Zed", settings=Settings(intro_seen=True))
    async with app.run_test(size=(80, 24)) as pilot:
        table = await window(app, pilot, four_seats(["R7", "G3"]), me=None)
        assert i18n._("+3 from {name}").format(name="Noa") in shown(app, "#title")
        for seat in (2, 3, 0):
            table.act(Action("pass", seat))
        await settled(pilot)
        title = shown(app, "#title")
        assert "+3" not in title, title


@pytest.mark.asyncio
async def test_a_refusal_in_a_plus3_window_outlasts_the_other_seats_passes() -> None:
    app = TakiApp(name="Ann", settings=Settings(intro_seen=True))
    async with app.run_test(size=(80, 24)) as pilot:
        table = await window(app, pilot, four_seats(["R7", "G3"]), me=0)
        await pilot.press("d")
        refused = i18n._("A +3 is pending: let it through (p).")
        await until(lambda: refused in shown(app, "#status"))
        for seat in (2, 3):
            table.act(Action("pass", seat))
            await settled(pilot)
            assert refused in shown(app, "#status"), shown(app, "#status")
        table.act(Action("pass", 0))  # (as if from this seat: the window closes)
        await settled(pilot)
        assert refused not in shown(app, "#status"), shown(app, "#status")


@pytest.mark.asyncio
async def test_a_refusal_in_a_plus3_window_goes_with_the_seats_own_next_action() -> None:
    app = TakiApp(name="Ann", settings=Settings(intro_seen=True))
    async with app.run_test(size=(80, 24)) as pilot:
        await window(app, pilot, four_seats(["R7", "G3"]), me=0)
        await pilot.press("d")
        refused = i18n._("A +3 is pending: let it through (p).")
        await until(lambda: refused in shown(app, "#status"))
        await pilot.press("p")  # sent (no server answers here): the refusal is done
        await settled(pilot)
        assert refused not in shown(app, "#status"), shown(app, "#status")


def king_words(breaks: bool) -> str:
    template = ("+3 from {who}: break (b), pass (p) or King (K)" if breaks
                else "+3 from {who}: pass (p) or cancel it with a King (K)")
    return i18n._(template).format(who="Noa")


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", LANGS, indirect=True)
@pytest.mark.parametrize("breaker", [False, True])
async def test_the_seat_after_the_plus3_is_told_its_king_cancels_it(
    lang: str, breaker: bool
) -> None:
    app = TakiApp(name="Avi", settings=Settings(intro_seen=True))
    avi = ["G1", "king", *(["breaker"] if breaker else ["G4"])]
    async with app.run_test(size=(80, 24)) as pilot:
        # (the table's name as the new-table form suggests it, for a name of 7 letters)
        name = i18n._("{name}'s table").format(name="Natalie")
        await window(app, pilot, four_seats(["R7", "G3"], avi), me=2, name=name)
        assert app.session.state.play_of("king") is not None
        title = shown(app, "#title")
        assert king_words(breaker) in title, title
        assert "…" not in title, title
        assert not overflows(app.screen), overflows(app.screen)
        sent: list[tuple[str, str | None]] = []
        app.session.send_action = (  # type: ignore[method-assign]
            lambda action, last=False: sent.append((action.type, action.card)))
        await pilot.press("K")  # the key the notice names plays the King
        await until(lambda: sent == [("play", "king")])


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", LANGS, indirect=True)
async def test_a_king_that_may_not_answer_the_plus3_is_not_offered(lang: str) -> None:
    """Ann holds a King but is not the seat after Noa: only p is hers."""
    app = TakiApp(name="Ann", settings=Settings(intro_seen=True))
    async with app.run_test(size=(80, 24)) as pilot:
        await window(app, pilot, four_seats(["R7", "king"]), me=0)
        assert app.session.state.play_of("king") is None
        title = shown(app, "#title")
        assert i18n._("+3 from {who}: let it through (p)").format(who="Noa") in title, title


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", LANGS, indirect=True)
@pytest.mark.parametrize("breaker", [False, True])
async def test_a_refused_draw_reminds_the_seat_after_the_plus3_of_its_king(
    lang: str, breaker: bool
) -> None:
    """Seen in tmux: Avi, the seat after Noa's +3 and holding a King, pressed d and was
    told only "A +3 is pending: let it through (p).", while the title offered K."""
    app = TakiApp(name="Avi", settings=Settings(intro_seen=True))
    avi = ["G1", "king", *(["breaker"] if breaker else ["G4"])]
    async with app.run_test(size=(80, 24)) as pilot:
        await window(app, pilot, four_seats(["R7", "G3"], avi), me=2)
        await pilot.press("d")
        refused = i18n._("A +3 is pending: break (b), pass (p) or King (K)." if breaker
                         else "A +3 is pending: pass (p) or cancel it with a King (K).")
        await until(lambda: refused in shown(app, "#status"))
        assert not overflows(app.screen), overflows(app.screen)


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", LANGS, indirect=True)
async def test_the_key_bar_lists_K_where_the_plus3_notice_offers_it(lang: str) -> None:
    """Seen in tmux: the title offered "(K)" to the seat after Noa's +3, but the key bar
    listed only "Enter play  p pass"; a seat that may not cancel it is offered no K."""
    for me, king in ((2, True), (0, False)):
        app = TakiApp(name=NAMES[me], settings=Settings(intro_seen=True))
        hands = (["R7", "king"], ["G1", "king", "G4"]) if me == 2 else (["R7", "king"], None)
        async with app.run_test(size=(80, 24)) as pilot:
            await window(app, pilot, four_seats(*hands), me=me)
            keys = shown(app, "#keys")
            assert ("K " + i18n._("King") in keys) == king, keys
            assert not overflows(app.screen), overflows(app.screen)
