"""Languages: gettext-style look-up of the UI's English strings in a catalog.

``_("Draw")`` returns the string in the chosen language, or the English when the
catalog lacks it; ``ngettext("{n} card", "{n} cards", n)`` picks the form the
language's CLDR plural rule gives for ``n``. Catalogs live in
``client/locales/<lang>.py``:

- ``MESSAGES``: English text -> translation. Every msgid is a whole sentence (or a
  whole label) with named placeholders, so a translator controls word order, case and
  agreement; where a language needs a form per case the English does not show (a
  colour adjective agreeing with each card's gender), the msgid is the whole phrase
  ("red Stop", "red {number}"), not pieces put together here.
- ``PLURALS``: English singular msgid -> ``{category: translation}``, one entry per
  CLDR category of the language for whole numbers (``CATEGORIES``).
- ``PLURAL_BY`` (optional): singular msgid -> the placeholder whose number picks the
  form, where the language puts its noun with another number of the sentence than the
  English does: "won 1 of 2 games" is "a gagné 1 partie sur 2" (the wins pick it).
- ``RULES``: the help screen's rules in Markdown; ``KEYS``: the names its keyboards
  print on keys such as Enter (optional).

Adding a language is adding one file. Why dicts and not gettext ``.po`` files with
Babel: five languages with two or three plural categories each are five one-line rules
(checked against CLDR's own examples in tests/client/test_i18n.py); Python catalogs need no
compile step, load with the package, and a test reads every ``_()`` and ``ngettext()``
call to prove each catalog complete. Babel would add a dependency for what is here
twenty lines.
``choose`` picks from ``--lang``, then the saved setting, then the locale.
"""

from __future__ import annotations

import importlib
import locale
import os
from collections.abc import Callable

LANGUAGES: dict[str, str] = {
    "en": "English",
    "fr": "Français",
    "bg": "Български",
    "is": "Íslenska",
    "kn": "ಕನ್ನಡ",
}

CATEGORIES: dict[str, tuple[str, ...]] = {
    "en": ("one", "other"),
    "fr": ("one", "many", "other"),
    "bg": ("one", "other"),
    "is": ("one", "other"),
    "kn": ("one", "other"),
}
"""The CLDR plural categories each language has for whole numbers (``v = 0``)."""


def _rule_en(n: int) -> str:  # one: i = 1 and v = 0
    return "one" if n == 1 else "other"


def _rule_fr(n: int) -> str:  # one: i = 0,1; many: i != 0 and i % 1000000 = 0 and v = 0
    if n in (0, 1):
        return "one"
    return "many" if n % 1_000_000 == 0 else "other"


def _rule_is(n: int) -> str:  # one: t = 0 and i % 10 = 1 and i % 100 != 11
    return "one" if n % 10 == 1 and n % 100 != 11 else "other"


def _rule_kn(n: int) -> str:  # one: i = 0 or n = 1
    return "one" if n in (0, 1) else "other"


_RULES: dict[str, Callable[[int], str]] = {
    "en": _rule_en,
    "fr": _rule_fr,
    "bg": _rule_en,  # one: n = 1
    "is": _rule_is,
    "kn": _rule_kn,
}

_current: dict[str, str] = {}
_plurals: dict[str, dict[str, str]] = {}
_keys: dict[str, str] = {}
_plural_by: dict[str, str] = {}
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
    global _current, _plurals, _plural_by, _keys, _lang, _rules
    _current, _plurals, _plural_by, _keys, _rules, _lang = {}, {}, {}, {}, None, "en"
    if lang not in LANGUAGES or lang == "en":
        return "en"
    try:
        module = importlib.import_module(f"client.locales.{lang}")
    except ImportError:
        return "en"
    _current = dict(getattr(module, "MESSAGES", {}))
    _plurals = {k: dict(v) for k, v in getattr(module, "PLURALS", {}).items()}
    _plural_by = dict(getattr(module, "PLURAL_BY", {}))
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


def plural_category(n: int, lang: str | None = None) -> str:
    """The CLDR plural category of the whole number ``n`` in ``lang`` ('one', 'many' or
    'other'): French and Kannada put 0 with 1, Icelandic 21, 31, ... (not 11), and
    French says "un million de cartes" ('many')."""
    return _RULES.get(lang or _lang, _rule_en)(abs(n))


def plural_one(n: int, lang: str | None = None) -> bool:
    """Whether ``n`` takes the singular ('one') form in ``lang``."""
    return plural_category(n, lang) == "one"


def ngettext(singular: str, plural: str, n: int, **numbers: int) -> str:
    """The form of ``singular``/``plural`` that ``n`` takes in the current language.

    A catalog's ``PLURALS[singular]`` holds a translation per category; a missing
    category falls back to 'other', a missing entry to the English. ``numbers`` are the
    sentence's other numbers by placeholder: a catalog's ``PLURAL_BY[singular]`` names
    the one that picks its form instead of ``n``."""
    forms = _plurals.get(singular)
    if forms:
        category = plural_category(numbers.get(_plural_by.get(singular, "n"), n))
        found = forms.get(category) or forms.get("other")
        if found:
            return found
    return singular if _rule_en(abs(n)) == "one" else plural


def key(name: str) -> str:
    """A key's name as this language's keyboards print it ('Enter' is 'Entrée' on a
    French keyboard); a catalog's optional ``KEYS`` dict, else the English name."""
    return _keys.get(name, name)


def _(text: str) -> str:
    """``text`` in the current language."""
    return _current.get(text, text)
