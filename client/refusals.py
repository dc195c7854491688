"""Server refusals in the player's language, by error code (PROTOCOL.md section 10).

An ``error``'s ``message`` is the server's English, "for people; never parse it": a
French player read "there is no table 't9'". The client words every code it knows
itself, and shows the server's text only for a code it does not know (one a later
server adds). A table's name or a game's number goes in the sentence only when this
client knows it from the request refused (the table it asked to join or watch, the
game it asked to see), never taken out of the server's text.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from protocol.limits import TABLE_NAME_MAX
from protocol.messages import GetReplay, Join, Request, Spectate, TableInfo

from .i18n import _
from .safe import inert


def _fixed() -> dict[str, Callable[[], str]]:
    """The codes whose words need nothing from the request (looked up in the current
    language at each call)."""
    return {
        "bad_frame": lambda: _("The server could not read a message from this client."),
        "frame_too_large": lambda: _("The server refused a message too long for it."),
        "unsupported_version": lambda: _(
            "This client and the server share no protocol version: update one."),
        "timeout": lambda: _("The server waited too long for this client."),
        "too_slow": lambda: _("This client read the server's messages too slowly."),
        "server_full": lambda: _("The server takes no more connections right now."),
        "server_shutdown": lambda: _("The server was stopped."),
        "flooding": lambda: _("Too many requests: the server closed the connection."),
        "bad_message": lambda: _("The server could not take that request."),
        "unknown_type": lambda: _("The server does not know that request."),
        "unexpected_message": lambda: _("The server did not expect that request now."),
        "not_allowed": lambda: _("Spectators cannot take or run a seat."),
        "rate_limited": lambda: _("Too many requests: wait a moment and try again."),
        "server_error": lambda: _("The server failed to carry that out."),
        "unavailable": lambda: _("The server cannot save right now: try again later."),
        "table_limit": lambda: _("The server holds as many tables as it can: join one."),
        "table_full": lambda: _("Every seat at this table is taken."),
        "seat_taken": lambda: _("That seat is taken."),
        "bad_seat": lambda: _("There is no such seat."),
        "already_at_table": lambda: _("Leave your table first."),
        "not_at_table": lambda: _("Join or watch a table first."),
        "not_seated": lambda: _("Only a seated player can do that."),
        "not_host": lambda: _("Only the table's host can do that."),
        "not_a_bot": lambda: _("A person holds that seat, not a bot."),
        "not_enough_players": lambda: _("A game needs at least two seated players."),
        "game_in_progress": lambda: _("Not while a game is being played."),
        "no_game": lambda: _("No game is being played."),
        "stale": lambda: _("The game moved on meanwhile: look again."),
        "not_your_turn": lambda: _("It is not your turn."),
        "card_not_in_hand": lambda: _("You do not hold that card."),
        "bad_color": lambda: _("That colour does not go with that card."),
        "illegal_action": lambda: _("The rules do not allow that now."),
        "game_over": lambda: _("The game is over."),
        "bad_action": lambda: _("The server could not read that move."),
    }


KNOWN_CODES = frozenset({*_fixed(), "no_such_table", "no_such_game"})
"""The codes worded here; any other is shown in the server's words. (``replaced`` is
the session's to word: it tells the key that takes the seat back.)"""


def refusal_words(code: str, message: str, asked: Request | None = None,
                  tables: Mapping[str, TableInfo] | None = None) -> str:
    """What a refusal with ``code`` says to the player; ``message`` (the server's text,
    made inert) only for a code not known here. ``asked``: the request refused, if
    known; ``tables``: the tables known, by id (a table asked for is named as the lobby
    shows it)."""
    if code == "no_such_table":
        table = getattr(asked, "table", None) if isinstance(asked, Join | Spectate) else None
        if table is None:
            return _("There is no such table.")
        info = (tables or {}).get(table)
        name = info.options.name if info is not None else table
        return _("There is no table {table}.").format(table=inert(name, TABLE_NAME_MAX))
    if code == "no_such_game":
        game = asked.game if isinstance(asked, GetReplay) else None
        if game is None:
            return _("There is no such finished game.")
        return _("There is no finished game number {game}.").format(game=game)
    if code == "game_in_progress" and isinstance(asked, Join):
        return _("The game has started: watch it instead.")
    words = _fixed().get(code)
    return words() if words is not None else inert(message, 300)
