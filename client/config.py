"""The player's remembered settings (name, language) in the user's config directory."""

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

    @classmethod
    def load(cls) -> Settings:
        try:
            data = json.loads(config_path().read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return cls()
        if not isinstance(data, dict):
            return cls()
        return cls(str(data.get("name", ""))[:NAME_MAX], str(data.get("lang", ""))[:8])

    def save(self) -> None:
        path = config_path()
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(asdict(self)), encoding="utf-8")
        except OSError:
            pass  # a read-only home is no reason to stop playing
