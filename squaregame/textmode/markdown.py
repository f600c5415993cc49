"""A lesson's Markdown as plain lines: a heading as its words, a paragraph on one line, each
item of a list on its own line, emphasis and code marks dropped (the words kept)."""

from __future__ import annotations

import re

HEADING = re.compile(r"^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$")
ITEM = re.compile(r"^\s{0,3}(?:[*+-]|\d{1,3}[.)])\s+(.*)$")
STRONG = re.compile(r"(\*\*|__)(?=\S)(.+?)(?<=\S)\1")
EMPHASIS = re.compile(r"(?<![\w*\\])([*_])(?=\S)(.+?)(?<=\S)\1(?![\w*])")
CODE = re.compile(r"`+([^`]*)`+")
LINK = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")
ESCAPED = re.compile(r"\\([\\`*_{}\[\]()#+\-.!|>~])")


def inline(text: str) -> str:
    """``text`` without its inline marks: **strong**, *emphasis*, `code`, [links](…)."""
    text = CODE.sub(r"\1", text)
    text = LINK.sub(r"\1", text)
    text = STRONG.sub(r"\2", text)
    text = EMPHASIS.sub(r"\2", text)
    return ESCAPED.sub(r"\1", text)


def plain_lines(markdown: str) -> list[str]:
    """``markdown`` as lines to say: a blank line between blocks, none at either end. An
    indented block (a table, a worked sum) keeps its lines as they are."""
    out: list[str] = []
    paragraph: list[str] = []

    def close() -> None:
        if paragraph:
            out.append(inline(" ".join(paragraph)))
            paragraph.clear()

    def blank() -> None:
        close()
        if out and out[-1]:
            out.append("")

    for raw in markdown.splitlines():
        line = raw.rstrip()
        if not line.strip():
            blank()
        elif raw.startswith(("    ", "\t")) and not paragraph:
            out.append(line.strip())
        elif (m := HEADING.match(line)) is not None:
            blank()
            out.append(inline(m.group(1)))
            out.append("")
        elif (m := ITEM.match(line)) is not None:
            close()
            paragraph.append("- " + m.group(1).strip())
        else:
            paragraph.append(line.strip())
    close()
    while out and not out[-1]:
        out.pop()
    return out
