"""The client's import graph (issue 15): no cycle, nothing of server/, no screen that
imports the app.

Read from the source with ``ast`` (every import, also those inside functions and
``TYPE_CHECKING`` blocks: a cycle hidden behind a local import is still one).
"""

from __future__ import annotations

import ast
from pathlib import Path

CLIENT = Path(__file__).resolve().parents[2] / "client"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(CLIENT.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in CLIENT.rglob("*.py")}


def imports_of(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """Every module ``name`` imports (absolute names; submodules named in a from-import
    count as imported)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            found.add(target)
            for alias in node.names:
                if f"{target}.{alias.name}" in known:
                    found.add(f"{target}.{alias.name}")
    return found


def graph() -> dict[str, set[str]]:
    known = modules()
    return {name: imports_of(name, path, known) for name, path in known.items()}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in edges.get(v, ()):
            if w not in edges:
                continue
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                on.discard(w)
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                found.append(sorted(part))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def test_the_walk_sees_the_imports() -> None:
    edges = graph()
    assert "client.session" in edges["client.app"]
    assert "client.screens.table" in edges["client.app"]
    assert "client.intents" in edges["client.screens.table"]


def test_the_cycle_finder_finds_one() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_no_import_cycle_in_client() -> None:
    assert cycles(graph()) == []


def test_no_screen_or_widget_imports_the_app() -> None:
    for name, targets in graph().items():
        if name.startswith(("client.screens", "client.widgets", "client.session")):
            assert "client.app" not in targets, name


def test_the_session_is_ui_free() -> None:
    targets = graph()["client.session"]
    assert not any(t.startswith(("client.screens", "client.widgets", "textual.app",
                                 "textual.screen", "textual.widget")) for t in targets)


def test_client_imports_nothing_of_the_server() -> None:
    for name, targets in graph().items():
        assert not any(t == "server" or t.startswith("server.") for t in targets), name
