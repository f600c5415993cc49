/* squaregame's kernels for a rule given by its amounts (a finite subtraction set, Cubes, Powers
 * of two): squaregame/core/build/amounts.py calls them through ctypes, a chunk of positions a
 * call, reports progress between calls, and has the same algorithms in numpy and plain Python
 * (read them there; the tests check that every form gives the same values).
 *
 * amt: the amounts, increasing; k of them. Positions below s0 are done; s0..s1-1 are filled.
 *
 * dense_*: every position from all its children (many cold positions: a finite set, Powers of
 *   two), a block of `block` positions at a time: first the children before the block, one
 *   amount at a time for the whole block (`least`, `most`: `block` numbers of scratch), then
 *   the children inside it, one position at a time. `misere`: 0 or 1, the parity of a cold
 *   remoteness. Returns -1, or the first position whose remoteness would exceed `limit` (the
 *   caller goes on from there with a wider type).
 * amounts_grundy: Grundy values, the mex of the children's (a mex is at most the number of
 *   children, so larger values are not marked); `stamp` holds k + 2 zeros at the first call.
 * sparse_cold / sparse_rem_*: the Squares kernels of squares_blocks.c with amt[] for k*k (few
 *   cold positions: Cubes); amt[] must reach past the table (an amount >= n_total), amt[0] = 1,
 *   `idx` plays the part of Squares' `root`. */
#include <stdint.h>
#include <string.h>

#define DENSE(NAME, T)                                                                        \
  int64_t NAME(int64_t s0, int64_t s1, const int64_t *amt, int64_t k, int32_t misere, T *rem, \
               int64_t limit, int64_t block, int32_t *least, int32_t *most) {                 \
    for (int64_t s = s0; s < s1; s += block) {                                                \
      int64_t e = s + block < s1 ? s + block : s1, w = e - s, near = 0;                       \
      while (near < k && amt[near] < w) near++;                                               \
      for (int64_t i = 0; i < w; i++) { least[i] = INT32_MAX; most[i] = -1; }                 \
      for (int64_t i = near; i < k && amt[i] < e; i++) {                                      \
        int64_t a = amt[i];                                                                   \
        for (int64_t n = a > s ? a : s; n < e; n++) {                                         \
          int32_t c = (int32_t)rem[n - a];                                                    \
          if ((c & 1) == misere && c < least[n - s]) least[n - s] = c;                        \
          if (c > most[n - s]) most[n - s] = c;                                               \
        }                                                                                     \
      }                                                                                       \
      for (int64_t n = s; n < e; n++) {                                                       \
        int32_t lo = least[n - s], hi = most[n - s];                                          \
        for (int64_t i = 0; i < near && amt[i] <= n; i++) {                                   \
          int32_t c = (int32_t)rem[n - amt[i]];                                               \
          if ((c & 1) == misere && c < lo) lo = c;                                            \
          if (c > hi) hi = c;                                                                 \
        }                                                                                     \
        int64_t r = hi < 0 ? 0 : (int64_t)(lo != INT32_MAX ? lo : hi) + 1;                    \
        if (r > limit) return n;                                                              \
        rem[n] = (T)r;                                                                        \
      }                                                                                       \
    }                                                                                         \
    return -1;                                                                                \
  }

DENSE(dense_u8, uint8_t)
DENSE(dense_u16, uint16_t)
DENSE(dense_i32, int32_t)

void amounts_grundy(int64_t s0, int64_t s1, const int64_t *amt, int64_t k, uint16_t *g,
                    int64_t *stamp) {
  for (int64_t n = s0; n < s1; n++) {
    for (int64_t i = 0; i < k && amt[i] <= n; i++) {
      int64_t v = g[n - amt[i]];
      if (v <= k) stamp[v] = n + 1;
    }
    int64_t v = 0;
    while (stamp[v] == n + 1) v++;
    g[n] = (uint16_t)v;
  }
}

int64_t sparse_cold(int64_t s0, int64_t s1, int64_t n_total, int64_t block, uint8_t *blk,
                    int64_t *cold, int64_t *nxt, int64_t *idx, int64_t count, const int64_t *amt) {
  for (int64_t s = s0; s < s1; s += block) {
    int64_t e = s + block < n_total ? s + block : n_total;
    memset(blk, 0, (size_t)(e - s));
    for (int64_t j = 0; j < count; j++) {
      int64_t t = nxt[j], k = idx[j], p = t - amt[k];
      while (t < e) { blk[t - s] = 1; k++; t = p + amt[k]; }
      nxt[j] = t; idx[j] = k;
    }
    for (int64_t n = s; n < e; n++) {
      if (blk[n - s] == 0) {
        cold[count] = n;
        int64_t k = 0, t = n + amt[0];
        while (t < e) { blk[t - s] = 1; k++; t = n + amt[k]; }
        nxt[count] = t; idx[count] = k;
        count++;
      }
    }
  }
  return count;
}

