"""The bots' levels a player chooses from: easy, normal, strong.

Each level is a bot kind the server seats with ``add_bot`` (PROTOCOL.md section 5):
easy is ``random``, normal ``basic``, strong ``strong`` (the search bot). A level is
offered only when the protocol knows its kind (``protocol.messages.BOT_KINDS``): a
request the protocol would refuse to send is never offered. The choice is remembered
in the settings (``Settings.bot_level``) and used by Play now and the host's add-bot key.
"""

from __future__ import annotations

from protocol.messages import BOT_KINDS

from .i18n import _

LEVELS: tuple[tuple[str, str], ...] = (
    ("random", "easy"),
    ("basic", "normal"),
    ("strong", "strong"),
)
"""(bot kind, the level's English word), easiest first."""
DEFAULT_LEVEL = "basic"


def offered() -> tuple[str, ...]:
    """The bot kinds to offer, easiest first."""
    return tuple(kind for kind, _word in LEVELS if kind in BOT_KINDS)


def usable(kind: str | None) -> str:
    """``kind`` if it is offered, else the default (a setting saved by another version)."""
    return kind if kind in offered() else DEFAULT_LEVEL


def level_word(kind: str) -> str:
    """The level's name in the player's language ("normal" for ``basic``)."""
    words = {"easy": _("easy"), "normal": _("normal"), "strong": _("strong")}
    for known, word in LEVELS:
        if known == kind:
            return words[word]
    return kind


def next_level(kind: str) -> str:
    """The level after ``kind`` (round to the easiest after the strongest)."""
    kinds = offered()
    return kinds[(kinds.index(usable(kind)) + 1) % len(kinds)]
