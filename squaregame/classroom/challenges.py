"""The teacher's challenges: a position of any game and what is asked of it.

A challenge is kept as a plain mapping, the game as a save keeps it (``GameSpec.to_dict``:
its kind's key, rules, misère, position) plus ``ask``:

- ``win``: win from the position against the perfect opponent (it must be hot: a cold one
  cannot be won against a perfect player, and the teacher is told so);
- ``moves``: choose every winning move (at most :data:`MAX_MOVES` legal moves, so the list
  fits a screen; none may be the answer, from a cold position);
- ``grundy``: the position's Grundy value (only where it is known exactly).

A game to win is played without hints, undo or why, unless the teacher allows them
(``helps``: each use is then counted and shown with the result).

:func:`make` checks what the teacher typed, within the game's budgets, before it is kept;
:func:`offer` makes what a student's app shows, in its language; :func:`describe` says a
challenge in one line (the teacher's view, the scoreboard).
"""

from __future__ import annotations

import functools
import json
from collections.abc import Sequence
from typing import Any

from squaregame.api.reading import read_spec
from squaregame.core.errors import GameError
from squaregame.core.spec import GameSpec
from squaregame.core.tables import Tables
from squaregame.core.types import Outcome
from squaregame.families import GAMES
from squaregame.text import Catalog, language
from squaregame.text.current import current
from squaregame.text.games import describe_move, position_text, title
from squaregame.ui.class_link import ASKS, ChallengeOffer
from squaregame.ui.start import ChallengeTerms, StartRequest

MAX_MOVES = 40  # legal moves a "choose every winning move" question may list


def make(
    game: str,
    numbers: Sequence[int] | int | str,
    *,
    rules: str | Sequence[str] | None = None,
    misere: bool = False,
    ask: str = "win",
    helps: bool = False,
) -> dict[str, Any]:
    """A challenge as it is kept; a GameError (a catalog key) says what is wrong.
    ``numbers``: a text names a sum's parts (``squares:10 wythoff:3,5``), as ``play sum``
    reads them; ``helps``: hints, undo and why allowed in a game to win (each use counted)."""
    if ask not in ASKS:
        raise GameError("serve.challenge.errors.ask", ask=str(ask)[:12])
    spec = read_spec(game, numbers, rules or None, None, misere)
    built, pos = _built(spec)
    a = built.analyze(pos, MAX_MOVES)  # (its value, and the moves a question lists)
    if ask == "win" and a.info.outcome is not Outcome.HOT:
        raise GameError("serve.challenge.errors.cold", position=position_text(built, pos))
    if ask == "moves" and a.truncated:
        raise GameError("serve.challenge.errors.many_moves", most=MAX_MOVES)
    if ask == "grundy" and a.info.grundy is None:
        raise GameError("serve.challenge.errors.no_grundy", position=position_text(built, pos))
    if built.is_terminal(pos):
        raise GameError("serve.challenge.errors.over", position=position_text(built, pos))
    kept = {**spec.to_dict(), "ask": ask, **_answers(built, pos, ask, a)}
    return {**kept, "helps": True} if helps and ask == "win" else kept


def _answers(built: Any, pos: Any, ask: str, a: Any = None) -> dict[str, Any]:
    """What a student's session needs to show and check the challenge, worked out once
    when it is set (in the server's language, the sessions' too): a class's sessions then
    build nothing for a question, and nobody waits for the game's tables again. ``a``:
    the position's analysis, if it was made already."""
    a = built.analyze(pos, MAX_MOVES) if a is None else a
    out: dict[str, Any] = {"title": where(built, pos), "lang": current().lang}
    if ask == "moves":
        words = [describe_move(built, pos, m.to) for m in a.moves]
        out["moves"] = words
        out["winning"] = [w for w, m in zip(words, a.moves, strict=True) if m.wins]
    elif ask == "grundy":
        out["grundy"] = a.info.grundy
    else:
        out["remoteness"] = a.info.remoteness if a.info.remoteness_exact else None
    return out


def _built(spec: GameSpec) -> tuple[Any, Any]:
    built = spec.build(Tables())
    pos = spec.start(built)  # checked against what the tables can reach
    built.prepare(pos)
    return built, pos


