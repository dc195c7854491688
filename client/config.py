"""The player's remembered settings (name, language, bots' level, the your-turn bell and
notification) in the user's config directory."""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass
from pathlib import Path

from platformdirs import user_config_dir

from protocol.limits import NAME_MAX


def config_path() -> Path:
    override = os.environ.get("TAKI_CONFIG_DIR")
    base = Path(override) if override else Path(user_config_dir("taki", appauthor=False))
    return base / "client.json"


def valid_name(name: str) -> bool:
    """A player name the server accepts: 1 to NAME_MAX printable characters (trimmed;
    the one limit of protocol/limits.py)."""
    name = name.strip()
    return 0 < len(name) <= NAME_MAX and name.isprintable()


@dataclass
class Settings:
    name: str = ""
    lang: str = ""
    spectator_name: str = ""
    """The name shown when watching (``--watch``): a spectator is not the player."""
    intro_seen: bool = True
    """The one-screen how-to-play was shown. A settings file without it (a first launch)
    loads as False; a Settings() built in code (tests, tools) shows no intro."""
    bot_level: str = "basic"
    """The bots' level last chosen (a bot kind: client/levels.py), for Play now, the
    create-table dialog and the host's add-bot key."""
    bell_on_turn: bool = True
    """Ring the terminal bell when it becomes your turn (client/nudge.py)."""
    notify_on_turn: bool = True
    """Send a desktop notification then, in terminals that show one."""

    @classmethod
    def load(cls) -> Settings:
        try:
            data = json.loads(config_path().read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return cls(intro_seen=False)
        if not isinstance(data, dict):
            return cls(intro_seen=False)
        return cls(
            name=str(data.get("name", ""))[:NAME_MAX],
            lang=str(data.get("lang", ""))[:8],
            spectator_name=str(data.get("spectator_name", ""))[:NAME_MAX],
            intro_seen=data.get("intro_seen") is True,
            bot_level=str(data.get("bot_level", "basic"))[:16],
            bell_on_turn=data.get("bell_on_turn") is not False,  # on unless turned off
            notify_on_turn=data.get("notify_on_turn") is not False,
        )

    def save(self) -> None:
        path = config_path()
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(asdict(self)), encoding="utf-8")
        except OSError:
            pass  # a read-only home is no reason to stop playing
