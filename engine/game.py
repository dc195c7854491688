"""The TAKI rules as a pure, deterministic state machine (RULES.md sections 2-6).

A ``Game`` is mutable, but only through ``apply``: it validates an action against the
legal ones first and raises a ``TakiError`` (changing nothing) when it is not allowed;
engine.reasons says which rule refused it.
Randomness comes only from the seed given to ``Game.new`` and, for a reshuffle of the
discard pile, from the ``rng`` number the position carries, so (options, seed, actions)
always replays to the same game.

The hot path (``legal_actions`` then ``apply``) is written for speed: actions are
interned NamedTuples, playability is a set look-up in a table by colour and symbol, the
legal list is cached until the next change (a declaration only drops itself from it),
and ``over`` is a field kept up to date rather than computed. tests/test_engine_golden.py
pins every game of its sample bit for bit, so a speed-up cannot change a game.
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Callable
from dataclasses import KW_ONLY, dataclass, field, fields
from typing import Any, Final, NoReturn

from .actions import BREAK, CLOSE_TAKI, DECLARE, DRAW, END_TURN, PASS, PLAY, Action
from .cards import ALL_CODES, COLOR_OF, COLORS, SYMBOL_OF, full_deck
from .errors import BadAction
from .events import (
    BROKE,
    CANCELLED,
    CLIMBED,
    CLOSED,
    DECLARED,
    DECLINED,
    DREW,
    FINISHED,
    LEFT_OPEN,
    PASSED,
    PLAYED,
    R_BREAKER,
    R_BROKEN,
    R_CHOICE,
    R_PENALTY,
    R_PLUS,
    R_PLUS2,
    R_PLUS3,
    R_STAGE,
    RESHUFFLED,
    REVERSED,
    SKIPPED,
    TURN,
    DrawReason,
    Event,
)
from .reasons import Situation, error_of, refusal

HAND_SIZE: Final = 8
MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 10
LAST_CARD_PENALTY: Final = 4
PLUS3_DRAW: Final = 3
BREAKER_PENALTY: Final = 3

FOLLOW_PLUS: Final = "plus"
FOLLOW_KING: Final = "king"


@dataclass(frozen=True, slots=True)
class Options:
    """Table variants (RULES.md): options, not forks of the rules."""

    stairs: bool = False
    must_play_if_able: bool = False
    play_for_places: bool = False


@dataclass(slots=True)
class Run:
    """A TAKI run: ``taki`` in the position format (its fields are that object's keys)."""

    color: str
    by: int
    cards: int = 0
    open: bool = False

    def copy(self) -> Run:
        return Run(self.color, self.by, self.cards, self.open)


@dataclass(slots=True)
class Pending:
    """A pending +3: ``plus3`` in the position format (its fields are that object's keys)."""

    by: int
    passed: list[int] = field(default_factory=list)

    def copy(self) -> Pending:
        return Pending(self.by, list(self.passed))


# Interned actions: the engine hands out these very objects, so membership tests are
# mostly identity checks and generating a legal list allocates only the list.
# A play of "color" without a colour stands in a legal list for the Change Colour
# until ``_colors_in`` puts its four plays (one per colour) in its place.
_PLAY: Final[list[dict[str, Action]]] = [
    {c: Action(PLAY, s, c) for c in ALL_CODES} for s in range(MAX_PLAYERS)
]
_PLAY_COLOR: Final[list[tuple[Action, ...]]] = [
    tuple(Action(PLAY, s, "color", col) for col in COLORS) for s in range(MAX_PLAYERS)
]
_STAND_IN: Final[list[Action]] = [play["color"] for play in _PLAY]


def _plays(hand: list[str], ok: frozenset[str] | None, seat: int) -> list[Action]:
    """The plays of the cards in ``hand`` that are in ``ok`` (None: every card), once
    each, in the order of their first copy in hand; a Change Colour as four plays."""
    play = _PLAY[seat]
    out: list[Action] = []
    # A loop with a membership test on the short list beats dict.fromkeys(hand) here.
    for c in hand:
        if ok is None or c in ok:
            a = play[c]
            if a not in out:
                out.append(a)
    stand_in = _STAND_IN[seat]
    if stand_in in out:
        i = out.index(stand_in)
        out[i : i + 1] = _PLAY_COLOR[seat]
    return out
_SIMPLE: Final[dict[str, list[Action]]] = {
    t: [Action(t, s) for s in range(MAX_PLAYERS)]
    for t in (DRAW, CLOSE_TAKI, END_TURN, DECLARE, BREAK, PASS)
}
_DRAW = _SIMPLE[DRAW]
_CLOSE = _SIMPLE[CLOSE_TAKI]
_END = _SIMPLE[END_TURN]
_DECLARE = _SIMPLE[DECLARE]
_BREAK = _SIMPLE[BREAK]
_PASS = _SIMPLE[PASS]

_COLORLESS_SET: Final = frozenset(c for c in ALL_CODES if COLOR_OF[c] is None)
_NUMBERS: Final = frozenset(c for c in ALL_CODES if SYMBOL_OF[c].isdigit())
_STACKERS: Final = frozenset(c for c in ALL_CODES if SYMBOL_OF[c] in ("+2", "king"))
_MATCH: Final[dict[str, dict[str, frozenset[str]]]] = {
    color: {
        symbol: frozenset(
            c for c in ALL_CODES if COLOR_OF[c] in (None, color) or SYMBOL_OF[c] == symbol
        )
        for symbol in set(SYMBOL_OF.values())
    }
    for color in COLORS
}
"""Cards playable on a leading card of a symbol with a colour active: [colour][symbol]."""


def _matching(color: str, symbol: str) -> frozenset[str]:
    """Cards playable on a leading card of ``symbol`` with ``color`` active."""
    return _MATCH[color][symbol]


def own_breakers_in(discard: list[str], top_answer: bool | None = None) -> int:
    """How many Breakers at the top of ``discard`` were played on their players' own
    turns, as far as the pile alone can tell (RULES.md section 7): ``top_answer`` says how
    the leading Breaker was played (None: not said); any other Breaker counts as an answer
    when it lies directly on a +3 and as an own-turn one otherwise. An answer is always
    played on the +3 it answers, so only the lowest Breaker of a stack can be one."""
    own = 0
    i = len(discard) - 1
    while i >= 0 and discard[i] == "breaker":
        answer = top_answer if own == 0 and top_answer is not None else (
            i > 0 and discard[i - 1] == "+3"
        )
        if answer:
            break
        own += 1
        i -= 1
    return own


_RUN_CARDS: Final[dict[str, frozenset[str]]] = {
    col: frozenset(c for c in ALL_CODES if COLOR_OF[c] == col) | {"supertaki", "color"}
    for col in COLORS
}


PLAYER: Final = "player"
"""Field metadata: the key of a by-seat list field in each player object of a position."""
KEY: Final = "key"
"""Field metadata: the field's top-level key in a position, where not its own name."""
ENGINE: Final = "engine"
"""Field metadata: a field of this engine's own in a position (RULES.md section 7 allows
them), written only where it says something."""
NOT_STATE: Final = "not_state"
"""Field metadata: a constructor setting, not part of the position."""


@dataclass(eq=False, repr=False)
class Game:
    """One game of TAKI: its position, its legal actions, and ``apply``.

    The fields below are the game's state, declared once: ``copy`` copies them and
    engine.position reads and writes them (their names, or the ``key``/``player``
    metadata, are the position format's keys of RULES.md section 7), in this order.
    ``draw_pile`` keeps the top card at the *end* of the list (popping is cheap there);
    the position writer reverses it.
    """

    hands: list[list[str]] = field(metadata={PLAYER: "hand"})
    draw_pile: list[str] = field(metadata={KEY: "draw"})
    discard: list[str]
    _: KW_ONLY
    options: Options = Options()
    turn: int = 0
    direction: int = 1
    color: str = "R"
    # By seat: empty (the default) for a new game's values.
    stages: list[int] = field(default_factory=list, metadata={PLAYER: "stage"})
    declared: list[bool] = field(default_factory=list, metadata={PLAYER: "declared"})
    places: list[int | None] = field(default_factory=list, metadata={PLAYER: "place"})
    plus2: int = 0
    plus3: Pending | None = None
    taki: Run | None = None
    follow: str | None = None
    winner: int | None = None
    rng: int | None = field(default=None, metadata={ENGINE: True})
    """The seed of the next reshuffle (None: one is derived from the pile)."""
    own_breakers: int | None = field(default=None, metadata={ENGINE: True})
    """Own-turn Breakers on top of the discard pile (0 when the top is no Breaker, or a
    Breaker played as an answer): they and the card beneath the lowest of them stay at a
    reshuffle, and that card is what the next player follows (RULES.md section 3). None
    given: what the pile alone tells (section 7's reading), set at construction."""
    record: bool = field(default=True, metadata={NOT_STATE: True})
    """Whether to keep ``events`` (a search's playouts do not)."""

    def __post_init__(self) -> None:
        n = self.n = len(self.hands)
        if not self.stages:
            self.stages = [HAND_SIZE] * n
        if not self.declared:
            self.declared = [False] * n
        if not self.places:
            self.places = [None] * n
        if self.own_breakers is None:
            self.own_breakers = own_breakers_in(self.discard)
        self.events: list[Event] = []
        self.extras: Any = None  # unknown position fields, kept by engine.position
        self._finished = sum(p is not None for p in self.places)
        self.over = self._is_over()
        """True once nothing more can be played (set where a player finishes)."""
        self._legal: list[Action] | None = None

    # ------------------------------------------------------------------ setup

    @classmethod
    def new(
        cls,
        players: int,
        seed: int,
        options: Options = Options(),
        first: int | None = None,
        *,
        record: bool = True,
    ) -> Game:
        """Shuffle with ``seed``, deal 8 each, flip the leading card, pick the first seat.

        A colourless opening card goes to the bottom of the draw pile and the next one
        is flipped (house rule); a coloured action card opens as its colour and symbol
        only. ``first`` is the host's pick; None draws it from the seed.
        """
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise BadAction(f"players: {players} is not between 2 and 10")
        if first is not None and not 0 <= first < players:
            raise BadAction(f"first: seat {first} is out of range")
        r = random.Random(seed)
        deck = full_deck()
        r.shuffle(deck)
        pile = deck[::-1]  # top at the end
        hands: list[list[str]] = [[] for _ in range(players)]
        for _ in range(HAND_SIZE):
            for hand in hands:
                hand.append(pile.pop())
        while COLOR_OF[pile[-1]] is None:
            pile.insert(0, pile.pop())
        lead = pile.pop()
        start = r.randrange(players) if first is None else first
        lead_color = COLOR_OF[lead]
        assert lead_color is not None
        return cls(
            hands,
            pile,
            [lead],
            options=options,
            turn=start,
            color=lead_color,
            rng=r.getrandbits(63),
            record=record,
        )

    # ------------------------------------------------------------------ queries

    def _is_over(self) -> bool:
        """True once nothing more can be played (kept in ``over``: the playout loops of
        searches and benchmarks read it after every action)."""
        if self.winner is None:
            return False
        return not self.options.play_for_places or self.n - self._finished <= 1

    def lead(self) -> str:
        """The card the next play must match: the top card, or the one beneath the lowest
        of the own-turn Breakers on top (a Breaker answer is itself the top card)."""
        d = self.discard
        own = self.own_breakers
        return d[max(0, len(d) - 1 - own)] if own else d[-1]

    def to_act(self) -> list[int]:
        """Seats that have a legal action now (several during a +3 window)."""
        seen: dict[int, None] = {}
        for a in self.legal_actions():
            seen[a.seat] = None
        return list(seen)

    def legal_actions(self) -> list[Action]:
        """Every legal action of every seat (cached until the next change).

        A Change Colour appears once per colour; ``last_card`` variants are not listed
        (the flag is allowed on any play). Do not mutate the returned list.
        """
        legal = self._legal
        if legal is None:
            legal = self._legal = self._generate()
        return legal

    def is_legal(self, action: Action) -> bool:
        return action.plain() in self.legal_actions()

    def _generate(self) -> list[Action]:
        if self.winner is not None and self.over:
            return []
        if self.plus3 is not None:
            return self._window()
        seat = self.turn
        hand = self.hands[seat]
        run = self.taki
        if run is not None and not run.open:
            out = _plays(hand, _RUN_CARDS[run.color], seat)
            if run.cards:
                out.append(_CLOSE[seat])
            out.append(_END[seat])
        elif self.follow == FOLLOW_KING:
            out = _plays(hand, None, seat)
            out.append(_END[seat])
        else:
            if self.plus2:
                out = _plays(hand, _STACKERS, seat)
            else:  # the commonest case: _plays inlined
                d = self.discard
                own = self.own_breakers
                lead = d[max(0, len(d) - 1 - own)] if own else d[-1]  # (self.lead())
                ok = _MATCH[self.color][SYMBOL_OF[lead]]
                play = _PLAY[seat]
                out = []
                for c in hand:
                    if c in ok:
                        a = play[c]
                        if a not in out:
                            out.append(a)
                stand_in = _STAND_IN[seat]
                if stand_in in out:
                    i = out.index(stand_in)
                    out[i : i + 1] = _PLAY_COLOR[seat]
            if not (out and self.options.must_play_if_able):
                out.append(_DRAW[seat])
        if not self.declared[seat]:
            out.append(_DECLARE[seat])
        return out

    def _window(self) -> list[Action]:
        pending = self.plus3
        assert pending is not None
        out: list[Action] = []
        turn = self.turn
        passed = pending.passed
        if turn not in passed and "king" in self.hands[turn]:
            out.append(_PLAY[turn]["king"])
        places = self.places
        n = self.n
        for i in range(n):
            s = (turn + i) % n
            if s == pending.by or s in passed or places[s] is not None:
                continue
            if "breaker" in self.hands[s]:
                out.append(_BREAK[s])
            out.append(_PASS[s])
        return out

    # ------------------------------------------------------------------ apply

    def apply(self, action: Action) -> None:
        """Carry out ``action``, or raise a TakiError and change nothing."""
        legal = self._legal
        if legal is None:
            legal = self.legal_actions()
        if (action._replace(last_card=False) if action.last_card else action) not in legal:
            self._refuse(action)
        self._legal = None
        seat = action.seat
        if action.last_card:
            self.declared[seat] = True
        t = action.type
        if t == PLAY:
            card = action.card
            assert card is not None
            self._play(seat, card, action.color)
        elif t == DRAW:
            self._draw_action(seat)
        elif t == DECLARE:
            self.declared[seat] = True
            # Declaring changes nothing else: the same list less the declaration, which
            # is listed last (``_generate``).
            self._legal = legal[:-1]
            if self.record:
                self.events.append(Event(DECLARED, seat))
        elif t == PASS:
            self._pass(seat)
        elif t == BREAK:
            self._break(seat)
        elif t == CLOSE_TAKI:
            if self.record:
                self.events.append(Event(CLOSED, seat))
            self._close_run(seat)
        else:  # END_TURN
            if self.follow == FOLLOW_KING:
                self.follow = None
                if self.record:
                    self.events.append(Event(DECLINED, seat))
            else:
                run = self.taki
                assert run is not None
                run.open = True
                if self.record:
                    self.events.append(Event(LEFT_OPEN, seat))
            self._end_turn(seat)

    def take_events(self) -> list[Event]:
        """The events since the last call (and forget them)."""
        out = self.events
        self.events = []
        return out

    # ------------------------------------------------------------------ effects

    def _play(self, seat: int, card: str, chosen: str | None) -> None:
        hand = self.hands[seat]
        hand.remove(card)
        self.discard.append(card)
        # Every play here is on its player's own turn (a King answering a +3 included);
        # only ``_break`` plays a Breaker as an answer.
        self.own_breakers = (self.own_breakers or 0) + 1 if card == "breaker" else 0
        record = self.record
        if record:
            self.events.append(Event(PLAYED, seat, card, chosen))
        if self.plus3 is not None:  # a King answering a +3
            self.plus3 = None
            if record:
                self.events.append(Event(CANCELLED, seat))
            self.follow = FOLLOW_KING
            if not hand:
                self._end_turn(seat)
            return
        run = self.taki
        col = COLOR_OF[card]
        if run is not None:
            if not run.open:  # the player's own run
                if card == "color":
                    assert chosen is not None
                    self.color = chosen
                    self.taki = None
                    self._end_turn(seat)
                    return
                run.cards += 1
                self.color = run.color
                if not hand:
                    self._close_run(seat)
                return
            if col == run.color or card == "supertaki":
                # Continuing an open run (a TAKI of its colour and a Super TAKI included:
                # RULES.md section 5): one more card of the run, which is now theirs.
                run.open = False
                run.by = seat
                run.cards += 1
                self.color = run.color
                if not hand:
                    self._close_run(seat)
                return
            # Any other card ends the open run with no action for it; the new card then
            # acts as usual (a TAKI of another colour opens its own run, cards 0).
            self.taki = None
        self.follow = None
        if col is not None:
            self.color = col
        if card in _NUMBERS:  # the commonest play: nothing to do but end the turn
            self._end_turn(seat)
            return
        sym = SYMBOL_OF[card]
        if sym == "plus":
            self.follow = FOLLOW_PLUS
        elif sym == "+2":
            self.plus2 += 2
            self._end_turn(seat)
        elif sym == "stop":
            self._end_turn(seat, 2)
        elif sym == "dir":
            self._reverse()
            self._end_turn(seat)
        elif sym == "taki":
            assert col is not None
            self.taki = Run(col, seat)
            if not hand:
                self._close_run(seat)
        elif sym == "supertaki":
            self.taki = Run(self.color, seat)
            if not hand:
                self._close_run(seat)
        elif sym == "color":
            assert chosen is not None
            self.color = chosen
            self._end_turn(seat)
        elif sym == "king":
            if self.plus2:
                if record:
                    self.events.append(Event(CANCELLED, seat, amount=self.plus2))
                self.plus2 = 0
            self.follow = FOLLOW_KING
            if not hand:
                self._end_turn(seat)
        elif sym == "+3":
            self._end_turn(seat)
            if not self.over:
                self.plus3 = Pending(seat)
        elif sym == "breaker":
            self._draw_cards(seat, BREAKER_PENALTY, R_BREAKER)
            self._end_turn(seat)
        else:  # a number
            self._end_turn(seat)

    def _reverse(self) -> None:
        """Change Direction: with only 2 players still in the game it changes nothing
        (RULES.md section 4: ``direction`` keeps its value, and no event is told)."""
        if self.n - self._finished <= 2:
            return
        self.direction = -self.direction
        if self.record:
            self.events.append(Event(REVERSED, amount=self.direction))

    def _close_run(self, seat: int) -> None:
        """End the run; its last card acts now (a TAKI or Super TAKI last does nothing)."""
        self.taki = None
        sym = SYMBOL_OF[self.discard[-1]]
        if sym == "plus":
            self.follow = FOLLOW_PLUS
        elif sym == "stop":
            self._end_turn(seat, 2)
        elif sym == "+2":
            self.plus2 += 2
            self._end_turn(seat)
        elif sym == "dir":
            self._reverse()
            self._end_turn(seat)
        else:
            self._end_turn(seat)

    def _draw_action(self, seat: int) -> None:
        if self.follow == FOLLOW_PLUS:
            self.follow = None
            self._draw_cards(seat, 1, R_PLUS)
        elif self.plus2:
            count = self.plus2
            self.plus2 = 0
            self._draw_cards(seat, count, R_PLUS2)
        else:
            self._draw_cards(seat, 1, R_CHOICE)
        self._end_turn(seat)

    def _pass(self, seat: int) -> None:
        pending = self.plus3
        assert pending is not None
        pending.passed.append(seat)
        if self.record:
            self.events.append(Event(PASSED, seat))
        others = self.n - self._finished - (self.places[pending.by] is None)
        if len(pending.passed) < others:
            return
        self.plus3 = None
        s = self._next(pending.by)
        while s != pending.by:
            if self.places[s] is None:
                self._draw_cards(s, PLUS3_DRAW, R_PLUS3)
            s = (s + self.direction) % self.n

    def _break(self, seat: int) -> None:
        pending = self.plus3
        assert pending is not None
        hand = self.hands[seat]
        hand.remove("breaker")
        self.discard.append("breaker")
        self.own_breakers = 0
        self.plus3 = None
        if self.record:
            self.events.append(Event(BROKE, seat))
        if self.places[pending.by] is None:  # a finished player never draws
            self._draw_cards(pending.by, PLUS3_DRAW, R_BROKEN)
        if not hand:
            self._empty_hand(seat)
            if not self.over and self.places[self.turn] is not None:
                self._advance(self.turn, 1)

    def _draw_cards(self, seat: int, count: int, reason: DrawReason) -> int:
        """Move up to ``count`` cards from the draw pile to ``seat``'s hand."""
        pile = self.draw_pile
        if count == 1 and pile:  # the commonest draw
            card = pile.pop()
            self.hands[seat].append(card)
            if self.record:
                self.events.append(Event(DREW, seat, amount=1, cards=(card,), reason=reason))
            return 1
        if len(pile) < count:
            got = pile[::-1]
            pile.clear()
            if self._reshuffle():
                pile = self.draw_pile
                take = min(count - len(got), len(pile))
                if take:
                    got.extend(pile[-take:][::-1])
                    del pile[-take:]
        else:
            got = pile[-count:][::-1]
            del pile[-count:]
        self.hands[seat].extend(got)
        if self.record:
            self.events.append(Event(DREW, seat, amount=len(got), cards=tuple(got), reason=reason))
        return len(got)

    def _reshuffle(self) -> bool:
        """Shuffle the discard pile into the draw pile, less its top card and, under
        own-turn Breakers, every one of them and the card beneath the lowest (the card
        the next player follows, even a +3; RULES.md section 3). A Breaker answer keeps
        nothing beneath it. Returns False when there is nothing to shuffle."""
        d = self.discard
        keep = (self.own_breakers or 0) + 1
        pile = d[:-keep]
        if not pile:
            return False
        del d[:-keep]
        seed = self.rng
        if seed is None:
            seed = zlib.crc32(" ".join(pile).encode())
            r = random.Random(seed)
            r.shuffle(pile)
        else:
            r = random.Random(seed)
            r.shuffle(pile)
            self.rng = r.getrandbits(63)
        self.draw_pile = pile
        if self.record:
            self.events.append(Event(RESHUFFLED, amount=len(pile)))
        return True

    def _end_turn(self, seat: int, steps: int = 1) -> None:
        """The turn of ``seat`` ends: last-card check, empty hand, then the next seat."""
        hand = self.hands[seat]
        declared = self.declared
        if len(hand) == 1 and not declared[seat]:
            self._draw_cards(seat, LAST_CARD_PENALTY, R_PENALTY)
        declared[seat] = False  # a declaration lasts for the turn it was made in
        self.follow = None
        if not hand:
            self._empty_hand(seat)
            if self.over:
                return
        if steps == 2 and self.record:
            self.events.append(Event(SKIPPED, self._next(seat)))
        if not self._finished or not self.options.play_for_places:  # (_advance, inlined)
            turn = self.turn = (seat + self.direction * steps) % self.n
            declared[turn] = False
            if self.record:
                self.events.append(Event(TURN, turn))
        else:
            self._advance(seat, steps)

    def _advance(self, seat: int, steps: int) -> None:
        if not self._finished or not self.options.play_for_places:  # (_next, inlined)
            turn = self.turn = (seat + self.direction * steps) % self.n
        else:
            turn = self.turn = self._next(seat, steps)
        self.declared[turn] = False
        if self.record:
            self.events.append(Event(TURN, turn))

    def _empty_hand(self, seat: int) -> None:
        """A hand became empty: climb a stage (stairs) or finish."""
        if self.options.stairs and self.stages[seat] > 1:
            stage = self.stages[seat] = self.stages[seat] - 1
            if self.record:
                self.events.append(Event(CLIMBED, seat, amount=stage))
            self._draw_cards(seat, stage, R_STAGE)
            return
        if not self.options.play_for_places:
            self.winner = seat
            self._finished += 1
            self.over = True
            if self.record:
                self.events.append(Event(FINISHED, seat, amount=1))
            return
        self._finished += 1
        place = self._finished
        self.places[seat] = place
        if place == 1:
            self.winner = seat
        if self.record:
            self.events.append(Event(FINISHED, seat, amount=place))
        if self.n - self._finished == 1:
            last = self.places.index(None)
            self._finished += 1
            self.places[last] = place + 1
            if self.record:
                self.events.append(Event(FINISHED, last, amount=place + 1))
        self.over = self._is_over()

    def _next(self, seat: int, steps: int = 1) -> int:
        """The seat ``steps`` places on in the direction of play, skipping finished ones."""
        n = self.n
        d = self.direction
        if not self._finished or not self.options.play_for_places:
            return (seat + d * steps) % n
        places = self.places
        for _ in range(steps):
            seat = (seat + d) % n
            for _ in range(n):
                if places[seat] is None:
                    break
                seat = (seat + d) % n
        return seat

    # ------------------------------------------------------------------ refusals

    def situation(self, seat: int) -> Situation:
        """What decides a refusal for ``seat`` (engine.reasons): all in that seat's view."""
        pending = self.plus3
        run = self.taki
        seated = 0 <= seat < self.n
        return Situation(
            players=self.n,
            over=self.over,
            turn=self.turn,
            color=self.color,
            lead=self.lead(),
            plus2=self.plus2,
            follow=self.follow,
            plus3_by=None if pending is None else pending.by,
            passed=() if pending is None else tuple(pending.passed),
            run_color=None if run is None else run.color,
            run_open=run is not None and run.open,
            finished=seated and self.places[seat] is not None,
            hand=tuple(self.hands[seat]) if seated else (),
        )

    def _refuse(self, action: Action) -> NoReturn:
        """Raise the error for an action that is not legal now (engine.reasons says why)."""
        seat, kind, card, color = action.seat, action.type, action.card, action.color
        s = self.situation(seat)
        raise error_of(refusal(s, kind, seat, card, color), s, kind, seat, card, color)

    # ------------------------------------------------------------------ copying

    def copy(self) -> Game:
        """An independent copy (for search or what-if analysis): every field's value
        copied down to its lists and runs, as its declared type says (``_COPIES``)."""
        g = Game(**{name: copy(getattr(self, name)) for name, copy in _COPIES})
        g.extras = self.extras
        return g

    def card_count(self) -> int:
        """Cards in hands and piles together (116 in any game dealt by ``new``)."""
        return sum(map(len, self.hands)) + len(self.draw_pile) + len(self.discard)


def _nested(value: list[list[str]]) -> list[list[str]]:
    return [list(v) for v in value]


def _run_or_pending(value: Run | Pending | None) -> Run | Pending | None:
    return None if value is None else value.copy()


def _same(value: object) -> object:
    return value


def _copier(declared: str) -> Callable[[Any], Any]:
    """How ``copy`` copies a field of the ``declared`` type."""
    if declared.startswith("list[list["):
        return _nested
    if declared.startswith("list["):
        return list
    if declared.split(" |")[0] in ("Run", "Pending"):
        return _run_or_pending
    return _same


_COPIES: Final = tuple((f.name, _copier(str(f.type))) for f in fields(Game))
