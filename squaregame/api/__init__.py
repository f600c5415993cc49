"""The public Python API, for notebooks and scripts: any position of any game, its value, its
moves, the perfect opponent's choice and the proof.

    >>> import squaregame as sg
    >>> p = sg.position("subtraction", 21, rules="1,3,7,8")
    >>> p
    <Position subtraction [1,3,7,8] 21: cold, remoteness 10>
    >>> p.best_move(), p.best_move().wins
    (<Move take 1 → 20: hot, remoteness 9>, False)
    >>> p == sg.position("sub", [21], rule="1, 3, 7, 8") and len({p, p.moves()[0].source})
    1
    >>> p.to_dict()["ai_move"], p.to_dict()["periods"]["outcome"]
    (20, {'preperiod': 0, 'period': 15, 'proven': True})
    >>> sg.position("queen", (2, 1)).moves()[0]
    <Move move to (1,1): hot, remoteness 1>
    >>> sg.position("sum", [175, 175, 175]).remoteness_bounds  # beyond the exact search
    (49, 57)

What was decided, and why:

* **Names.** :func:`position`, :func:`games`, :class:`Position`, :class:`Move`,
  :class:`GameError` and :class:`TableLimitError`, also reached as ``squaregame.<name>``:
  the package imports this one only when one of them is first asked for (PEP 562), so the
  command line's start-up never pays for it. (The registry's package is
  ``squaregame.families``, so that nothing can take ``games``' place.)
* **Reading a game.** ``position(game, pos, *, rules=None, rule=None, misere=False,
  tables=None)``: ``game`` is any kind's key or alias the command line takes; ``pos`` a
  number, or a tuple or list of them (numpy's integers too); ``rules`` (or ``rule``, not
  both) are rule texts as ``--rule`` gives them — one text, or a list of them (a sum: one
  per pile or one for all) — and ``misere`` a bool. They are read by the registry as a
  save or a lesson is (``GAMES.kinds.spec_from_mapping``): each kind's parameters check
  them; nothing is parsed twice.
* **Budgets.** :func:`position` checks the start as the command line does
  (``spec.start``, then ``game.prepare``): a position beyond the tables or the search's
  budget is a :class:`TableLimitError` at once, and a table within them (Squares up to
  100,000,000) is built then. :meth:`Position.moves` lists at most 1,000 moves (the rest
  counted, as ``analyze`` does) and :meth:`Position.why` has the ``why`` command's limits,
  checked before any work: no call starts an unbounded computation.
* **Errors.** Bad input is one :class:`GameError` (a ``ValueError``), of the class the game
  raised (a :class:`TableLimitError` stays one), whose message — ``str(exc)``,
  ``exc.args[0]`` — is the catalog's English sentence, worded for keyword arguments where
  the catalogs have such a wording (``<key>_python``: "wythoff takes no rules" rather than
  "… no --rule"). It is raised ``from None`` by the API's own function, so the traceback is
  short. Everything the API writes is English, whatever language the text layer speaks.
* **Values.** A :class:`Position` is a frozen dataclass, equal and hashed by its game's
  key, its rules as played (one per pile), misère or not, and its numbers — not by the
  tables it was computed in. Its value, analysis and moves are worked out when first asked
  for and kept in the object (a field outside comparison). ``outcome`` is ``"hot"`` or
  ``"cold"`` (as in the JSON); ``remoteness`` is None where only ``remoteness_bounds`` are
  proven; ``grundy`` is None in misère play and where it is not computed that far.
* **The opponent's choice.** :meth:`Position.best_move` is deterministic: the first of the
  perfect opponent's best moves in the order of the moves; with ``seed=`` the one
  ``Opponent("perfect", seed=…)`` draws, as ``analyze --seed`` does
  (:func:`squaregame.core.ai.perfect_choice`, which ``analyze`` uses too: without
  ``--seed`` it names that first move, as this API does, rather than one at random).
* **Shared tables.** Positions share one :class:`~squaregame.core.tables.Tables`, made by
  the first :func:`position` call (never by an import); ``tables=`` gives one of its own.
* **Shown.** ``repr`` is one line (``<Position squares 22: cold, remoteness 8>``);
  :meth:`Position._repr_html_` a small picture for Jupyter (:mod:`squaregame.api.picture`);
  :meth:`Position.why` the text of ``squaregame why`` (without its final newline);
  :meth:`Position.to_dict` / :meth:`Position.to_json` the object of ``analyze --json``,
  which is made from these objects.
"""

from squaregame.api.positions import Move, Position, games, position
from squaregame.core.errors import GameError, TableLimitError

__all__ = ["GameError", "Move", "Position", "TableLimitError", "games", "position"]
