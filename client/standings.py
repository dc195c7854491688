"""The standings of the evening in words: one plain-text layout for the screen (key S),
the table's log after each game, and ``taki-client HOST:PORT --standings TABLE``.

Plain lines, no markup: what the command prints is meant to be pasted into a group
chat. Names come from the network and are made inert (client/safe.py) first.
"""

from __future__ import annotations

from collections.abc import Sequence

from protocol.limits import NAME_MAX, TABLE_NAME_MAX
from protocol.standings import StandingLine, Standings

from .i18n import _, ngettext
from .safe import inert


def heading(table: str, standings: Standings | None) -> str:
    """The first line: which table, after how many games (or none yet)."""
    if standings is None or not standings.games:
        return _("No game has finished at this table yet.")
    n = standings.games
    return ngettext(
        "Standings of {table} after {n} game:", "Standings of {table} after {n} games:", n
    ).format(table=inert(table, TABLE_NAME_MAX), n=n)


def ranks(lines: Sequence[StandingLine]) -> list[int]:
    """Each line's place in the standings: lines level on all the standings rank by
    (wins, then places, then fewest games: PROTOCOL.md section 9.8) share one, the next
    line after them taking its own position ("1. 2. 2. 2. 5."). The server orders
    level lines by name, which ranks no one: after a first game every loser had been
    "2.", "3.", "4." in alphabetical order, though none did better than another.

    This is standard competition ranking, as results lists number ties: the repeated
    number needs no word, so it reads the same in all five languages and costs no
    width at 80 columns; "2=" is a British form, and "ex aequo" or "T2" would need a
    translated word on each line."""
    out: list[int] = []
    for i, line in enumerate(lines):
        level = i > 0 and _level(line) == _level(lines[i - 1])
        out.append(out[-1] if level else i + 1)
    return out


def _level(line: StandingLine) -> tuple[object, ...]:
    """What the standings rank a line by; lines with the same are level."""
    places = list(line.places)
    while places and not places[-1]:
        places.pop()
    return (line.wins, tuple(places), line.games)


def line_text(rank: int, line: StandingLine) -> str:
    """One person's (or bot's) line: wins of games, then places and stage if any."""
    name = inert(line.name, NAME_MAX)
    # The English noun goes with the games played; a catalog may put it with the wins.
    if line.bot is None:
        text = ngettext("{name} won {wins} of {n} game.", "{name} won {wins} of {n} games.",
                        line.games, wins=line.wins)
    else:
        # "{bot}" is the bot as the head-to-heads and the table write it ("Noa [bot]").
        text = ngettext("{bot} won {wins} of {n} game.", "{bot} won {wins} of {n} games.",
                        line.games, wins=line.wins)
    parts = [f"{rank}. " + text.format(name=name, bot=_who(line), wins=line.wins,
                                       n=line.games)]
    if len(line.places) > 1:  # places beyond the winner's: play_for_places
        counts = ", ".join(str(c) for c in line.places)
        parts.append(_("Places from first to last: {counts}.").format(counts=counts))
    if line.stage is not None:
        parts.append(_("Best stage: {stage}.").format(stage=line.stage))
    if line.hinted:
        parts.append(ngettext("With a hint in {n} game.", "With a hint in {n} games.",
                              line.hinted).format(n=line.hinted))
    return " ".join(parts)


def versus_lines(standings: Standings) -> list[str]:
    """Head-to-head, one pair a line: "Dana 2–1 Noa [bot]" (games each finished ahead).
    Pairs whose games together decided nothing between them (0–0: two who lost a game
    without places) are left out: at four seats they were half the list."""
    decided = [pair for pair in standings.versus if pair.a_ahead or pair.b_ahead]
    if not decided:
        return []
    out = [_("Head to head, in games finished ahead of the other:")]
    lines = standings.lines
    for pair in decided:
        a, b = _who(lines[pair.a]), _who(lines[pair.b])
        out.append(f"  {a} {pair.a_ahead}–{pair.b_ahead} {b}")
    return out


def _who(line: StandingLine) -> str:
    """A line's name as the standings show it: a bot marked as the table marks it
    ("Noa [bot]"), so a person and the bot that took over their seat (same name) are
    told apart. The lines' own templates ("{name} [bot] won ...") say it the same way."""
    name = inert(line.name, NAME_MAX)
    return name if line.bot is None else f"{name} [{_('bot')}]"


def standings_lines(table: str, standings: Standings | None, *, versus: bool = True) -> list[str]:
    """The whole text, a line each (``versus`` False: without the head-to-heads)."""
    out = [heading(table, standings)]
    if standings is None or not standings.games:
        return out
    out += [line_text(rank, line) for rank, line in zip(ranks(standings.lines),
                                                        standings.lines, strict=True)]
    if versus:
        out += versus_lines(standings)
    return out
