"""Bots that play from their own view only.

A bot is given what its seat may see (``view_of(game, seat)``) and that seat's legal
actions, and returns one of them. ``random`` is the baseline; ``basic`` plays the way a
decent person does: it stacks a +2 rather than draw, breaks a +3, keeps its King for a
live stack, empties its runs, says "last card", and names the colour it holds most.
``strong`` (engine.strong) searches: it also watches the events its seat may see
(``observe``), which ``play_bots`` and ``tell`` pass on.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Protocol

from .actions import Action
from .events import Event, redact
from .game import Game, Options
from .policy import basic_choice, next_decision
from .strong import StrongBot
from .views import View, view_of

__all__ = [
    "BOTS",
    "BasicBot",
    "Bot",
    "RandomBot",
    "basic_choice",
    "bot_action",
    "make_bot",
    "next_decision",
    "play_bots",
    "tell",
]


class Bot(Protocol):
    """Anything that picks an action for a seat from that seat's view."""

    name: str

    def choose(self, view: View, legal: Sequence[Action]) -> Action: ...


class RandomBot:
    """Uniform over the legal actions (seeded, so games replay)."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        return self._rng.choice(legal)


class BasicBot:
    """A heuristic player a decent human would recognise."""

    name = "basic"

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        run = view.taki
        return basic_choice(
            view.hand or (),
            view.plus3 is not None,
            None if run is None or run.open else run.color,
            view.plus2,
            view.follow,
            legal,
        )


BOTS: dict[str, Callable[[int], Bot]] = {
    "random": lambda seed: RandomBot(seed),
    "basic": lambda seed: BasicBot(),
    "strong": lambda seed: StrongBot(seed),
}


def make_bot(kind: str, seed: int = 0) -> Bot:
    """A bot by name: 'random', 'basic' or 'strong' (see engine.strong)."""
    try:
        return BOTS[kind](seed)
    except KeyError:
        raise ValueError(f"unknown bot {kind!r}; choose from {', '.join(BOTS)}") from None


def bot_action(game: Game, bots: Sequence[Bot]) -> Action:
    """Ask the right bot for its next action, showing it only its own view."""
    seat, mine = next_decision(game)
    return bots[seat].choose(view_of(game, seat), mine)


def play_bots(
    bots: Sequence[Bot],
    seed: int,
    options: Options = Options(),
    first: int | None = None,
    *,
    max_actions: int = 200_000,
) -> Game:
    """Play a whole game of bots; returns the finished game.

    A bot with an ``observe`` method (the strong one) is told every event as its own
    seat may see it (``redact``), after each action: the public history it reasons from.
    """
    watching = any(hasattr(b, "observe") for b in bots)
    game = Game.new(len(bots), seed, options, first, record=watching)
    for _ in range(max_actions):
        if game.over:
            break
        game.apply(bot_action(game, bots))
        if watching:
            tell(bots, game.take_events())
    return game


def tell(bots: Sequence[Bot], events: Sequence[Event]) -> None:
    """Tell each bot that watches events (has ``observe``) what its seat saw of them."""
    for seat, bot in enumerate(bots):
        observe = getattr(bot, "observe", None)
        if observe is not None:
            observe([redact(e, seat) for e in events])
