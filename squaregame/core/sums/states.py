"""How the states of a sum's box are laid out and ranked (:mod:`squaregame.core.sums.solver`).

Piles that share a rule form a :class:`Group` whose states are sorted tuples (a multiset):
every non-decreasing k-tuple of 0..bound, in lexicographic order. A state's rank — its row
in the group — is computed directly from its values (:func:`rank_sorted`), and so is the
rank of every state with one member lowered (:func:`lowered_ranks`): the gathers of a move.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import comb
from typing import TYPE_CHECKING, Any

from squaregame.core.rules import Rule

if TYPE_CHECKING:
    import numpy.typing as npt


@dataclass(frozen=True)
class Group:
    """Piles that share one rule. Their order does not matter, so only sorted tuples are
    states: 4 squares piles up to 50 have 316,251 of them instead of 6,765,201."""

    piles: tuple[int, ...]  # indices into the position
    rule: Rule
    bound: int  # every pile of the group is at most this
    tuples: npt.NDArray[Any]  # count × len(piles), sorted rows, in lexicographic order
    keys: npt.NDArray[Any]  # packed rows, increasing

    @property
    def count(self) -> int:
        return int(self.tuples.shape[0])

    @property
    def nim_axis(self) -> bool:
        return self.rule.is_any_amount and len(self.piles) == 1

    def pack(self, rows: npt.NDArray[Any]) -> npt.NDArray[Any]:
        key = rows[..., 0].astype("int64")
        for j in range(1, rows.shape[-1]):
            key = key * (self.bound + 1) + rows[..., j]
        return key

    def rank(self, values: tuple[int, ...]) -> int:
        import numpy as np  # numpy: only while solving

        key = self.pack(np.asarray(sorted(values), dtype=np.int64)[None, :])
        return int(np.searchsorted(self.keys, key)[0])


def group_key(rule: Rule, pile: int) -> str:
    """Piles group by rule, except any-amount piles: each keeps its own axis."""
    return f"{rule.key}#{pile}" if rule.is_any_amount else rule.key


def sorted_tuples(bound: int, k: int) -> Any:
    """Every non-decreasing k-tuple of 0..bound, in lexicographic order (the order of
    ``itertools.combinations_with_replacement``), built a column at a time: each row is
    repeated once for every value from its last one up to ``bound``."""
    import numpy as np  # numpy: only while solving (the module loads with sums)

    rows = np.arange(bound + 1, dtype=np.int64)[:, None]
    for _ in range(k - 1):
        last = rows[:, -1]
        reps = bound + 1 - last
        starts = np.cumsum(reps) - reps  # where each row's copies begin
        new = np.repeat(last, reps) + (np.arange(int(reps.sum())) - np.repeat(starts, reps))
        rows = np.column_stack([np.repeat(rows, reps, axis=0), new])
    return rows.reshape(-1, k)


def groups_of(rules: tuple[Rule, ...], box: tuple[int, ...]) -> list[Group]:
    import numpy as np  # numpy: only while solving

    by_rule: dict[str, list[int]] = {}
    for i, r in enumerate(rules):
        by_rule.setdefault(group_key(r, i), []).append(i)
    groups = []
    for piles in by_rule.values():
        bound = max(box[i] for i in piles)
        tuples = sorted_tuples(bound, len(piles))
        g = Group(tuple(piles), rules[piles[0]], bound, tuples, np.empty(0))
        groups.append(Group(g.piles, g.rule, g.bound, tuples, g.pack(tuples)))
    return groups


def prefix_counts(bound: int, k: int) -> Any:
    """S[m][v] = Σ_{u<v} C(bound − u + m, m): how many sorted m-tuples of values ≥ u there are,
    summed over u below v — the blocks that :func:`rank_sorted` adds up."""
    import numpy as np  # numpy: only while solving

    table = np.zeros((k, bound + 2), dtype=np.int64)
    for m in range(k):
        counts = [comb(bound - u + m, m) for u in range(bound + 1)]
        table[m, 1:] = np.cumsum(counts)
    return table


def rank_sorted(columns: list[Any], prefix: Any) -> Any:
    """The rank of each sorted row (given as its columns) among all sorted k-tuples of
    0..bound in lexicographic order (``combinations_with_replacement``'s order), computed
    directly: a row t is preceded by, for each place i, the tuples that agree before i and
    hold a smaller value at i, i.e. Σ_i (S[k−1−i][t_i] − S[k−1−i][t_(i−1)]) with
    t_(−1) = 0. No keys, no search: k small-table lookups a row."""
    import numpy as np  # numpy: only while solving

    k = len(columns)
    rank = np.take(prefix[k - 1], columns[0])
    for i in range(1, k):
        m = prefix[k - 1 - i]
        rank += np.take(m, columns[i])
        rank -= np.take(m, columns[i - 1])
    return rank


def lowered_ranks(columns: list[Any], j: int, a: int, prefix: Any) -> Any:
    """For every state of a group (its sorted rows given as contiguous ``columns``): the rank
    of the state with member ``j`` lowered by ``a`` (−1 where it is smaller than ``a``). The
    row stays sorted but for that member, which moves left to its place: at most k − 1
    compare-exchanges, not a sort."""
    import numpy as np  # numpy: only while solving

    cols = list(columns)
    low = cols[j] - a
    ok = low >= 0
    np.maximum(low, 0, out=low)
    cols[j] = low
    for i in range(j, 0, -1):  # bubble the lowered value left
        cols[i - 1], cols[i] = np.minimum(cols[i - 1], cols[i]), np.maximum(cols[i - 1], cols[i])
    ranks = rank_sorted(cols, prefix)
    ranks[~ok] = -1
    return ranks
