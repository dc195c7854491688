"""The suite's own layout: the tests stand on their own support package, never on the
benchmarks (bench/ imports tests/support/, not the other way round)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

TESTS = Path(__file__).resolve().parent
BENCH_IMPORT = re.compile(r"^\s*(from|import)\s+bench(\.|\s|$)", re.MULTILINE)


def bench_importers(root: Path) -> list[str]:
    """The Python files under ``root`` that import the bench package."""
    return sorted(str(path.relative_to(root)) for path in root.rglob("*.py")
                  if BENCH_IMPORT.search(path.read_text(encoding="utf-8")))


def test_no_test_or_support_module_imports_bench(tmp_path: Path) -> None:
    (tmp_path / "probe.py").write_text("import os\n    from bench.harness import x\n")
    assert bench_importers(tmp_path) == ["probe.py"]  # the check sees an indented import
    assert bench_importers(TESTS) == []


BENCH = TESTS.parent / "bench"


def imported_modules(node: ast.Import | ast.ImportFrom) -> list[str]:
    """The dotted names ``node`` imports, a from-import's names under their module
    (``from . import test_x`` imports ``.test_x``)."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    base = "." * node.level + (node.module or "")
    return [base] + [f"{base}.{alias.name}" for alias in node.names]


def importers_of_test_modules(root: Path) -> list[str]:
    """The Python files under ``root`` that import a test module (a ``test_*`` module,
    relatively or through ``tests``), wherever the import stands (indented, in parens)."""
    found = []
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import | ast.ImportFrom) and any(
                part.startswith("test_")
                for name in imported_modules(node) for part in name.split(".")
            ):
                found.append(str(path.relative_to(root)))
                break
    return found


def test_no_test_module_imports_another_test_module(tmp_path: Path) -> None:
    """Helpers that several test files share live in tests/support/: importing a test
    module from another ties the files together and hides where a helper is."""
    probes = {
        "relative.py": "from .test_server import Inbox\n",
        "parent.py": "from ..server.test_storage_faults import FlakyStore\n",
        "absolute.py": "def f() -> None:\n    import tests.server.test_server\n",
        "package.py": "from . import (\n    samples,\n    test_conformance,\n)\n",
        "support.py": "from ..support.inbox import Inbox\nfrom .support import clientkit\n",
    }
    for name, text in probes.items():
        (tmp_path / name).write_text(text)
    # the check sees each form, indented or in parens, and passes a support import
    assert importers_of_test_modules(tmp_path) == [
        "absolute.py", "package.py", "parent.py", "relative.py"
    ]
    found = {f"{root.name}/{path}" for root in (TESTS, BENCH)
             for path in importers_of_test_modules(root)}
    assert found == set()
