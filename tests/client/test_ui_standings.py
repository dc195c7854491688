"""The standings of the evening in the client: noted in the table's log after each game,
shown whole by key S at the table and in the lobby, fitting 80x24 in every language."""

from __future__ import annotations

import pytest
from textual.app import App
from textual.widgets import Static

from client import i18n
from client.app import TakiApp
from client.config import Settings
from client.screens.lobby import LobbyScreen
from client.screens.standings import StandingsScreen
from client.screens.table import TableScreen
from client.standings import line_text, standings_lines, versus_lines
from protocol.messages import SeatInfo, TableInfo, TableOptions, TableUpdate
from protocol.standings import StandingLine, Standings, Versus

from ..support.clientkit import play_to_the_end, seated_game, until
from ..support.server_thread import ServerThread

pytestmark = pytest.mark.usefixtures("config_dir")

EVENING = Standings(
    12,
    (
        StandingLine("Kristín Ólafsdóttir-Long", 12, 5, seat=0, places=(5, 4, 2, 1), stage=1),
        StandingLine("Noa", 12, 4, bot="strong", seat=1, places=(4, 3, 3, 2), stage=2),
        StandingLine("Ahmad", 9, 2, seat=2, places=(2, 3, 2, 2), stage=3),
        StandingLine("Eli", 12, 1, seat=3, places=(1, 2, 5, 4), stage=4),
    ),
    tuple(Versus(a, b, 6, 5) for a in range(4) for b in range(a + 1, 4)),
)


@pytest.mark.asyncio
async def test_after_a_game_the_log_holds_the_standings_and_s_shows_them(
    quick_server: ServerThread,
) -> None:
    server = quick_server
    app = TakiApp(f"127.0.0.1:{server.port}", name="Tester", settings=Settings())
    async with app.run_test(size=(80, 24)) as pilot:
        await seated_game(app, server)
        await play_to_the_end(app)
        state = app.session.state
        await until(lambda: state.info is not None and state.info.standings is not None)
        await until(lambda: "Standings of Test after 1 game:" in state.log)
        assert any(line.startswith("1. ") and " of 1 game." in line for line in state.log)
        screen = app.screen
        assert isinstance(screen, TableScreen)
        await pilot.pause()
        assert "S standings" in str(screen.query_one("#keys").render())
        await pilot.press("S")
        await until(lambda: isinstance(app.screen, StandingsScreen))
        shown = app.screen.query_one("#standings-text", Static).render()
        assert "Tester won " in str(shown) and "[bot] won " in str(shown)
        assert "Head to head" in str(shown)
        await pilot.press("escape")
        await until(lambda: isinstance(app.screen, TableScreen))


@pytest.mark.asyncio
async def test_s_in_the_lobby_shows_the_selected_tables_standings(server: ServerThread) -> None:
    app = TakiApp(f"127.0.0.1:{server.port}", name="Tester", settings=Settings())
    async with app.run_test(size=(80, 24)) as pilot:
        await until(lambda: isinstance(app.screen, LobbyScreen))
        lobby = app.screen
        assert isinstance(lobby, LobbyScreen)
        # The server's list is in (it would replace the one made here).
        await until(lambda: app.session.link is not None and not app.session.unanswered)
        seats = (SeatInfo("Kristín Ólafsdóttir-Long", None), SeatInfo("Noa", "strong"),
                 SeatInfo("Ahmad", None), SeatInfo("Eli", None))
        info = TableInfo("t9", TableOptions("Friday", 4), "over", seats, 0, 0, EVENING)

        def listed() -> bool:
            """The table is in the lobby's list and selected."""
            if "t9" not in app.session.tables:
                app.session.deliver(TableUpdate(info))
                lobby.refresh_view()
            return lobby._selected() == "t9"

        await until(listed)
        assert "S standings" in str(lobby.query_one("#lobby-keys").render())
        await pilot.press("S")
        await until(lambda: isinstance(app.screen, StandingsScreen))
        text = str(app.screen.query_one("#standings-text", Static).render())
        assert text.startswith("Standings of Friday after 12 games:")
        assert "Noa [bot] won 4 of 12 games." in text


WON_OF = {
    "en": {(1, 2): "Avi won 1 of 2 games.", (1, 1): "Avi won 1 of 1 game.",
           (0, 1): "Avi won 0 of 1 game.", (2, 3, "bot"): "Avi [bot] won 2 of 3 games."},
    "fr": {(1, 2): "Avi a gagné 1 partie sur 2.", (2, 3): "Avi a gagné 2 parties sur 3.",
           (0, 3): "Avi a gagné 0 partie sur 3.",
           (1, 2, "bot"): "Avi [bot] a gagné 1 partie sur 2.",
           (3, 3, "bot"): "Avi [bot] a gagné 3 parties sur 3."},
    "bg": {(1, 2): "Avi спечели 1 от 2 игри.", (0, 1): "Avi спечели 0 от 1 игра.",
           (1, 1, "bot"): "Avi [бот] спечели 1 от 1 игра."},
    "is": {(1, 21): "Avi vann 1 af 21 leik.", (1, 11): "Avi vann 1 af 11 leikjum.",
           (2, 21): "Avi vann 2 af 21 leik.", (1, 2, "bot"): "Avi [tölva] vann 1 af 2 leikjum."},
    "kn": {(1, 2): "Avi 2 ಆಟಗಳಲ್ಲಿ 1 ಗೆದ್ದರು.", (0, 1): "Avi 1 ಆಟದಲ್ಲಿ 0 ಗೆದ್ದರು.",
           (2, 3, "bot"): "Avi [ಬಾಟ್] 3 ಆಟಗಳಲ್ಲಿ 2 ಗೆದ್ದಿತು."},
}
"""Wins of games in each language: the noun agrees with the number it stands by, which
is the games played in English, Bulgarian, Icelandic and Kannada (Icelandic "af 21
leik", singular) but the games won in French ("1 partie sur 2", "2 parties sur 3")."""


