"""squaregame: impartial combinatorial games against a perfect opponent, in the terminal."""

import os

# numpy's OpenBLAS starts a thread per core when it is imported; nothing here multiplies
# matrices, so one is enough (saves about 0.1 s of processor time a start). A value the
# user set is kept.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

from squaregame.version import __version__

__all__ = ["__version__"]
