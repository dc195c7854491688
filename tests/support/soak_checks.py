"""The soak's invariants: a counter of checks and of violations each, with the first
few violations' details, and the pure checks that judge one frame or one answer.

Kept apart from the clients (tests/support/soak_people.py) so that each rule reads on its own
and can be tested without a server.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from engine.cards import full_deck
from protocol.messages import GameAction, TableInfo

DETAILS = 5
"""Violations whose details are kept, per invariant."""

INVARIANTS: tuple[tuple[str, str], ...] = (
    ("seq_moves", "every running game's seq moves within 10 s"),
    ("strong_games_end", "a game at a table with strong bots ends within 150 s"),
    ("legal_accepted", "an action offered by the legal list is accepted, or refused stale"),
    ("view_matches", "a view kept by patches equals a fresh snapshot's"),
    ("legal_matches", "a legal list kept from events equals a fresh snapshot's"),
    ("seq_continuous", "events come numbered last + 1; a snapshot never goes back"),
    ("one_history", "everyone (and every restart) sees the same event at each seq"),
    ("hidden_cards", "no hidden card reaches anyone who may not see it"),
    ("standings", "the standings count every game seen to end, once, across kills"),
    ("exactly_once", "no acknowledged action lost or applied twice"),
    ("answered_once", "each request is answered once, within 40 s"),
    ("tokens_work", "a token given back within the grace takes the same seat back"),
    ("leave_while_down", "a leave asked while the server is down is done once it is back"),
    ("host_returns", "a host back with its token has the host role back (server up, "
                     "no other person away when it went, stood in for or not)"),
    ("stand_in_waits", "nothing is played for a person away less than 3 s (15 s: restart)"),
    ("errors_expected", "every other refusal is one the situation explains"),
    ("hints_answered", "a hint is refused not_allowed where hints are off, else legal"),
    ("server_log", "no Traceback or ERROR in the server log"),
    ("server_exits", "SIGTERM and SIGINT stop the server with exit code 0"),
    ("no_orphans", "no process of an ended server lives on (5 s after the last ends)"),
    ("rss_flat", "the server's RSS is flat once warm"),
)


@dataclass
class Invariant:
    """One rule: how often it was checked, how often it failed, and the first failures."""

    name: str
    what: str
    checks: int = 0
    violations: int = 0
    details: list[str] = field(default_factory=list)

    def check(self, ok: bool, detail: str | Callable[[], str] = "") -> bool:
        """Count a check; a failure keeps its detail (a callable is only called then)."""
        self.checks += 1
        if not ok:
            self.violations += 1
            if len(self.details) < DETAILS:
                text = detail() if callable(detail) else detail
                self.details.append(text[:700])
        return ok


class Tally:
    """Every invariant, by name (``tally["seq_moves"].check(...)``)."""

    def __init__(self) -> None:
        self.rules = {name: Invariant(name, what) for name, what in INVARIANTS}

    def __getitem__(self, name: str) -> Invariant:
        return self.rules[name]

    def __iter__(self) -> Iterator[Invariant]:
        return iter(self.rules.values())

    @property
    def clean(self) -> bool:
        return all(rule.violations == 0 for rule in self)

    def table(self) -> str:
        """The printed table: invariant, checks, violations (then the details)."""
        width = max(len(r.name) for r in self)
        lines = [f"{'invariant':<{width}}  {'checks':>9}  {'violations':>10}  rule"]
        lines += [
            f"{r.name:<{width}}  {r.checks:>9}  {r.violations:>10}  {r.what}" for r in self
        ]
        for rule in self:
            for detail in rule.details:
                lines.append(f"  {rule.name}: {detail}")
        return "\n".join(lines)


# ---------------------------------------------------------------------------- hidden cards

CARD_CODES = frozenset(full_deck())
PUBLIC_CARD_LISTS = frozenset({"discard_top"})
"""View keys whose lists of cards everyone may see (``hand`` is the recipient's own)."""


def _card_lists(value: Any, path: str) -> Iterator[str]:
    """The paths of the lists below ``value`` that hold a card code."""
    if isinstance(value, list | tuple):
        if any(isinstance(x, str) and x in CARD_CODES for x in value):
            yield path
        for i, item in enumerate(value):
            yield from _card_lists(item, f"{path}.{i}")
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _card_lists(item, f"{path}.{key}")


def hands_leak(hands: Any, view: dict[str, Any]) -> str | None:
    """Why a view's ``hands`` (every hand left, by seat) may not be shown, or None: only
    once the game is over, and then each seat's as many cards as its count."""
    if view.get("over") is not True:
        return f"every hand is shown before the game is over: {hands}"
    players = view.get("players") or []
    counts = [p.get("cards") for p in players]
    if not isinstance(hands, list) or [len(h) if isinstance(h, list) else None
                                       for h in hands] != counts:
        return f"the hands shown {hands} are not the seats' {counts} cards"
    return None


def view_leak(view: dict[str, Any], seat: int | None) -> str | None:
    """Why ``view`` shows ``seat`` (None: a spectator) more than it may see, or None.
    Only the recipient's own ``hand`` and the public ``discard_top`` may list cards, and
    ``hands`` (every hand left) once the game is over."""
    for key, value in view.items():
        if key == "hand":
            if seat is None:
                return f"a spectator's view holds a hand: {value}"
            players = view.get("players") or []
            count = players[seat].get("cards") if 0 <= seat < len(players) else None
            if not isinstance(value, list) or len(value) != count:
                return f"seat {seat}'s hand {value} is not its {count} cards"
            continue
        if key == "hands":
            leak = hands_leak(value, view)
            if leak is not None:
                return leak
            continue
        if key in PUBLIC_CARD_LISTS:
            continue
        for path in _card_lists(value, key):
            return f"view key {path} lists cards: {value}"
    return None


def patch_leak(patch: dict[str, Any], seat: int | None, over: bool = False) -> str | None:
    """Why a view patch shows ``seat`` more than it may see, or None. Every hand
    (``hands``) may only be set by the patch that ends the game (``over`` true in it) or
    to a view that is ``over`` already."""
    for path, value in patch.items():
        root = path.split(".", 1)[0]
        if root == "hand":
            if seat is None:
                return f"a spectator's patch sets {path} = {value}"
            continue
        if root == "hands":
            if not over and patch.get("over") is not True:
                return f"patch path {path} shows every hand before the game is over: {value}"
            continue
        if root in PUBLIC_CARD_LISTS:
            continue
        for where in _card_lists(value, path):
            return f"patch path {where} lists cards: {value}"
    return None


def event_leak(event: dict[str, Any], seat: int | None) -> str | None:
    """Why an event map shows ``seat`` a card it may not see (a draw's cards go only to
    the drawer), or None."""
    cards = event.get("cards")
    if cards is not None and (seat is None or event.get("seat") != seat):
        return f"{'a spectator' if seat is None else f'seat {seat}'} sees the cards of {event}"
    for key, value in event.items():
        if key != "cards":
            for path in _card_lists(value, key):
                return f"event field {path} lists cards: {event}"
    return None


def legal_leak(legal: Iterable[GameAction] | None, seat: int | None) -> str | None:
    """A spectator is never offered actions (a ``break`` would tell who holds a Breaker)."""
    if seat is None and legal:
        return f"a spectator got a legal list: {list(legal)}"
    return None


# ---------------------------------------------------------------------------- events

ACTOR_KINDS: dict[str, tuple[str, ...]] = {
    "play": ("played",),
    "draw": ("drew",),
    "declare_last_card": ("declared",),
    "pass": ("passed",),
    "break": ("broke",),
    "close_taki": ("closed_taki",),
    "end_turn": ("declined", "left_open"),
}
"""The event an action of each type causes first for its own seat."""

OWN_DRAWS = frozenset({"choice", "plus", "plus2"})
"""Reasons of a draw the seat chose (the others follow someone else's move)."""

MARKS = ("stand_in", "timeout")


def is_own_move(event: dict[str, Any], seat: int | None) -> bool:
    """Whether ``event`` is the first event of an action the person at ``seat`` made
    (not a stand-in's, not the turn timer's)."""
    if seat is None or event.get("seat") != seat or any(event.get(m) for m in MARKS):
        return False
    kind = event.get("kind")
    if kind == "drew":
        return event.get("reason") in OWN_DRAWS
    return any(kind in kinds for kinds in ACTOR_KINDS.values())


def caused_by(event: dict[str, Any], action: GameAction) -> bool:
    """Whether ``event`` (an own move) is the first event ``action`` would cause."""
    if event.get("kind") not in ACTOR_KINDS.get(action.type, ()):
        return False
    return action.type != "play" or event.get("card") == action.card


def signature(event: dict[str, Any]) -> str:
    """An event as every recipient sees it: all but a draw's cards (only the drawer's)."""
    return json.dumps({k: v for k, v in event.items() if k not in ("cards", "seq")},
                      sort_keys=True)


def legal_key(legal: Iterable[GameAction] | None) -> list[str]:
    """A legal list as a sorted list of strings, to compare two lists as multisets."""
    return sorted(json.dumps(a.to_dict(), sort_keys=True) for a in legal or ())


# ---------------------------------------------------------------------------- seats


def host_alone(table: TableInfo | None, seat: int | None) -> bool:
    """Whether ``seat`` holds the host role at ``table`` with no other person away:
    then, its connection gone, it is the one whose claim the role keeps (the server
    gives the role back to the first host away; a host gone after it only borrowed
    it). A person a stand-in plays for is away: the seat shows the stand-in's kind as
    ``bot`` (``stand_in`` set), so ``bot`` alone does not tell a bot from a person."""
    if table is None or seat is None or table.host != seat:
        return False
    return not any(
        s is not None and (s.bot is None or s.stand_in) and not s.connected
        for i, s in enumerate(table.seats) if i != seat
    )


def seat_held(table: TableInfo | None, name: str) -> bool:
    """Whether a person named ``name`` still holds a seat at ``table`` (None: the table
    is closed, which it is only once nobody but bots is left): seated, or away with a
    stand-in playing for them. A seat given up is free, or a bot's for good."""
    return table is not None and any(
        s is not None and s.name == name and (s.bot is None or s.stand_in)
        for s in table.seats
    )


# ---------------------------------------------------------------------------- answers

STALE_ONLY = "stale"
ENGINE_CODES = frozenset({
    "not_your_turn", "card_not_in_hand", "bad_color", "illegal_action", "game_over", "no_game",
})
"""Refusals an action gets when the table moved on before the server read it."""


def judge_refusal(code: str, guarded: bool, fresh: bool, moved: bool) -> str | None:
    """Why refusing an action with ``code`` breaks the rule "an action the legal list
    offers is accepted, or refused stale", or None when it is fine.

    ``guarded``: sent with its ``seq``; ``fresh``: chosen from the legal list of the
    seq it was sent at; ``moved``: the sender has seen the table move past that seq."""
    if code == STALE_ONLY:
        return None if guarded else "refused stale without a seq guard"
    if not fresh:
        return None  # an old picture: anything but an ack of a stale guard is fair
    if guarded:
        return f"refused {code} although its seq guard was the table's"
    if moved and code in ENGINE_CODES:
        return None  # the table moved on before the server read it (no guard to say so)
    return f"refused {code} while the table had not moved"


@dataclass
class RssFigures:
    """The server's RSS (MiB): samples of the incarnation judged, and the verdict."""

    warm_mb: float = 0.0
    end_mb: float = 0.0
    peak_mb: float = 0.0
    growth_mb: float = 0.0
    judged_seconds: float = 0.0
    tolerance_mb: float = 0.0


def rss_verdict(samples: list[tuple[float, int]], warmup: float, slack_mb: float,
                slack_share: float) -> tuple[RssFigures, bool]:
    """Judge one server process's (time, KiB) samples: the median of the first three
    after ``warmup`` seconds against the median of the last three; flat if it grew by
    at most ``slack_mb`` + ``slack_share`` of the warm figure. False with fewer than six
    warm samples (too short to judge)."""
    if not samples:
        return RssFigures(), False
    start = samples[0][0]
    warm = [(t, kib) for t, kib in samples if t - start >= warmup]
    figures = RssFigures(peak_mb=round(max(k for _, k in samples) / 1024, 1))
    if len(warm) < 6:
        return figures, False

    def median(values: list[int]) -> float:
        return sorted(values)[len(values) // 2] / 1024

    figures.warm_mb = round(median([k for _, k in warm[:3]]), 1)
    figures.end_mb = round(median([k for _, k in warm[-3:]]), 1)
    figures.growth_mb = round(figures.end_mb - figures.warm_mb, 1)
    figures.judged_seconds = round(warm[-1][0] - warm[0][0], 1)
    figures.tolerance_mb = round(slack_mb + slack_share * figures.warm_mb, 1)
    return figures, figures.growth_mb <= figures.tolerance_mb
