"""What a guest may type after the address, and the name they play as: pure functions.

``ssh -t -p PORT dana@HOST`` opens the lobby; ``... watch t1`` watches table t1; ``...
lang fr`` picks the language (both may be given). Nothing else is run, ever: the words
are read here, never handed to a shell.
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass

from client.i18n import LANGUAGES
from protocol.limits import ID_MAX

from ..text import BadText, clean_name

_TABLE_ID = re.compile(rf"[A-Za-z0-9_.-]{{1,{ID_MAX}}}")
EXIT_USAGE = 2
"""The exit status of a session refused for its words or for want of a terminal."""


class BadCommand(ValueError):
    """Words the entrance does not accept."""


@dataclass(frozen=True)
class Command:
    """What the guest asked for: watch a table, a language (None: not said)."""

    watch: str | None = None
    lang: str | None = None


def accepted() -> str:
    """One line saying what is accepted."""
    langs = ", ".join(sorted(LANGUAGES))
    return (
        "taki: after the address type nothing (the lobby), 'watch TABLE' or 'lang CODE'"
        f" (CODE: {langs}); e.g. ssh -t -p PORT NAME@HOST watch t1"
    )


def parse_command(text: str | None) -> Command:
    """The guest's words (None or blank: the lobby); BadCommand for anything else."""
    words = (text or "").split()
    found: dict[str, str] = {}
    while words:
        if len(words) < 2 or words[0] not in ("watch", "lang") or words[0] in found:
            raise BadCommand(accepted())
        verb, value = words[0], words[1]
        if verb == "watch" and not _TABLE_ID.fullmatch(value):
            raise BadCommand(accepted())
        if verb == "lang" and value not in LANGUAGES:
            raise BadCommand(accepted())
        found[verb] = value
        words = words[2:]
    return Command(found.get("watch"), found.get("lang"))


def no_terminal() -> str:
    return "taki: this entrance needs a terminal: use ssh -t (e.g. ssh -t -p PORT NAME@HOST)"


def player_name(user: str, fingerprint: str | None) -> tuple[str, bool]:
    """The name a guest plays as, and whether it is a fallback: the SSH user name when
    the protocol accepts it, else ``guest-XXXXXX``, the same for one key every time (its
    seat comes back under it), a random one without a key."""
    try:
        return clean_name(user), False
    except BadText:
        pass
    if fingerprint:
        tail = "".join(c for c in fingerprint.removeprefix("SHA256:") if c.isalnum())[:6]
    else:
        tail = secrets.token_hex(3)
    return f"guest-{tail.lower()}", True
