"""Why the connection ended, or could not be made, in the player's language.

client/net.py says why by a code (``Why``) and keeps its English ``reason`` for logs: a
French player read "the server closed the connection" and "connection lost ([Errno
104] ...)" in a toast titled "Connexion". Each code is worded here, whole sentences in
the catalogs; what the system or the protocol said ('[Errno 111] Connection refused')
is kept only as a short technical suffix, made inert (no control characters), since a
player can quote it to whoever runs the network but cannot read it as a sentence.
The same goes for an address typed wrong (``AddressError``) and for the server on this
computer that did not start (``LocalServerError``).
"""

from __future__ import annotations

from rich.cells import cell_len

from .i18n import _
from .local import LocalServerError
from .net import AddressError, BadAddress, LinkClosed, Why
from .refusals import refusal_words
from .safe import inert

DETAIL_MAX = 36
"""Cells of the technical suffix at most: a sentence and its suffix fit 80 columns,
and the longest of the usual system errors ('[Errno 104] Connection reset by peer')
is whole."""


def technical(detail: object, limit: int = DETAIL_MAX) -> str:
    """``detail`` on one line, without control characters, at most ``limit`` cells
    ('…' where cut); '' for nothing."""
    text = " ".join(inert(" ".join(str(detail).split()), 400).split())
    if cell_len(text) <= limit:
        return text
    while cell_len(text) > limit - 1:
        text = text[:-1]
    return text.rstrip() + "…"


def _either(bare: str, detailed: str, detail: str, **fields: object) -> str:
    """The sentence with the technical suffix (``{detail}``) when there is one."""
    return detailed.format(detail=detail, **fields) if detail else bare.format(**fields)


def lost_words(closed: LinkClosed) -> str:
    """What a connection that ended says to the player (the "Connection" toast, a
    message that could not be sent)."""
    detail = technical(closed.detail)
    why = closed.why
    if closed.code:
        return refusal_words(closed.code, closed.reason)
    if why is Why.SILENT:
        return _("The server stopped answering: nothing heard for {seconds} s.").format(
            seconds=closed.seconds or 0)
    if why is Why.LOST:
        return _either(_("The connection was lost."),
                       _("The connection was lost ({detail})."), detail)
    if why is Why.GARBLED:
        return _either(_("Unreadable message from the server."),
                       _("Unreadable message from the server ({detail})."), detail)
    if why is Why.NOT_CONNECTED:
        return _("Not connected.")
    if why is Why.CANNOT_SEND:
        return _either(_("That message cannot be sent."),
                       _("That message cannot be sent ({detail})."), detail)
    if why is Why.DECLINED:
        return _("The server refused the connection.")
    return _("The server closed the connection.")


def reach_words(closed: LinkClosed, host: str, port: int) -> str:
    """Why the address given cannot be reached, in a sentence the player can act on
    (the "cannot join" screen, a toast on the start screen)."""
    address = inert(f"[{host}]:{port}" if ":" in host else f"{host}:{port}", 300)
    if closed.code:
        return refusal_words(closed.code, closed.reason)
    if closed.why is Why.NO_HOST:
        return _("No such host: {host}.").format(host=inert(host, 300))
    if closed.why is Why.REFUSED:
        return _("Nothing answers at {address}.").format(address=address)
    if closed.why is Why.TIMEOUT:
        return _("No answer from {address}.").format(address=address)
    if closed.why is Why.UNREACHABLE:
        return _either(_("Cannot reach {address}."), _("Cannot reach {address} ({detail})."),
                       technical(closed.detail), address=address)
    return lost_words(closed)


PART_MAX = 24
"""Cells of a host or port typed shown back in a sentence about it, at most."""


def address_words(error: AddressError) -> str:
    """What is wrong with an address typed, and how to write one (the "cannot join"
    screen's field)."""
    part = technical(error.part, PART_MAX)
    if error.problem is BadAddress.EMPTY:
        return _("Type an address, e.g. 192.168.1.23:8254.")
    if error.problem is BadAddress.IPV6_FORM:
        return _("Put an IPv6 address in square brackets, then :port.")
    if error.problem is BadAddress.NO_HOST:
        return _("The address has no host: write host:port, e.g. 192.168.1.23:8254.")
    if error.problem is BadAddress.BAD_HOST:
        return _("Not a host name: {host}.").format(host=part)
    if error.problem is BadAddress.PORT_NOT_NUMBER:
        return _("The port is not a number: {port}.").format(port=part)
    return _("The port must be from 1 to 65535.")


def start_words(error: OSError) -> str:
    """Why the server on this computer (Play now, hosting for the LAN) did not start:
    the system's or the server's own English only as the technical suffix."""
    if isinstance(error, LocalServerError) and error.late:
        return _("The local server did not start in time.")
    return _either(_("The local server did not start."),
                   _("The local server did not start ({detail})."), technical(error))
