/* squaregame's Squares kernels in C: a line-by-line transcription of cold_blocks_py and
 * rem_blocks_py in squaregame/core/build_blocks.py (read the algorithm there). The program
 * compiles this file once on a machine with a C compiler (squaregame/core/build_native.py),
 * keeps the library in its cache folder and calls it through ctypes; the tests check that
 * every builder gives the same bytes. `block` is build_blocks.BLOCK. */
#include <stdint.h>
#include <string.h>

int64_t cold_blocks(int64_t s0, int64_t s1, int64_t n_total, int64_t block, uint8_t *blk,
                    int64_t *cold, int64_t *nxt, int64_t *root, int64_t count) {
  for (int64_t s = s0; s < s1; s += block) {
    int64_t e = s + block < n_total ? s + block : n_total;
    memset(blk, 0, (size_t)(e - s));
    for (int64_t j = 0; j < count; j++) {
      int64_t t = nxt[j], k = root[j], p = t - k * k;
      while (t < e) { blk[t - s] = 1; k++; t = p + k * k; }
      nxt[j] = t; root[j] = k;
    }
    for (int64_t n = s; n < e; n++) {
      if (blk[n - s] == 0) {
        cold[count] = n;
        int64_t k = 1, t = n + 1;
        while (t < e) { blk[t - s] = 1; k++; t = n + k * k; }
        nxt[count] = t; root[count] = k;
        count++;
      }
    }
  }
  return count;
}

#define REM_BLOCKS(NAME, T)                                                                  \
  int64_t NAME(int64_t s0, int64_t s1, int64_t n_total, int64_t block, T *rem, int32_t *best, \
               const int64_t *cold, int64_t ncold, int64_t *nxt, int64_t *root, int64_t *crem, \
               int32_t *pm, int64_t done, int64_t first, int64_t limit) {                   \
    int64_t inf = limit + 2, k0 = 1;                                                         \
    while (k0 * k0 < block) k0++;                                                            \
    for (int64_t s = s0; s < s1; s += block) {                                               \
      int64_t e = s + block < n_total ? s + block : n_total;                                 \
      for (int64_t i = 0; i < e - s; i++) best[i] = (int32_t)inf;                            \
      for (int64_t j = 0; j < done; j++) {                                                   \
        int64_t t = nxt[j], k = root[j], p = t - k * k, r = crem[j];                         \
        while (t < e) { if (r < best[t - s]) best[t - s] = (int32_t)r; k++; t = p + k * k; } \
        nxt[j] = t; root[j] = k;                                                             \
      }                                                                                      \
      int64_t last = first;                                                                  \
      while (last < ncold && cold[last] < e) last++;                                         \
      int64_t nb = last - first;                                                             \
      for (int64_t i = 0; i < nb; i++) pm[i] = -1;                                           \
      for (int64_t k = k0; k * k <= e - 1; k++) {                                            \
        int64_t q = k * k;                                                                   \
        for (int64_t i = 0; i < nb; i++) {                                                   \
          int64_t c = cold[first + i] - q;                                                   \
          if (c >= 0 && (int32_t)rem[c] > pm[i]) pm[i] = rem[c];                             \
        }                                                                                    \
      }                                                                                      \
      int64_t i = 0;                                                                         \
      for (int64_t n = s; n < e; n++) {                                                      \
        if (i < nb && cold[first + i] == n) {                                                \
          int64_t m = pm[i];                                                                 \
          for (int64_t k = 1; k < k0 && k * k <= n; k++)                                     \
            if ((int64_t)rem[n - k * k] > m) m = rem[n - k * k];                             \
          int64_t r = n == 0 ? 0 : m + 1;                                                    \
          if (r > limit) return -1;                                                          \
          rem[n] = (T)r;                                                                     \
          int64_t j = first + i, k = 1, t = n + 1;                                           \
          while (t < e) { if (r < best[t - s]) best[t - s] = (int32_t)r; k++; t = n + k * k; } \
          nxt[j] = t; root[j] = k; crem[j] = r;                                              \
          i++;                                                                               \
        } else {                                                                             \
          rem[n] = (T)(best[n - s] + 1);                                                     \
        }                                                                                    \
      }                                                                                      \
      done = first + nb;                                                                     \
      first = last;                                                                          \
    }                                                                                        \
    return first;                                                                            \
  }

REM_BLOCKS(rem_blocks_u8, uint8_t)
REM_BLOCKS(rem_blocks_u16, uint16_t)
