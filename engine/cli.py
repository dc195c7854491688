"""``taki-engine``: the rules oracle and a bot demo on the command line.

    taki-engine new --players N --seed S [--stairs]   a freshly dealt position
    taki-engine legal < position.json                 every legal action, all seats
    taki-engine apply '<ACTION JSON>' < position.json the resulting position
    taki-engine play                                  play against bots in this terminal
    taki-engine demo                                  watch bots play, move by move

Exit codes: 0 done; 1 the action is illegal (stdout holds {"error", "message"});
2 the position or the action text cannot be read (the message names the field).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence

from .actions import action_from_json
from .bots import BOTS, bot_action, make_bot, tell
from .cards import card_name
from .errors import BadPosition, TakiError
from .events import TURN, describe
from .game import Game, Options
from .position import read_position, write_position
from .textplay import play_text


def _fail(code: str, message: str, status: int) -> int:
    print(json.dumps({"error": code, "message": message}))
    if status == 2:
        print(f"taki-engine: {message}", file=sys.stderr)
    return status


def _read_stdin_position() -> Game | int:
    try:
        return read_position(sys.stdin.read())
    except BadPosition as exc:
        return _fail(exc.code, exc.message, 2)


def cmd_new(args: argparse.Namespace) -> int:
    options = Options(
        stairs=args.stairs,
        must_play_if_able=args.must_play_if_able,
        play_for_places=args.play_for_places,
    )
    try:
        game = Game.new(args.players, args.seed, options, args.first)
    except TakiError as exc:
        return _fail(exc.code, exc.message, 2)
    print(write_position(game))
    return 0


def cmd_legal(args: argparse.Namespace) -> int:
    game = _read_stdin_position()
    if isinstance(game, int):
        return game
    print(json.dumps([a.to_json() for a in game.legal_actions()]))
    return 0


def cmd_apply(args: argparse.Namespace) -> int:
    try:
        data = json.loads(args.action)
    except json.JSONDecodeError as exc:
        return _fail("bad_action", f"action: not valid JSON ({exc.msg})", 2)
    game = _read_stdin_position()
    if isinstance(game, int):
        return game
    try:
        game.apply(action_from_json(data))
    except TakiError as exc:
        return _fail(exc.code, exc.message, 1)
    print(write_position(game))
    return 0


def cmd_demo(args: argparse.Namespace) -> int:
    names = [f"{kind.capitalize()} {i}" for i, kind in enumerate(args.bots)]
    options = Options(stairs=args.stairs, play_for_places=args.play_for_places)
    game = Game.new(len(names), args.seed, options)
    bots = [make_bot(kind, args.seed + i) for i, kind in enumerate(args.bots)]
    print(f"TAKI demo: {', '.join(names)}. Leading card: {card_name(game.discard[-1])}.")
    moves = 0
    while not game.over and moves < args.max_actions:
        game.apply(bot_action(game, bots))
        moves += 1
        events = game.take_events()
        tell(bots, events)
        for event in events:
            if event.kind == TURN:
                continue
            print("  " + describe(event, names))
        sys.stdout.flush()
        if args.delay:
            time.sleep(args.delay)
    if game.winner is not None:
        print(f"{names[game.winner]} wins after {moves} actions.")
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    options = Options(stairs=args.stairs, play_for_places=args.play_for_places)
    try:
        play_text(args.players, args.seed, options, level=args.level)
    except KeyboardInterrupt:
        print("\nBye.")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="taki-engine",
        description="The TAKI rules engine: oracle commands over the position JSON of "
        "RULES.md section 7, and a bot demo.",
    )
    sub = parser.add_subparsers(dest="command", required=True)

    new = sub.add_parser("new", help="print a freshly dealt position")
    new.add_argument("--players", type=int, required=True, help="2 to 10")
    new.add_argument("--seed", type=int, required=True, help="the shuffle's seed")
    new.add_argument("--first", type=int, default=None, help="first seat (default: random)")
    new.add_argument("--stairs", action="store_true", help="tournament of 8 stages")
    new.add_argument("--must-play-if-able", action="store_true", help="no draw while able to play")
    new.add_argument("--play-for-places", action="store_true", help="play on for 2nd, 3rd ...")
    new.set_defaults(func=cmd_new)

    legal = sub.add_parser(
        "legal", help="read a position on stdin, print the JSON list of every legal action"
    )
    legal.set_defaults(func=cmd_legal)

    apply = sub.add_parser(
        "apply",
        help="read a position on stdin, apply ACTION, print the resulting position",
        description="Exit 1 with {\"error\": CODE, \"message\": TEXT} if the action is "
        "illegal; exit 2 if the position or action cannot be read.",
    )
    apply.add_argument("action", help='an action object, e.g. \'{"seat": 0, "type": "draw"}\'')
    apply.set_defaults(func=cmd_apply)

    play = sub.add_parser("play", help="play against bots in this terminal")
    play.add_argument("--players", type=int, default=4, help="2 to 10, you included")
    play.add_argument("--seed", type=int, default=int(time.time()) % 100_000)
    play.add_argument("--stairs", action="store_true")
    play.add_argument("--play-for-places", action="store_true")
    play.add_argument(
        "--level", choices=list(BOTS), default="basic", help="the bots' level (default basic)"
    )
    play.set_defaults(func=cmd_play)

    demo = sub.add_parser("demo", help="watch a game of bots, move by move")
    demo.add_argument("--seed", type=int, default=int(time.time()) % 100_000)
    demo.add_argument(
        "--bots", nargs="+", default=["basic", "basic", "random", "random"],
        choices=list(BOTS), help="one bot kind per seat",
    )
    demo.add_argument("--delay", type=float, default=0.15, help="seconds between moves")
    demo.add_argument("--max-actions", type=int, default=5000)
    demo.add_argument("--stairs", action="store_true")
    demo.add_argument("--play-for-places", action="store_true")
    demo.set_defaults(func=cmd_demo)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    status: int = args.func(args)
    return status


if __name__ == "__main__":
    sys.exit(main())
