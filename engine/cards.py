"""The 116-card TAKI deck and the project's one card notation (RULES.md section 1).

A card code names a *kind*, not a copy: hands and piles are lists of codes and may
hold the same code twice. Every table below is computed once at import so the hot
paths of the engine only do dictionary and set look-ups.
"""

from __future__ import annotations

from typing import Final

COLORS: Final[tuple[str, ...]] = ("R", "G", "B", "Y")
"""The four colours, in the order the engine lists `color` plays."""

NUMBERS: Final[tuple[int, ...]] = (1, 3, 4, 5, 6, 7, 8, 9)
"""There is no plain 2: the +2 is the only 2."""

COLORED_ACTIONS: Final[tuple[str, ...]] = ("stop", "+2", "dir", "plus", "taki")
COLORLESS: Final[tuple[str, ...]] = ("color", "supertaki", "king", "+3", "breaker")

COLORLESS_COPIES: Final[dict[str, int]] = {
    "color": 4,
    "supertaki": 2,
    "king": 2,
    "+3": 2,
    "breaker": 2,
}


def _build_codes() -> tuple[str, ...]:
    codes: list[str] = []
    for c in COLORS:
        codes.extend(f"{c}{n}" for n in NUMBERS)
        codes.extend(f"{c}{a}" for a in COLORED_ACTIONS)
    codes.extend(COLORLESS)
    return tuple(codes)


ALL_CODES: Final[tuple[str, ...]] = _build_codes()
"""Every card code, coloured ones grouped by colour, then the colourless ones."""

CODES: Final[frozenset[str]] = frozenset(ALL_CODES)

COLOR_OF: Final[dict[str, str | None]] = {
    code: (None if code in COLORLESS_COPIES else code[0]) for code in ALL_CODES
}
"""A card's printed colour, or None for a colourless card."""

SYMBOL_OF: Final[dict[str, str]] = {
    code: (code if code in COLORLESS_COPIES else code[1:]) for code in ALL_CODES
}
"""A card's symbol: '7', 'stop', '+2', ... A colourless card's symbol is its own name."""


def full_deck() -> list[str]:
    """The 116 cards in a fixed order (shuffle it with the game's seeded RNG)."""
    deck: list[str] = []
    for code in ALL_CODES:
        copies = COLORLESS_COPIES.get(code, 2)
        deck.extend([code] * copies)
    return deck


DECK_SIZE: Final[int] = 116

_SYMBOL_NAMES: Final[dict[str, str]] = {
    "stop": "Stop",
    "+2": "+2",
    "dir": "Change Direction",
    "plus": "Plus",
    "taki": "TAKI",
    "color": "Change Colour",
    "supertaki": "Super TAKI",
    "king": "King",
    "+3": "+3",
    "breaker": "+3 Breaker",
}
COLOR_NAMES: Final[dict[str, str]] = {"R": "red", "G": "green", "B": "blue", "Y": "yellow"}


def card_name(code: str) -> str:
    """English words for a card, e.g. 'red 7', 'blue Stop', 'King'."""
    color = COLOR_OF[code]
    symbol = SYMBOL_OF[code]
    name = _SYMBOL_NAMES.get(symbol, symbol)
    return name if color is None else f"{COLOR_NAMES[color]} {name}"
