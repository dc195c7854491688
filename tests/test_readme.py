"""The README's Quick start: two commands, each of which works alone on a fresh clone.

CI reads the second one and runs it (.ci/run); a person may run either first. A command
that uses ``.venv/bin/...`` before anything made ``.venv`` fails on a fresh clone with
"No such file or directory", so each must make (or reuse) the environment itself.
"""

from __future__ import annotations

import re
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"


def quick_start() -> list[str]:
    text = README.read_text(encoding="utf-8")
    block = re.search(r"^## Quick start\n.*?^```sh\n(.*?)^```", text, re.S | re.M)
    assert block is not None, "README has no Quick start code block"
    return [line for line in block.group(1).splitlines() if line.strip()]


def test_quick_start_holds_exactly_two_commands() -> None:
    assert len(quick_start()) == 2


def test_each_quick_start_command_makes_its_own_environment_first() -> None:
    for command in quick_start():
        steps = [step.strip() for step in command.split("&&")]
        assert steps[0] == "python3 -m venv .venv", command
        assert all(".venv/bin/" in step for step in steps[1:]), command
        assert "sudo" not in command and "activate" not in command


def test_the_second_command_installs_the_test_tools_and_runs_pytest() -> None:
    command = quick_start()[1]
    assert "'.[test]'" in command
    assert command.endswith(".venv/bin/python -m pytest")