@pytest.mark.parametrize("lang", list(WON_OF), indirect=True)
def test_each_languages_noun_agrees_with_its_number_of_games(lang: str) -> None:
    for (wins, games, *bot), expected in WON_OF[lang].items():
        line = StandingLine("Avi", games, wins, bot="basic" if bot else None)
        assert line_text(1, line) == f"1. {expected}"


AFTER_ONE_GAME = Standings(
    2,
    (StandingLine("Dana", 2, 1), StandingLine("Avi", 1, 0, bot="basic"),
     StandingLine("Noa", 1, 0), StandingLine("Tal", 1, 0), StandingLine("Eli", 2, 0)),
)
"""Dana won; Avi, Noa and Tal lost their one game; Eli lost two: level on wins, then
places, then fewest games, the three share 2nd place and Eli is 5th."""


@pytest.mark.parametrize("lang", ["en", "fr", "bg", "is", "kn"], indirect=True)
def test_players_level_on_the_standings_share_a_place(lang: str) -> None:
    """After a first game at 80x24 the losers read "2. Avi ... 3. Noa ... 4. Tal", in
    alphabetical order, as if one had done better than another."""
    del lang
    lines = standings_lines("Friday", AFTER_ONE_GAME)[1:]
    ranks = [line.split(" ", 1)[0] for line in lines]
    assert ranks == ["1.", "2.", "2.", "2.", "5."], lines


@pytest.mark.parametrize("lang", ["fr"], indirect=True)
def test_french_says_de_parties_after_a_million_games(lang: str) -> None:
    """French puts "de" between a million and its noun ("1 million de parties", CLDR
    'many'): the heading and the hinted games say so; other counts keep "parties"."""
    for games, said in ((1_000_000, "1000000 de parties"), (2_000_000, "2000000 de parties"),
                        (1_000_001, "1000001 parties"), (2, "2 parties")):
        heading = standings_lines("Vendredi", Standings(games, ()))[0]
        assert heading == f"Classement de « Vendredi » après {said} :"
        line = StandingLine("Avi", games, 1, hinted=games)
        assert line_text(1, line).endswith(f"Avec un indice dans {said}.")


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", ["en", "fr", "bg", "is", "kn"], indirect=True)
async def test_the_standings_fit_80_by_24(lang: str) -> None:
    """Ten lines of four people, their places and stages, and six head-to-heads: each
    wraps within the pop-up and the whole shows at 80x24 without scrolling out of it."""
    del lang
    screen = StandingsScreen("Friday", EVENING)
    app = _Host(screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        box = screen.query_one("#standings")
        assert box.region.right <= 80 and box.region.bottom <= 24
        text = screen.query_one("#standings-text")
        assert text.region.height >= len(standings_lines("Friday", EVENING))
        assert box.max_scroll_y == 0  # everything shows at once


class _Host(App[None]):
    """An app showing only the pop-up."""

    def __init__(self, screen: StandingsScreen) -> None:
        super().__init__()
        self._standings = screen

    def on_mount(self) -> None:
        self.push_screen(self._standings)


def test_the_head_to_heads_mark_a_bot_apart_from_the_person_of_the_same_name() -> None:
    """A person who left mid-game is followed by a bot under their name: the lines above
    say "[bot]", and the head-to-heads must not show two identical "Bob" rows."""
    standings = Standings(
        3,
        (StandingLine("Bob", 2, 2), StandingLine("Alice", 3, 1),
         StandingLine("Bob", 1, 0, bot="basic")),
        (Versus(0, 1, 2, 0), Versus(1, 2, 1, 0)),
    )
    text = standings_lines("t1", standings)
    assert "  Bob 2–0 Alice" in text
    assert "  Alice 1–0 Bob [bot]" in text


@pytest.mark.parametrize("lang", ["en", "fr", "bg", "is", "kn"], indirect=True)
def test_the_head_to_heads_leave_out_pairs_nothing_decided_between(lang: str) -> None:
    """After a game without places the losers finished none ahead of another: the list
    (key S, at 80x24) showed "Avi [bot] 0–0 Noa" for each such pair."""
    del lang
    standings = Standings(
        1,
        (StandingLine("Dana", 1, 1), StandingLine("Avi", 1, 0, bot="basic"),
         StandingLine("Noa", 1, 0)),
        (Versus(0, 1, 1, 0), Versus(0, 2, 1, 0), Versus(1, 2, 0, 0)),
    )
    pairs = versus_lines(standings)[1:]
    bot = f"[{i18n._('bot')}]"
    assert pairs == [f"  Dana 1–0 Avi {bot}", "  Dana 1–0 Noa"], pairs
    nothing = Standings(1, standings.lines[1:], (Versus(0, 1, 0, 0),))
    assert versus_lines(nothing) == []  # not even the heading


@pytest.mark.parametrize("lang", ["en", "fr", "bg", "is", "kn"], indirect=True)
def test_a_bot_is_marked_as_the_table_marks_it_in_every_standings_line(lang: str) -> None:
    """The standings said "Noa (a bot) won ..." but the head-to-heads and the table's
    players "Noa [bot]": one bot, two spellings (in every language)."""
    del lang
    text = "\n".join(standings_lines("Friday", EVENING))
    bot = f"Noa [{i18n._('bot')}]"
    lines = text.splitlines()
    assert lines[2].startswith(f"2. {bot} "), lines[2]
    assert all(bot in line for line in lines if "Noa" in line), text

