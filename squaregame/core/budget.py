"""Work estimates, compared with a budget before the work starts.

Work is counted in *units* of about 10 ns on the 2-core development machine (the unit of
the exact search's :func:`~squaregame.core.sums.solver.search_cost`). A command that values
many positions (``table``, ``why``) asks each game what valuing one costs
(:meth:`~squaregame.core.game.Game.value_cost` and its kin), multiplies by what it will
value, and refuses — or, for ``why``, shortens the proof — before it starts when that is
more than :data:`WORK_BUDGET`. The figures are measured, not promised: a loaded machine is
slower, and nothing is ever timed while it runs (``tests/test_budgets.py`` counts work).
"""

from __future__ import annotations

UNIT_SECONDS = 1e-8  # a unit's time, to say an estimate in seconds

# Units one command may spend valuing positions: about 2 s, so that with the start-up (half
# a second), the tables' own builds and searches (budgeted apart) and writing the answer, a
# command answers within 5 s.
WORK_BUDGET = 200_000_000

# One position valued through the Game interface from a table or a formula, with what a
# caller does beside it (the move to it, whether it is over): about 20 µs.
VALUE_COST = 2_000

# One position of a table read at once from arrays (``Game.values_upto``): about 1 µs.
BULK_VALUE_COST = 100


def seconds(units: int) -> str:
    """An estimate of ``units`` in seconds, as a message says it (``2.3``, ``27``)."""
    value = units * UNIT_SECONDS
    return f"{value:.1f}" if value < 10 else f"{value:,.0f}"
