"""Your turn: the terminal bell, a desktop notification and the window's title.

A player who looks away (another window, the kitchen) must learn that the table waits
for them. When it becomes this seat's turn, or a +3 window asks it to answer, the client
rings the terminal bell (BEL) and, in terminals known to show them, sends a desktop
notification; the window's title reads "Your turn" for as long as the seat has moves.
The settings turn the bell and the notification off, each on its own.

When (``TurnWatch``): once per turn, a turn being named by ``TableState.turn_mark`` (the
seq of the event that began it, which a snapshot's log gives back). So a reconnect or a
resync in the middle of a turn already rung for rings nothing, and one that finds it
became the seat's turn meanwhile (or a client started anew) rings once. A turn that
follows the seat's own (its Stop with two players) rings nothing: the player is at the
keys. Nothing rings for a spectator, a stand-in's turn (no moves), or a game over.

Which notification (``Terminal``): there is no way to ask a terminal, so it is chosen
from the environment, and only where it is known to be understood or ignored; anywhere
else the bell alone (an unknown OSC is printed as text by some, the Linux console among
them):

- OSC 9 (``ESC ] 9 ; body BEL``): iTerm2 (``TERM_PROGRAM=iTerm.app``, ``LC_TERMINAL``,
  ``ITERM_SESSION_ID``) and kitty (``TERM=xterm-kitty``, ``KITTY_WINDOW_ID``). Never
  ConEmu: its own OSC 9 commands take the same number.
- OSC 777 (``ESC ] 777 ; notify ; title ; body BEL``): WezTerm, Ghostty, foot,
  rxvt-unicode, VTE terminals (``VTE_VERSION``: GNOME Terminal and others; the VTE of
  Fedora and Ubuntu shows it, upstream VTE ignores it) and Windows Terminal
  (``WT_SESSION``; recent versions show it, older ones ignore it).
- One of the two per terminal, never both (that would show two notifications).

Inside tmux (``TMUX``) the terminal outside is recognised by the variables tmux's server
inherited from it, and the OSC is wrapped in tmux's passthrough (``ESC P tmux; ... ESC
\\``, each ESC doubled): tmux 3.3 and later pass it on with ``allow-passthrough on`` and
drop it otherwise, harmlessly. Inside GNU screen (``STY``) only the bell. The bell is
never wrapped: tmux and screen relay it themselves.

The title is OSC 2, which terminals widely take (tmux: the pane's title); the title the
terminal had is saved first and given back on quitting (xterm's title stack, CSI 22/23 t,
ignored where unknown). Every text sent is made inert (client/safe.py) and stripped of
``;`` (OSC 777's separator): a table's or a player's name can never end the sequence
early or start another.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from .i18n import _
from .safe import inert
from .state import TableState
from .words import plus3_notice

BEL = "\a"
ESC = "\x1b"
OSC = ESC + "]"
TITLE = "TAKI"
"""The window's title, and the notification's (the program's name: not translated)."""
TEXT_MAX = 160
"""Characters of a notification's text at most (a long table name is cut)."""

Kind = Literal["turn", "window"]
Protocol = Literal["osc9", "osc777"]


@dataclass
class TurnWatch:
    """Says when this seat's turn is new (see the module docstring)."""

    asked: tuple[str, int] | None = None
    """(table, turn mark) of the last turn this seat had moves in."""

    def due(self, state: TableState) -> Kind | None:
        """What to tell the player now, if anything: called after every message the
        session takes in, so no turn goes by between two calls."""
        view, info = state.view, state.info
        if (state.seat is None or view is None or info is None or view.over
                or state.stale or not state.legal):
            return None
        turn = (info.id, state.turn_mark)
        if turn == self.asked:
            return None
        self.asked = turn
        pending = view.plus3 is not None
        if state.turn_again and view.turn == state.seat and not pending:
            return None  # its own Stop: the player is at the keys
        return "window" if pending else "turn"


def turn_words(state: TableState, kind: Kind) -> str:
    """The notification's text: whose +3 to answer, or the table where it is your turn."""
    pending = state.view.plus3 if state.view else None
    if kind == "window" and pending is not None:
        by = pending.by
        names = state.names()
        who = names[by] if 0 <= by < len(names) else "?"
        return plus3_notice(who, state.action("break") is not None)
    table = state.info.options.name if state.info is not None else ""
    return _("Your turn at {table}.").format(table=table)


def clean(text: str) -> str:
    """``text`` safe inside an OSC string: no control character, no ``;``."""
    return inert(text, TEXT_MAX).replace(";", ",")


@dataclass(frozen=True)
class Terminal:
    """What the terminal is told and how (see the module docstring)."""

    notifies: Protocol | None = None
    tmux: bool = False
    titles: bool = True
    """Whether to set the window's title (not on the Linux console or a dumb terminal)."""

    @classmethod
    def from_env(cls, env: Mapping[str, str]) -> Terminal:
        term = env.get("TERM", "")
        tmux = bool(env.get("TMUX"))
        screen = bool(env.get("STY")) and not tmux
        titles = term not in ("", "dumb", "linux")
        return cls(None if screen else _protocol(env), tmux, titles)

    def notification(self, body: str) -> str:
        """The bytes of a desktop notification saying ``body`` ("" where none shows)."""
        text = clean(body)
        if self.notifies == "osc9":
            seq = f"{OSC}9;{TITLE}: {text}{BEL}"
        elif self.notifies == "osc777":
            seq = f"{OSC}777;notify;{TITLE};{text}{BEL}"
        else:
            return ""
        return self._through(seq)

    def title(self, mine: bool) -> str:
        """The bytes that set the window's title: "Your turn" first while it is."""
        if not self.titles:
            return ""
        words = f"{_('Your turn')} · {TITLE}" if mine else TITLE
        return f"{OSC}2;{clean(words)}{BEL}"

    def save_title(self) -> str:
        return f"{ESC}[22;0t" if self.titles else ""

    def restore_title(self) -> str:
        return f"{ESC}[23;0t" if self.titles else ""

    def _through(self, seq: str) -> str:
        """``seq`` as tmux passes it to the terminal outside (when inside tmux)."""
        if not self.tmux:
            return seq
        return f"{ESC}Ptmux;{seq.replace(ESC, ESC + ESC)}{ESC}\\"


def _protocol(env: Mapping[str, str]) -> Protocol | None:
    """The notification the terminal shows, from its environment; None: unknown."""
    program = env.get("TERM_PROGRAM", "")
    term = env.get("TERM", "")
    if env.get("ConEmuPID"):
        return None
    if program == "iTerm.app" or env.get("LC_TERMINAL") == "iTerm2" \
            or env.get("ITERM_SESSION_ID"):
        return "osc9"
    if program in ("WezTerm", "ghostty") or env.get("WEZTERM_PANE") \
            or env.get("GHOSTTY_RESOURCES_DIR") or term == "xterm-ghostty":
        return "osc777"
    if term == "xterm-kitty" or env.get("KITTY_WINDOW_ID"):
        return "osc9"
    if term.startswith(("foot", "rxvt-unicode")) or env.get("VTE_VERSION") \
            or env.get("WT_SESSION"):
        return "osc777"
    return None
