"""The pages a served session runs in: the full app's (textual-serve's template, patched)
and the text-mode page (real DOM, for screen readers and phones).

The text-mode page is plain HTML with its words in the server's language; its script puts
every line the session says into an ARIA live region with ``textContent`` (never markup)
and sends what the student types in a labelled field, one line a message
(:mod:`squaregame.classroom.textsession` runs the session). Nothing is fetched from
anywhere: its style and script are inside it, and the policy it is served with
(:func:`text_policy`) lets nothing else run or load.
"""

from __future__ import annotations

import base64
import functools
import hashlib
import html
import json
import re
from pathlib import Path

from squaregame import paths
from squaregame.text import Catalog

TEXT_PATH = "/text"  # the text-mode page; its socket is at TEXT_PATH + "/ws"
MAX_TYPED = 500  # characters the field takes (the server cuts a longer line too)

# The page textual-serve ships asks Google Fonts for Roboto Mono: an offline classroom waits
# for it, and every student's browser would contact a third party. The same font ships
# in textual-serve's own static folder; the page is served with it (or the system
# monospace) and refers to no other host.
_REMOTE_STYLESHEET = re.compile(r"<link[^>]*href=\"https?://[^\"]*\"[^>]*/?>", re.S)
_LOCAL_FONT = """<style>
      @font-face {
        font-family: "Roboto Mono";
        src: url("{{ config.static.url }}fonts/RobotoMono-VariableFont_wght.ttf");
      }
    </style>"""

# The words textual-serve's page says when a session ends, said in the server's language
_PAGE_WORDS = {
    '<div class="message">Session ended.</div>': "serve.page.session_ended",
    'onClick="refresh()">Restart</button>': "serve.page.restart",
}

# The full app's page: a bar above the terminal with a link to text mode (the terminal,
# which textual-serve sizes to the whole window, is made that much shorter)
_BAR_STYLE = """<style>
      body { margin: 0; }
      #text-mode-bar { height: 2rem; line-height: 2rem; padding: 0 0.75rem;
        font: 16px system-ui, sans-serif; background: #12232d; }
      #text-mode-bar a { color: #9fd3ff; }
      body #terminal.textual-terminal { height: calc(100vh - 2rem); }
    </style>"""


# The full app's page: a session the server closes with a reason (the class full, too many
# tabs, idle) says why in the page's "Session ended." dialog. textual-serve's script opens
# its socket with the page's ``WebSocket``, which this wraps before that script loads; the
# reason goes in as text, never markup.
_SAY_WHY = """<script>
      (function () {
        var Native = window.WebSocket, said = %s;
        function show(reason) {
          var box = document.querySelector(".closed-dialog .message");
          if (box) box.textContent = said.replace("{reason}", reason);
        }
        function Socket(url, protocols) {
          var ws = protocols === undefined ? new Native(url) : new Native(url, protocols);
          ws.addEventListener("close", function (event) {
            if (event.reason) show(event.reason);
          });
          return ws;
        }
        Socket.prototype = Native.prototype;
        ["CONNECTING", "OPEN", "CLOSING", "CLOSED"].forEach(function (k) {
          Socket[k] = Native[k];
        });
        window.WebSocket = Socket;
      })();
    </script>"""


def _say_why(catalog: Catalog) -> str:
    said = json.dumps(catalog.raw("serve.page.ended_because")).replace("</", "<\\/")
    return _SAY_WHY % said


