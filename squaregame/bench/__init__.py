"""``squaregame bench``: every speed figure of the program, as paired ratios against a
reference or as latencies (:mod:`squaregame.bench.main` runs them).

Its own layer, above everything it times and below the command line, which only registers
the command and checks its options (:mod:`squaregame.cli.bench`); nothing else imports it.
Its C references ship with the package (``assets/bench/``).
"""
