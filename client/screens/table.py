"""The table: your hand, the leading card, the other players, the log and the chat.

Everything is drawn from ``session.state`` (a ``client.state.TableState``) whenever the app
says something changed; keys and clicks become intents (``intents.Act``) posted up.
Text from the network (names, chat) is always wrapped in ``rich.text.Text`` so it is
shown as typed, never interpreted as markup.
"""

from __future__ import annotations

import contextlib
import time

from rich.cells import cell_len, set_cell_size
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.css.query import NoMatches
from textual.screen import ModalScreen
from textual.timer import Timer
from textual.widgets import Input, RichLog, Static

from engine.cards import COLOR_OF
from engine.game import FOLLOW_KING, FOLLOW_PLUS
from engine.reasons import why_not
from engine.views import View
from protocol.limits import CHAT_MAX, NAME_MAX, TABLE_NAME_MAX
from protocol.messages import GameAction

from .. import intents
from ..hint_words import hint_line
from ..i18n import _, ngettext
from ..i18n import key as key_name
from ..keygate import hold_keys, release_keys
from ..refusals import refusal_words
from ..safe import inert
from ..session import Session
from ..widgets.cards import (
    BIG_CARD,
    TILE_KEYS,
    CardTile,
    HandView,
    big_card,
    card_text,
    cards_line,
    color_keys,
    color_swatch,
    sort_hand,
    tile_key_range,
)
from ..widgets.enter import EnterInput
from ..widgets.keybar import bar_width, fit_keys
from ..words import (
    card_words,
    cards_count,
    color_word,
    plus3_notice,
    refusal,
    seconds,
    taki_run_words,
)
from .base import SessionScreen
from .standings import StandingsScreen

RULE_CODES = frozenset(
    {"illegal_action", "not_your_turn", "card_not_in_hand", "bad_color", "game_over"}
)
"""Server refusals that are the rules' (engine.errors): worded by engine.reasons."""
WIDE = 100
"""Columns from which the table spreads its top panel (players beside the lead)."""
MIDDLE_MIN, MIDDLE_FEW = 4, 7
"""Rows of the log and chat row: at least (a small terminal), and while the log has only
a few lines (the chat box and its input still fit)."""
FIXED = ("#title", "#top", "#status", "#hand", "#keys")
CONFIRM_SECONDS = 0.5
"""An Enter this soon after a colour is named (or after that play's answer, which the
keys typed with it wait for) confirms the colour rather than playing again."""
"""The table's parts as tall as their content; the log's box gets the rows they leave."""
TITLE_GAP = 4
"""Cells of the title a notice leaves: the 3 before it, and the last column."""
WINDOW_FLASH_SECONDS = 60
"""A refusal flashed in a +3 window stays at least this long: the window's close or the
seat's next action takes it away (a window may outlast the usual 5 s)."""


class ColorPicker(ModalScreen[str | None]):
    """Which colour does the Change Colour name? The language's colour keys
    (``color_keys``: r g b y in English, r v b j in French) or 1-4; or ←→ to the colour
    and Enter, as the table's key bar says (it listed the table's keys, which did
    nothing here). It belongs to the play of ``card``: the table closes it once that
    card can no longer be played (``TableScreen._close_stale_dialog``)."""

    BINDINGS = [
        Binding("escape", "pick('')", "Cancel"),
        Binding("left", "move(-1)", show=False),
        Binding("right", "move(1)", show=False),
        Binding("enter", "choose", show=False),
    ]

    def __init__(self, card: str = "color", start: str = "R") -> None:
        super().__init__()
        self.card = card
        self.at = "RGBY".index(start) if start in "RGBY" else 0
        """The colour Enter names (``start``: the one the hand holds most)."""
        self._picked = False

    def compose(self) -> ComposeResult:
        with Vertical(id="picker"):
            yield Static(_("Name the new colour:"))
            yield Static(self._colours(), id="colours")
            yield Static(_("Esc: cancel"), classes="hint")

    def _colours(self) -> Text:
        """The colours with their keys, the one Enter names marked (its key reversed,
        its word underlined)."""
        keys = color_keys()
        line = Text()
        for i, col in enumerate("RGBY"):
            here = i == self.at
            line.append(f" {keys[col]} ", style="bold reverse" if here else "bold")
            swatch = color_swatch(col, color_word(col))
            if here:
                swatch.stylize("underline")
            line.append_text(swatch)
        return line

    def on_key(self, event: events.Key) -> None:
        chosen = {k: col for col, k in color_keys().items()}
        chosen.update({str(i): col for i, col in enumerate("RGBY", 1)})
        if event.character in chosen:
            event.stop()
            self.action_pick(chosen[event.character])

    def action_move(self, step: int) -> None:
        self.at = (self.at + step) % 4
        self.query_one("#colours", Static).update(self._colours())

    def action_choose(self) -> None:
        self.action_pick("RGBY"[self.at])

    def action_pick(self, color: str) -> None:
        if not self._picked:  # (a key typed with the one that picked: once only)
            self._picked = True
            self.dismiss(color or None)


def most_held_colour(hand: list[str]) -> str:
    """The colour most of ``hand``'s cards have (the first of RGBY on a tie; R when
    none has one): what the colour dialog offers first."""
    counts = {col: sum(COLOR_OF.get(card) == col for card in hand) for col in "RGBY"}
    return max("RGBY", key=lambda col: counts[col])


