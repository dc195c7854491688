"""Measure text as terminals draw it: a spacing vowel sign takes a cell.

Rich counts every combining mark as zero cells wide. Terminals (tmux, VTE, xterm, all
following the system's wcwidth) give zero cells only to non-spacing marks (Mn, Me); the
spacing marks (Mc) of Indic scripts, such as Kannada's vowel signs ಾ ೀ ು, take one.
Measured in tmux: every Kannada Mc sign in our catalog advanced the cursor by one cell
while Rich counted zero, so each Kannada line pushed the box borders right. Installing
this measure (once, when the client package is imported) makes Rich, and the Textual
layout built on it, agree with the terminal.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

import rich.cells

_rich_size = rich.cells.get_character_cell_size


@lru_cache(maxsize=4096)
def character_cells(character: str, unicode_version: str = "auto") -> int:
    """Cells ``character`` takes in a terminal: Rich's answer, except spacing marks."""
    if unicodedata.category(character) == "Mc":
        return 1
    return _rich_size(character, unicode_version)


def install() -> None:
    """Make Rich (and so Textual) use ``character_cells``; idempotent."""
    if rich.cells.get_character_cell_size is not character_cells:
        rich.cells.get_character_cell_size = character_cells
        rich.cells.cached_cell_len.cache_clear()
