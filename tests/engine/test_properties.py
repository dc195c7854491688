"""Invariants over random games of 2-10 players and every option (hypothesis)."""

from __future__ import annotations

import json
import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import (
    Action,
    Game,
    Options,
    game_from_position,
    position_of,
    redact,
    replay,
    view_of,
)
from engine.bots import BasicBot, RandomBot, bot_action, play_bots
from engine.cards import CODES, COLOR_OF, full_deck
from engine.views import View
from protocol.codec import view_to_wire

options_st = st.builds(Options, st.booleans(), st.booleans(), st.booleans())
players_st = st.integers(min_value=2, max_value=10)
seed_st = st.integers(min_value=0, max_value=2**32)
FULL_DECK = Counter(full_deck())
settings.register_profile("ci", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("ci")


def random_walk(game: Game, rng: random.Random, steps: int) -> list[Action]:
    """Random legal actions, plays sometimes flagged last_card; returns what was played."""
    done: list[Action] = []
    for _ in range(steps):
        legal = game.legal_actions()
        if not legal:
            break
        action = rng.choice(legal)
        if action.type == "play" and rng.random() < 0.5:
            action = action._replace(last_card=True)
        game.apply(action)
        done.append(action)
    return done


def all_cards(game: Game) -> Counter[str]:
    c: Counter[str] = Counter(game.draw_pile)
    c.update(game.discard)
    for hand in game.hands:
        c.update(hand)
    return c


@given(players_st, seed_st, options_st)
@settings(max_examples=40)
def test_116_cards_always_accounted_for(players: int, seed: int, options: Options) -> None:
    game = Game.new(players, seed, options, record=False)
    rng = random.Random(seed)
    for _ in range(600):
        if game.over:
            break
        random_walk(game, rng, 1)
        assert all_cards(game) == FULL_DECK


@given(players_st, seed_st, options_st)
@settings(max_examples=40)
def test_seat_to_act_always_has_a_legal_action(
    players: int, seed: int, options: Options
) -> None:
    game = Game.new(players, seed, options, record=False)
    rng = random.Random(seed)
    for _ in range(600):
        if game.over:
            assert game.legal_actions() == []
            break
        legal = game.legal_actions()
        assert legal
        if game.plus3 is None:
            assert {a.seat for a in legal} == {game.turn}
        random_walk(game, rng, 1)


@given(players_st, seed_st, options_st)
@settings(max_examples=30)
def test_games_of_bots_end(players: int, seed: int, options: Options) -> None:
    bots = [BasicBot() if i % 2 == 0 else RandomBot(seed + i) for i in range(players)]
    if options.stairs:  # random players forget "last card" too often for a stairs game
        bots = [BasicBot() for _ in range(players)]
    game = play_bots(bots, seed, options, max_actions=50_000)
    assert game.over and game.winner is not None
    assert len(game.hands[game.winner]) == 0


@given(players_st, seed_st, options_st)
@settings(max_examples=30)
def test_replay_from_seed_and_actions_is_identical(
    players: int, seed: int, options: Options
) -> None:
    game = Game.new(players, seed, options, record=False)
    actions = random_walk(game, random.Random(seed), 400)
    again = replay(players, seed, actions, options)
    assert position_of(again) == position_of(game)


@given(players_st, seed_st, options_st)
@settings(max_examples=30)
def test_position_json_round_trips(players: int, seed: int, options: Options) -> None:
    game = Game.new(players, seed, options, record=False)
    rng = random.Random(seed)
    for _ in range(20):
        random_walk(game, rng, rng.randrange(1, 30))
        text = json.dumps(position_of(game))
        back = game_from_position(json.loads(text))
        assert json.dumps(position_of(back)) == text
        # and the copy plays on exactly like the original
        if not game.over:
            assert back.legal_actions() == game.legal_actions()


def cards_in(value: object, key: str = "") -> Counter[str]:
    """Every card code among the values of a JSON-like object ('follow' names no card)."""
    found: Counter[str] = Counter()
    if isinstance(value, str) and value in CODES and key != "follow":
        found[value] += 1
    elif isinstance(value, dict):
        for k, v in value.items():
            found.update(cards_in(v, k))
    elif isinstance(value, list):
        for v in value:
            found.update(cards_in(v, key))
    return found


def shown_beyond(game: Game, viewer: int | None, view: object) -> Counter[str]:
    """The cards ``view`` shows that ``viewer`` (None: a spectator) may not see: only the
    top of the discard pile, the card to match and its own hand, and every hand left
    once the game is over (RULES.md: hands are shown when a game ends)."""
    allowed = Counter(game.discard[-2:])
    allowed[game.lead()] += 1
    if viewer is not None:
        allowed.update(game.hands[viewer])
    if game.over:
        for hand in game.hands:
            allowed.update(hand)
    return cards_in(view) - allowed


@given(players_st, seed_st, options_st)
@settings(max_examples=30)
def test_views_never_show_a_hidden_card(players: int, seed: int, options: Options) -> None:
    """No view shows a card its viewer may not see, from the deal to the end (a random
    walk, then basic bots to finish the game): every hand only once the game is over."""
    game = Game.new(players, seed, options, record=True)
    rng = random.Random(seed)
    bots = [BasicBot() for _ in range(players)]
    for step in range(60 + 3000):
        if game.over:
            break
        if step < 60:
            random_walk(game, rng, rng.randrange(1, 10))
        else:  # (then bots, to reach the end in most games; only the end is checked)
            game.apply(bot_action(game, bots))
            if not game.over:
                continue
        events = game.take_events()
        for viewer in [None, *range(players)]:
            view = view_to_wire(view_of(game, viewer))
            assert not shown_beyond(game, viewer, view), (viewer, view)
            assert ("hands" in view) == game.over
            for event in events:
                seen = redact(event, viewer)
                if event.seat != viewer:
                    assert seen.cards == ()
                elif event.kind == "drew":
                    assert len(seen.cards) == seen.amount


def test_every_hand_left_is_shown_to_everyone_once_the_game_is_over() -> None:
    game = play_bots([BasicBot(), BasicBot(), BasicBot()], 5, Options(play_for_places=False))
    assert game.over and any(game.hands)
    for viewer in (None, 0, 1, 2):
        assert view_to_wire(view_of(game, viewer))["hands"] == [list(h) for h in game.hands]


def test_a_hand_shown_before_the_end_is_caught() -> None:
    """The leak check fails on any hand shown before the end: the others' hands, every
    hand, or one more card."""
    game = Game.new(3, 11, record=False)
    assert not game.over
    honest = view_to_wire(view_of(game, 0))
    assert not shown_beyond(game, 0, honest)
    everything = honest | {"hands": [list(h) for h in game.hands]}
    others = Counter(game.hands[1]) + Counter(game.hands[2])
    assert not others - shown_beyond(game, 0, everything)  # every card of the others
    # a seat's view given to a spectator:
    assert shown_beyond(game, None, view_to_wire(view_of(game, 1)))
    assert shown_beyond(game, 0, honest | {"peek": [game.draw_pile[-1]]})


def test_bot_sees_only_its_own_view() -> None:
    seen: list[View] = []

    class Spy(BasicBot):
        def choose(self, view, legal):  # type: ignore[no-untyped-def]
            seen.append(view)
            return super().choose(view, legal)

    game = Game.new(3, 11, record=False)
    bots = [Spy(), Spy(), Spy()]
    for _ in range(200):
        if game.over:
            break
        game.apply(bot_action(game, bots))
    for view in seen:
        wire = view_to_wire(view)
        assert set(wire) >= {"hand", "players", "draw_count"}
        assert "draw" not in wire


@given(st.integers(min_value=2, max_value=4), seed_st, options_st)
@settings(max_examples=40)
def test_direction_never_changes_with_two_players_in_the_game(
    players: int, seed: int, options: Options
) -> None:
    """RULES.md section 4: with 2 players still in the game Change Direction does nothing."""
    game = Game.new(players, seed, options, record=False)
    rng = random.Random(seed)
    for _ in range(600):
        if game.over:
            break
        in_game = sum(p is None for p in game.places)
        before = game.direction
        random_walk(game, rng, 1)
        if in_game <= 2:
            assert game.direction == before


@given(players_st, seed_st, options_st)
@settings(max_examples=40)
def test_run_colour_taki_and_super_taki_continue_a_run(
    players: int, seed: int, options: Options
) -> None:
    """RULES.md section 5: on an open run or one's own, a card of the run's colour (a TAKI
    included) or a Super TAKI is one more card of the run, now the player's own."""
    game = Game.new(players, seed, options, record=False)
    rng = random.Random(seed)
    for _ in range(800):
        if game.over:
            break
        run = game.taki.copy() if game.taki is not None else None
        action = rng.choice(game.legal_actions())
        seat = action.seat
        held = len(game.hands[seat])
        game.apply(action)
        if run is None or action.type != "play" or action.card is None or game.plus3 is not None:
            continue
        card = action.card
        if card == "supertaki" or COLOR_OF[card] == run.color:
            if held > 1:  # (a last card closes the run at once)
                after = game.taki
                assert after is not None
                assert (after.color, after.by, after.cards, after.open) == (
                    run.color, seat, run.cards + 1, False)
        elif run.open and card[1:] == "taki" and held > 1:
            assert game.taki is not None and game.taki.cards == 0
            assert game.taki.color == COLOR_OF[card]
