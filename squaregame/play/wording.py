"""What a game screen says about a game, in the current language (``squaregame.text``).

Core returns positions and values; this module turns them into the words a player reads:
a game's title, a move ("take 9", "move to (3,5)", "take 2 from pile 1"), the hint line,
the end-of-game summary, who made a move, the opponent's strength.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from squaregame.core.game import Game
from squaregame.core.types import Analysis, MoveSummary, Outcome, PositionInfo
from squaregame.play.session import Ply, Session, Verdict
from squaregame.play.sides import shared
from squaregame.play.teach_wording import cap, over_lines, over_title, ply_side_name
from squaregame.text import games as games_text
from squaregame.text import tr

# -- games and moves (the words themselves live in squaregame.text.games) ------------------
title = games_text.title
describe_move = games_text.describe_move
move_phrase = games_text.move_phrase
history_text = games_text.history_text
move_label = games_text.move_label


# -- values ------------------------------------------------------------------------------
def outcome_word(outcome: Outcome) -> str:
    return tr("common.hot") if outcome.is_hot else tr("common.cold")


def value_text(info: PositionInfo) -> str:
    """``☺ hot 7`` — face, word and remoteness (proven bounds ``49–57`` or ``≥49`` when the
    remoteness is not exact)."""
    return f"{info.outcome.symbol} {outcome_word(info.outcome)} {games_text.remoteness_span(info)}"


def more_moves(summary: MoveSummary[Any], shown: Sequence[Any]) -> tuple[str, str]:
    """The last line of a move list that is not complete, without hints and with them:
    ``… and 999 999 999 994 more moves`` / ``…, all losing: lose 2``. ``shown``: the moves
    listed (with a ``plain`` flag: those also shown without hints, and ``wins``).

    The unlisted moves that win are every winning move less the listed ones. How far they
    lead is said only when the summary's ranges describe every unlisted move: a game that
    counts its moves without valuing each (rows of a million) gives no ranges, or a few."""
    listed = len(shown)
    plain = summary.total - sum(1 for m in shown if getattr(m, "plain", True))
    hinted = summary.total - listed
    without = tr("ui_widgets.moves.more", count=plain, shown=_grouped(plain))
    if hinted <= 0:
        return without, ""
    listed_wins = sum(1 for m in shown if getattr(m, "wins", False))
    winning = min(max(summary.winning - listed_wins, 0), hinted)
    counts = {"count": hinted, "shown": _grouped(hinted), "winning": _grouped(winning)}
    if 0 < winning < hinted:
        return without, tr("ui_widgets.moves.more_mixed", **counts)
    key, what = ("more_winning", "win") if winning else ("more_losing", "lose")
    ranges = summary.ranges
    if sum(r.count for r in ranges) != hinted:  # some unlisted moves were never valued
        return without, tr(f"ui_widgets.moves.{key}_unvalued", **counts)
    lo = min(r.lower for r in ranges) + 1  # moves to the end, this one included
    uppers = [r.upper for r in ranges]
    hi = None if None in uppers else max(u for u in uppers if u is not None) + 1
    what = tr(f"ui_widgets.moves.{what}", n=_span(lo, hi))
    return without, tr(f"ui_widgets.moves.{key}", what=what, **counts)


def _grouped(n: int) -> str:
    """``999 999 999 994``: digits grouped in threes, as the pile's size is written."""
    return f"{n:,}".replace(",", " ")


def _span(lo: int, hi: int | None) -> str:
    """Moves to the end, from proven bounds: ``2``, ``2–9``, ``≥2`` (no upper bound known)."""
    if hi is None:
        return f"≥{lo}"
    return f"{lo}" if hi == lo else f"{lo}–{hi}"


def prediction(game: Game[Any], a: Analysis[Any]) -> str:
    """The hint line: who wins from here, how fast, and how (the same function as the last
    line of ``squaregame analyze``, in the player's voice)."""
    if not a.moves:
        return ""
    return games_text.verdict_line(game, a, voice="player")


# -- people ------------------------------------------------------------------------------
def who(session: Session[Any], index: int, ply: Ply[Any]) -> str:
    """Who made move ``index`` (0-based)."""
    if shared(session):
        return cap(ply_side_name(session, index))
    if session.two_humans:
        return tr("ui_game.who.player", number=1 if index % 2 == 0 else 2)
    return tr("ui_game.who.you") if ply.by_human else tr("ui_game.who.computer")


def level_name(key: str) -> str:
    return tr(f"ui_dialog.levels.{key}.name")


def level_blurb(key: str) -> str:
    return tr(f"ui_dialog.levels.{key}.blurb")


# -- the end -------------------------------------------------------------------------------
def game_over_title(session: Session[Any]) -> str:
    if shared(session):
        return over_title(session)
    if session.two_humans:
        return tr("ui_dialog.over.title")
    return tr("ui_dialog.over.you_won") if session.winner_is_human() else tr("ui_dialog.over.lost")


def game_over_lines(session: Session[Any]) -> list[str]:
    """Who won, in how many moves, and each of the person's blunders with what would have won
    (a shared game: each side's)."""
    if shared(session):
        return over_lines(session)
    game = session.game
    won = session.winner_is_human()
    n = len(session.plies)
    lines: list[str] = []
    if session.two_humans:
        first_won = (n % 2 == 1) == (not game.misere)
        key = "first_won" if first_won else "second_won"
        lines.append(tr(f"ui_dialog.over.{key}", count=n))
    elif won:
        lines.append(tr("ui_dialog.over.you_won_in", count=n))
    else:
        lines.append(tr("ui_dialog.over.computer_won_in", count=n))
    if game.misere:
        lines.append(tr("ui_dialog.over.misere"))
    blunders = session.human_blunders()
    slow = [i + 1 for i, p in enumerate(session.plies) if p.by_human and p.verdict is Verdict.SLOW]
    if not blunders and not session.two_humans:
        lines.append(tr("ui_dialog.over.no_blunders" if won else "ui_dialog.over.lost_from_start"))
    for number, p in blunders:
        better = tr("ui_dialog.over.or").join(move_phrase(game, p.before, b) for b in p.best)
        lines.append(
            tr(
                "ui_dialog.over.blunder",
                number=number,
                move=move_phrase(game, p.before, p.after),
                better=better,
            )
        )
    if slow:
        moves = ", ".join(str(i) for i in slow)
        lines.append(tr("ui_dialog.over.slow", count=len(slow), moves=moves))
    return lines
