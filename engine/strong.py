"""The ``strong`` bot: determinized Monte-Carlo search on its own seat's knowledge.

At each decision it samples worlds consistent with what its seat knows -- its hand, the
public view (card counts, stages, declarations, the run, the +2 stack, the +3 window) and
the public history of cards played (which tells it the discard pile, so every card it
has not seen is either in a hand or in the draw pile) -- and tries the candidate actions
in them, each followed by a playout in which every seat plays like ``basic`` (its own
seat a little better: it gets rid of a King or a Breaker rather than draw, which basic
never does). A playout stops after ``PLAYOUT_CAP`` actions and is scored by the cards
each seat has left. The budget is spent by sequential halving: a round of worlds for
every candidate, then the better half goes on to the next round with the same share of
the budget, and so on until two are left and the better is played -- so the candidates
worth a closer look get most of the playouts (against basic, 2-player games went from
71% to 74% won on 300 paired deals at the same budget; 70.6% over bench/bots.py's 1,000;
doubling the budget again gained nothing). Within a round every candidate
is tried in the same worlds (common random numbers), which makes the comparison far less
noisy than the budget alone would suggest.

The worlds also use what the others showed, read as basic would have played it. Cards a
seat lacks: one that drew by choice or after a Plus held nothing it would have played on
that pile (a King or a Breaker aside), one that drew on a +2 stack held no +2 and no King,
one that let a +3 through held no Breaker, and one that closed a TAKI run or left it open
held no more of its colour -- until it draws again (the guess is dropped as soon as that
seat plays a card it was thought to lack). And the plays it chose (``_Told``): at the
start of a turn, and after a King or a Plus, basic plays the card it scores highest, so
a hand dealt to that seat is dealt again (up to ``REDEALS`` times) until basic, holding
it plus the cards played since, would have made those plays too. Against basic, 2-player
games on deals 0-199 went from 65.0% to 74.0% won with the plays read back, and stayed
at 72-73% as the voids after a +2 stack, a Plus and a run and the King/Plus follow-ups
were added (each within the noise of 200 games, ~4 points). All of it, over bench/bots.py's
1,000 2-player games: 74.1% won (71.3-76.7%; 70.6% before); 400 4-player games: 43.2%
(38.5-48.1%; 40.8% before), and 44.2% (39.5-49.1%) with a playout cut short scored more
sharply at 4 players (``_TEMPERATURE_MANY``).

What more of basic's play could tell is worth nothing measurable to this search. Tried:
every seat's whole record since the deal -- each told play, each lack (also basic's
order inside its own run, and no King after a +3 let through), dated, each card of
its hand dated by the draw that brought it -- with a hand dealt from Markov chains over
those histories (8 per seat, Metropolis swaps of a held card with an unseen one and of
two cards' dates, towards histories every rule fits; true histories always did). The
sampled hands missed the opponent's colour profile by 0.41 (share of cards in the wrong
colour) against 0.45 with the redeals and 0.52 for a uniform deal, and by 0.41 still with five times
the steps -- so about what that record reveals. Against basic on deals 5000-5399: 2
players 75.2% against 75.0% (60 deals won that were lost, 59 lost that were won), 4
players 41.5% against 43.5% (60 / 68), at 3x / 1.8x the CPU (the 2-player screen
without the run-order rule; the 4-player one with 6 chains and fewer steps). Each
seat's exact colour profile, a cheat, wins 85.8% at 2 players: only a far sharper guess
would pay.

Tried on the search side and not kept (400 paired 2-player deals 5000-5399 against
basic, 75.0% as kept; 4-player deals 5000-5399, 43.5%; deals won/lost against it in
brackets -- the paired noise is about +-3 points): the own seat playing better in the
playouts, reading the sampled hands (a play after which the next seat holds nothing basic
would play, so it must draw, scored 10 points above basic's scoring): 75.2% (61/60), and
at 4 players 39.8% (43/58); the same at 25 points, with a +2 the next seat can stack on
(the own seat holding no other +2) 15 below: 70.2% (53/72) -- likely because an own
seat that plays on the sampled hands rates the candidates by guesses the bot cannot act
on in the real game (the sampled hands miss the colour profile by 0.45). A cut-off
score counting a live +2 stack to the seat that must draw it: 74.2% (13/16), and also a
card to a seat on turn holding nothing it would play: 73.5% (22/28). A cut-off score
averaged with the one 10 actions earlier: 72.8% (34/43). Playout horizon 45 at 4
players: 39.8% (55/70; the 2-player figures are at ``PLAYOUT_CAP``).

A cut-off score fitted from games in place of the temperature (deals 5000-5399 as above):
P(seat wins) a softmax over the seats still in of a weighted sum of that seat's features
-- cards left (and whether 1, 2, 3 or 4), King, Breaker, +2, +3, Stop, Plus, TAKI,
SuperTAKI, Change Colour and direction cards held, colours held, cards of the active
colour, its place in the turn order, a live +2 stack it faces (and whether it holds a +2
or a King for it), a +3 window, a follow-up or its own run on turn, and the own seat's
King and Breaker apart (it sheds them in the playouts) -- a conditional logit fitted on
3.9M positions of 200,000 2-player games (2.1M of 100,000 4-player games) of basic
against basic, the own seat playing as in the playouts, each position labelled by who
went on to win. It predicts those games far better than the temperature (held-out log
loss 0.556 against 0.727 at 3.0 and 0.693 for a coin; 4 players 1.217 against 1.427 at
2.0 and 1.386): with basic playing, 1 card left against 8 wins only 73%, and a Breaker
held by another seat is worth -1.47 against -0.08 for a plain card (basic never sheds
it). Yet it won no more: 75.0% (53/53), 4 players 41.8% (45/52); twice as sharp 72.5%
(54/64); fitted instead on 44,000 positions of 1,600 strong-vs-basic 2-player games
labelled by the real winner 71.8% (53/66); at horizon 15 / 20, the fitted score buying
more worlds for the same CPU, 72.0% (53/65) / 72.2% (47/58). How a playout cut short is
scored is not where the points are.

Where the points go: at each of strong's decisions in 300 2-player games against basic
(deals 9000-9299) the same search was also asked with the true hands (a cheat). Of 6,284
decisions with a choice it chose otherwise at 2,947 (47%); the honest search asked again
on other worlds, at 2,201 (35%). The oracle's choices are worth 0.75 a game summed over
its decisions (equity with the true hands and basic playouts to the end; reruns of the
honest search: +0.04 net, 0.71 in absolute value), spread over every kind: on a plain
turn which number (0.085), a number where it draws (0.085), a draw where it plays a
number (0.045), a Change Colour where it plays a number or draws (0.064), each other kind
below 0.02 (a run left open 0.018, a TAKI 0.017, +2 stacks 0.010, the +3 window 0.003:
always breaking it agrees with the honest search). 0.63 of the 0.75 comes while it holds
5 cards or more, 0.01 at 2 or fewer. The oracle plays a Change Colour 60% more often,
draws 30% more, a SuperTAKI 30% less, a TAKI 15% less. Bonuses (in win share) leaning
the choice that way, deals 5000-5399: Change Colour +0.03 73.0% (4/12), TAKI -0.03
74.2% (16/19), SuperTAKI -0.03 76.5% (10/4), and on deals 6000-6399 / 7000-7399 71.2% /
70.5% against 69.0% / 70.2% (14/5, 6/5): kept (``_HOLD_BACK``); over bench/bots.py's
games 74.4% (2 players, 1,000; 74.1% before) and 43.8% (4 players, 400; 44.2% before),
within the noise. The rest of the
oracle's lead comes from what it sees; no other rule from the seat's own knowledge found.

A reshuffle tells more: it happens only on an empty draw pile, so the new pile is the
discard pile the seat watched, and every other card it has not seen is in a hand (less
the cards drawn since). The worlds deal the draw pile first from those cards: right after
a reshuffle in 2-player games the sampled opponent hand holds 72% of its true cards
against 18% before. Strong's games against basic seldom get there (2 of 400 2-player
games on deals 5000-5399, both won either way; 7% of basic-vs-basic games reshuffle), so
it buys nothing measurable against basic; it is what the seat saw, so it is used.

Also measured and not kept (deals 5000-5399 against basic; 2 players 76.5% as kept, 4
players 42.8%; deals won/lost in brackets). The worlds' opponent hands are miscalibrated:
at strong's turns in 150 2-player games they held a Breaker 2.3 times and a King 1.5
times less often than the true hands (basic never sheds them), a +3, a SuperTAKI and a
Change Colour 1.9, 1.8 and 1.5 times more often, and the opponent was out of the active
colour in 44% of worlds against 57% of true hands. Dealing cards with those weights
brought every frequency within 0.9-1.36 of the truth: 74.2% (54/63); redealing to the
true share out of the active colour (55% against 58%): 75.5% (59/63). Twice the
playouts at 4 players (480 a seat, 1,440 in all, 2.1 against 1.0 CPU s a game): 40.2%
(4 players gain nothing more from playouts past 720). And a better own seat in the
playouts has little to draw on: basic with the King and Breaker shed wins 63.4% of
2-player games head to head against basic, and a coordinate search over basic's 15
weights and bonuses for Stop, +2, Plus and Change Colour when the next seat holds 1-3
cards found no more than 63.8% (30,000 games a step).

It is given the seat's view and the seat's (redacted) events, never the Game: the worlds
are built from those alone, so two games that look the same from the seat give the same
decision. The budget is a number of playouts, not a clock, so a seeded game replays
exactly. The sampled worlds are Games of the bot's own: reading their hands in a playout
is the bot reading its own guesses.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Final

from .actions import BREAK, DECLARE, DRAW, PASS, PLAY, Action
from .cards import COLOR_OF, COLORS, SYMBOL_OF, full_deck
from .events import (
    BROKE,
    CLOSED,
    DECLARED,
    DREW,
    LEFT_OPEN,
    PASSED,
    PLAYED,
    R_CHOICE,
    R_PLUS,
    R_PLUS2,
    RESHUFFLED,
    TURN,
    Event,
)
from .game import Game, _matching
from .policy import basic_choice, card_score, next_decision
from .views import View, game_of_view

PLAYOUTS_PER_OPPONENT: Final = 240
MAX_PLAYOUTS: Final = 720
"""Playouts per decision, shared among the candidate actions: 240 per other seat still
in the game (more hidden hands, more worlds to sample), at most 720. Against basic,
4-player games went from 30% to 41% won when 240 became 720 (152 paired deals);
2-player games gained nothing from 720. With the plays read back, 280 a seat (840 at
4 players) won 41.0% of 200 4-player deals against 44.0% for 720 (noise: +-8 points),
at 136 ms CPU p95 a decision against 122 ms. And 480 at 2 players won 73.4% of 1,000
2-player games (70.6-76.0%) against 74.1% for 240, at 40/55 ms CPU p50/p95 against
21/31 ms: more playouts buy nothing there."""

MIN_WORLDS: Final = 12
"""At least this many sampled worlds per halving round, however many candidates."""

PLAYOUT_CAP: Final = 30
"""Actions per playout before the position is scored by the cards each seat has left
to shed. Tuned on 2-player games against basic: 30 won more than playing every game
out (160), and costs a fifth as much, so the budget buys more worlds."""

_DECK: Final = Counter(full_deck())
_BREAKER: Final = frozenset({"breaker"})
_KEPT: Final = frozenset({"king", "breaker"})  # cards a player may well hold back
_OF_COLOR: Final = {
    col: frozenset(c for c in full_deck() if COLOR_OF[c] == col) for col in COLORS
}
_STACKERS: Final = frozenset(c for c in full_deck() if SYMBOL_OF[c] in ("+2", "king"))
_UNSTICK: Final = ("king", "breaker")
_HOLD_BACK: Final = {"supertaki": 0.03}
"""Win share taken off a candidate that plays one of these cards, when ranking: a true-hands
oracle plays a SuperTAKI 30% less often than this search (a wild card kept is worth more
than basic's playouts, which play it last, make of it). Against basic, 2-player deals
5000-5399 / 6000-6399 / 7000-7399: 76.5% / 71.2% / 70.5% against 75.0% / 69.0% / 70.2%
(deals won that were lost / lost that were won: 10/4, 14/5, 6/5); bench/bots.py 74.4% of
1,000 2-player games (74.1% without), 43.8% of 400 4-player games (44.2%)."""
_TEMPERATURE: Final = 3.0  # cards: how sharply a lead in cards left turns into a win
_TEMPERATURE_MANY: Final = 2.0
"""The same at tables of more than 2 players (a 3-player table untried): there a sharper
score of a playout cut short, closer to "the leader wins", won more. Against basic, 200
4-player games (deals 5000-5199) won 41.5% at 4.0, 45.5% at 3.0, 48.0% at 2.0 and 46.0%
at 1.5 (noise ~+-7 points each, less on paired deals); 400 2-player games won 75.0% at
3.0 and 4.0, 72.2% at 2.0. Counting an opponent's King or Breaker (dead cards to basic)
as 4 cards left won 73.5% / 44.5% (2p / 4p) against 75.0% / 45.5%: not kept."""

REDEALS: Final = 12
"""Tries at dealing each other seat a hand that would have made its plays as basic
would (``_misfit`` 0); the least misfitting one is kept when none does."""

_ANY: Final = "*"  # the symbol told for a King's follow-up, where any card may be played
_ALL: Final = frozenset(full_deck())
_TOLD_KEPT: Final = 4  # plays remembered per seat (since its last draw)


class _Told:
    """A seat's play at the start of its turn, to read its hand back through basic's
    scoring: the active colour and leading symbol it faced, the card (and colour named),
    and every card it has played since, that card first (its hand then is its hand now
    plus these, as long as it has drawn nothing since)."""

    __slots__ = ("card", "chosen", "color", "since", "symbol")

    def __init__(self, color: str, symbol: str, card: str, chosen: str | None) -> None:
        self.color = color
        self.symbol = symbol
        self.card = card
        self.chosen = chosen
        self.since = [card]


class StrongBot:
    """Determinized Monte-Carlo search with ``basic`` playouts (see the module doc).

    Feed it the seat's events with ``observe`` (``play_bots`` and ``tell`` do; a server
    passes the events as redacted for that seat) and ask ``choose(view, legal)``.
    Without events (a bot made mid-game) it still plays, from a less informed guess:
    the discard pile below its top cards is then unseen to it too.

    ``choose`` reads only its arguments and the bot's own state, so it may run in a
    worker thread given a fresh ``view_of`` dict and a copy of the legal list; ``observe``
    must not run at the same time as ``choose`` on the same bot (hold events back until
    the decision is made). One bot per seat and game: its state is that seat's memory.
    """

    name = "strong"

    def __init__(
        self, seed: int = 0, playouts: int | None = None, horizon: int = PLAYOUT_CAP
    ) -> None:
        self._rng = random.Random(seed)
        self.playouts = playouts
        self.horizon = horizon
        # The discard pile, bottom first, followed from the events; None for a card not
        # seen (the opening card, until a view shows it).
        self._pile: list[str | None] = [None]
        # Own-turn Breakers on top of that pile (Game.own_breakers): a Breaker played is
        # one, a Breaker that broke a +3 is not.
        self._own_breakers = 0
        self._color: str | None = None  # the active colour, as the events tell it
        # What each seat showed it lacks: a seat that drew by choice held nothing it
        # would have played (``_void``), except the ``_fresh`` cards drawn since.
        self._void: dict[int, frozenset[str]] = {}
        self._fresh: dict[int, int] = {}
        # The plays each seat made at the start of a turn since it last drew (_Told),
        # and the turn just begun: (seat, colour, leading symbol) until that seat acts.
        self._told: dict[int, list[_Told]] = {}
        self._opening: tuple[int, str, str] | None = None
        self._in_run = False  # a TAKI run is being played
        self._open_run: str | None = None  # the colour of a run left open
        # The draw pile's cards since the last reshuffle, as far as they may still be in
        # it (those this seat drew taken out); None before a reshuffle, or when a card
        # shuffled in was never seen.
        self._drawable: Counter[str] | None = None

    # ------------------------------------------------------------------ knowledge

    def observe(self, events: Iterable[Event]) -> None:
        """Follow the discard pile, the active colour and what each seat showed it lacks,
        from the public events (as redacted for this seat)."""
        pile = self._pile
        for e in events:
            kind = e.kind
            if kind == TURN:
                self._opening = self._facing(e.seat)
                self._in_run = False  # (a run left open stays open: ``_open_run``)
                continue
            follow: tuple[int, str, str] | None = None  # the choice this event leads to
            if kind == PLAYED and e.card is not None:
                card = e.card
                if self._open_run is not None:  # a card of its colour takes the run on
                    if COLOR_OF[card] == self._open_run or card == "supertaki":
                        self._in_run = True
                    self._open_run = None
                told = self._told.setdefault(e.seat, [])
                for t in told:
                    t.since.append(card)
                opening = self._opening
                if opening is not None and opening[0] == e.seat:
                    told.append(_Told(opening[1], opening[2], card, e.color))
                    del told[:-_TOLD_KEPT]
                pile.append(card)
                self._own_breakers = self._own_breakers + 1 if card == "breaker" else 0
                self._color = COLOR_OF[card] or e.color or self._color
                self._spent(e.seat, card)
                symbol = SYMBOL_OF[card]
                if card == "king":  # any card may follow it: basic plays its best
                    follow = (e.seat, "", _ANY)
                elif symbol == "plus" and not self._in_run and self._color is not None:
                    follow = (e.seat, self._color, "plus")
                elif symbol in ("taki", "supertaki"):
                    self._in_run = True
            elif kind == BROKE:
                for t in self._told.get(e.seat, ()):
                    t.since.append("breaker")
                pile.append("breaker")
                self._own_breakers = 0
                self._spent(e.seat, "breaker")
            elif kind == RESHUFFLED:
                # The draw pile was empty: it is now exactly the cards shuffled in.
                moved = pile[: min(e.amount, len(pile) - 1)]
                shown = [c for c in moved if c is not None]
                self._drawable = Counter(shown) if len(shown) == len(moved) else None
                del pile[: len(moved)]
            elif kind == DREW:
                if e.cards and self._drawable is not None:  # own draws: seen, so gone
                    self._drawable.subtract(e.cards)
                self._told.pop(e.seat, None)
                reason = e.reason
                if reason in (R_CHOICE, R_PLUS, R_PLUS2):
                    # drew rather than play on the pile, after a Plus, or on a +2 stack
                    lacks = _STACKERS if reason == R_PLUS2 else self._wanted()
                    self._lacks(e.seat, lacks, reset=True)
                    self._fresh[e.seat] = e.amount
                else:
                    self._fresh[e.seat] = self._fresh.get(e.seat, 0) + e.amount
            elif kind == PASSED:  # a +3 let through: no Breaker in that hand
                self._lacks(e.seat, _BREAKER, reset=False)
            elif kind in (CLOSED, LEFT_OPEN) and self._color is not None:
                # a run is emptied of its colour before it is closed or left open
                self._lacks(e.seat, _OF_COLOR[self._color], reset=True)
                self._fresh[e.seat] = 0
                self._in_run = False
                self._open_run = self._color if kind == LEFT_OPEN else None
                top = pile[-1]
                if kind == CLOSED and top is not None and SYMBOL_OF[top] == "plus":
                    follow = (e.seat, self._color, "plus")  # a Plus closing a run acts
            if kind != DECLARED:  # the choice just made is past; the next one, if told
                self._opening = follow

    def _wanted(self) -> frozenset[str]:
        """The cards a player facing the pile now would play rather than draw."""
        pile = self._pile
        lead = pile[max(0, len(pile) - 1 - self._own_breakers)]
        if lead is None or self._color is None:
            return frozenset()
        return _matching(self._color, SYMBOL_OF[lead]) - _KEPT

    def _facing(self, seat: int) -> tuple[int, str, str] | None:
        """What a seat whose turn begins faces -- (seat, colour, leading symbol) -- when
        that is a plain turn, where basic plays the card it scores highest: None after a
        +2 or a +3 (stacks and windows are played otherwise) or when not known."""
        pile = self._pile
        top = pile[-1]
        if top is None or top in ("+3",) or SYMBOL_OF[top] == "+2" or self._color is None:
            return None
        lead = pile[max(0, len(pile) - 1 - self._own_breakers)]
        if lead is None:
            return None
        return seat, self._color, SYMBOL_OF[lead]

    def _lacks(self, seat: int, cards: frozenset[str], *, reset: bool) -> None:
        if self._fresh.get(seat, 0) == 0:
            self._void[seat] = self._void.get(seat, frozenset()) | cards
        elif reset:
            self._void[seat] = cards

    def fits(self, seat: int, hand: Sequence[str]) -> bool:
        """Whether ``seat`` may hold ``hand`` by what this bot read from its play: it
        would have made its told plays as basic would, and holds no more cards it showed
        it lacked than it drew since. (Against basic players it always holds.)"""
        void = self._void.get(seat, frozenset())
        if sum(c in void for c in hand) > self._fresh.get(seat, 0):
            return False
        return _misfit(list(hand), self._told.get(seat, [])) == 0

    def _spent(self, seat: int, card: str) -> None:
        """A seat played ``card``: if it was thought lacking, it came from a fresh card
        (or the guess was wrong, and is dropped)."""
        if card in self._void.get(seat, ()):
            fresh = self._fresh.get(seat, 0)
            if fresh:
                self._fresh[seat] = fresh - 1
            else:
                self._void[seat] = frozenset()

    def _known_discard(self, view: View) -> list[str]:
        """The cards of the discard pile this seat knows (all of them, when the events
        were followed from the start); the others count as unseen."""
        top = list(view.discard_top)
        pile = self._pile
        if self._color is None:
            self._color = view.color
        if len(pile) == view.discard_count:
            tail = pile[-len(top) :]
            if all(c is None or c == t for c, t in zip(tail, top, strict=True)):
                pile[-len(top) :] = top
                return [c for c in pile if c is not None]
        return list(top)

    def world(
        self,
        view: View,
        rng: random.Random,
        known: list[str] | None = None,
        unseen: list[str] | None = None,
        drawable: list[str] | None = None,
    ) -> Game:
        """A Game consistent with the view: the unseen cards dealt at random, each seat
        dealt first the cards it may hold after what it showed it lacks. After a
        reshuffle the draw pile is dealt first, from the cards that may still be in it
        (``drawable``, from ``draw_candidates``): the rest are in the other hands."""
        if known is None:
            known = self._known_discard(view)
        me = _seat(view)
        hand = list(view.hand or ())
        players = view.players
        if unseen is None:
            unseen = _unseen(hand, known)
            drawable = self.draw_candidates(view, unseen)
        pool = list(unseen)
        draw_first: list[str] = []
        if drawable is not None:
            draw_first = list(drawable)
            rng.shuffle(draw_first)
            del draw_first[view.draw_count :]
            pool = list((Counter(unseen) - Counter(draw_first)).elements())
        rng.shuffle(pool)
        n = len(players)
        hands: list[list[str]] = [[] for _ in range(n)]
        hands[me] = list(hand)
        for i in sorted(range(n), key=lambda i: -len(self._void.get(i, ()))):
            count = players[i].cards
            if i == me or not count:
                continue
            dealt = self._deal(pool, i, count)
            told = self._told.get(i)
            if told:
                miss = _misfit(dealt, told)
                best, least = dealt, miss
                tries = 1
                while miss and tries < REDEALS:
                    tries += 1
                    pool.extend(dealt)
                    _stir(pool, 2 * count + 8, rng)
                    dealt = self._deal(pool, i, count)
                    miss = _misfit(dealt, told)
                    if miss < least:
                        best, least = dealt, miss
                if dealt is not best:
                    pool.extend(dealt)
                    for c in best:
                        pool.remove(c)
                dealt = best
            hands[i] = dealt
        hidden_discard = max(0, view.discard_count - len(known))
        buried = pool[:hidden_discard]
        draw = draw_first + pool[hidden_discard:]
        return game_of_view(
            view,
            hands,
            draw,
            buried + list(known),
            rng=rng.getrandbits(63),
            # How the Breakers on top were played is known from the events followed from
            # the start; otherwise the pile tells what it can (RULES.md section 7).
            own_breakers=self._own_breakers if len(self._pile) == view.discard_count else None,
        )

    def draw_candidates(self, view: View, unseen: list[str]) -> list[str] | None:
        """The cards the draw pile may hold, when a reshuffle made it known: it was
        empty, so it became exactly the cards shuffled in, less those drawn since (this
        seat's draws are seen; the others' are some of them), and every other unseen
        card is in a hand. None before a reshuffle, or when this seat did not see the
        whole discard pile (a bot that joined mid-game)."""
        left = self._drawable
        if left is None or len(self._pile) != view.discard_count:
            return None
        cards = list((left & Counter(unseen)).elements())
        return cards if len(cards) >= view.draw_count else None

    def _deal(self, pool: list[str], seat: int, count: int) -> list[str]:
        """``count`` cards for ``seat`` from the end of ``pool`` (shuffled): none it
        showed it lacks, but for the cards it drew since."""
        void = self._void.get(seat)
        if void:
            need = count - min(count, self._fresh.get(seat, 0))
            taken = _take(pool, void, need)
            rest = count - len(taken)
            if rest:
                taken.extend(pool[-rest:])
                del pool[-rest:]
            return taken
        taken = pool[-count:]
        del pool[-count:]
        return taken

    # ------------------------------------------------------------------ deciding

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        known = self._known_discard(view)
        hand = list(view.hand or ())
        candidates = _candidates(hand, legal)
        if len(candidates) == 1:
            return candidates[0]
        if view.plus3 is not None:  # the +3 window: break it if we can, as basic does
            if any(a.type == BREAK for a in legal):
                return next(a for a in legal if a.type == BREAK)
            if not any(a.type == PLAY for a in legal):
                return next(a for a in legal if a.type == PASS)
        me = _seat(view)
        budget = self.playouts
        if budget is None:
            others = sum(p.place is None for p in view.players) - 1
            budget = min(MAX_PLAYOUTS, PLAYOUTS_PER_OPPONENT * max(1, others))
        return self._halving(view, known, candidates, budget, me)

    def _halving(
        self,
        view: View,
        known: list[str],
        candidates: list[Action],
        budget: int,
        me: int,
    ) -> Action:
        """Sequential halving over ``candidates``: ``budget`` playouts in
        ceil(log2(candidates)) rounds, each round's share split among the candidates
        still in, the worse half dropped after each round (by mean over all rounds)."""
        unseen = _unseen(list(view.hand or ()), known)
        drawable = self.draw_candidates(view, unseen)
        alive = list(range(len(candidates)))
        totals = [0.0] * len(candidates)
        counts = [0] * len(candidates)
        rounds = max(1, math.ceil(math.log2(len(candidates))))
        rng = self._rng
        held = [_HOLD_BACK.get(a.card or "", 0.0) for a in candidates]
        while True:
            worlds = max(MIN_WORLDS, budget // (rounds * len(alive)))
            for _ in range(worlds):
                world = self.world(view, rng, known, unseen, drawable)
                for i in alive:
                    game = world.copy()
                    game.apply(candidates[i])
                    totals[i] += _playout(game, me, self.horizon)
                    counts[i] += 1
            alive.sort(key=lambda i: held[i] - totals[i] / counts[i])
            if len(alive) <= 2:
                return candidates[alive[0]]
            alive = alive[: (len(alive) + 1) // 2]


def _seat(view: View) -> int:
    """The seat whose view it is (a bot always has one)."""
    if view.seat is None:
        raise ValueError("a bot plays a seat: its view has one")
    return view.seat


def _unseen(hand: list[str], known: list[str]) -> list[str]:
    """The cards this seat has not seen (in a fixed order): in other hands, the draw
    pile, or the part of the discard pile it does not know."""
    return list((_DECK - Counter(hand) - Counter(known)).elements())


def _stir(pool: list[str], tail: int, rng: random.Random) -> None:
    """Shuffle a random sample of ``pool`` into its last ``tail`` places (the last steps
    of a Fisher-Yates shuffle): what a new deal from the end of the pool needs."""
    end = len(pool)
    random_ = rng.random  # (randrange is several times slower, and this is hot)
    for j in range(end - 1, max(0, end - tail) - 1, -1):
        k = int(random_() * (j + 1))
        pool[j], pool[k] = pool[k], pool[j]


def _misfit(hand: list[str], told: list[_Told]) -> float:
    """How far ``hand`` is from one that would have made each of the seat's told plays
    as basic would: the points by which basic would have scored another card above the
    one played (0: every play fits)."""
    total = 0.0
    for t in told:
        held = hand + t.since
        counts = dict.fromkeys(COLORS, 0)
        for c in held:
            col = COLOR_OF[c]
            if col is not None:
                counts[col] += 1
        most = max(counts.values())
        king = t.symbol == _ANY
        played = card_score(t.card, t.chosen, counts, most, king)
        ok = _ALL if king else _matching(t.color, t.symbol)
        top = played
        for c in set(held):
            if c in ok:
                # a Change Colour would name the colour held most
                score = 2.0 + 2 * most if c == "color" else card_score(c, None, counts, most, king)
                if score > top:
                    top = score
        total += top - played
    return total


def _take(pool: list[str], void: frozenset[str], count: int) -> list[str]:
    """Take up to ``count`` cards not in ``void`` from the end of ``pool``."""
    taken: list[str] = []
    i = len(pool) - 1
    while i >= 0 and len(taken) < count:
        if pool[i] not in void:
            taken.append(pool.pop(i))
        i -= 1
    return taken


def _candidates(hand: Sequence[str], legal: Sequence[Action]) -> list[Action]:
    """The actions worth comparing: "last card" rides on the plays (it costs nothing to
    say it while two cards or fewer are held), so a separate declaration is only kept
    where nothing else would say it -- before a Plus's forced draw with an empty hand."""
    flag = len(hand) <= 2
    out: list[Action] = []
    declare: Action | None = None
    for a in legal:
        if a.type == DECLARE:
            declare = a
        elif a.type == PLAY and flag:
            out.append(a._replace(last_card=True))
        else:
            out.append(a)
    if declare is not None and not hand:
        return [declare]
    return out or list(legal)