def offline_page(template: Path, catalog: Catalog | None = None) -> str:
    """textual-serve's page template with every remote stylesheet replaced by the local font,
    and (with ``catalog``) its words, ``lang``, a ``<title>`` and a visible link to text mode
    in ``catalog``'s language."""
    text = template.read_text(encoding="utf-8")
    if catalog is not None:
        e = html.escape
        text = text.replace("<html>", f'<html lang="{catalog.lang}">', 1)
        for english, key in _PAGE_WORDS.items():
            said = e(catalog(key))
            text = text.replace(english, english.replace(_english_word(english), said))
        # (the ended dialog's words, and why, are announced: a status, not only a picture)
        text = text.replace('<div class="message">', '<div class="message" role="status">', 1)
        title = f"<title>{e(catalog('serve.page.title'))}</title>"
        text = text.replace(
            "<head>", f"<head>\n    {title}\n    {_BAR_STYLE}\n    {_say_why(catalog)}", 1
        )
        bar = (
            f'<nav id="text-mode-bar"><a href="{TEXT_PATH}">'
            f"{e(catalog('serve.text.link'))}</a></nav>"
        )
        text = re.sub(r"(<body[^>]*>)", lambda m: f"{m.group(1)}\n    {bar}", text, count=1)
    return _REMOTE_STYLESHEET.sub(lambda _m: _LOCAL_FONT, text)


def _english_word(markup: str) -> str:
    """The text between a tag's ``>`` and the next ``<``: what the page says."""
    return markup.split(">", 1)[1].split("<", 1)[0]


_TEXT_WORDS = ("connecting", "ended", "failed", "closed")
_HOST = re.compile(r"(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::[0-9]{1,5})?")


def text_page(cat: Catalog) -> str:
    """The text-mode page: the session's lines in a live region, a field to answer in."""
    e = html.escape
    words = {k: cat.raw(f"serve.text.{k}") for k in _TEXT_WORDS}  # (the script fills them)
    # data for the script, never run (no policy hash for it): "<" escaped, so nothing in it
    # can end the element
    data = json.dumps({"T": words, "ws": TEXT_PATH + "/ws"}, ensure_ascii=False)
    data = data.replace("<", "\\u003c")
    title = e(cat("serve.text.title"))
    return (
        f'<!DOCTYPE html><html lang="{e(cat.lang)}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1, '
        'interactive-widget=resizes-content">'
        f'<meta name="referrer" content="no-referrer"><title>{title}</title>'
        f"<style>{_text_asset('text.css')}</style></head><body><main>"
        f"<h1>{title}</h1>"
        f'<div id="log" role="log" aria-live="polite" aria-label="{e(cat("serve.text.log"))}"'
        ' tabindex="0"></div>'
        f'<p id="status" role="status">{e(cat("serve.text.connecting"))}</p>'
        '<form id="say" autocomplete="off">'
        f'<label for="line">{e(cat("serve.text.field"))}</label>'
        f'<div class="row"><input id="line" name="line" type="text" maxlength="{MAX_TYPED}"'
        ' autocomplete="off" autocapitalize="off" autocorrect="off" spellcheck="false"'
        ' enterkeyhint="send" autofocus>'
        f'<button id="send" type="submit">{e(cat("serve.text.send"))}</button></div>'
        f'</form><p id="again" hidden><a href="{TEXT_PATH}">{e(cat("serve.text.again"))}</a></p>'
        f'</main><script type="application/json" id="page-data">{data}</script>'
        f"<script>{_text_asset('text.js')}</script></body></html>"
    )


def text_policy(host: str = "") -> str:
    """The text-mode page's Content-Security-Policy: nothing but its own style and script
    (by their hashes: they are inside the page), its socket, no frame around it.

    ``'self'`` covers the socket (``ws:``/``wss:`` to the page's host) in browsers of CSP
    level 3; older ones need the addresses, given with ``host`` (the request's ``Host``,
    left out unless it is a plain host name or address and port)."""
    sockets = f" ws://{host} wss://{host}" if _HOST.fullmatch(host) else ""
    return (
        "default-src 'none'; "
        f"script-src {_sha256(_text_asset('text.js'))}; "
        f"style-src {_sha256(_text_asset('text.css'))}; "
        f"connect-src 'self'{sockets}; img-src 'self'; form-action 'self'; "
        "base-uri 'none'; frame-ancestors 'none'"
    )


@functools.cache
def _text_asset(name: str) -> str:
    return paths.asset("classroom", name).read_text(encoding="utf-8")


def _sha256(text: str) -> str:
    digest = base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii")
    return f"'sha256-{digest}'"
