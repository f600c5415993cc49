"""The class's web pages: the student's "join" form and the teacher's live view.

Every name and every sentence reaches the page as data: the server's words in one JSON
object (``<`` written as ``\\u003c``, so no text can close the script), the class's data
fetched as JSON and put into the page with ``textContent`` — never as markup. The teacher's
secret travels in a header on every request the page makes, never in a link it renders.
"""

from __future__ import annotations

import html
import json

from squaregame import paths
from squaregame.text import Catalog


def _asset(name: str) -> str:
    """A file of ``assets/classroom/`` (put inside the page: nothing else is fetched)."""
    return paths.asset("classroom", name).read_text(encoding="utf-8")


def _words(cat: Catalog, keys: tuple[str, ...]) -> str:
    words = {k.split(".", 2)[2]: cat.raw(k) for k in keys}  # (templates: JavaScript fills them)
    return json.dumps(words, ensure_ascii=False).replace("<", "\\u003c")


def join_page(
    cat: Catalog, class_name: str, said: str = "", name: str = "", text: bool = False
) -> str:
    """The form a student joins with: a display name, nothing else. Its first button (the
    one Enter in the name field presses) goes to the app; with ``text`` (the form asked for
    from the text-mode page, or a text-mode join that failed) it goes to text mode, and a
    hidden field says so even when a browser posts the form without a button's value."""
    e = html.escape
    app = f'<button class="act" name="to" value="app">{e(cat("serve.join.button"))}</button>'
    to_text = (
        f'<button class="act" name="to" value="text">{e(cat("serve.join.text_button"))}</button>'
    )
    first, second = (to_text, app) if text else (app, to_text)
    hidden = '<input type="hidden" name="to" value="text">' if text else ""
    return (
        f'<!DOCTYPE html><html lang="{e(cat.lang)}"><head><meta charset="utf-8">'
        f"<title>{e(cat('serve.join.title', name=class_name))}</title>"
        f'<meta name="viewport" content="width=device-width">'
        f"<style>{_asset('class.css')}</style></head>"
        f"<body><main><h1>{e(cat('serve.join.title', name=class_name))}</h1>"
        f'<form method="post" action="/join">{hidden}<p><label for="name">'
        f'{e(cat("serve.join.name"))}</label></p><p><input id="name" name="name" maxlength="24"'
        f' required autofocus value="{e(name)}"> {first}</p><p>{second}</p>'
        f'<p class="said bad">{e(said)}</p><p class="off">{e(cat("serve.join.note"))}</p>'
        "</form></main></body></html>"
    )


TEACHER_WORDS = (
    "serve.teacher.title", "serve.teacher.live",
    "serve.teacher.stale", "serve.teacher.forbidden", "serve.teacher.col.student",
    "serve.teacher.col.now", "serve.teacher.col.lessons", "serve.teacher.col.exercises",
    "serve.teacher.col.blunders", "serve.teacher.col.last", "serve.teacher.col.result",
    "serve.teacher.online", "serve.teacher.offline", "serve.teacher.detail",
    "serve.teacher.no_game", "serve.teacher.mistakes", "serve.teacher.no_mistakes",
    "serve.teacher.chart", "serve.teacher.chart_note",
    "serve.teacher.challenge", "serve.teacher.game", "serve.teacher.position",
    "serve.teacher.rules", "serve.teacher.misere", "serve.teacher.ask", "serve.teacher.for",
    "serve.teacher.everyone", "serve.teacher.send", "serve.teacher.sent",
    "serve.teacher.scoreboard", "serve.teacher.project", "serve.teacher.unproject",
    "serve.teacher.export_csv", "serve.teacher.export_md", "serve.teacher.no_challenges",
    "serve.teacher.you", "serve.teacher.computer", "serve.teacher.close",
    "serve.teacher.asks.win", "serve.teacher.asks.moves", "serve.teacher.asks.grundy",
    "serve.teacher.helps", "serve.teacher.end", "serve.teacher.ended", "serve.teacher.challenges",
)  # fmt: skip


def teacher_page(cat: Catalog, class_name: str, games: list[tuple[str, str]]) -> str:
    """The teacher's live view (it asks the server for the class every second)."""
    e = html.escape
    words = _words(cat, TEACHER_WORDS)
    kinds = json.dumps(games, ensure_ascii=False).replace("<", "\\u003c")
    title = e(cat("serve.teacher.title", name=class_name))
    return (
        f'<!DOCTYPE html><html lang="{e(cat.lang)}"><head><meta charset="utf-8">'
        f'<title>{title}</title><meta name="referrer" content="no-referrer">'
        f"<style>{_asset('class.css')}</style></head><body><main>"
        f'<h1>{title}</h1><p id="live" aria-live="polite"></p>'
        '<table id="grid"><thead><tr></tr></thead><tbody></tbody></table>'
        '<section id="detail" hidden></section>'
        '<section id="challenge"></section><section id="scoreboard"></section>'
        f"</main><script>const T={words};const KINDS={kinds};\n{_asset('teacher.js')}</script>"
        "</body></html>"
    )
