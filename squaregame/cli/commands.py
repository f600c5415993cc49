"""The subcommands, listed once: name, module and one-line help.

``squaregame --help`` is made from this list alone; a command's own module (its
``add_parser`` and ``run``) is imported only when that command is the one asked for, so
``squaregame analyze squares 75`` does not pay for the lesson schema, the bench or the server.
Each module takes its help line from here (:func:`help_text`), so the two never differ.
"""

from __future__ import annotations

from typing import NamedTuple


class Command(NamedTuple):  # (not a dataclass: a NamedTuple has no methods to compile at start)
    name: str
    module: str  # squaregame.cli.<module>
    help: str = ""  # the help line, or …
    key: str = ""  # … the catalog key of a translated one


COMMANDS: tuple[Command, ...] = (
    Command("play", "play", key="cli.help.play"),
    Command("lesson", "lesson", key="ui_lessons.cli.help"),
    Command("analyze", "analyze", key="cli.help.analyze"),
    Command("why", "why", key="cli.help.why"),
    Command("worksheet", "worksheet", key="worksheet.cli.help"),
    Command("record", "record", key="cli.help.record"),
    Command("table", "table", key="cli.help.table"),
    Command("build-tables", "build_tables", key="cli.help.build_tables"),
    Command("serve", "serve", key="serve.cli.help"),
    Command("class", "classes", key="serve.class.cli.summary"),
    Command("bench", "bench", key="cli.help.bench"),
)
BY_NAME = {c.name: c for c in COMMANDS}


def help_text(name: str) -> str:
    command = BY_NAME[name]
    if command.key:
        from squaregame.text import tr  # (the catalogs only when a help line is shown)

        return tr(command.key)
    return command.help


def chosen(argv: list[str]) -> str | None:
    """The subcommand ``argv`` names: its first word that is not an option (``--lang L``
    and ``--lang=L`` skipped), if it is one of :data:`COMMANDS`."""
    i = 0
    while i < len(argv):
        word = argv[i]
        if word == "--lang":
            i += 2
            continue
        if word.startswith("-"):
            i += 1
            continue
        return word if word in BY_NAME else None
    return None