def _playout(game: Game, me: int, horizon: int) -> float:
    """Play on with ``basic`` at every seat; ``me``'s result in [0, 1]."""
    places = game.places
    for _ in range(horizon):
        if game.over or places[me] is not None:
            break
        seat, mine = next_decision(game)
        run = game.taki
        hand = game.hands[seat]
        action = basic_choice(
            hand,
            game.plus3 is not None,
            None if run is None or run.open else run.color,
            game.plus2,
            game.follow,
            mine,
        )
        if seat == me and action.type == DRAW and not game.plus2 and game.follow is None:
            action = _unstick(hand, mine, action)
        game.apply(action)
    return _value(game, me)


def _unstick(hand: list[str], legal: Sequence[Action], draw: Action) -> Action:
    """Instead of a draw by choice, play a King (then any card) or an own-turn Breaker.

    Basic never plays either by choice, so in its hands they are dead cards it can
    never get rid of. Playing the search's own seat that way in the playouts would
    undervalue every hand holding one; the other seats are played as basic plays.
    """
    for card in _UNSTICK:
        if card in hand:
            for a in legal:
                if a.card == card:
                    return a
    return draw


def _value(game: Game, me: int) -> float:
    """1 for a win, 0 for a loss; a place scaled to [0, 1] when playing for places; and
    for a playout cut short, a share by the cards each seat has left to shed."""
    n = game.n
    if game.options.play_for_places:
        place = game.places[me]
        if place is not None:
            return (n - place) / (n - 1)
    elif game.winner is not None:
        return 1.0 if game.winner == me else 0.0
    stairs = game.options.stairs
    temperature = _TEMPERATURE if n == 2 else _TEMPERATURE_MANY
    weights = []
    mine = 0.0
    for i in range(n):
        if game.places[i] is not None:
            continue
        left = len(game.hands[i])
        if stairs:
            stage = game.stages[i]
            left += stage * (stage - 1) // 2
        w = math.exp(-left / temperature)
        weights.append(w)
        if i == me:
            mine = w
    return mine / sum(weights) if weights else 0.0