#define SPARSE_REM(NAME, T)                                                                   \
  int64_t NAME(int64_t s0, int64_t s1, int64_t n_total, int64_t block, T *rem, int32_t *best,  \
               const int64_t *cold, int64_t ncold, int64_t *nxt, int64_t *idx, int64_t *crem,  \
               int32_t *pm, int64_t done, int64_t first, int64_t limit, const int64_t *amt) {  \
    int64_t inf = limit + 2, k0 = 0;                                                          \
    while (amt[k0] < block) k0++;                                                             \
    for (int64_t s = s0; s < s1; s += block) {                                                \
      int64_t e = s + block < n_total ? s + block : n_total;                                  \
      for (int64_t i = 0; i < e - s; i++) best[i] = (int32_t)inf;                             \
      for (int64_t j = 0; j < done; j++) {                                                    \
        int64_t t = nxt[j], k = idx[j], p = t - amt[k], r = crem[j];                          \
        while (t < e) { if (r < best[t - s]) best[t - s] = (int32_t)r; k++; t = p + amt[k]; } \
        nxt[j] = t; idx[j] = k;                                                               \
      }                                                                                       \
      int64_t last = first;                                                                   \
      while (last < ncold && cold[last] < e) last++;                                          \
      int64_t nb = last - first;                                                              \
      for (int64_t i = 0; i < nb; i++) pm[i] = -1;                                            \
      for (int64_t k = k0; amt[k] <= e - 1; k++) {                                            \
        int64_t q = amt[k];                                                                   \
        for (int64_t i = 0; i < nb; i++) {                                                    \
          int64_t c = cold[first + i] - q;                                                    \
          if (c >= 0 && (int32_t)rem[c] > pm[i]) pm[i] = rem[c];                              \
        }                                                                                     \
      }                                                                                       \
      int64_t i = 0;                                                                          \
      for (int64_t n = s; n < e; n++) {                                                       \
        if (i < nb && cold[first + i] == n) {                                                 \
          int64_t m = pm[i];                                                                  \
          for (int64_t k = 0; k < k0 && amt[k] <= n; k++)                                     \
            if ((int64_t)rem[n - amt[k]] > m) m = rem[n - amt[k]];                            \
          int64_t r = n == 0 ? 0 : m + 1;                                                     \
          if (r > limit) return -1;                                                           \
          rem[n] = (T)r;                                                                      \
          int64_t j = first + i, k = 0, t = n + amt[0];                                       \
          while (t < e) { if (r < best[t - s]) best[t - s] = (int32_t)r; k++; t = n + amt[k]; } \
          nxt[j] = t; idx[j] = k; crem[j] = r;                                                \
          i++;                                                                                \
        } else {                                                                              \
          rem[n] = (T)(best[n - s] + 1);                                                      \
        }                                                                                     \
      }                                                                                       \
      done = first + nb;                                                                      \
      first = last;                                                                           \
    }                                                                                         \
    return first;                                                                             \
  }

SPARSE_REM(sparse_rem_u8, uint8_t)
SPARSE_REM(sparse_rem_u16, uint16_t)

/* Condition 3 of squaregame/core/piles/arithmetic.py (read the proof there) on the positions
 * lo..hi-1 of the block: 1 if it holds at each, else 0. shifts[j] is c(n0 + j), 0 <= j < p;
 * mem: the members, k of them; misere: 0 or 1, the parity of a cold remoteness. A
 * line-by-line transcription of arithmetic._order_kept (the tests compare the two). */
#define ORDER_KEPT(NAME, T)                                                                    \
  int32_t NAME(const T *rem, const T *shifts, int64_t n0, int64_t p, const int64_t *mem,      \
               int64_t k, int32_t misere, int64_t lo, int64_t hi) {                            \
    int64_t j = (lo - n0) % p;                                                                 \
    for (int64_t M = lo; M < hi; M++, j = j + 1 == p ? 0 : j + 1) {                            \
      int hot = 0;                                                                             \
      for (int64_t i = 0; i < k; i++)                                                          \
        if ((int32_t)(rem[M - mem[i]] & 1) == misere) hot = 1;                                 \
      int64_t br = hot ? INT64_MAX : -1, bs = hot ? INT64_MAX : -1;                            \
      for (int64_t i = 0; i < k; i++) {                                                        \
        int64_t cr = rem[M - mem[i]], x = j - mem[i];                                          \
        while (x < 0) x += p;                                                                  \
        int64_t cs = shifts[x];                                                                \
        if (hot) {                                                                             \
          if ((int32_t)(cr & 1) == misere && (cr < br || (cr == br && cs < bs))) { br = cr; bs = cs; } \
        } else if (cr > br || (cr == br && cs > bs)) { br = cr; bs = cs; }                     \
      }                                                                                        \
      for (int64_t i = 0; i < k; i++) {                                                        \
        int64_t cr = rem[M - mem[i]], x = j - mem[i];                                          \
        while (x < 0) x += p;                                                                  \
        int64_t cs = shifts[x];                                                                \
        if (hot ? ((int32_t)(cr & 1) == misere && cs < bs) : cs > bs) return 0;                \
      }                                                                                        \
      if (bs != (int64_t)shifts[j]) return 0;                                                  \
    }                                                                                          \
    return 1;                                                                                  \
  }

ORDER_KEPT(order_kept_u8, uint8_t)
ORDER_KEPT(order_kept_u16, uint16_t)
ORDER_KEPT(order_kept_i32, int32_t)
