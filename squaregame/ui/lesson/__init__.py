"""How the lesson screen draws its steps: the lesson panel contract (:mod:`.panel`), and the
generic panels (:mod:`.generic`: text, lines, the table to fill, the sieve, exercises and
try-it games). A family brings panels of its own through ``Family.lesson_panels``."""
