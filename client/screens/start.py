"""The start screen: Play now, Host a game for the LAN, Join one by address, or pick one
of the games found on the network (client/discovery.py), a list kept live."""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, OptionList, Static
from textual.widgets.option_list import Option, OptionDoesNotExist

from protocol.limits import NAME_MAX

from .. import discovery, intents
from ..config import valid_name
from ..discovery import Browser
from ..i18n import _
from ..levels import level_word, next_level, usable
from ..session import Session
from ..widgets.cards import card_text
from ..widgets.enter import EnterInput
from .base import SessionScreen

if TYPE_CHECKING:
    from ..discovery import Game


def banner() -> Text:
    out = Text()
    for code in ("Rtaki", "G7", "king", "B+2", "Ystop"):
        out.append_text(card_text(code))
        out.append(" ")
    return out


class StartScreen(SessionScreen):
    """See the module docstring."""

    BINDINGS = [
        Binding("p", "play_now", "Play now"),
        Binding("h", "host", "Host for LAN"),
        Binding("j", "join", "Join"),
        Binding("l", "level", "Bots' level", show=False),
        Binding("g", "games", "Games on the network", show=False),
        Binding("r", "look_again", "Look again", show=False),
        Binding("question_mark", "app.help", "Help"),
        Binding("q", "app.quit", "Quit"),
    ]

    DEFAULT_CSS = """
    #lan { height: auto; color: #8a8f98; }
    #found { height: auto; max-height: 7; }
    #start-keys { dock: bottom; width: 100%; content-align: center middle; }
    """

    _games: list[Game] | None = None
    _looked = False
    """The look (LIST_SECONDS, as long as ``--list``'s) is over."""

    def __init__(self, session: Session, browser: Browser | None = None, *,
                 ask_name: bool = False) -> None:
        super().__init__(session)
        self.browser = browser
        """What looks for games on the LAN (the app sets it; None: not looking)."""
        self.ask_name = ask_name
        """No name yet: the name field starts with the focus, its default selected, so
        the letters typed first are the name. On Play now, a name beginning with p
        (or h, j, q) started a game, a host or a quit instead."""

    def compose(self) -> ComposeResult:
        with Center(), Vertical(id="start"):
            yield Static(Text("T A K I", style="bold"), id="logo")
            yield Static(banner(), id="banner")
            yield Static(_("Your name"), classes="label")
            yield EnterInput(self._name_entered, value=self.session.player_name, id="name",
                             max_length=NAME_MAX)
            yield Button(_("Play now") + "  (p)", id="play", variant="success")
            yield Static(self._level_text(), id="level", classes="hint")
            yield Button(_("Host a game for the LAN") + "  (h)", id="host", variant="primary")
            with Horizontal(id="joinrow"):
                yield EnterInput(self._address_entered, placeholder=_("host:port"), id="address")
                yield Button(_("Join") + "  (j)", id="join")
            yield Static(id="note")
            yield Static(id="lan")
            yield OptionList(id="found")
        # Outside the box: the keys stay in view however many games are found.
        yield Static(_("p play now · h host · j join · ? help · q quit"), id="start-keys",
                     classes="hint")

    def on_mount(self) -> None:
        self.query_one("#name" if self.ask_name else "#play").focus()
        self.post_message(intents.LookForGames())
        self._start_look()
        self.refresh_view()

    def _start_look(self) -> None:
        self._looked = False
        self.set_timer(discovery.LIST_SECONDS, self._look_over)

    def _look_over(self) -> None:
        self._looked = True
        self.refresh_view()

    def action_look_again(self) -> None:
        """Ask the network again (r), after it said nothing."""
        browser = self.browser
        if browser is None or self._games or not browser.available:
            return
        self.post_message(intents.LookAgain())
        self._start_look()
        self.refresh_view()

    _left = False
    """A full screen (a table, a lobby) covered this one since the last note."""

    _busy = False
    """The note says something is under way (starting, joining): whatever screen comes
    next -- the hosting addresses are a dialog, pushed before the lobby -- that is over
    once this screen is back."""

    def on_screen_suspend(self) -> None:
        self._left = self._busy or not isinstance(self.app.screen, ModalScreen)

    def on_screen_resume(self) -> None:
        if self._left:  # back from a game: what the note said it was doing is over
            self.note("")
            self._left = False
        self.refresh_view()

    def refresh_view(self) -> None:
        """The games found on the network, or a line saying discovery cannot work here."""
        browser = self.browser
        lan, found = self.query_one("#lan", Static), self.query_one("#found", OptionList)
        games = browser.games() if browser is not None else []
        lan.display = browser is not None
        found.display = bool(games)
        if browser is not None and browser.scope == "off":
            lan.update(Text(_("Not looking for games (TAKI_DISCOVERY=off): join by address.")))
        elif browser is not None and not browser.available:
            lan.update(Text(_("Cannot look for games on this network: join by address.")))
        elif games:
            lan.update(Text(_("Games on your network (g):")))
        elif self._looked:
            lan.update(Text(_("No games found on this network (r looks again).")))
        else:
            lan.update(Text(_("Looking for games on your network...")))
        if games == self._games:
            return
        self._games = games
        chosen = found.highlighted_option
        found.set_options(self._option(g) for g in games)
        if chosen is not None and chosen.id is not None:
            with contextlib.suppress(OptionDoesNotExist):
                found.highlighted = found.get_option_index(chosen.id)

    @staticmethod
    def _option(game: Game) -> Option:
        prompt = Text(game.name, style="bold")
        prompt.append(f"  {game.address}  ", style="dim")
        if game.compatible:
            prompt.append(_("open tables: {count}").format(count=game.tables))
        else:
            prompt.append(_("another version of taki"))
        if game.ssh_line:  # the server's SSH entrance, for friends without taki
            prompt.append(f"  {game.ssh_line}", style="dim")
        return Option(prompt, id=game.address, disabled=not game.compatible)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        address = event.option.id
        name = self._named() if event.option_list.id == "found" and address else None
        if address and name:
            self.note(_("Joining {address}...").format(address=address), busy=True)
            self.hold_keys()  # they are for the lobby (or the "cannot join" screen)
            self.post_message(intents.JoinAddress(address, name))

    def action_games(self) -> None:
        found = self.query_one("#found", OptionList)
        if found.display and found.option_count:
            found.focus()
            if found.highlighted is None:
                found.highlighted = 0

    def note(self, text: str, *, busy: bool = False) -> None:
        self._busy = busy
        self.query_one("#note", Static).update(Text(text))

    def _typed_name(self) -> str:
        return self.query_one("#name", Input).value

    def type_name(self, text: str) -> None:
        """Letters typed over the intro on a first launch: the start of the name, in
        place of the default (selected, so that typing replaces it)."""
        name = self.query_one("#name", Input)
        name.value = text[:NAME_MAX]
        name.cursor_position = len(name.value)
        name.focus()

    def _named(self) -> str | None:
        """The name typed, if it is one (else say why): the app saves it."""
        name = self._typed_name().strip()
        if not valid_name(name):
            self.notify(_("A name is 1 to {n} printable characters.").format(n=NAME_MAX),
                        severity="error")
            return None
        return name

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "play":
            self.action_play_now()
        elif event.button.id == "host":
            self.action_host()
        elif event.button.id == "join":
            self.action_join()

    def _name_entered(self, _field: Input) -> None:
        """Enter on the name: on to Play now, within the Enter's own handling, so the
        keys typed after it are for the buttons (``l``, ``p``), not the name."""
        self.query_one("#play", Button).focus()

    def _address_entered(self, _field: Input) -> None:
        self.action_join()

    def _level_text(self) -> Text:
        level = level_word(usable(self.session.settings.bot_level))
        return Text(_("Bots: {level} (l changes)").format(level=level))

    def action_level(self) -> None:
        """The next bots' level (l), remembered: Play now and new tables use it."""
        settings = self.session.settings
        settings.bot_level = next_level(settings.bot_level)
        settings.save()
        self.query_one("#level", Static).update(self._level_text())

    def action_play_now(self) -> None:
        name = self._named()
        if name:
            self.note(_("Starting a table with three bots..."), busy=True)
            self.post_message(intents.PlayNow(name))

    def action_host(self) -> None:
        name = self._named()
        if name:
            self.note(_("Starting a server for your LAN..."), busy=True)
            self.post_message(intents.HostLan(name))

    def action_join(self) -> None:
        address = self.query_one("#address", Input)
        if not address.value.strip():
            address.focus()
            return
        name = self._named()
        if name:
            self.hold_keys()  # they are for the lobby (or the "cannot join" screen)
            self.post_message(intents.JoinAddress(address.value, name))
