"""Pure game theory: games, position tables, solvers, the opponent and analysis.

Nothing in this package imports textual (``tests/test_layers.py`` enforces it), and
numpy is imported only where tables are *built* (the ``build*`` and board modules), so that
looking positions up in a shipped table stays cheap.
"""