def spec_of(challenge: dict[str, Any]) -> GameSpec:
    """The game of a kept challenge (read again, checked as a save is)."""
    raw = {k: challenge.get(k) for k in ("game", "rules", "misere", "position")}
    return GAMES.kinds.spec_from_mapping(raw)


def describe(challenge: dict[str, Any], catalog: Catalog | None = None) -> str:
    """``Win from Squares: 75 against the perfect opponent`` and the like."""
    cat = catalog or Catalog(language())
    try:
        said = (
            str(challenge["title"])
            if _kept_in(challenge, cat.lang)
            else _where(_key(challenge), cat.lang)
        )
    except GameError:
        return "?"
    ask = challenge.get("ask")
    text = cat(f"serve.challenge.said.{ask if ask in ASKS else 'win'}", position=said)
    return cat("serve.challenge.said.helps", challenge=text) if challenge.get("helps") else text


def _kept_in(challenge: dict[str, Any], lang: str) -> bool:
    """Whether the words worked out when ``challenge`` was set are in ``lang`` (a challenge
    set by ``class challenge`` in another language than the server's is said again)."""
    return "title" in challenge and challenge.get("lang", lang) == lang


def _key(challenge: dict[str, Any]) -> str:
    return json.dumps({k: challenge.get(k) for k in ("game", "rules", "misere", "position")})


@functools.lru_cache(maxsize=256)
def _where(challenge: str, lang: str) -> str:
    cat = Catalog(lang)
    built, pos = _built(spec_of(json.loads(challenge)))
    return where(built, pos, cat)


def where(game: Any, pos: Any, cat: Catalog | None = None) -> str:
    """The game, its rules as ``--rule`` writes them where its title does not say them (a
    sum's, pile by pile), and the position: ``Sum of piles [squares; nim; 1,3,7,8]: 5 + 7 +
    10``."""
    name = title(game, cat)
    rules = [str(r.key) for r in game.rules]
    if any(_bare(r) not in _bare(name) for r in rules):
        shown = rules if len(set(rules)) > 1 else rules[:1]
        name = f"{name} [{'; '.join(shown)}]"
    return (cat or current())(
        "ui_class.position", game=name, position=position_text(game, pos, cat)
    )


def _bare(text: str) -> str:
    """Letters and digits only: ``{1, 3, 7, 8}`` says the rule ``1,3,7,8``."""
    return "".join(ch for ch in text.casefold() if ch.isalnum())


def offer(cid: int, challenge: dict[str, Any], closed: bool = False) -> ChallengeOffer:
    """What the student's app shows for a kept challenge: from what was worked out when it
    was set (only a game to win is built again: it is about to be played). ``closed``: the
    teacher closed it (nothing to play, the answer may be shown)."""
    spec = spec_of(challenge)
    ask = str(challenge.get("ask", "win"))
    if not _kept_in(challenge, current().lang):  # (kept before the answers were, or in
        built, pos = _built(spec)  # another language): worked out again, in the app's
        challenge = {**challenge, **_answers(built, pos, ask)}
    said = str(challenge["title"])
    start = None
    helps = challenge.get("helps") is True
    if ask == "win" and not closed:
        built, start = _built(spec)
    request = StartRequest(
        game=spec.kind.key,
        start=start,
        rules=spec.rules,
        misere=spec.misere,
        level="perfect",
        hints=False,
        challenge=ChallengeTerms(cid, helps),
    )
    if ask == "moves":
        words = tuple(str(w) for w in challenge.get("moves", ()))
        winning = frozenset(str(w) for w in challenge.get("winning", ()))
        return ChallengeOffer(cid, ask, said, request, moves=words, winning=winning, closed=closed)
    if ask == "grundy":
        grundy = challenge.get("grundy")
        return ChallengeOffer(cid, ask, said, request, grundy=grundy, closed=closed)
    remoteness = challenge.get("remoteness")
    return ChallengeOffer(
        cid, ask, said, request, remoteness=remoteness, helps=helps, closed=closed
    )
