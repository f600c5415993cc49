"""Take-and-break games on heaps of tokens: the octal codes (Kayles 0.77, Dawson's Kayles 0.07,
Dawson's chess 0.137, …) and Grundy's game, as pure theory.

:mod:`~squaregame.families.octal.code` reads a rule, :mod:`~squaregame.families.octal.values`
computes the Grundy values of one heap (the rare-value method, in numpy and in C), and
:mod:`~squaregame.families.octal.period` proves periods with the Octal Periodicity Theorem and
answers any heap from them. Nothing here draws or says anything; the family is wired into the
app elsewhere.
"""
