"""The reader's language, for the web and the terminal: Spanish, Italian or English.

Every device chooses its own (`lang` cookie, set by the language switch on every page),
else its browser's `Accept-Language`, else English; the terminal takes `--lang` or its
locale. Nothing stored depends on it: the record and the log keep the engine's messages,
and `t` renders them (and anything else the core gives) in the reader's language through
the same catalogs as the templates (`companion/translations`).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Mapping
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from babel.support import NullTranslations, Translations

from companion.tracker.citations import Book, citation_msg, cite
from companion.tracker.colors import Color, color_term
from companion.tracker.msg import P_, Msg, Param, Seq, Term, Translator, render

LANGUAGES = ("es", "it", "en")
# Each language named in its own words, so anyone finds theirs.
LANGUAGE_NAMES = {"es": "Español", "it": "Italiano", "en": "English"}
DEFAULT = "en"
COOKIE = "lang"
COOKIE_AGE = 60 * 60 * 24 * 365  # a device remembers its language for a year
TRANSLATIONS = Path(__file__).parent / "translations"

if TYPE_CHECKING:
    from flask import Flask


def has_request_context() -> bool:
    """Whether a web request is being answered (the terminal never imports Flask)."""
    flask = sys.modules.get("flask")
    return flask is not None and flask.has_request_context()


@lru_cache(maxsize=len(LANGUAGES))
def translator(lang: str) -> NullTranslations:
    """The catalog of a language (loaded once); English for an unknown one."""
    if lang not in LANGUAGES:
        lang = DEFAULT
    return Translations.load(str(TRANSLATIONS), [lang])


def _translations() -> Translator:
    """The current request's catalog (Flask-Babel's, by the locale selector), looked up once
    per request: a console renders a few thousand words, and each lookup through Flask-Babel
    walks the request context again."""
    from flask.globals import _cv_request

    ctx = _cv_request.get()  # the request itself, not through its proxies (a hot path)
    found = getattr(ctx, "companion_translations", None)
    if found is None:
        # The catalog Flask-Babel's `get_translations` loads for the same language (the same
        # folder, the same selector), without its locale parsing on every request.
        found = ctx.companion_translations = translator(current_language())
    return found


def _catalog() -> Translator:
    """The current request's catalog, else English's."""
    return _translations() if has_request_context() else translator(DEFAULT)


def gettext(string: str, **variables: Any) -> str:
    """Flask-Babel's `gettext` through the request's catalog looked up once (the drawings
    ask for their words on every tap): the word, formatted with `variables`."""
    found = _catalog().ugettext(string)
    return found % variables if variables else found


def ngettext(singular: str, plural: str, num: int, **variables: Any) -> str:
    """Flask-Babel's `ngettext` (`num` is among the variables), as `gettext`."""
    variables.setdefault("num", num)
    return _catalog().ungettext(singular, plural, num) % variables


def pgettext(context: str, string: str, **variables: Any) -> str:
    """Flask-Babel's `pgettext`, as `gettext`."""
    found = _catalog().upgettext(context, string)
    return found % variables if variables else found


def said(value: Any) -> Param | None:
    """What a core object says: a prompt's, an event's or a refusal's message (`msg`, else
    its English `text` or `message`), or the value itself."""
    if value is None or isinstance(value, (Msg, Term, Seq, str, int)):
        return value
    for name in ("msg", "text", "message"):
        found = value.get(name) if isinstance(value, Mapping) else getattr(value, name, None)
        if found is not None:
            return found
    return str(value)


def t(value: Any, lang: str | None = None, *, context: str | None = None) -> str:
    """Anything the core gives in the reader's language (`lang`, else the current request's,
    else English): a message, a term, a sequence, a number, None (nothing), or an object that
    says one (a prompt, an event, a refusal). Plain text is shown as it is (a name), unless
    `context` says it is a marked word: "" for `N_` texts, else its `P_` context ("gene")."""
    if lang is None and has_request_context():
        tr = _translations()
    else:
        tr = translator(lang or DEFAULT)
    value = said(value)
    if isinstance(value, str) and context is not None:
        return tr.pgettext(context, value) if context else tr.gettext(value)
    if isinstance(value, (Msg, Seq)):
        try:
            return _rendered(value, tr)
        except TypeError:  # a parameter that cannot be hashed: render it each time
            pass
    return render(value, tr)


@lru_cache(maxsize=8192)
def _rendered(value: Msg | Seq, tr: Translator) -> str:
    """A message in a catalog's words, remembered: a console shows the same sentences (the
    log, the players' names) tap after tap, and messages and catalogs never change."""
    return render(value, tr)


def gettext_for(lang: str) -> Callable[[str], str]:
    """The catalog's gettext for a language: `_ = gettext_for(args.lang)`."""
    return translator(lang).gettext


