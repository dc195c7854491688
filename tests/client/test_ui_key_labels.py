"""Every key the key bars offer keeps its label at 80x24, in every language.

The bars used to drop the labels that mattered least when the words did not fit one
line: the French lobby at 80 columns showed "s  ?  q" with nothing to say what they do.
A key alone tells a newcomer nothing, so each item must read "key label".
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from rich.cells import cell_len

from client import i18n
from client.app import TakiApp
from client.config import Settings
from client.screens.lobby import LobbyScreen
from client.screens.table import TableScreen
from client.widgets.cards import CardTile
from protocol.messages import TableOptions

from ..support.clientkit import set_game, until
from ..support.server_thread import ServerThread
from ..support.util import position

pytestmark = pytest.mark.usefixtures("config_dir")


def bar_items(bar: str) -> list[str]:
    """The items of a key bar: separated by two spaces or a line break."""
    return [item for item in re.split(r" {2,}|\n", bar.strip()) if item.strip()]


def unlabelled(bar: str) -> list[str]:
    """The items that are a key alone (no space, so no label after the key)."""
    return [item for item in bar_items(bar) if " " not in item.strip()]


def rendered(screen: Any, selector: str) -> str:
    return str(screen.query_one(selector).render())


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", list(i18n.LANGUAGES), indirect=True)
async def test_every_key_keeps_its_label_at_80x24(server: ServerThread, lang: str) -> None:
    app = TakiApp(f"127.0.0.1:{server.port}", name="Tester", settings=Settings())
    problems: list[str] = []

    def check(where: str, selector: str) -> str:
        bar = rendered(app.screen, selector)
        if alone := unlabelled(bar):
            problems.append(f"{where}: keys without a label {alone} in {bar!r}")
        if full := [line for line in bar.split("\n") if cell_len(line) >= 80]:
            # tmux garbles a combining mark in the last column ("ಹಿಂದೆ" as "ಹಿಂೆದ")
            problems.append(f"{where}: the last column filled by {full}")
        return bar

    async with app.run_test(size=(80, 24)) as pilot:
        await until(lambda: isinstance(app.screen, LobbyScreen) and app.session.link is not None)
        await pilot.pause()
        bar = check("lobby", "#lobby-keys")
        for key, label in (("n", "new table"), (i18n.key("Enter"), "join"), ("w", "watch"),
                           ("v", "finished games"), ("S", "standings"), ("s", "settings"),
                           ("?", "help"), ("q", "back")):
            if f"{key} {i18n._(label)}" not in bar:
                problems.append(f"lobby: {key} {i18n._(label)!r} not in {bar!r}")

        app.session.create_table(TableOptions("Test", 3))
        await until(lambda: isinstance(app.screen, TableScreen)
                    and app.session.state.info is not None)
        await pilot.pause()
        bar = check("waiting (host)", "#keys")
        for key, label in (("a", "add bot"), ("x", "remove bot"), ("s", "start")):
            if f"{key} {i18n._(label)}" not in bar:
                problems.append(f"waiting: {key} {i18n._(label)!r} not in {bar!r}")
        for _ in range(2):
            app.session.host_command("add_basic")
        await until(lambda: app.session.state.info is not None
                    and all(s is not None for s in app.session.state.info.seats))
        app.session.host_command("start")
        await until(lambda: app.session.state.view is not None)
        table = server.server.lobby.tables["t1"] if server.server else None
        assert table is not None
        others = [["B1"] * 5, ["G1"] * 5]
        positions = {
            # Two cards: "last card" is offered beside draw, choose and play.
            "a turn": position(hands=[["R1", "B7"], *others], discard=["R5"]),
            # A run of one's own: close TAKI and last card.
            "a run": position(hands=[["B3", "Y7"], *others], discard=["Btaki", "B5"],
                              color="B", taki={"color": "B", "by": 0, "cards": 1,
                                               "open": False}),
            # After a King: end turn, any card, last card.
            "a King": position(hands=[["R1", "G7"], *others], discard=["R5", "king"],
                               follow="king"),
            # A +3 at the others: break or pass.
            "a +3": position(hands=[["breaker", "R1", "G3"], *others],
                             discard=["R5", "+3"], turn=0, plus3={"by": 2, "passed": []}),
        }
        for where, pos in positions.items():
            server.call(lambda pos=pos: set_game(table, pos))
            cards = len(pos["players"][0]["hand"])
            await until(lambda cards=cards: len(app.screen.query(CardTile)) == cards
                        and bool(app.session.state.legal))
            await pilot.pause()
            check(where, "#keys")
        # The game ends as games do: the last card played (the table then says "over").
        server.call(lambda: set_game(table, position(hands=[["R1"], *others])))
        await until(lambda: app.session.state.playable() == {"R1"})
        win = next(a for a in app.session.state.legal if a.type == "play")
        app.session.send_action(win)
        await until(lambda: app.session.state.info is not None
                    and app.session.state.info.state == "over")
        await pilot.pause()
        bar = check("game over", "#keys")
        for key, label in (("r", "rematch"), ("v", "replay"), ("q", "leave")):
            if f"{key} {i18n._(label)}" not in bar:
                problems.append(f"game over: {key} {i18n._(label)!r} not in {bar!r}")
    assert not problems, "\n".join(problems)
