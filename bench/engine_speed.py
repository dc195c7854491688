"""Engine speed: random playouts of 4-player TAKI on one core, with two references.

    python -m bench.engine_speed [--seconds 10] [--rlcard-python /work/rlvenv/bin/python]
                                 [--profile]

* ``actions_per_s``: legal_actions() + random.choice + apply() steps per second
  (``record=False``), the budget of anything that searches or learns by self-play;
  ``games_per_s``: whole deal-to-finish playouts; ``actions_per_game``: how long a random
  game is (random seats draw a lot; ``declare_share`` of actions are "last card").
* ``rlcard_uno_actions_per_s`` / ``ratio_vs_rlcard``: RLCard 1.2's UNO
  (``UnoGame.step``, which also builds the next state); ``rlcard_uno_round_actions_per_s``
  / ``ratio_vs_rlcard_round``: its round alone, the rules core like for like.
* ``bare_uno_actions_per_s`` / ``ratio_vs_bare_uno``: a minimal UNO written here (match
  colour or number, draw one if stuck, no action cards): a ceiling, not a target.

Rates are per CPU second of this process (``time.process_time``: other load on a shared
machine does not count); seeds are fixed (``--seed``), so two runs play the same games.
The last line printed is one JSON object.
"""

from __future__ import annotations

import argparse
import cProfile
import importlib
import json
import os
import pstats
import random
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable
from typing import Any, NamedTuple

PLAYERS = 4
MAX_ACTIONS = 200_000  # per game: a guard against a game that never ends

_clock = time.process_time  # CPU time: the wall clock counts other programs' time too


class Rate(NamedTuple):
    """One timed measurement."""

    games: int
    actions: int
    seconds: float
    unfinished: int = 0  # games stopped by MAX_ACTIONS or by an error (not counted)

    @property
    def actions_per_s(self) -> float:
        return self.actions / self.seconds if self.seconds else 0.0

    @property
    def games_per_s(self) -> float:
        return self.games / self.seconds if self.seconds else 0.0

    @property
    def actions_per_game(self) -> float:
        return self.actions / self.games if self.games else 0.0


def _timed(seconds: float, seed: int, playout: Callable[[int], int | None]) -> Rate:
    """Play ``playout(seed)``, ``playout(seed + 1)``, ... until ``seconds`` have passed: one
    loop for every engine. A playout returns its actions, or None for a game it could not
    finish (counted as unfinished, its actions not counted)."""
    games = actions = unfinished = 0
    s = seed
    start = _clock()
    deadline = start + seconds
    while True:
        n = playout(s)
        if n is None:
            unfinished += 1
        else:
            games += 1
            actions += n
        s += 1
        now = _clock()
        if now >= deadline:
            return Rate(games, actions, now - start, unfinished)


# ---------------------------------------------------------------------------- TAKI


def taki_playout(s: int, mix: Counter[str] | None = None) -> int | None:
    """One random 4-player game from seed ``s``: its actions (None if unfinished),
    counting their types in ``mix``."""
    from engine.game import Game

    game = Game.new(PLAYERS, s, record=False)
    pick = random.Random(s).choice
    choice = pick if mix is None else (lambda legal: _count(mix, pick(legal)))
    n = 0
    while not game.over and n < MAX_ACTIONS:
        game.apply(choice(game.legal_actions()))
        n += 1
    return n if game.over else None


def _count(mix: Counter[str], action: Any) -> Any:
    mix[action.type] += 1
    return action


def taki_playouts(seconds: float, seed: int) -> Rate:
    """Random 4-player playouts, one seed after another, until ``seconds`` have passed."""
    return _timed(seconds, seed, taki_playout)


def profile_taki(seconds: float, seed: int, top: int) -> None:
    """cProfile the TAKI playouts and print the ``top`` functions by own time."""
    profiler = cProfile.Profile()
    profiler.enable()
    rate = taki_playouts(seconds, seed)
    profiler.disable()
    print(f"\ncProfile of {rate.games} TAKI playouts ({rate.actions} actions), by tottime:")
    stats = pstats.Stats(profiler, stream=sys.stdout)
    stats.sort_stats(pstats.SortKey.TIME).print_stats(top)


# ---------------------------------------------------------------------------- bare UNO

# A card is colour * 16 + rank: colours 0-3, ranks 0-9 numbers, 10-12 the three action
# symbols (played as plain symbols here). Colour 4 is a wild. DRAW is the draw action.
_WILD = 4 * 16
_DRAW = -1
_UNO_DECK: tuple[int, ...] = tuple(
    [c * 16 for c in range(4)]
    + [c * 16 + r for c in range(4) for r in range(1, 13) for _ in range(2)]
    + [_WILD] * 8
)
assert len(_UNO_DECK) == 108


