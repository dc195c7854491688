"""Step through a finished game, forwards and back.

The server sends the game as (options, seed, first, actions); the engine replays it
here, so every position is rebuilt exactly. A finished game has no secrets left, so
every hand is shown.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from engine import Event, Game, Options, TakiError, action_from_json
from protocol.codec import TableEvent
from protocol.limits import NAME_MAX, TABLE_NAME_MAX
from protocol.messages import GameAction, Replay

from ..announce import timeout_words
from ..i18n import _, key
from ..safe import inert
from ..widgets.cards import card_text, cards_line, color_swatch
from ..words import action_words, card_words, color_word, describe


class ReplayScreen(Screen[None]):
    """See the module docstring."""

    BINDINGS = [
        Binding("right,l,space", "step(1)", "Forward"),
        Binding("left,h", "step(-1)", "Back"),
        Binding("pagedown", "step(10)", "Forward 10", show=False),
        Binding("pageup", "step(-10)", "Back 10", show=False),
        Binding("home", "go(0)", "Start", show=False),
        Binding("end", "go(-1)", "End", show=False),
        Binding("q,escape", "close", "Close"),
    ]

    def __init__(self, replay: Replay) -> None:
        super().__init__()
        self.replay = replay
        self.actions = [action_from_json(a.to_dict()) for a in replay.actions]
        self.index = 0
        self.names = [inert(name, NAME_MAX) for name in replay.names]
        o = replay.options
        self.options = Options(o.stairs, o.must_play_if_able, o.play_for_places)

    DEFAULT_CSS = """
    ReplayScreen #replay-lead { margin-bottom: 1; }
    ReplayScreen .replay-hand { padding-left: 3; min-height: 1; }
    ReplayScreen #replay-step { margin-top: 1; }
    """
    """Each hand is a widget of its own, indented by its padding: a long hand wraps
    under its own indent (in one Text with the names, its lines went on at column 0)."""

    def compose(self) -> ComposeResult:
        yield Static(id="replay-title")
        with VerticalScroll(id="replay-body"):
            yield Static(id="replay-lead")
            for seat in range(len(self.names)):
                yield Static(id=f"replay-seat-{seat}")
                yield Static(id=f"replay-hand-{seat}", classes="replay-hand")
            yield Static(id="replay-step")
        yield Static(id="replay-keys", classes="hint")

    def on_mount(self) -> None:
        self.refresh_view()

    def _game_at(self, index: int) -> tuple[Game, list[str], bool]:
        """The game after ``index`` actions, the log lines of the last one, and whether
        they already say who won (so the board does not say it twice)."""
        game = Game.new(len(self.replay.names), self.replay.seed, self.options,
                        self.replay.first, record=True)
        game.take_events()
        lines: list[str] = []
        told_winner = False
        for i, action in enumerate(self.actions[:index]):
            try:
                game.apply(action)
            except TakiError:
                lines = [_("This replay does not follow the rules here; it stops.")]
                break
            events = game.take_events()
            if i == index - 1:
                names = self.names
                played = self.replay.actions[i]
                lines = [
                    line
                    for e in events
                    if (line := describe(_marked(e, played, e.seat == action.seat), names))
                ]
                if not lines:  # every step in words, even one that left no event
                    lines = [action_words(action.to_json(), names)]
                if played.timeout and action.type != "pass":  # a pass says so itself
                    seat = action.seat
                    who = names[seat] if 0 <= seat < len(names) else "?"
                    lines.insert(0, timeout_words(who, False))
                told_winner = any(e.kind == "finished" and e.amount == 1 for e in events)
        return game, lines, told_winner

    def refresh_view(self) -> None:
        game, lines, told_winner = self._game_at(self.index)
        title = Text(" " + _("Replay") + " ", style="bold reverse")
        title.append(f"  {inert(self.replay.options.name, TABLE_NAME_MAX)}  #{self.replay.game}  ")
        title.append(_("step {n} of {total}").format(n=self.index, total=len(self.actions)))
        self.query_one("#replay-title", Static).update(title)
        lead = Text()
        lead.append(_("Leading card") + " ", style="bold")
        lead.append_text(card_text(game.lead()))
        lead.append("  " + card_words(game.lead()), style="italic")  # as the table says it
        lead.append("   " + _("Colour") + " ")
        lead.append_text(color_swatch(game.color, color_word(game.color)))
        self.query_one("#replay-lead", Static).update(lead)
        for seat, name in enumerate(self.names):
            marker = "▶ " if seat == game.turn and not game.over else "  "
            who = Text(marker, style="bold yellow")
            who.append(Text(name, style="bold"))
            who.append(f"  ({len(game.hands[seat])})")
            self.query_one(f"#replay-seat-{seat}", Static).update(who)
            # As the game-over hands show them ('G PLUS B 3 8'), all of them: the board
            # wraps a long hand rather than counting what does not fit.
            self.query_one(f"#replay-hand-{seat}", Static).update(
                cards_line(list(game.hands[seat]), room=10**6))
        step = Text()
        for line in lines or [_("The deal.")]:
            step.append(Text(line + "\n", style="italic"))
        if game.over and game.winner is not None and not told_winner:
            step.append(_("{name} wins!").format(name=self.names[game.winner]),
                        style="bold green")
        step.rstrip()
        self.query_one("#replay-step", Static).update(step)
        self.query_one("#replay-keys", Static).update(
            _("→ forward · ← back · {pgup}/{pgdn} ten · {home}/{end} · q close").format(
                pgup=key("PgUp"), pgdn=key("PgDn"), home=key("Home"), end=key("End"))
        )

    def action_step(self, delta: int) -> None:
        self.index = max(0, min(len(self.actions), self.index + delta))
        self.refresh_view()

    def action_go(self, where: int) -> None:
        self.index = len(self.actions) if where < 0 else 0
        self.refresh_view()

    def action_close(self) -> None:
        self.dismiss(None)


def _marked(event: Event, played: GameAction, own: bool) -> TableEvent:
    """An event of a replayed step as the table told it: marked as the stand-in's (a
    bot moved for the person) or the timer's when the step's own seat made it."""
    if not own:
        return TableEvent(event)
    if played.stand_in:
        return TableEvent(event, stand_in=True)
    return TableEvent(event, timeout=True if played.timeout else None)
