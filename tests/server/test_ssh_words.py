"""What a guest may type after the SSH entrance's address, and the name they play as
(server/ssh/words.py): pure functions, no server."""

from __future__ import annotations

import pytest

from server.ssh.words import BadCommand, Command, accepted, parse_command, player_name


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (None, Command()),
        ("", Command()),
        ("   ", Command()),
        ("watch t1", Command(watch="t1")),
        ("lang fr", Command(lang="fr")),
        ("watch t12 lang bg", Command(watch="t12", lang="bg")),
        ("lang kn  watch t3", Command(watch="t3", lang="kn")),
    ],
)
def test_the_accepted_words(text: str | None, expected: Command) -> None:
    assert parse_command(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "ls /", "bash", "scp -t /tmp", "watch", "lang", "lang xx", "watch t1 watch t2",
        "watch t1;rm", "watch $(id)", "watch ../../etc", "lang fr extra", "help",
        "internal-sftp", "watch " + "t" * 65,
    ],
)
def test_anything_else_is_refused_with_the_line_of_what_is_accepted(text: str) -> None:
    with pytest.raises(BadCommand) as refused:
        parse_command(text)
    line = str(refused.value)
    assert line == accepted() and "\n" not in line
    assert "'watch TABLE'" in line and "'lang CODE'" in line and "fr" in line


def test_the_ssh_user_name_is_the_player_name_when_the_protocol_takes_it() -> None:
    assert player_name("dana", "SHA256:abcdef") == ("dana", False)
    assert player_name("Dana Scully", None) == ("Dana Scully", False)


@pytest.mark.parametrize("user", ["", "   ", "x" * 25, "dana\x1b[31m", "a\nb"])
def test_a_refused_user_name_becomes_a_fallback(user: str) -> None:
    name, renamed = player_name(user, "SHA256:Ab+9/xYz0123")
    assert renamed and name == "guest-ab9xyz"
    assert player_name(user, "SHA256:Ab+9/xYz0123") == (name, True)  # the same each time
    keyless, renamed = player_name(user, None)
    assert renamed and keyless.startswith("guest-") and len(keyless) == 12
    assert keyless.isprintable()
