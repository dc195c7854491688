"""``taki-engine play``: a game against bots in a plain terminal, one numbered menu a turn.

This is the no-frills way to play until the networked client exists: it shows what your
seat may see (your hand, the leading card, the others' card counts) and the log of what
happened in words, and asks you to pick one of your legal actions by number. A ``!``
after the number also declares "last card" with a play.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

from .actions import Action
from .bots import bot_action, make_bot, next_decision, tell
from .cards import COLOR_NAMES, COLOR_OF, card_name
from .events import TURN, describe, redact
from .game import Game, Options

_ANSI = {"R": "\x1b[31m", "G": "\x1b[32m", "B": "\x1b[34m", "Y": "\x1b[33m"}
_RESET = "\x1b[0m"


def paint(code: str, color: bool) -> str:
    """A card's name, in its colour on a terminal that shows colours."""
    name = card_name(code)
    col = COLOR_OF[code]
    if not color or col is None:
        return name
    return f"{_ANSI[col]}{name}{_RESET}"


def describe_action(action: Action, game: Game, color: bool) -> str:
    """A menu line for one legal action."""
    t = action.type
    if t == "play":
        assert action.card is not None
        text = f"Play {paint(action.card, color)}"
        if action.color:
            text += f" and name {COLOR_NAMES[action.color]}"
        return text
    if t == "draw":
        if game.follow == "plus":
            return "Draw 1 (owed after your Plus)"
        if game.plus2:
            return f"Draw the +2 stack ({game.plus2} cards)"
        return "Draw a card"
    return {
        "close_taki": "Close the TAKI",
        "end_turn": "End the turn" + (" (leave the TAKI open)" if game.taki else ""),
        "declare_last_card": 'Declare "last card"',
        "break": "Break the +3 with your Breaker",
        "pass": "Let the +3 through",
    }.get(t, t)


def status(game: Game, me: int, names: list[str], color: bool) -> str:
    """What seat ``me`` sees: the table, then its hand."""
    lines = [""]
    lead = game.lead()
    state = f"Leading card: {paint(lead, color)}, active colour {COLOR_NAMES[game.color]}"
    if game.plus2:
        state += f", +2 stack of {game.plus2}"
    if game.plus3 is not None:
        state += f", +3 pending from {names[game.plus3.by]}"
    if game.taki is not None:
        state += f", {COLOR_NAMES[game.taki.color]} TAKI " + ("open" if game.taki.open else "run")
    lines.append(state)
    stairs = game.options.stairs
    others = [
        f"{names[s]}: {len(game.hands[s])}" + (f" (stage {game.stages[s]})" if stairs else "")
        for s in range(game.n)
        if s != me
    ]
    lines.append("Cards held - " + ", ".join(others) + f"; draw pile {len(game.draw_pile)}")
    hand = ", ".join(paint(c, color) for c in game.hands[me])
    lines.append(f"Your hand ({len(game.hands[me])}): {hand}")
    return "\n".join(lines)


def play_text(
    players: int = 4,
    seed: int = 0,
    options: Options = Options(),
    *,
    read: Callable[[str], str] = input,
    write: Callable[[str], None] = print,
    color: bool | None = None,
    level: str = "basic",
) -> int:
    """Play seat 0 against ``players - 1`` bots of ``level``. Returns the winner's seat."""
    if color is None:
        color = sys.stdout.isatty()
    names = ["You"] + [f"Bot {i}" for i in range(1, players)]
    bots = [make_bot(level, seed + i) for i in range(players)]
    game = Game.new(players, seed, options)
    write(f"TAKI: you against {players - 1} bots. Type a number; add ! to also say last card.")
    while not game.over:
        seat, mine = next_decision(game)
        if seat != 0:
            game.apply(bot_action(game, bots))
        else:
            write(status(game, 0, names, color))
            for i, action in enumerate(mine, 1):
                write(f"  {i}. {describe_action(action, game, color)}")
            chosen = _ask(mine, read, write)
            if chosen is None:
                write("Bye.")
                return -1
            game.apply(chosen)
        events = game.take_events()
        tell(bots, events)
        for event in events:
            if event.kind != TURN:
                write("  " + describe(redact(event, 0), names))
    assert game.winner is not None
    write("You win!" if game.winner == 0 else f"{names[game.winner]} wins.")
    return game.winner


def _ask(
    mine: list[Action], read: Callable[[str], str], write: Callable[[str], None]
) -> Action | None:
    while True:
        try:
            text = read("> ").strip()
        except EOFError:
            return None
        if text in ("q", "quit"):
            return None
        flag = text.endswith("!")
        number = text.rstrip("!").strip()
        if number.isdigit() and 1 <= int(number) <= len(mine):
            action = mine[int(number) - 1]
            if flag and action.type == "play":
                action = action._replace(last_card=True)
            return action
        write(f"Type a number from 1 to {len(mine)} (or q to quit).")
