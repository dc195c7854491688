"""Languages: gettext-style look-up of the UI's English strings in a catalog.

``_("Draw")`` returns the string in the chosen language, or the English when the
catalog lacks it. Catalogs live in ``client/locales/<lang>.py``: a ``MESSAGES`` dict
(English text -> translation), ``RULES``, the help screen's rules in Markdown, and
optionally ``KEYS``, the names its keyboards print on keys such as Enter; so
adding a language is adding one file.
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
_keys: dict[str, str] = {}
_rules: str | None = None
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
    global _current, _keys, _lang, _rules
    _current, _keys, _rules, _lang = {}, {}, None, "en"
    if lang not in LANGUAGES or lang == "en":
        return "en"
    try:
        module = importlib.import_module(f"client.locales.{lang}")
    except ImportError:
        return "en"
    _current = dict(getattr(module, "MESSAGES", {}))
    _keys = dict(getattr(module, "KEYS", {}))
    rules = getattr(module, "RULES", None)
    _rules = rules if isinstance(rules, str) else None
    _lang = lang
    return lang


def language() -> str:
    return _lang


def rules(english: str) -> str:
    """The rules help in the current language (``RULES`` of its catalog), else English."""
    return _rules or english


def plural_one(n: int, lang: str | None = None) -> bool:
    """Whether ``n`` takes the singular ("one") form in ``lang`` (CLDR integer rules).

    All five languages have exactly two forms for whole numbers, so a catalog holds the
    singular and the plural msgid each with its translation; only the choice differs:
    French and Kannada say 0 in the singular, Icelandic 21, 31, ... (not 11)."""
    lang = lang or _lang
    if lang in ("fr", "kn"):
        return n in (0, 1)
    if lang == "is":
        return n % 10 == 1 and n % 100 != 11
    return n == 1


def ngettext(singular: str, plural: str, n: int) -> str:
    """``singular`` or ``plural`` by the current language's rule, translated."""
    return _(singular) if plural_one(n) else _(plural)


def key(name: str) -> str:
    """A key's name as this language's keyboards print it ('Enter' is 'Entrée' on a
    French keyboard); a catalog's optional ``KEYS`` dict, else the English name."""
    return _keys.get(name, name)


def _(text: str) -> str:
    """``text`` in the current language."""
    return _current.get(text, text)