class BareUno:
    """A minimal UNO with the same contract as ours: a cached legal list, checked apply."""

    __slots__ = ("_legal", "color", "discard", "hands", "pile", "rank", "rng", "turn", "winner")

    def __init__(self, players: int, seed: int) -> None:
        self.rng = random.Random(seed)
        pile = list(_UNO_DECK)
        self.rng.shuffle(pile)
        self.hands = [[pile.pop() for _ in range(7)] for _ in range(players)]
        while pile[-1] == _WILD:
            pile.insert(0, pile.pop())
        top = pile.pop()
        self.pile = pile
        self.discard = [top]
        self.color, self.rank = top >> 4, top & 15
        self.turn = 0
        self.winner: int | None = None
        self._legal: list[int] | None = None

    def legal(self) -> list[int]:
        if self._legal is None:
            color, rank = self.color, self.rank
            out = [
                c
                for c in dict.fromkeys(self.hands[self.turn])
                if c == _WILD or c >> 4 == color or c & 15 == rank
            ]
            self._legal = out or [_DRAW]
        return self._legal

    def apply(self, card: int) -> None:
        if card not in self.legal():
            raise ValueError(f"illegal: {card}")
        self._legal = None
        hand = self.hands[self.turn]
        if card == _DRAW:
            if not self.pile and len(self.discard) > 1:
                self.pile = self.discard[:-1]
                del self.discard[:-1]
                self.rng.shuffle(self.pile)
            if self.pile:
                hand.append(self.pile.pop())
        else:
            hand.remove(card)
            self.discard.append(card)
            if card == _WILD:
                self.color, self.rank = self.rng.randrange(4), 15
            else:
                self.color, self.rank = card >> 4, card & 15
            if not hand:
                self.winner = self.turn
                return
        self.turn = (self.turn + 1) % len(self.hands)


def bare_uno_playouts(seconds: float, seed: int) -> Rate:
    def playout(s: int) -> int:
        game = BareUno(PLAYERS, s)
        choice = random.Random(s).choice
        n = 0
        while game.winner is None:
            game.apply(choice(game.legal()))
            n += 1
        return n

    return _timed(seconds, seed, playout)


# ---------------------------------------------------------------------------- RLCard

RLCARD_GAME = "rlcard.games.uno.game"  # rlcard 1.2: class UnoGame


def rlcard_playouts(seconds: float, seed: int, *, with_state: bool = True) -> Rate:
    """RLCard's UnoGame stepping uniformly random legal actions (imported dynamically).

    ``with_state``: step through ``UnoGame.step`` (which also builds the next state, as
    RL training does); otherwise call ``round.proceed_round`` directly, the rules alone.
    """
    uno_game: Any = importlib.import_module(RLCARD_GAME).UnoGame

    def playout(s: int) -> int | None:
        game = uno_game(num_players=PLAYERS)
        game.np_random.seed(s)
        choice = random.Random(s).choice
        n = 0
        try:
            game.init_game()
            rnd = game.round
            players = game.players
            while not rnd.is_over and n < MAX_ACTIONS:
                action = choice(rnd.get_legal_actions(players, rnd.current_player))
                if with_state:
                    game.step(action)
                else:
                    rnd.proceed_round(players, action)
                n += 1
            done = bool(rnd.is_over)
        except Exception:  # RLCard can run its deck dry; such a game is not counted
            done = False
        return n if done else None

    return _timed(seconds, seed, playout)


def rlcard_rates(seconds: float, seed: int) -> tuple[Rate, Rate, str]:
    """(UnoGame.step rate, round-only rate, rlcard's version)."""
    full = rlcard_playouts(seconds, seed, with_state=True)
    core = rlcard_playouts(seconds / 2, seed, with_state=False)
    return full, core, str(getattr(importlib.import_module("rlcard"), "__version__", "?"))


