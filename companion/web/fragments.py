"""Rendered regions kept by what they show, and not re-sent to a page that shows them.

A live page (the console, a seat, the board) is made of regions: `{% call fragment(name,
what it shows...) %}`. A region is rendered once per look and kept in a small cache named by
exactly what it shows, and its first tag carries `data-region` (its name) and `data-shown` (a
tag of that look). The page's browser names the regions it shows (`X-Regions`, from
`static/app.js`); an answer whose region is the one on screen carries only
`<template data-same=...>`, and the browser keeps its region as it is: nothing is rendered,
sent, parsed, styled or laid out again. The console's drawings (`ursuppe/drawings.py`) are
kept in the same cache.
"""

from __future__ import annotations

import hashlib
import marshal
import re
import threading
from collections import OrderedDict
from collections.abc import Callable
from contextvars import ContextVar
from typing import Any

from flask import g, request
from markupsafe import Markup

from companion.i18n import current_language

HEADER = "X-Regions"
CACHED = 512  # regions and drawings of the last taps of a few games, six phones, two languages
_cache: OrderedDict[Any, Any] = OrderedDict()
_lock = threading.Lock()  # waitress answers on many threads
# Inside a region being rendered no placeholder may be written: the region is cached and
# served to pages that do not show what the placeholder stands for.
_inside: ContextVar[int] = ContextVar("inside_fragment", default=0)
_FIRST_TAG = re.compile(r"\s*<[a-zA-Z][^>]*")  # up to its end (">" is escaped in values)


def digest(parts: tuple) -> str:
    """A short name for plain data (tuples, numbers, words, core messages)."""
    try:  # plain data: marshal's bytes, ten times faster than repr
        data = marshal.dumps(parts, 2)  # version 2 writes no back-references: same data, same bytes
    except ValueError:  # core objects (a message, a term)
        data = repr(parts).encode()
    return hashlib.blake2b(data, digest_size=8).hexdigest()


def remembered(key: Any, render: Callable[[], Any]) -> Any:
    """What is kept under `key`, else rendered now and kept (newest last)."""
    with _lock:
        found = _cache.get(key)
        if found is not None:
            _cache.move_to_end(key)
            return found
    found = render()
    with _lock:
        _cache[key] = found
        if len(_cache) > CACHED:
            _cache.popitem(last=False)
    return found


def peek(key: Any) -> Any:
    """What is kept under `key`, or None (without making it newer)."""
    with _lock:
        return _cache.get(key)


def clear() -> None:
    """Forget every kept region and drawing (tests start afresh)."""
    with _lock:
        _cache.clear()


def claimed(header: str) -> set[str]:
    """What the browser says it shows, from an htmx request's `header` (empty otherwise);
    read once per request (every region and drawing of the answer asks)."""
    known = g.setdefault("claimed", {})
    if header not in known:
        partial = request.headers.get("HX-Request") == "true"  # a whole page keeps nothing
        known[header] = set(request.headers.get(header, "").split()[:64]) if partial else set()
    return known[header]


def fragment(name: str, *shown: Any, caller: Callable[[], str]) -> Markup:
    """A template region (`{% call fragment(name, what it shows...) %}`) rendered once per
    look: `shown` must be everything the region's body reads, apart from the language."""
    key: Any = (name, current_language(), shown)
    try:  # plain tuples name it as they are (exact, and cheaper than a digest)
        key = _Hashed(key)
        tag = format(key.hash & 0xFFFFFFFFFFFF, "x")
    except TypeError:  # a list or a dict among them: named by its digest
        key = tag = digest(key)
    if not _inside.get() and f"{name}:{tag}" in claimed(HEADER):
        return Markup(f'<template data-same="{name}" data-shown="{tag}"></template>')
    return remembered(key, lambda: _region(name, tag, caller))


def _region(name: str, tag: str, caller: Callable[[], str]) -> Markup:
    depth = _inside.set(_inside.get() + 1)
    try:
        body = str(caller())
    finally:
        _inside.reset(depth)
    first = _FIRST_TAG.match(body)
    if first is None:
        return Markup(body)  # no element of its own (an empty region): sent every time
    at = first.end()
    return Markup(f'{body[:at]} data-region="{name}" data-shown="{tag}"{body[at:]}')


class _Hashed:
    """A cache key whose hash is computed once: a region's name holds the core's terms and
    messages, whose hashes are not kept, and the cache looks a key up twice (get, then
    move_to_end)."""

    __slots__ = ("key", "hash")

    def __init__(self, key: tuple) -> None:
        self.key = key
        self.hash = hash(key)

    def __hash__(self) -> int:
        return self.hash

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Hashed) and self.hash == other.hash and self.key == other.key