def citation(source: Any, rulebook: Book, lang: str) -> str:
    """A citation for a reader of `lang` in a group that holds `rulebook`, in words."""
    return t(citation_msg(cite(source, rulebook, lang)), lang)


def refusal_text(exc: Any, rulebook: Book, lang: str) -> str:
    """A refused action or record in words, with its rule cited, in the reader's language."""
    source = getattr(exc, "source", None)
    message = t(exc, lang)
    return f"{message} ({citation(source, rulebook, lang)})" if source else message


def color_name(color: str | Color) -> str:
    """A color's name in the reader's language (`red`: `rojo`)."""
    return t(color_term(Color(color)))


# The compass's words (a soup's drift, the setup's compass), by the code a state gives.
COMPASS = {
    "N": P_("direction", "north"),
    "E": P_("direction", "east"),
    "S": P_("direction", "south"),
    "W": P_("direction", "west"),
}


def direction(code: str) -> str:
    """A compass direction in the reader's language (`N`: `norte`)."""
    return t(Term("direction", COMPASS[code]))


def gene(name: Any) -> str:
    """A gene's name (its English name, or its term) as the reader's printed cards say it."""
    return t(name, context="gene")


def select_language() -> str:
    """The request's language: its `lang` cookie, else the best of `Accept-Language`, else
    English (Flask-Babel's locale selector)."""
    from flask import request

    return _language_of(request.cookies.get(COOKIE, ""), request.headers.get("Accept-Language", ""))


@lru_cache(maxsize=256)
def _language_of(cookie: str, accept: str) -> str:
    """The language a `lang` cookie and an `Accept-Language` header choose (a device sends
    the same ones on every request: parsed once)."""
    if cookie in LANGUAGES:
        return cookie
    from werkzeug.datastructures import LanguageAccept
    from werkzeug.http import parse_accept_header

    found = parse_accept_header(accept, LanguageAccept).best_match(LANGUAGES, default=DEFAULT)
    return found or DEFAULT


def current_language() -> str:
    """The language of the current request (English outside one), looked up once per
    request (the console's drawings and regions ask it for their names)."""
    if not has_request_context():
        return DEFAULT
    from flask.globals import _cv_request

    ctx = _cv_request.get()
    found = getattr(ctx, "companion_language", None)
    if found is None:
        found = ctx.companion_language = select_language()  # Flask-Babel's selector too
    return found


def terminal_language(environ: dict[str, str] | None = None) -> str:
    """The terminal's language from its locale (LC_ALL, LC_MESSAGES, LANG: `es_ES.UTF-8` is
    Spanish), else English."""
    env = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name, "")
        if value:
            code = value.split(".")[0].split("@")[0].split("_")[0].split("-")[0].lower()
            return code if code in LANGUAGES else DEFAULT
    return DEFAULT


def safe_next(target: str | None) -> str:
    """A path on this site to go back to (never another site): the given one, else `/`."""
    if not target:
        return "/"
    parts = urlsplit(target)
    if parts.scheme or parts.netloc or not parts.path.startswith("/") or "\\" in target:
        return "/"
    if parts.path.startswith("//"):
        return "/"
    return parts.path + (f"?{parts.query}" if parts.query else "")


def here() -> str:
    """The page to come back to after switching language: this page when it was opened
    by GET, else the page the request came from (a refused form), else the games."""
    from flask import request

    if request.method == "GET":
        return safe_next(request.full_path.rstrip("?"))
    referrer = request.referrer or ""
    if referrer and urlsplit(referrer).netloc == request.host:
        return safe_next(referrer)
    return "/"


def language_links() -> list[dict[str, object]]:
    """The language switch: each language in its own words, linking back to this page."""
    from flask import url_for

    now = current_language()
    back = here()
    return [
        {
            "code": code,
            "name": LANGUAGE_NAMES[code],
            "url": url_for("lang.switch", code=code, next=back),
            "current": code == now,
        }
        for code in LANGUAGES
    ]


def init_app(app: Flask) -> None:
    """Flask-Babel with the language selector and `t` for the templates (the switch is the
    `lang` blueprint, registered by the app)."""
    from flask_babel import Babel

    Babel(app, locale_selector=select_language)
    # The templates' `_()` and friends read the request's catalog once (see _translations).
    app.jinja_env.install_gettext_callables(
        gettext=lambda s: _translations().ugettext(s),
        ngettext=lambda s, p, n: _translations().ungettext(s, p, n),
        newstyle=True,
        pgettext=lambda c, s: _translations().upgettext(c, s),
        npgettext=lambda c, s, p, n: _translations().unpgettext(c, s, p, n),
    )
    app.jinja_env.globals.update(
        t=t,
        color_name=color_name,
        direction=direction,
        current_language=current_language,
        language_links=language_links,
    )
    app.jinja_env.filters.update(t=t, gene=gene)
