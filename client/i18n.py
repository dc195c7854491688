"""Languages: gettext-style look-up of the UI's English strings in a catalog.

``_("Draw")`` returns the string in the chosen language, or the English when the
catalog lacks it. Catalogs live in ``client/locales/<lang>.py`` as one ``MESSAGES``
dict each (English text -> translation), so adding a language is adding one file.
``choose`` picks from ``--lang``, then the saved setting, then the locale.
"""

from __future__ import annotations

import importlib
import locale
import os

LANGUAGES: dict[str, str] = {
    "en": "English",
    "fr": "Français",
    "bg": "Български",
    "is": "Íslenska",
    "kn": "ಕನ್ನಡ",
}

_current: dict[str, str] = {}
_lang = "en"


def choose(*preferred: str | None) -> str:
    """The first supported language among ``preferred`` and the locale; 'en' otherwise."""
    candidates = [p for p in preferred if p]
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        if os.environ.get(var):
            candidates.append(os.environ[var])
    try:
        loc = locale.getlocale()[0]
    except ValueError:
        loc = None
    if loc:
        candidates.append(loc)
    for cand in candidates:
        code = cand.split(".")[0].split("_")[0].lower()
        if code in LANGUAGES:
            return code
    return "en"


def set_language(lang: str) -> str:
    """Switch the catalog; returns the language actually used."""
    global _current, _lang
    if lang not in LANGUAGES or lang == "en":
        _current, _lang = {}, "en"
        return "en"
    try:
        module = importlib.import_module(f"client.locales.{lang}")
        _current = dict(module.MESSAGES)
    except (ImportError, AttributeError):
        _current = {}
    _lang = lang
    return lang


def language() -> str:
    return _lang


def _(text: str) -> str:
    """``text`` in the current language."""
    return _current.get(text, text)