def measure_rlcard(python: str | None, seconds: float, seed: int) -> tuple[Rate, Rate, str] | str:
    """RLCard's rates, here or by ``python`` (``--rlcard-worker``), or why it was skipped."""
    if python is not None:
        cmd = [python, os.path.abspath(__file__), "--rlcard-worker"]
        cmd += ["--seconds", str(seconds), "--seed", str(seed)]
        proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
        if proc.returncode != 0:
            tail = (proc.stderr.strip().splitlines() or ["no output"])[-1]
            return f"{python} failed: {tail}"
        data = json.loads(proc.stdout.strip().splitlines()[-1])
        return Rate(**data["step"]), Rate(**data["round"]), str(data["version"])
    try:
        importlib.import_module(RLCARD_GAME)
    except ImportError as exc:
        return f"rlcard is not importable here ({exc}); pass --rlcard-python PATH"
    return rlcard_rates(seconds, seed)


# ---------------------------------------------------------------------------- main


def _line(label: str, rate: Rate) -> str:
    extra = f", {rate.unfinished} unfinished/failed (not counted)" if rate.unfinished else ""
    return (
        f"{label:<34} {rate.actions_per_s:>12,.0f} actions/s  {rate.games_per_s:>9,.1f} games/s"
        f"  {rate.actions_per_game:>7,.1f} actions/game  ({rate.games} games in"
        f" {rate.seconds:.1f} s{extra})"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    add = parser.add_argument
    add("--seconds", type=float, default=10.0, help="time per measurement")
    add("--seed", type=int, default=0, help="first deal seed (default 0)")
    add("--rlcard-python", metavar="PATH", default=None,
        help="an interpreter with rlcard installed, run as a subprocess")  # fmt: skip
    add("--no-rlcard", action="store_true", help="skip the RLCard reference")
    add("--no-bare", action="store_true", help="skip the bare UNO reference")
    add("--profile", action="store_true", help="also cProfile the TAKI playouts (after the run)")
    add("--rlcard-worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    seconds: float = args.seconds
    seed: int = args.seed
    if args.rlcard_worker:  # run by RLCard's interpreter: print both rates as JSON
        full, core, version = rlcard_rates(seconds, seed)
        print(json.dumps({"version": version, "step": full._asdict(), "round": core._asdict()}))
        return 0

    print(
        f"Python {sys.version.split()[0]} on {sys.platform}; {PLAYERS} players, seeds from"
        f" {seed}, about {seconds:g} CPU s per measurement, one core"
    )
    taki = taki_playouts(seconds, seed)
    print(_line("TAKI random playouts", taki))
    mix: Counter[str] = Counter()
    for s in range(seed, seed + 100):  # the first 100 benchmark playouts, untimed
        taki_playout(s, mix)
    total = sum(mix.values())
    shares = ", ".join(f"{k} {v / total:.1%}" for k, v in mix.most_common())
    print(f"  action mix (first 100 games): {shares}")
    out: dict[str, Any] = {
        "games_per_s": round(taki.games_per_s, 2),
        "actions_per_s": round(taki.actions_per_s),
        "actions_per_game": round(taki.actions_per_game, 1),
        "players": PLAYERS,
        "declare_share": round(mix["declare_last_card"] / total, 3),
    }
    if taki.unfinished:
        out["unfinished"] = taki.unfinished

    got = (
        "skipped (--no-rlcard)"
        if args.no_rlcard
        else measure_rlcard(args.rlcard_python, seconds, seed)
    )
    if isinstance(got, str):
        print(f"RLCard UNO: {got if args.no_rlcard else 'skipped: ' + got}")
    else:
        step, core, version = got
        print(_line(f"RLCard {version} UnoGame.step", step))
        print(_line(f"RLCard {version} round only", core))
        ratio, ratio_core = (
            taki.actions_per_s / step.actions_per_s,
            taki.actions_per_s / core.actions_per_s,
        )
        print(f"  TAKI / RLCard UNO (step): {ratio:.2f}x; vs round only: {ratio_core:.2f}x")
        out["rlcard_version"] = version
        out["rlcard_uno_actions_per_s"] = round(step.actions_per_s)
        out["ratio_vs_rlcard"] = round(ratio, 2)
        out["rlcard_uno_round_actions_per_s"] = round(core.actions_per_s)
        out["ratio_vs_rlcard_round"] = round(ratio_core, 2)

    if args.no_bare:
        print("Bare UNO: skipped (--no-bare)")
    else:
        bare = bare_uno_playouts(seconds, seed)
        print(_line("Bare UNO (minimal pure Python)", bare))
        ratio = taki.actions_per_s / bare.actions_per_s
        print(f"  TAKI / bare UNO: {ratio:.2f}x")
        out["bare_uno_actions_per_s"] = round(bare.actions_per_s)
        out["ratio_vs_bare_uno"] = round(ratio, 2)

    if args.profile:
        profile_taki(seconds, seed, 20)
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
