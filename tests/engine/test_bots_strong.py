"""The strong bot: it decides from its own seat's knowledge only, and replays exactly."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine import Event, Game, Options, game_from_position, position_of, redact, view_of
from engine.bots import BasicBot, Bot, bot_action, make_bot, next_decision, play_bots, tell
from engine.cards import full_deck
from engine.strong import StrongBot

from ..support.util import game

SMALL = 24  # playouts per decision: enough to search, quick enough for the suite


def hide_differently(g: Game, seat: int, seed: int) -> Game:
    """The same game with every card ``seat`` cannot see (other hands, the draw pile)
    dealt again at random: same counts, different cards."""
    pos = position_of(g)
    hidden = [c for i, p in enumerate(pos["players"]) if i != seat for c in p["hand"]]
    hidden += pos["draw"]
    random.Random(seed).shuffle(hidden)
    for i, p in enumerate(pos["players"]):
        if i != seat:
            count = len(p["hand"])
            p["hand"], hidden = hidden[:count], hidden[count:]
    pos["draw"] = hidden
    pos["rng"] = seed
    return game_from_position(pos)


def advance(g: Game, steps: int, seen: list[Event]) -> None:
    """Play ``steps`` basic actions, keeping the events as seat 0 sees them."""
    basic = BasicBot()
    for _ in range(steps):
        if g.over:
            return
        seat, mine = next_decision(g)
        g.apply(basic.choose(view_of(g, seat), mine))
        seen.extend(redact(e, 0) for e in g.take_events())


def searched(g: Game) -> bool:
    """Seat 0 is to act with a real choice (more than one action besides declaring)."""
    seat, mine = next_decision(g)
    return seat == 0 and len([a for a in mine if a.type != "declare_last_card"]) > 1


def test_make_bot_strong_plays_whole_games_with_play_bots() -> None:
    bot = make_bot("strong", 3)
    assert bot.name == "strong"
    g = play_bots([bot, BasicBot()], 5)
    assert g.over and g.winner is not None and not g.hands[g.winner]


@pytest.mark.parametrize(
    "options",
    [Options(stairs=True), Options(play_for_places=True), Options(must_play_if_able=True)],
)
def test_strong_plays_every_table_option_to_the_end(options: Options) -> None:
    bots = [StrongBot(1, SMALL), BasicBot(), StrongBot(2, SMALL)]
    g = play_bots(bots, 8, options)
    assert g.over and g.winner is not None


def test_seeded_strong_games_replay_exactly() -> None:
    def once() -> dict[str, object]:
        return position_of(play_bots([StrongBot(11, SMALL), BasicBot(), StrongBot(12, SMALL)], 4))

    assert once() == once()


@pytest.mark.parametrize("seed", range(6))
def test_same_view_different_hidden_cards_same_decision(seed: int) -> None:
    """Issue 16.2: two games identical in everything seat 0 can see (its hand, the view,
    the public events) but with different hidden cards get the same decision, asked
    through the harness (``bot_action`` shows a bot its seat's view only)."""
    players = 2 + seed % 3
    a = Game.new(players, seed, record=True)
    seen: list[Event] = []
    advance(a, 10 + 7 * seed, seen)
    while not a.over and not searched(a):
        advance(a, 1, seen)
    assert not a.over
    b = hide_differently(a, 0, seed + 100)
    assert view_of(a, 0) == view_of(b, 0)
    assert [a.hands[i] for i in range(1, players)] != [b.hands[i] for i in range(1, players)]
    decisions = []
    for g in (a, b):
        bot = StrongBot(seed, SMALL)
        bot.observe(seen)
        others: list[Bot] = [BasicBot() for _ in range(players - 1)]
        decisions.append(bot_action(g, [bot, *others]))
    assert decisions[0] == decisions[1]


def test_sampled_worlds_look_like_the_real_game_from_the_seat() -> None:
    """Each world the bot searches shows its seat exactly the view it was given, and holds
    the 116 cards: the hidden cards are guessed, everything visible is kept."""
    deck = Counter(full_deck())
    for seed in range(8):
        players = 2 + seed % 3
        options = Options(stairs=seed % 4 == 1, play_for_places=seed % 4 == 2)
        g = Game.new(players, seed, options, record=True)
        bot = StrongBot(seed, SMALL)
        rng = random.Random(seed)
        for _ in range(120):
            if g.over:
                break
            seat, _mine = next_decision(g)
            if seat == 0:
                view = view_of(g, 0)
                world = bot.world(view, rng)
                assert view_of(world, 0) == view
                assert Counter(c for h in world.hands for c in h) + Counter(
                    world.draw_pile
                ) + Counter(world.discard) == deck
            events: list[Event] = []
            advance(g, 1, events)
            bot.observe(events)


def test_strong_takes_a_sure_win_that_basic_misses() -> None:
    """A King then the last card wins now; basic, which holds its King back, draws."""
    g = game(hands=[["king", "G3"], ["B1"]], discard=["R7"], color="R",
             declared=[False, True])
    _seat, mine = next_decision(g)
    assert BasicBot().choose(view_of(g, 0), mine).type == "draw"
    strong = StrongBot(0, SMALL)
    choice = strong.choose(view_of(g, 0), mine)
    assert choice.card == "king"
    g.apply(choice)
    g.apply(strong.choose(view_of(g, 0), next_decision(g)[1]))
    assert g.winner == 0


def test_play_bots_tells_watching_bots_only_what_their_seat_sees() -> None:
    """The events a watching bot is told are redacted for its seat: it learns the cards
    it drew itself, and only the number of cards anyone else drew."""

    class Watcher(BasicBot):
        def __init__(self) -> None:
            self.seen: list[Event] = []

        def observe(self, events: list[Event]) -> None:
            self.seen.extend(events)

    watchers = [Watcher(), Watcher(), Watcher()]
    g = play_bots(watchers, 21)
    assert g.over
    for seat, w in enumerate(watchers):
        drew = [e for e in w.seen if e.kind == "drew"]
        assert any(e.seat == seat for e in drew) and any(e.seat != seat for e in drew)
        for e in drew:
            assert len(e.cards) == (e.amount if e.seat == seat else 0)
        assert sum(e.kind == "played" for e in w.seen) > 0


def test_a_decision_spends_its_playout_budget_and_no_more(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The budget is a number of playouts (what makes a seeded game replay exactly):
    however the search shares it among the candidates, one decision plays out no more
    than the budget, and not much less."""
    import engine.strong as strong

    calls = 0
    real = strong._playout

    def counted(g: Game, me: int, horizon: int) -> float:
        nonlocal calls
        calls += 1
        return real(g, me, horizon)

    monkeypatch.setattr(strong, "_playout", counted)
    g = game(
        hands=[["R1", "R3", "R4", "Rstop", "R+2", "color", "G5"], ["B1"] * 6],
        discard=["R7"],
        color="R",
    )
    _seat, mine = next_decision(g)
    assert len(mine) > 6
    StrongBot(0, 480).choose(view_of(g, 0), mine)
    assert 400 <= calls <= 480


@pytest.mark.parametrize(("lead", "played"), [(0.0, "R5"), (0.2, "supertaki")])
def test_a_supertaki_is_kept_back_unless_its_playouts_lead_clearly(
    monkeypatch: pytest.MonkeyPatch, lead: float, played: str
) -> None:
    """A SuperTAKI (a wild card) is played only when the playouts rate it clearly above
    the other candidates: on a tie the search plays another card and keeps it."""
    import engine.strong as strong

    def rated(g: Game, me: int, horizon: int) -> float:
        return 0.5 + (lead if g.taki is not None else 0.0)

    monkeypatch.setattr(strong, "_playout", rated)
    g = game(hands=[["supertaki", "R5", "G1", "B3"], ["B1"] * 6], discard=["R7"], color="R")
    _seat, mine = next_decision(g)
    assert next(a.card for a in mine if a.type == "play") == "supertaki"
    assert StrongBot(0, SMALL).choose(view_of(g, 0), mine).card == played


def opponent_hands_in_worlds(g: Game, bot: StrongBot, worlds: int = 200) -> list[list[str]]:
    """Seat 1's hand in each of ``worlds`` worlds the bot deals from seat 0's view."""
    rng = random.Random(7)
    view = view_of(g, 0)
    return [bot.world(view, rng).hands[1] for _ in range(worlds)]


def play_basic_until_seat_0(g: Game, bot: StrongBot) -> None:
    """Seat 0 plays one basic action, then basic plays on until seat 0 is asked again;
    the bot is told every event as seat 0 sees it."""
    basic = BasicBot()
    first = True
    while first or next_decision(g)[0] != 0:
        first = False
        seat, mine = next_decision(g)
        g.apply(basic.choose(view_of(g, seat), mine))
        bot.observe([redact(e, 0) for e in g.take_events()])


def test_worlds_deal_no_card_a_basic_player_would_have_played_instead() -> None:
    """Seat 1 answered a red 3 with a red 7 at the start of its turn: basic would have
    played a red action card or red TAKI had it held one, so no world deals it one."""
    g = game(hands=[["R3", "G4", "B8", "Y3"], ["R7", "G1", "B3"]], discard=["R5"], color="R")
    g.record = True
    bot = StrongBot(0, SMALL)
    play_basic_until_seat_0(g, bot)
    assert g.discard[-2:] == ["R3", "R7"]
    red_actions = {"Rstop", "R+2", "Rplus", "Rdir", "Rtaki"}
    hands = opponent_hands_in_worlds(g, bot)
    assert all(len(h) == 2 for h in hands)
    assert not [h for h in hands if red_actions & set(h)]


def test_worlds_deal_no_card_of_a_taki_run_closed_by_a_basic_player() -> None:
    """Seat 1 played a red TAKI, its red cards, and closed the run: basic closes a run
    only when it holds no more of its colour, so no world deals it a red card."""
    g = game(
        hands=[["R3", "G4", "B8", "Y3"], ["Rtaki", "R1", "R4", "G5", "B6"]],
        discard=["R5"],
        color="R",
    )
    g.record = True
    bot = StrongBot(0, SMALL)
    play_basic_until_seat_0(g, bot)
    assert g.discard[-4:] == ["R3", "Rtaki", "R1", "R4"]
    hands = opponent_hands_in_worlds(g, bot)
    assert all(len(h) == 2 for h in hands)
    assert not [h for h in hands if any(c.startswith("R") for c in h)]


@pytest.mark.parametrize("seed", range(4))
def test_what_the_bot_reads_from_basic_players_always_fits_their_real_hands(seed: int) -> None:
    """Its reading of the others' play never rules out the hands they really hold when
    they play basic, at any table size or option."""
    players = 2 + seed % 3
    options = Options(stairs=seed == 1, play_for_places=seed == 2, must_play_if_able=seed == 3)
    checked = 0
    for deal in range(seed * 10, seed * 10 + 3):
        bots: list[Bot] = [StrongBot(deal, SMALL), *[BasicBot() for _ in range(players - 1)]]
        hero = bots[0]
        assert isinstance(hero, StrongBot)
        g = Game.new(players, deal, options, record=True)
        while not g.over:
            if next_decision(g)[0] == 0:
                for i in range(1, players):
                    assert hero.fits(i, g.hands[i])
                    checked += 1
            g.apply(bot_action(g, bots))
            tell(bots, g.take_events())
    assert checked > 30


def test_after_a_reshuffle_worlds_deal_the_cards_the_draw_pile_cannot_hold() -> None:
    """A reshuffle happens only on an empty draw pile, so the new pile is exactly the
    discard pile shuffled in: right after seat 0's own draw made one, every card seat 0
    has not seen outside that pile is in seat 1's hand, and every world deals it there."""
    from engine.events import DREW, RESHUFFLED

    for deal in range(300):
        g = Game.new(2, deal, Options(), 0, record=True)
        bot = StrongBot(0, SMALL)
        bot.world(view_of(g, 0), random.Random(0))  # the bot sees the opening card
        basic = BasicBot()
        while not g.over:
            seat, mine = next_decision(g)
            g.apply(basic.choose(view_of(g, seat), mine))
            events = g.take_events()
            bot.observe([redact(e, 0) for e in events])
            if any(e.kind == RESHUFFLED for e in events):
                drew = [e for e in events if e.kind == DREW]
                if drew and all(e.seat == 0 for e in drew):
                    hands = opponent_hands_in_worlds(g, bot, worlds=50)
                    assert all(Counter(h) == Counter(g.hands[1]) for h in hands), deal
                    return
                break  # seat 1 drew from the new pile: its hand is not all known
    pytest.fail("no deal in 300 had seat 0's own draw make a reshuffle")