class TableScreen(SessionScreen):
    """See the module docstring."""

    BINDINGS = [
        Binding("left", "move(-1)", "Left", show=False),
        Binding("right", "move(1)", "Right", show=False),
        Binding("enter", "enter", "Play"),
        Binding("d", "act('draw')", "Draw"),
        Binding("c", "act('close_taki')", "Close TAKI"),
        Binding("l", "act('declare_last_card')", "Last card"),
        Binding("b", "act('break')", "Break"),
        Binding("p", "act('pass')", "Pass"),
        Binding("e", "act('end_turn')", "End turn"),
        Binding("K", "king", "King", show=False),
        Binding("s", "host('start')", "Start", show=False),
        Binding("a", "host('add_basic')", "Add bot", show=False),
        Binding("A", "host('add_random')", "Add random bot", show=False),
        Binding("x", "host('remove_bot')", "Remove bot", show=False),
        Binding("r", "host('rematch')", "Rematch", show=False),
        Binding("v", "replay", "Replay", show=False),
        Binding("S", "standings", "Standings", show=False),
        Binding("H", "hint", "Hint", show=False),
        Binding("t", "chat", "Chat"),
        Binding("escape", "leave_chat", show=False),
        Binding("question_mark", "app.help", "Help"),
        Binding("q", "leave", "Leave"),
        Binding("o", "order", "Sorted / as dealt", show=False),
        *[Binding(k, f"pick({i})", show=False) for i, k in enumerate(TILE_KEYS)],
    ]

    def __init__(self, session: Session) -> None:
        super().__init__(session)
        self.selected = 0
        self._log_len = 0
        self._log_epoch = -1
        self._chat_len = 0
        self._flash = ""
        self._flash_seq: int | None = None
        """The game's seq when a refusal was flashed (None: the flash is not one)."""
        self._flash_window = False
        """The refusal was flashed in a +3 window: it holds while the window is open
        (the other seats' passes move the game on, but it still says what to answer)."""
        self._flash_timer: Timer | None = None
        self._flash_elsewhere = False
        """The flash says the seat is in another window (``_elsewhere``): it goes once
        the seat is back here."""
        self._leaving = False
        self.as_dealt = False
        """Show the hand in the order it was dealt and drawn instead of sorted (key o)."""
        self._banner = ""
        self._banner_seq = 0
        self._banner_timer: Timer | None = None
        self._spare = 0
        """Rows the log leaves free (where the leading card is drawn large)."""
        self._fitted = -1
        """The rows of the parts around the log (``FIXED``) when its box was last fitted."""
        self._hint_news = session.hint_news
        """The session's hints shown so far (``_take_hint``)."""
        self._acted = 0
        """The session's ``actions_sent`` once this screen's last play is sent (the
        play is posted to the app first: until it is sent, the session knows nothing)."""
        self._keys_held = 0
        """The key gate's hold while a play is on its way (client/keygate.py)."""
        self._dialog: ColorPicker | None = None
        """The card's dialog open over the table (the colour to name), if any."""
        self._confirmed_until = 0.0
        """Until then (``time.monotonic``) an Enter confirms the colour just named."""
        self._confirmed_at: tuple[int, int] | None = None
        """The position that confirmation is for (``_position``): a new deal or a new
        turn within ``CONFIRM_SECONDS`` of the colour's answer takes an Enter as a play."""

    def flash(self, text: str, *, until_moved: bool = False, seconds: float = 5) -> None:
        """A short message in the status line (a refusal, a hint), gone after 5 s; with
        ``until_moved`` (a refusal: it describes the game as it is now) gone as soon as
        the game moves on, too -- else it went on saying "Match yellow or 6" over the
        next player's turn."""
        self._set_flash(text, until_moved, seconds)
        self.refresh_view()

    def _set_flash(self, text: str, until_moved: bool, seconds: float) -> None:
        state = self.session.state
        self._flash = text
        self._flash_elsewhere = False
        self._flash_seq = state.seq if until_moved else None
        self._flash_window = until_moved and state.view is not None \
            and state.view.plus3 is not None
        if self._flash_window:
            seconds = max(seconds, WINDOW_FLASH_SECONDS)
        if self._flash_timer is not None:
            self._flash_timer.stop()  # (an older flash's timer must not cut this one)
        self._flash_timer = self.set_timer(seconds, self._unflash)

    def _unbanner(self) -> None:
        self._banner = ""
        self._banner_timer = None
        self.refresh_view()

    def _unflash(self) -> None:
        self._flash = ""
        self._flash_elsewhere = False
        self._flash_seq = None
        self._flash_window = False
        self._flash_timer = None
        self._leaving = False
        self.refresh_view()

    def _unflash_now(self) -> None:
        """Drop a refusal (or hint) flashed until the game moves, without a redraw."""
        self._flash, self._flash_seq, self._flash_window = "", None, False
        self._flash_elsewhere = False

    def compose(self) -> ComposeResult:
        yield Static(id="title")
        with Horizontal(id="top"):
            yield Static(id="players")
            yield Static(id="lead")
        yield Static(id="room")
        yield Static(id="status")
        with Horizontal(id="middle"):
            yield RichLog(id="log", markup=False, wrap=True, max_lines=300, min_width=20)
            with Vertical(id="chatbox"):
                yield RichLog(id="chat", markup=False, wrap=True, max_lines=200, min_width=10)
                yield EnterInput(self.send_chat, placeholder=_("t: chat"), id="chat-input",
                                 max_length=CHAT_MAX)
        yield HandView(id="hand")
        yield Static(id="keys")

    def on_mount(self) -> None:
        self._fit_top()
        self.refresh_view()
        self.screen_layout_refresh_signal.subscribe(self, self._laid_out)
        # The log's lines are laid out after it is written to: fit its box then (and
        # when the hand's row changes height: ``on_hand_view_resized``).
        with contextlib.suppress(NoMatches):  # a screen popped before it was composed
            log = self.query_one("#log", RichLog)
            self.watch(log, "virtual_size", self._log_grew, init=False)
            # Kept at its newest line when its box shrinks (a smaller terminal), not only
            # when a line is written: a game ended at 120x40 and shown again at 80x24 had
            # its ending out of view. Scrolling up lets go of it; back at the end, it holds.
            log.anchor()

    def on_screen_resume(self) -> None:
        self.refresh_view()  # after a pop-up closes: catch up on what happened under it

    # ------------------------------------------------------------ drawing

    def refresh_view(self) -> None:
        """Redraw from the app's state (a no-op until the screen's widgets exist)."""
        with contextlib.suppress(NoMatches):  # not composed yet: on_mount draws it
            self._redraw()

    def _redraw(self) -> None:
        self._take_hint()
        self._answered()
        state = self.session.state
        view = state.view
        names = state.names()
        me = state.seat
        self.query_one("#title", Static).update(self._title(names, view, me))
        self.query_one("#players", Static).update(self._players(names, view, me))
        self.query_one("#lead", Static).update(self._lead(view))
        self.query_one("#status", Static).update(self._status(names, view, me))
        hand = self.shown_hand()
        self.selected = min(self.selected, max(len(hand) - 1, 0))
        self.query_one(HandView).show(hand, state.playable(), self.selected)
        self.query_one("#keys", Static).update(self._keys())
        log = self.query_one("#log", RichLog)
        restart, lines = state.new_lines(self._log_epoch, self._log_len)
        if restart:
            log.clear()
            self._log_epoch = state.log_epoch
        for line in lines:
            log.write(Text(line))
        self._log_len = state.log_total
        self._draw_middle()
        self.call_after_refresh(self._fit_log)
        chat = self.query_one("#chat", RichLog)
        for who, text, spectator in self.session.chat_lines[self._chat_len :]:
            entry = Text(who, style="italic" if spectator else "bold")
            if spectator:
                entry.append(" " + _("(spectator)"), style="dim")
            entry.append(": ")
            entry.append(text)
            chat.write(entry)
        self._chat_len = len(self.session.chat_lines)

    def _title(self, names: list[str], view: View | None, me: int | None) -> Text:
        """The table's name and state, and beside them what is to be told now: the +3
        window while it is open (``_plus3_notice``: drawn from the view, so it goes
        on the first frame the window is closed in), else the latest banner."""
        state = self.session.state
        info = state.info
        parts: list[tuple[str, str, bool]] = []
        """(text, style, whether it gives way to a notice that needs its room)."""
        if info is not None:
            parts.append((f" {inert(info.options.name, TABLE_NAME_MAX)} ", "bold reverse",
                          False))
            parts.append((f"  {_(info.state)}", "", info.state == "playing"))
            if info.options.hints:
                parts.append(("  " + _("hints"), "dim", True))
            if me is None:
                parts.append(("  " + _("(watching)"), "italic", False))
        conn = self.session.connection_note
        if conn:
            parts.append((f"   {conn}", "bold red", False))
        if state.banner_seq != self._banner_seq:  # a new announcement: show it a while
            self._banner_seq = state.banner_seq
            self._banner = state.banner
            if self._banner_timer is not None:
                self._banner_timer.stop()
            self._banner_timer = self.set_timer(6, self._unbanner)
        notice = self._plus3_notice(names, view, me)
        if notice:
            self._banner = ""  # (what came before the window is not told after it)
        else:
            notice = self._banner
        width = self.size.width or self.app.size.width
        if notice or conn:
            # The notice and the connection's note before the words a player knows
            # already (the game is being played, hints are on): a spectator's title at
            # 80 columns cut "The discard pile was shuffled into a ne…" to keep them,
            # and "The server was stopped: waiting for" with no sign of a cut.
            room = cell_len(notice) + TITLE_GAP if notice else 0
            for i in reversed(range(len(parts))):
                used = sum(cell_len(text) for text, _s, _d in parts)
                if used + room <= width:
                    break
                if parts[i][2]:
                    del parts[i]
        if conn:  # still too wide: cut, and say so
            text, style, _d = parts[-1]
            fits = width - sum(cell_len(t) for t, _s, _d in parts[:-1])
            if cell_len(text) > fits > 8:
                parts[-1] = (set_cell_size(text, fits - 1).rstrip() + "…", style, False)
        title = Text()
        for text, style, _droppable in parts:
            title.append(text, style=style)
        if notice:
            room = max(width - title.cell_len - TITLE_GAP, 0)
            if room > 8:
                title.append("   ")
                if cell_len(notice) > room:  # cut: say so (it may have cut a key)
                    notice = set_cell_size(notice, room - 1).rstrip() + "…"
                title.append(notice, style="bold magenta")
        return title

    def _plus3_notice(self, names: list[str], view: View | None, me: int | None) -> str:
        """The +3 window as told to this seat, with the keys that answer it now (none
        to a spectator, a finished seat, a seat that has answered); "" when no +3 is
        pending."""
        pending = view.plus3 if view is not None else None
        if pending is None:
            return ""
        by = pending.by
        if me is not None and by == me:
            return _("+3 from you: the others answer")
        who = names[by] if 0 <= by < len(names) else "?"
        state = self.session.state
        if state.action("pass") is None and state.action("break") is None:
            return plus3_notice(who, None)
        # (RULES.md 4: the seat after the +3's player may cancel it with a King, K)
        king = state.play_of("king") is not None
        return plus3_notice(who, state.action("break") is not None, king)

    def on_resize(self) -> None:
        self._fit_top()
        self.call_after_refresh(self._fit_log)

    def _log_grew(self) -> None:
        self.call_after_refresh(self._fit_log)

    def on_hand_view_resized(self) -> None:
        """The hand's tiles come a frame or two after the cards (it is recomposed): a
        snapshot with a long log, at a client coming back to its seat, had the log's
        box fitted while the hand still took no rows, and nothing fitted it again; the
        box kept the hand's 2 rows and the cards' symbols and the key line fell off the
        screen until the next move."""
        self.call_after_refresh(self._fit_log)

    def _fixed_rows(self) -> int:
        return sum(self.query_one(name).outer_size.height for name in FIXED)

    def _laid_out(self, _screen: object) -> None:
        """After each layout: fit the log's box again if a part around it changed height
        since it was fitted. A fit follows each redraw, but the new heights may come a
        layout later (the hand's row going at the game's end, the leading card's panel
        turning into the game-over keys), and then nothing fitted it again: the key
        line sat over one or two empty rows until the next move."""
        with contextlib.suppress(NoMatches):
            if self._fixed_rows() != self._fitted:
                self._fit_log()

    def _fit_log(self) -> None:
        """The log box as tall as its lines, up to the room the other parts leave (no
        empty log rows on a tall terminal); what room is left goes under the players, so
        the status line, the log and the hand stay together above the keys."""
        with contextlib.suppress(NoMatches):
            log = self.query_one("#log", RichLog)
            middle = self.query_one("#middle")
            fixed = self._fixed_rows()
            self._fitted = fixed
            room = self.size.height - fixed
            rows = max(MIDDLE_MIN, min(max(log.virtual_size.height + 2, MIDDLE_FEW), room))
            if middle.styles.height is None or middle.styles.height.value != rows:
                middle.styles.height = rows
            spare = self.query_one("#room")
            spare.display = rows < room  # a 1fr row still takes one: gone when no room
            self._spare = room - rows
            self._draw_middle()

    def _draw_middle(self) -> None:
        """The leading card, large, in the rows the log leaves (when they hold it)."""
        view = self.session.state.view
        lead = view.lead if view else ""
        shown = big_card(lead) if lead and self._spare >= BIG_CARD[1] else Text()
        self.query_one("#room", Static).update(shown)

    def _players(self, names: list[str], view: View | None, me: int | None) -> Text:
        state = self.session.state
        info = state.info
        out = Text()
        if info is None:
            return out
        turn = view.turn if view else None
        players = view.players if view else ()
        direction = "→" if not view or view.direction == 1 else "←"
        out.append(_("Players") + f" {direction}\n", style="bold underline")
        rows: list[tuple[int, Text, Text]] = []
        for i, seat in enumerate(info.seats):
            if seat is None:
                if view is None:
                    rows.append((i, Text(f"  {i + 1}. " + _("(free seat)"), style="dim"),
                                 Text()))
                continue
            marker = "▶ " if turn == i and not (view and view.over) else "  "
            line = Text(marker, style="bold yellow")
            line.append(Text(inert(seat.name, NAME_MAX), style="bold" if i == me else ""))
            if i == me:
                line.append(" (" + _("you") + ")")
            if seat.bot:
                line.append(" [" + _("bot") + "]", style="cyan")
            if info.host == i:
                line.append(" ★", style="yellow")
            if not seat.connected:
                line.append(" " + _("disconnected"), style="bold red")
            details = Text()
            if i < len(players):
                p = players[i]
                details.append("  " + cards_count(p.cards))
                if state.info and state.info.options.stairs:
                    details.append("  " + _("stage {n}").format(n=p.stage))
                if state.announcer.said_last_card(i, view):
                    details.append("  " + _("LAST CARD!"), style="bold magenta")
                if p.place:
                    details.append(f"  #{p.place}", style="bold green")
            rows.append((i, line, details))
        # A wide panel: the counts in a column of their own, past the longest name.
        column = max((who.cell_len for _i, who, _d in rows), default=0) if self.wide() else 0
        hands = view.hands if view and view.over else None
        for i, who, details in rows:
            out.append_text(who)
            out.append(" " * max(column - who.cell_len, 0))
            out.append_text(details)
            if hands is not None and i < len(hands) and hands[i]:
                # The game is over: who held what (PROTOCOL.md 9.6, ``hands``).
                used = max(column, who.cell_len) + details.cell_len + 2
                shown = cards_line(list(hands[i]), self._players_room() - used)
                if shown.cell_len:
                    out.append("  ")
                    out.append_text(shown)
            out.append("\n")
        return out

    def _players_room(self) -> int:
        """Cells a line of the players' panel may take: its widest (taki.tcss: half
        the width when wide, else at most 70% and beside the leading card's 24 cells,
        border and padding), less its own padding."""
        width = self.size.width or self.app.size.width
        panel = width // 2 if self.wide() else min(width * 7 // 10, width - 27)
        return panel - 2

    def wide(self) -> bool:
        """A terminal of 100 columns or more: the players' panel takes half the width."""
        return (self.size.width or self.app.size.width) >= WIDE

    def _fit_top(self) -> None:
        """Half the width for the players' panel on a wide terminal (it stayed as narrow
        as its lines, the leading card's panel empty beside it); as its lines at 80."""
        with contextlib.suppress(NoMatches):
            players = self.query_one("#players")
            want = "50%" if self.wide() else "auto"
            if str(players.styles.width) != want:
                players.styles.width = want

    def _lead(self, view: View | None) -> Text:
        out = Text()
        if view is None:
            return out
        if view.over:
            return self._after_game()
        lead = view.lead
        out.append(_("Leading card") + "\n", style="bold")
        out.append_text(card_text(lead, width=12))
        out.append("\n")
        out.append(card_words(lead) if lead else "", style="italic")
        out.append("\n" + _("Colour") + " ")
        color = view.color
        out.append_text(color_swatch(color, color_word(color)))
        out.append("\n" + _("Draw pile: {n}").format(n=view.draw_count))
        return out

    def _after_game(self) -> Text:
        """In the leading card's place once the game is over: what comes next, each with
        its key (a rematch is the host's, ★ in the players' list; the others are told;
        the standings once the table has some)."""
        state = self.session.state
        info, me = state.info, state.seat
        out = Text(_("Game over."), style="bold")
        offers: list[tuple[str, str]] = []
        host = info.host if info is not None else None
        if me is not None and host == me:
            offers.append(("r", _("rematch")))
        if info is not None and info.standings is not None:
            offers.append(("S", _("standings")))
        offers += [("v", _("replay")), ("q", _("leave"))]
        for key, label in offers:
            out.append("\n")
            out.append(f" {key} ", style="bold reverse")
            out.append(f" {label}")
        if me is not None and host is not None and host != me:
            out.append("\n")
            out.append(_("The host (★) can start a rematch."), style="italic")
        return out

    def _status(self, names: list[str], view: View | None, me: int | None) -> Text:
        if self._flash_elsewhere and not self.session.replaced:
            self._unflash_now()  # the seat is back: the flash no longer holds
        if self._flash_seq is not None and self._flash_seq != self.session.state.seq \
                and not (self._flash_window and view is not None and view.plus3 is not None):
            self._unflash_now()  # the game moved on: it no longer holds
        if self._flash:
            return Text(self._flash, style="bold yellow")
        if self.session.replaced:  # (its view stands still: no turn to tell from it)
            return Text(_("Your seat is played in another window."), style="bold yellow")
        state = self.session.state
        out = Text()
        info = state.info
        if view is None:
            if info is not None and me is not None and info.host == me:
                out.append(_("You host this table: a add a bot, x remove a bot, s start."),
                           style="bold")
            else:
                out.append(_("Waiting for the host to start the game."))
            return out
        if info is not None and info.all_away and not view.over:
            # Every player is away at once: the game waits for them (PROTOCOL.md 5.4).
            out.append(_("Waiting for the players to come back."), style="bold yellow")
            return out
        if view.over:
            winner = view.winner
            who = names[winner] if winner is not None and winner < len(names) else "?"
            out.append(_("Game over.") + " ", style="bold")
            places = [(p.place, i) for i, p in enumerate(view.players)]
            ranked = sorted((pl, i) for pl, i in places if pl)
            if ranked:  # the places say who won (r for a rematch is in the key bar)
                line = ", ".join(f"#{pl} {names[i]}" for pl, i in ranked)
                room = max(self.size.width - 2 - out.cell_len, 10)
                if cell_len(line) > room:
                    line = set_cell_size(line, room - 1) + "…"
                out.append(line, style="bold green")
            else:
                out.append(Text(_("{name} wins!").format(name=who), style="bold green"))
            return out
        parts: list[Text] = []
        shorter: tuple[Text, Text] | None = None
        """A part and a shorter form of it, for a line that would not fit."""
        if view.plus2:
            # (the number is of cards to draw, not of +2 cards: say so)
            stack = ngettext("+2 stack: {n} card to draw", "+2 stack: {n} cards to draw",
                             view.plus2)
            parts.append(Text(stack.format(n=view.plus2), style="bold red"))
        pending = view.plus3
        if pending:
            by = pending.by
            who = names[by] if by < len(names) else "?"
            mine = state.seat is not None and by == state.seat  # (not "+3 from Ann" to Ann)
            t = Text(_("Your +3") if mine else _("+3 from {name}").format(name=who),
                     style="bold red")
            left = self.session.countdown("plus3")
            if left is not None:
                t.append(" (" + seconds(left) + ")")
            passed = [names[i] for i in pending.passed if i < len(names)]
            if passed:
                said = ngettext("{names} let it through", "{names} let it through",
                                len(passed))
                short = t.copy()  # (the passes counted, for when their names do not fit)
                short.append(" · " + said.format(names=len(passed)), style="")
                t.append(" · " + said.format(names=", ".join(passed)), style="")
                shorter = (t, short)
            parts.append(t)
        taki = view.taki
        if taki:
            parts.append(Text(taki_run_words(taki.color, taki.open), style="bold"))
        # (only to the seat that may act on them: beside "Waiting for NAME" they read
        # as orders to a player who cannot follow them, and the King's would not fit
        # 80 columns)
        if view.follow == FOLLOW_PLUS and state.legal:
            parts.append(Text(_("Plus: play one more card or draw")))
        if view.follow == FOLLOW_KING and state.legal:
            parts.append(Text(_("King: play any card or end the turn (e)")))
        if state.legal:
            # In a +3 window the seat is asked to answer the +3, whoever's turn it is
            # (the ▶ may be on another player): not to move.
            ask = _("Answer the +3!") if pending else _("Your move!")
            parts.insert(0, Text(ask, style="bold reverse green"))
            left = self.session.countdown("turn")
            if left is not None:
                parts.insert(1, Text(seconds(left), style="bold yellow"))
        elif not pending:
            turn = view.turn
            who = names[turn] if turn < len(names) else "?"
            if turn == me:  # our turn, but no moves yet (a stand-in, a resync)
                parts.insert(0, Text(_("Your turn"), style="bold"))
            else:
                parts.insert(0, Text(_("Waiting for {name}").format(name=who)))
        room = (self.size.width or self.app.size.width) - 2
        if shorter is not None and cell_len("  ·  ".join(p.plain for p in parts)) > room:
            parts = [shorter[1] if part is shorter[0] else part for part in parts]
        for i, part in enumerate(parts):
            if i:
                out.append("  ·  ")
            out.append_text(part)
        if out.cell_len > room > 8:  # still too wide: cut, and say so
            out.truncate(room - 1)
            out.rstrip()
            out.append("…")
        return out

    def _take_hint(self) -> None:
        """A hint (or its refusal) that arrived since the last redraw: shown in the status
        line until the game moves on, the card it plays selected in the hand. A hint
        worked out for an earlier moment of the game is dropped."""
        session = self.session
        if session.hint_news == self._hint_news:
            return
        self._hint_news = session.hint_news
        state = session.state
        refused = session.hint_refused
        if refused is not None:
            text = (_("Hints are off at this table.") if refused.code == "not_allowed"
                    else refusal_words(refused.code, refused.message))
            self._set_flash(text, True, 8)
            return
        hint = session.hint
        if hint is None or hint.seq != state.seq:
            return
        card = hint.action.card
        hand = self.shown_hand()
        if hint.action.type == "play" and card in hand:
            self.selected = hand.index(card)
        self._set_flash(hint_line(hint, state.names()), True, 30)

    def chatting(self) -> bool:
        """The chat box has the keys (typing goes there, not to the game)."""
        focused = self.focused
        return focused is not None and focused.id == "chat-input"

    def _keys(self) -> Text:
        width = bar_width(self.size.width or self.app.size.width)
        if self.chatting():
            return fit_keys([(key_name("Enter"), _("send"), True),
                             (key_name("Esc"), _("back to the game"), True)], width)
        if self._dialog is not None:  # (a modal: the table's keys do nothing meanwhile)
            return fit_keys(self._dialog_keys(), width)
        if self.session.replaced:  # another window plays the seat: only these work here
            return fit_keys([("ctrl+r", _("take your seat back"), True),
                             ("?", _("help"), False), ("ctrl+c", _("quit"), False)], width)
        state = self.session.state
        items: list[tuple[str, str, bool]] = []
        """(key, what it does, whether the words matter): what this moment offers."""
        hints = [
            ("draw", "d", _("draw")),
            ("close_taki", "c", _("close TAKI")),
            ("end_turn", "e", _("end turn")),
            ("declare_last_card", "l", _("last card")),
            ("break", "b", _("break +3")),
            ("pass", "p", _("pass")),
        ]
        info = state.info
        host = info is not None and state.seat is not None and info.host == state.seat
        if host and info is not None and info.state == "waiting":
            for key, label in (("a", _("add bot")), ("x", _("remove bot")), ("s", _("start"))):
                items.append((key, label, True))
        returnable = [s for s in info.seats if s is not None and s.returnable] if info else []
        if host and info is not None and info.state == "playing" and returnable:
            name = inert(returnable[-1].name, NAME_MAX)
            items.append(("x", _("give the seat back to {name}").format(name=name), True))
        if host and info is not None and info.state == "over":
            items.append(("r", _("rematch"), True))
        if info is not None and info.state == "over":
            items.append(("v", _("replay"), True))
        if info is not None and info.standings is not None and info.state != "playing":
            items.append(("S", _("standings"), True))
        if info is not None and info.options.hints and state.legal:
            items.append(("H", _("hint"), False))
        if state.playable():
            items.append(("←→/" + tile_key_range(len(state.hand)), _("choose"), False))
            items.append((key_name("Enter"), _("play"), True))
        for kind, key, label in hints:
            if kind == "declare_last_card" and len(state.hand) > 2:
                continue  # legal all turn long, but only worth showing near the end
            if state.action(kind) is not None:
                items.append((key, label, True))
        view = state.view
        if view is not None and view.plus3 is not None and state.play_of("king") is not None:
            items.append(("K", _("King"), True))  # (as the title's +3 notice offers it)
        items += [("t", _("chat"), False), ("?", _("help"), False), ("q", _("leave"), False)]
        return fit_keys(items, width)

    def _dialog_keys(self) -> list[tuple[str, str, bool]]:
        """The colour dialog's keys, for the key bar while it is open."""
        keys = "".join(color_keys().values())
        return [("1-4" if keys == "1234" else "/".join(keys), _("name the colour"), True),
                ("←→", _("choose"), False), (key_name("Enter"), _("play"), True),
                (key_name("Esc"), _("cancel"), True)]

    # ------------------------------------------------------------ actions

    def shown_hand(self) -> list[str]:
        """The hand in the order it is shown (sorted by colour unless as dealt)."""
        hand = self.session.state.hand
        return hand if self.as_dealt else sort_hand(hand)

    def action_order(self) -> None:
        hand = self.shown_hand()
        card = hand[self.selected] if self.selected < len(hand) else None
        self.as_dealt = not self.as_dealt
        if card is not None:  # keep the same card selected
            self.selected = self.shown_hand().index(card)
        self.flash(_("Hand: as dealt") if self.as_dealt else _("Hand: sorted by colour"))

    def action_move(self, step: int) -> None:
        hand = self.session.state.hand
        if hand:
            self.selected = (self.selected + step) % len(hand)
            self.refresh_view()

    def action_pick(self, index: int) -> None:
        if index < len(self.session.state.hand):
            self.selected = index
            self.refresh_view()

    def acting(self) -> bool:
        """A play of this screen's is on its way to the server, or the session has one
        there: the legal moves held are from before it, so no other goes."""
        session = self.session
        return session.actions_answered < max(self._acted, session.actions_sent)

    def _send(self, action: GameAction, last: bool = False) -> None:
        """Send a play; the keys typed after it wait for the server's answer (up to a
        few seconds: ``keygate.AWAIT_SCREEN``), and go to the position it brings. An
        Enter typed with the colour key of a Change Colour reached the table before
        the answer and played the card still selected again."""
        self._acted = self.session.actions_sent + 1
        if self._flash_seq is not None:  # (a refusal holds until the seat's next action)
            self._unflash_now()
            self.refresh_view()
        self._confirmed_until = 0.0  # (a colour's Enter is for its own play, no later one)
        self._keys_held = hold_keys(self.app)
        self.post_message(intents.Act(action, last=last))

    def _position(self) -> tuple[int, int]:
        """Names the deal and turn shown: a snapshot (a new deal) starts a new log
        epoch, a turn a new turn mark."""
        state = self.session.state
        return state.log_epoch, state.turn_mark

    def _answered(self) -> None:
        """Once the play sent is answered: the keys kept go on, and a card's dialog
        whose card can no longer be played closes."""
        if self._keys_held and not self.acting():
            if self._confirmed_until:  # (the Enter held behind the answer: from now)
                self._confirmed_until = time.monotonic() + CONFIRM_SECONDS
                self._confirmed_at = self._position()
            release_keys(self.app, self._keys_held)
            self._keys_held = 0
        self._close_stale_dialog()

    def _close_stale_dialog(self) -> None:
        """Close the card's dialog when its card is no longer playable (played, gone
        from the hand, the turn over, a turn timer run out): it stayed open over the
        next turns, keeping the keys (d did not draw) until a colour was named."""
        dialog = self._dialog
        if dialog is None:
            return
        if dialog not in self.app.screen_stack:
            self._dialog = None
        elif dialog.card not in self.session.state.playable() and self.app.screen is dialog:
            # (only from the top: a dismissal pops the top screen, whichever it is; one
            # put over the dialog, such as the quit question, closes it on its next redraw)
            self._dialog = None
            dialog.dismiss(None)

    def _elsewhere(self) -> bool:
        """Whether another window of this player's holds the seat (``Session.replaced``;
        then said so): keys that would act, chat or leave do nothing here. This window
        is not connected, and a leave asked here would go out with the seat's token
        on ctrl+r and take the seat from under the other window."""
        if self.session.replaced:
            self.flash(_("Your seat is in another window: ctrl+r takes it back"))
            self._flash_elsewhere = True
            return True
        return False

    def _wait_for_answer(self) -> bool:
        """Whether a play is on its way (then said so): keys that would act do nothing."""
        if self.acting():
            self.flash(_("Waiting for the server to answer your move..."))
            return True
        return False

    def on_card_tile_chosen(self, message: CardTile.Chosen) -> None:
        self.selected = message.index
        self.action_play()

    def action_play(self) -> None:
        state = self.session.state
        hand = self.shown_hand()
        if not hand or self.selected >= len(hand) or self._elsewhere():
            return
        if self._wait_for_answer():
            return
        card = hand[self.selected]
        if card not in state.playable():
            self.refuse("play", card)
            self.query_one(HandView).flash_card(self.selected)
            return
        if card == "color":

            def chosen(color: str | None) -> None:
                self._dialog = None
                if color and not self.acting():
                    action = state.play_of("color", color)
                    if action is not None:
                        self._send(action, last=len(state.hand) <= 2)
                if color:
                    self._confirmed_until = time.monotonic() + CONFIRM_SECONDS
                    self._confirmed_at = None  # (set by the answer: the position it brings)

            self._dialog = ColorPicker(card, most_held_colour(state.hand))
            self.app.push_screen(self._dialog, chosen)
            self.refresh_view()  # the key bar says the dialog's keys
            return
        action = state.play_of(card)
        if action is not None:
            self._send(action)

    def action_king(self) -> None:
        """K plays a King, wherever it sits in the hand: what cancels a +2 stack or a
        +3 (the seat after the +3's player), named in the title's +3 notice."""
        if self._elsewhere() or self._wait_for_answer():
            return
        action = self.session.state.play_of("king")
        if action is None:
            self.refuse("play", "king")
            return
        hand = self.shown_hand()
        if "king" in hand:
            self.selected = hand.index("king")
        self._send(action)

    def action_enter(self) -> None:
        """Enter plays the card selected, unless it comes right after a colour was named
        (``CONFIRM_SECONDS``): people confirm a dialog's choice with Enter, and that
        Enter, typed with the colour key, reached the table and read "Not your turn"."""
        if time.monotonic() < self._confirmed_until and self._confirmed_at in (
                None, self._position()):
            self._confirmed_until = 0.0
            return
        self._confirmed_until = 0.0
        self.action_play()

    def action_act(self, kind: str) -> None:
        if self._elsewhere() or self._wait_for_answer():
            return
        action = self.session.state.action(kind)
        if action is None:
            self.refuse(kind)
            return
        self._send(action)

    def refuse(self, kind: str, card: str | None = None) -> None:
        """Say why ``kind`` cannot be done now (engine.reasons, from this seat's view)."""
        state = self.session.state
        hand = (state.view.hand or ()) if state.view is not None else ()
        king = state.play_of("king") is not None  # (in a +3 window: the seat after it)
        self.flash(refusal(why_not(state.view, kind, card), state.names(), hand, king),
                   until_moved=True)

    def action_host(self, what: str) -> None:
        state = self.session.state
        info = state.info
        if info is None or self._elsewhere():
            return
        if state.seat is None or info.host != state.seat:
            self.flash(_("Only the host ({name}) can do that.").format(
                name=state.names()[info.host] if info.host is not None
                and info.host < len(info.seats) else "?"))
            return
        needs = "over" if what == "rematch" else "waiting"
        handing_back = what == "remove_bot" and info.state == "playing" and any(
            s is not None and s.returnable for s in info.seats)
        if info.state != needs and not handing_back:
            self.flash(_("Only after the game: r starts a rematch.") if needs == "over"
                       else _("Only before the game starts."))
            return
        self.post_message(intents.HostCommand(what))

    def action_hint(self) -> None:
        """Ask what the strong bot would play from this seat (tables with hints on)."""
        state = self.session.state
        info = state.info
        if self._elsewhere():
            return
        if info is not None and not info.options.hints:
            self.flash(_("Hints are off at this table."))
        elif not state.legal:
            self.flash(_("Hints are for your turn."))
        else:
            self.flash(_("Looking for a hint..."), until_moved=True)
            self.post_message(intents.AskHint())

    def action_replay(self) -> None:
        info = self.session.state.info
        if info is not None and info.state == "over":
            self.post_message(intents.ShowReplay())
        else:
            self.flash(_("The replay opens when the game is over."))

    def action_standings(self) -> None:
        """The table's standings of the evening (client/screens/standings.py)."""
        info = self.session.state.info
        if info is not None:
            self.app.push_screen(StandingsScreen(info.options.name, info.standings))

    def action_chat(self) -> None:
        if self._elsewhere():
            return
        self.query_one("#chat-input", Input).focus()

    def action_leave_chat(self) -> None:
        """Esc in the chat box gives the keys back to the game (the typed text stays)."""
        if self.chatting():
            self.set_focus(None)

    def on_descendant_focus(self) -> None:
        self.refresh_view()  # the key bar says what the keys do now

    def on_descendant_blur(self) -> None:
        self.refresh_view()

    def send_chat(self, box: Input) -> None:
        """Send what the chat box holds (if anything) and leave the box."""
        text = box.value.strip()
        box.value = ""
        if text:
            self.post_message(intents.SendChat(text))
        self.set_focus(None)

    def action_leave(self) -> None:
        """Leave; during a game, only on a second q (a bot then takes the seat)."""
        state = self.session.state
        if self._elsewhere():
            return
        if state.playing and state.seat is not None and not self._leaving:
            self._leaving = True
            self.flash(_("Press q again to leave the game (a bot will take your seat)."))
            return
        self.post_message(intents.LeaveTable())
