"""Content in another language: a translation file beside the English one, text only.

A lesson, puzzle, rule or theme file in English (``lessons/<name>.toml``,
``lessons/puzzles/<name>.toml``) may have a translation at
``lessons/<lang>/<same path>`` (Greek: ``lessons/el/...``). The translation
holds only the texts a user reads (:data:`TEXT_KEYS`) and the ``id`` of each
step or puzzle; every fact (positions, pits, answers, rules, goals) stays in
the English file, once. :func:`merge` lays the texts over the English data,
so a translated file is read and proved by the same loader and the same
engine checks. A text the translation lacks stays English;
:func:`problems` lists what is missing, extra or empty (the tests require none).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

CONTENT_DIR = Path(__file__).resolve().parent

TEXT_KEYS = frozenset({"title", "short", "intro", "summary", "text", "caption", "hint", "question", "done", "task",
                       "explanation", "hints", "wrong", "why", "done_by", "say", "refuse", "sweep_part", "sweep_empty"})
"""Keys whose values are words a user reads (strings, lists of strings, ``wrong``'s and ``why``'s pit -> text, or ``done_by``'s ending -> text)."""
SAY_PREFIX = "say_"
"""``rules.toml``'s announcement variants (``say_won``, ``say_laps``...) are texts too."""
PLACEHOLDER = re.compile(r"\{(\w+)(?::(?:gen|acc|at))?\}")
NUMBER = re.compile(r"(?<![\w{])\d+(?:\.\d+)?(?![\w}])")


def is_text_key(key: str) -> bool:
    return key in TEXT_KEYS or key.startswith(SAY_PREFIX)


def overlay_path(english: Path, lang: str) -> Path:
    """Where the ``lang`` translation of an English content file lives (``lessons/el/puzzles/x.toml``)."""
    return CONTENT_DIR / lang / Path(english).resolve().relative_to(CONTENT_DIR)


def _match(items: list[Any], other: list[Any]) -> list[tuple[Any, Any]]:
    """Pairs of list items: tables by their ``id`` (else by position), anything else by position."""
    if items and all(isinstance(x, dict) and "id" in x for x in items):
        by_id = {o.get("id"): o for o in other if isinstance(o, dict)}
        return [(x, by_id.get(x["id"])) for x in items]
    return [(x, other[k] if k < len(other) else None) for k, x in enumerate(items)]


def merge(english: Any, overlay: Any) -> Any:
    """``english`` with every text of ``overlay`` laid over it (see the module doc); facts untouched."""
    if isinstance(english, dict):
        if not isinstance(overlay, dict):
            return english
        out = {}
        for key, value in english.items():
            there = overlay.get(key)
            if is_text_key(key) and there is not None and _same_shape(value, there):
                out[key] = there
            elif isinstance(value, (dict, list)) and there is not None:
                out[key] = merge(value, there)
            else:
                out[key] = value
        return out
    if isinstance(english, list) and isinstance(overlay, list):
        return [merge(x, o) if o is not None else x for x, o in _match(english, overlay)]
    return english


def _same_shape(english: Any, text: Any) -> bool:
    if isinstance(english, str):
        return isinstance(text, str) and bool(text.strip())
    if isinstance(english, list):
        return isinstance(text, list) and len(text) == len(english) and all(isinstance(t, str) and t.strip()
                                                                            for t in text)
    if isinstance(english, dict):
        return isinstance(text, dict) and set(text) == set(english) and all(isinstance(t, str) and t.strip()
                                                                             for t in text.values())
    return False


def problems(english: Any, overlay: Any, where: str = "") -> list[str]:
    """What a translation lacks or has wrong: missing, extra, empty or misshapen texts, and texts whose
    placeholders or numbers differ from the English. Each line names the place (``steps[id].text``)."""
    out: list[str] = []
    if isinstance(english, dict):
        if not isinstance(overlay, dict):
            return [f"{where or 'file'}: missing"]
        for key in overlay:
            if key not in english or not (is_text_key(key) or key == "id" or isinstance(english[key], (dict, list))):
                out.append(f"{where}{key}: not a text of the English file")
        for key, value in english.items():
            here = f"{where}{key}"
            there = overlay.get(key)
            if is_text_key(key):
                if there is None:
                    out.append(f"{here}: missing")
                elif not _same_shape(value, there):
                    out.append(f"{here}: empty or not shaped like the English")
                else:
                    out += [f"{here}: {p}" for p in _compare(value, there)]
            elif isinstance(value, (dict, list)) and _has_text(value):
                out += problems(value, there if there is not None else {} if isinstance(value, dict) else [],
                                f"{here}.")
    elif isinstance(english, list):
        if not isinstance(overlay, list):
            return [f"{where.rstrip('.')}: missing"]
        for k, (x, o) in enumerate(_match(english, overlay)):
            name = x["id"] if isinstance(x, dict) and "id" in x else k
            if _has_text(x):
                out += problems(x, o if o is not None else {}, f"{where.rstrip('.')}[{name}].")
        ids = {x.get("id") for x in english if isinstance(x, dict)}
        out += [f"{where.rstrip('.')}[{o.get('id')}]: no such id in the English file" for o in overlay
                if isinstance(o, dict) and o.get("id") not in ids]
    return out


def _has_text(value: Any) -> bool:
    if isinstance(value, dict):
        return any(is_text_key(k) or _has_text(v) for k, v in value.items())
    if isinstance(value, list):
        return any(_has_text(v) for v in value)
    return False


def _texts(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, list):
        return [v for v in value if isinstance(v, str)]
    if isinstance(value, dict):
        return [value[k] for k in sorted(value)]
    return []


def _compare(english: Any, text: Any) -> list[str]:
    """Placeholders and numbers must match one for one (a translation never changes a fact)."""
    out = []
    for k, (en, tr) in enumerate(zip(_texts(english), _texts(text), strict=False)):
        tag = f"[{k}] " if not isinstance(english, str) else ""
        if sorted(PLACEHOLDER.findall(en)) != sorted(PLACEHOLDER.findall(tr)):
            out.append(f"{tag}placeholders differ: {sorted(PLACEHOLDER.findall(en))} vs {sorted(PLACEHOLDER.findall(tr))}")
        if sorted(NUMBER.findall(en)) != sorted(NUMBER.findall(tr)):
            out.append(f"{tag}numbers differ: {sorted(NUMBER.findall(en))} vs {sorted(NUMBER.findall(tr))}")
    return out


__all__ = ["CONTENT_DIR", "TEXT_KEYS", "is_text_key", "merge", "overlay_path", "problems"]
