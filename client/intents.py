"""What the screens ask for: Textual messages posted up to the app ("messages up").

A screen never calls the app: it posts one of these and the app, which owns the
session and the screen stack, carries it out. Each says what the player wants, not how.
"""

from __future__ import annotations

from dataclasses import dataclass

from textual.message import Message

from protocol.messages import GameAction, TableOptions


@dataclass
class Act(Message):
    """Play a card, draw, close a TAKI, declare last card, break, pass, end the turn:
    the legal ``action`` the player chose (``last``: say last card with it)."""

    action: GameAction
    last: bool = False


class LeaveTable(Message):
    """Leave the table (a bot takes the seat during a game)."""


@dataclass
class HostCommand(Message):
    """A host's key at the table: start, add_basic, add_random, remove_bot, rematch."""

    what: str


class AskHint(Message):
    """What would the strong bot play from my seat now, and why?"""


class ShowReplay(Message):
    """Step through the finished game of this table."""


@dataclass
class SendChat(Message):
    text: str


@dataclass
class NewTable(Message):
    options: TableOptions


@dataclass
class JoinTable(Message):
    table: str


@dataclass
class WatchTable(Message):
    table: str


@dataclass
class AskReplay(Message):
    """A finished game of the server, by number (it opens when it arrives)."""

    game: int


class ListReplays(Message):
    """The server's finished games, for the list on screen."""


class BackToStart(Message):
    """From the lobby: to the start screen (or quit, when started on an address)."""


class GiveUp(Message):
    """From a server that cannot be reached: back to the start screen."""


@dataclass
class Retarget(Message):
    """Try this address instead (already checked by parse_address)."""

    address: str


@dataclass
class PlayNow(Message):
    """Start a server here and play against bots, as ``name``."""

    name: str


@dataclass
class HostLan(Message):
    """Host a game for the LAN, as ``name``."""

    name: str


@dataclass
class JoinAddress(Message):
    """Join the server at ``address``, as ``name``."""

    address: str
    name: str


class LookForGames(Message):
    """Look for games on the LAN (once, if the client was started to)."""


class LookAgain(Message):
    """Ask the network again."""


@dataclass
class NameChanged(Message):
    """The settings saved a new player name."""

    name: str
