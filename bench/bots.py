"""Bot strength: how often ``basic`` beats ``random``, under each table option.

Run from the repository root (either form works)::

    python -m bench.bots [--games 2000] [--configs default,stairs,places,must_play]
    python bench/bots.py ...

What is measured, and why each figure matters:

* ``win_rate_2p`` -- basic vs one random bot over ``--games`` seeded 2-player games
  (default 2,000), basic alternating seats 0 and 1 so neither seat's edge counts for it.
  Chance is 50%. The first check that the heuristic helps at all, and the figure to
  watch when the bot or the rules change: a drop means a bot or engine regression.
* ``win_rate_4p`` -- 1 basic vs 3 random over half as many 4-player games (default
  1,000), basic rotating through the four seats. Chance is 25%: the ratio to it says how
  much of the edge survives a full table, where one seat controls far less of the game.
* ``..._stairs``, ``..._places``, ``..._must_play`` -- the same under the table options
  (stairs; play for places, where "win" is first place and ``mean_place_4p_places`` is
  basic's average finishing place against 2.5 by chance; must play if able). The bot
  was written for the plain rules; these show whether its edge holds under each option
  and exercise the option code paths with many thousands of full games.
* ``unfinished`` -- games that hit ``play_bots``' action cap. It should be 0: anything
  else means a game that cannot end.

Each line of the table also gives a 95% (Wilson) interval; games are seeded (deal seed
``--seed + i``, random bots seeded from it), so a rerun gives the same figures. The
last line printed is one JSON object.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from collections.abc import Sequence
from typing import Any, NamedTuple


def _project_on_path() -> None:
    """Make ``import engine`` find the project package, not ``bench/engine.py``.

    Run as ``python bench/bots.py``, Python puts ``bench/`` first on sys.path, where
    ``engine`` is the speed benchmark. Drop that entry and make sure the repository root
    is there (the editable install normally provides it already).
    """
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(here)
    sys.path[:] = [p for p in sys.path if os.path.abspath(p or os.curdir) != here]
    if root not in sys.path:
        sys.path.append(root)


_project_on_path()

from engine.bots import BasicBot, Bot, RandomBot, play_bots  # noqa: E402
from engine.game import Options  # noqa: E402

CONFIGS: dict[str, Options] = {
    "default": Options(),
    "stairs": Options(stairs=True),
    "places": Options(play_for_places=True),
    "must_play": Options(must_play_if_able=True),
}


class Result(NamedTuple):
    """Basic's record in one configuration."""

    config: str
    players: int
    games: int
    wins: int
    unfinished: int
    seat_wins: tuple[int, ...]  # wins by the seat basic sat in
    seat_games: tuple[int, ...]
    place_sum: int  # sum of basic's finishing places (play for places only)
    seconds: float

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def chance(self) -> float:
        return 1 / self.players

    @property
    def mean_place(self) -> float | None:
        return self.place_sum / self.games if self.place_sum and self.games else None


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, mid - half), min(1.0, mid + half)


def run(config: str, options: Options, players: int, games: int, seed: int) -> Result:
    """``games`` games of 1 basic vs ``players - 1`` random, basic in seat ``i % players``."""
    wins = unfinished = place_sum = 0
    seat_wins = [0] * players
    seat_games = [0] * players
    start = time.perf_counter()
    for i in range(games):
        deal = seed + i
        seat = i % players
        bots: list[Bot] = [RandomBot(deal * 16 + s) for s in range(players)]
        bots[seat] = BasicBot()
        game = play_bots(bots, deal, options)
        seat_games[seat] += 1
        if not game.over:
            unfinished += 1
            continue
        if game.winner == seat:
            wins += 1
            seat_wins[seat] += 1
        if options.play_for_places:
            place = game.places[seat]
            assert place is not None, "a finished play-for-places game places everyone"
            place_sum += place
    return Result(
        config,
        players,
        games,
        wins,
        unfinished,
        tuple(seat_wins),
        tuple(seat_games),
        place_sum,
        time.perf_counter() - start,
    )


def print_table(results: Sequence[Result]) -> None:
    head = (
        f"{'options':<10} {'players':>7} {'games':>6} {'wins':>6} {'win rate':>9}"
        f" {'95% CI':>15} {'chance':>7} {'x chance':>8} {'mean place':>10}"
        f" {'s':>6}  win rate by basic's seat"
    )
    print(head)
    print("-" * len(head))
    for r in results:
        lo, hi = wilson(r.wins, r.games)
        place = f"{r.mean_place:.2f}" if r.mean_place is not None else "-"
        seats = " ".join(
            f"{w / g:.1%}" if g else "-" for w, g in zip(r.seat_wins, r.seat_games, strict=True)
        )
        print(
            f"{r.config:<10} {r.players:>7} {r.games:>6} {r.wins:>6} {r.rate:>9.1%}"
            f" {f'{lo:.1%}-{hi:.1%}':>15} {r.chance:>7.0%} {r.rate / r.chance:>8.2f}"
            f" {place:>10} {r.seconds:>6.1f}  {seats}"
        )


def summary(results: Sequence[Result], games_2p: int, games_4p: int) -> dict[str, Any]:
    """The final JSON: headline rates first, then one key per configuration."""
    out: dict[str, Any] = {}
    by = {(r.config, r.players): r for r in results}
    for players in (2, 4):
        r = by.get(("default", players))
        if r is not None:
            out[f"win_rate_{players}p"] = round(r.rate, 4)
    out["games_2p"] = games_2p
    out["games_4p"] = games_4p
    for r in results:
        if r.config != "default":
            out[f"win_rate_{r.players}p_{r.config}"] = round(r.rate, 4)
        if r.mean_place is not None:
            out[f"mean_place_{r.players}p_{r.config}"] = round(r.mean_place, 3)
    out["unfinished"] = sum(r.unfinished for r in results)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument(
        "--games",
        type=int,
        default=2000,
        help="2-player games per configuration; 4-player runs half as many",
    )
    parser.add_argument("--seed", type=int, default=0, help="first deal seed (default 0)")
    parser.add_argument(
        "--configs", default=",".join(CONFIGS), help=f"comma-separated, from: {', '.join(CONFIGS)}"
    )
    args = parser.parse_args(argv)
    names = [c.strip() for c in str(args.configs).split(",") if c.strip()]
    unknown = [c for c in names if c not in CONFIGS]
    if unknown:
        parser.error(f"unknown config(s) {', '.join(unknown)}; choose from {', '.join(CONFIGS)}")
    games_2p: int = max(1, args.games)
    games_4p = max(1, games_2p // 2)
    seed: int = args.seed

    print(
        f"basic vs random: {games_2p} two-player games (basic alternates seats),"
        f" {games_4p} four-player games (1 basic vs 3 random, basic rotates seats)"
    )
    results: list[Result] = []
    for name in names:
        for players, games in ((2, games_2p), (4, games_4p)):
            results.append(run(name, CONFIGS[name], players, games, seed))
    print()
    print_table(results)
    print()
    print(json.dumps(summary(results, games_2p, games_4p)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
