"""What one viewer may see of a game.

A seat sees its own hand and only the *counts* of the others; a spectator sees counts
only; nobody sees the draw pile (its order or its content) or who holds a Breaker. Once
the game is over nothing is left to hide: every view then shows every hand left
(``hands``, by seat), so everyone at the table sees who held what. The
discard pile is face up, but only its top two cards matter to play, so a view carries
those and the pile's size.

A view is a typed value (``View``, an immutable NamedTuple: built for every action, it
must cost no more than the dict it replaced): the bots decide from it and the client
reads it. Its wire map (what the server sends as snapshots and patches, PROTOCOL.md
section 9.6) is written and read by one codec, ``protocol.codec`` (``view_to_wire``,
``view_from_wire``), the way python-chess has ``Move`` and ``Move.uci()``.
"""

from __future__ import annotations

from typing import NamedTuple

from .game import Game, Options, Pending, Run


class PlayerView(NamedTuple):
    """One seat as everybody sees it."""

    cards: int
    """How many cards it holds."""
    stage: int
    """Stairs: its stage (8..1)."""
    declared: bool
    """It said "last card" this turn."""
    place: int | None
    """The place it finished in; None while it plays."""


class Plus3View(NamedTuple):
    """A pending +3."""

    by: int
    passed: tuple[int, ...]
    """Seats that let it through."""


class RunView(NamedTuple):
    """A TAKI run (RULES.md section 7)."""

    color: str
    by: int
    cards: int
    open: bool


class View(NamedTuple):
    """What ``seat`` may see of a game (None: a spectator)."""

    seat: int | None
    options: Options
    players: tuple[PlayerView, ...]
    draw_count: int
    discard_count: int
    discard_top: tuple[str, ...]
    """The top two cards, the top one last."""
    lead: str
    """The card to match."""
    turn: int
    direction: int
    color: str
    plus2: int
    """Cards owed by a live +2 stack (0: none)."""
    plus3: Plus3View | None
    taki: RunView | None
    follow: str | None
    """``plus`` (one more card owed) or ``king`` (any one card may follow)."""
    winner: int | None
    over: bool
    hand: tuple[str, ...] | None = None
    """The viewer's own cards (None for a spectator)."""
    hands: tuple[tuple[str, ...], ...] | None = None
    """Every hand left, by seat: only once ``over``."""


def view_of(game: Game, seat: int | None) -> View:
    """The view of ``seat`` (None: a spectator)."""
    run = game.taki
    pending = game.plus3
    over = game.over
    return View._make((
        seat,
        game.options,
        tuple(map(PlayerView, map(len, game.hands), game.stages, game.declared, game.places)),
        len(game.draw_pile),
        len(game.discard),
        tuple(game.discard[-2:]),
        game.lead(),
        game.turn,
        game.direction,
        game.color,
        game.plus2,
        None if pending is None else Plus3View(pending.by, tuple(pending.passed)),
        None if run is None else RunView(run.color, run.by, run.cards, run.open),
        game.follow,
        game.winner,
        over,
        None if seat is None else tuple(game.hands[seat]),
        tuple(tuple(hand) for hand in game.hands) if over else None,
    ))


def game_of_view(
    view: View,
    hands: list[list[str]],
    draw: list[str],
    discard: list[str],
    *,
    rng: int | None = None,
    own_breakers: int | None = None,
) -> Game:
    """A Game that ``view`` could be a view of, with the cards it hides given: every
    public field is the view's (a search's sampled world, a hint's legal list)."""
    players = view.players
    pending = view.plus3
    run = view.taki
    return Game(
        hands,
        draw,
        discard,
        options=view.options,
        turn=view.turn,
        direction=view.direction,
        color=view.color,
        stages=[p.stage for p in players],
        declared=[p.declared for p in players],
        places=[p.place for p in players],
        plus2=view.plus2,
        plus3=None if pending is None else Pending(pending.by, list(pending.passed)),
        taki=None if run is None else Run(run.color, run.by, run.cards, run.open),
        follow=view.follow,
        winner=view.winner,
        rng=rng,
        own_breakers=own_breakers,
        record=False,
    )
