"""The client's UI strings found the way a gettext extractor would: every
``_("literal")`` and ``ngettext("singular", "plural", n)`` call in ``client/**/*.py``,
read with ``ast`` (so a new string without its translations fails the i18n tests), and
a language's catalog module. The i18n, glossary and fit tests all check against these."""

from __future__ import annotations

import ast
import importlib
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

CLIENT = Path(__file__).resolve().parents[2] / "client"


def _calls(name: str) -> Iterator[tuple[ast.Call, str]]:
    """Every call of the plain name ``name`` under client/, with its file:line."""
    for path in sorted(CLIENT.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == name
            ):
                yield node, f"{path.relative_to(CLIENT.parent)}:{node.lineno}"


def ui_strings() -> dict[str, str]:
    """Every ``_("...")`` literal under client/, with where it first occurs."""
    found: dict[str, str] = {}
    for node, where in _calls("_"):
        first = node.args[0] if node.args else None
        if isinstance(first, ast.Constant) and isinstance(first.value, str):
            found.setdefault(first.value, where)
    return found


def plural_strings() -> dict[str, tuple[str, str]]:
    """Every ``ngettext("singular", "plural", n)`` under client/: singular -> (plural,
    where)."""
    found: dict[str, tuple[str, str]] = {}
    for node, where in _calls("ngettext"):
        args = node.args[:2]
        assert len(args) == 2 and all(
            isinstance(a, ast.Constant) and isinstance(a.value, str) for a in args
        ), f"{where}: ngettext takes two literal msgids"
        singular, plural = (str(a.value) for a in args if isinstance(a, ast.Constant))
        found.setdefault(singular, (plural, where))
    return found


def plural_numbers() -> dict[str, set[str]]:
    """Every ``ngettext`` singular msgid -> the sentence's other numbers its calls pass
    by keyword (``wins=...``), which a catalog's ``PLURAL_BY`` may pick its form by."""
    found: dict[str, set[str]] = {}
    for node, _where in _calls("ngettext"):
        first = node.args[0] if node.args else None
        if isinstance(first, ast.Constant) and isinstance(first.value, str):
            found.setdefault(first.value, set()).update(
                k.arg for k in node.keywords if k.arg is not None)
    return found


UI_STRINGS = ui_strings()
PLURAL_STRINGS = plural_strings()
PLURAL_NUMBERS = plural_numbers()


def catalog(lang: str) -> ModuleType:
    """The catalog module of ``lang`` (``client.locales.LANG``)."""
    return importlib.import_module(f"client.locales.{lang}")
