"""PROTOCOL.md as the tests read it: its text, a section by its heading, a section's
field table by field name, and the check that a record's fields are documented as the
code declares them (required, always sent). The protocol catalogue and the standings
tests both hold the code to the spec through these."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path
from typing import Any, cast

from protocol.records import Record

SPEC = (Path(__file__).resolve().parents[2] / "PROTOCOL.md").read_text(encoding="utf-8")


def section(heading: re.Pattern[str]) -> tuple[str, str]:
    """The heading line matching ``heading`` and the text up to the next heading."""
    match = heading.search(SPEC)
    assert match, heading.pattern
    start = match.start()
    end = SPEC.find("\n#", match.end())
    line_end = SPEC.index("\n", start)
    return SPEC[start:line_end], SPEC[line_end : end if end != -1 else len(SPEC)]


def rows(body: str) -> dict[str, str]:
    """Table rows by their first cell's `name`."""
    out = {}
    for line in body.splitlines():
        cell = re.match(r"\| `([^`]+)` \|", line)
        if cell:
            out[cell.group(1)] = line
    return out


def check_fields(cls: type[Record], body: str) -> None:
    """Fails unless the field table in ``body`` names exactly the fields of ``cls`` and
    marks which are required and which are always sent as the code declares them."""
    table = rows(body)
    fields = dataclasses.fields(cast(Any, cls))
    assert sorted(table) == sorted(f.name for f in fields), cls.__name__
    for f in fields:
        always = f.metadata.get("omit") is False and f.default is None
        assert ("*always sent*" in table[f.name]) == always, (cls.__name__, f.name)
        required = f.default is dataclasses.MISSING
        assert ("| required |" in table[f.name]) == required, (cls.__name__, f.name)
