"""The suite's own layout: the tests stand on their own support package, never on the
benchmarks (bench/ imports tests/support/, not the other way round)."""

from __future__ import annotations

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
