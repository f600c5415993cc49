/* squaregame's Grundy values of one heap of a take-and-break game (octal codes, Grundy's game)
 * by the rare-value method of Gangolli–Plambeck and Flammenkamp, as in tczajka/octal-games
 * (squaregame/families/octal/native.py calls it through ctypes, a chunk of heaps a call, and
 * reports progress between calls; squaregame/families/octal/values.py says why it is exact and
 * has the same method in numpy; the tests check both against the plain mex).
 *
 * A rule is three bit masks over the places j = 0..8: whole (a heap of exactly j may be taken
 * whole), take (take j, leave one non-empty heap), split (take j, leave two non-empty heaps),
 * and unequal (the two heaps must differ: Grundy's game).
 *
 * Given g[0..n0), fills g[n0..n1). For a value mask M, a value v is "common" when
 * popcount(v & M) is odd, "rare" when even (0 is rare); a position is rare when its value is.
 * common ^ common and rare ^ rare are rare, common ^ rare is common. So every common value a
 * split reaches is reached by a pair with a rare member: scanning the pairs (r, rest − r) for
 * the few rare r settles the common values exactly, and the least common value c not reached
 * is a candidate. The answer is c unless some rare value below c is reached by no pair: the
 * pairs are scanned in full (stopping as soon as every rare value below c is seen), and the
 * mex is taken over what was seen. M = 0 makes every position rare: the plain method.
 * M is chosen (again at n = 64, 128, 256, … and when the rare positions grow much) as the mask
 * with the fewest rare positions so far, by a Walsh–Hadamard transform of the value counts.
 *
 * stats (out): [0] the mask at the end, [1] the rare positions then, [2] pairs examined.
 * Returns 0, −1 if a value reaches VCAP / 4 (the caller falls back), −2 if memory fails. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define VCAP (1 << 16)

static int odd(uint64_t x) {
  x ^= x >> 32; x ^= x >> 16; x ^= x >> 8; x ^= x >> 4; x ^= x >> 2; x ^= x >> 1;
  return (int)(x & 1);
}

/* The mask with the fewest rare positions among g[0..n) (0 if none has fewer than n). */
static int64_t best_mask(const int64_t *counts, int64_t size, int64_t n, int64_t *h) {
  memcpy(h, counts, sizeof(int64_t) * (size_t)size);
  for (int64_t len = 1; len < size; len <<= 1)
    for (int64_t i = 0; i < size; i += len << 1)
      for (int64_t k = i; k < i + len; k++) {
        int64_t a = h[k], b = h[k + len];
        h[k] = a + b; h[k + len] = a - b;
      }
  int64_t best = 0, fewest = n;
  for (int64_t m = 1; m < size; m++) {
    int64_t rare = (n + h[m]) / 2;
    if (rare < fewest) { fewest = rare; best = m; }
  }
  return best;
}

int64_t octal_values(int64_t whole, int64_t take, int64_t split, int32_t unequal, int32_t sparse,
                     int64_t n0, int64_t n1, uint32_t *g, int64_t *stats) {
  int64_t *stamp = malloc(sizeof(int64_t) * VCAP);
  int64_t *counts = calloc(VCAP, sizeof(int64_t));
  int64_t *h = malloc(sizeof(int64_t) * VCAP);
  int64_t *rare = malloc(sizeof(int64_t) * (size_t)(n1 > 1 ? n1 : 1));
  uint8_t *want = calloc(VCAP, 1);  /* the rare values below c still to find (else 0) */
  int64_t result = 0, pairs = 0;
  if (!stamp || !counts || !h || !rare || !want) { result = -2; goto done; }
  memset(stamp, 0xff, sizeof(int64_t) * VCAP);
  int64_t maxval = 0;
  for (int64_t i = 0; i < n0; i++) {
    if (g[i] >= VCAP / 4) { result = -1; goto done; }
    counts[g[i]]++;
    if (g[i] > maxval) maxval = g[i];
  }
  int64_t size = 2;
  while (size <= maxval + 1) size <<= 1;
  int64_t mask = 0, nrare = 0, rare_after = 0, next_check = 64;
  while (next_check <= n0) next_check <<= 1;
  if (sparse && n0 >= 64) mask = best_mask(counts, size, n0, h);
  for (int64_t i = 0; i < n0; i++)
    if (!odd(g[i] & mask)) rare[nrare++] = i;
  rare_after = nrare;
  for (int64_t n = n0; n < n1; n++) {
    for (int64_t j = 0; j <= 8 && j <= n; j++) {
      if ((whole >> j & 1) && n == j) stamp[0] = n;
      if ((take >> j & 1) && j >= 1 && n - j >= 1) stamp[g[n - j]] = n;
      if ((split >> j & 1) && n - j >= 2) {
        int64_t rest = n - j;
        int64_t last = mask ? rest - 1 : rest / 2;  /* every position rare: each pair once */
        const uint32_t *tail = g + rest;  /* tail[-r] = g[rest - r] */
        int64_t t = 1;  /* rare[0] = 0 (G(0) = 0 is rare): no split leaves an empty heap */
        if (unequal) {
          for (; t < nrare && rare[t] <= last; t++) {
            int64_t r = rare[t];
            if (2 * r != rest) stamp[g[r] ^ tail[-r]] = n;
          }
        } else {
          for (; t < nrare && rare[t] <= last; t++) {
            int64_t r = rare[t];
            stamp[g[r] ^ tail[-r]] = n;
          }
        }
        pairs += t - 1;
      }
    }
    int64_t mex = 0;
    if (mask == 0) {
      while (stamp[mex] == n) mex++;
    } else {
      int64_t c = 0, remaining = 0;
      while (stamp[c] == n || !odd((uint64_t)(c & mask))) c++;
      for (int64_t v = 0; v < c; v++) {
        want[v] = stamp[v] != n;  /* rare values: every common one below c is seen */
        remaining += want[v];
      }
      for (int64_t j = 0; j <= 8 && j <= n && remaining > 0; j++) {
        if (!(split >> j & 1) || n - j < 2) continue;
        int64_t rest = n - j, top = unequal ? (rest - 1) / 2 : rest / 2, a = 1;
        const uint32_t *tail = g + rest;
        int found = 0;
        for (; a + 3 <= top && !found; a += 4) {  /* four pairs a test; in order when one hits */
          uint32_t v0 = g[a] ^ tail[-a], v1 = g[a + 1] ^ tail[-a - 1];
          uint32_t v2 = g[a + 2] ^ tail[-a - 2], v3 = g[a + 3] ^ tail[-a - 3];
          if (!(want[v0] | want[v1] | want[v2] | want[v3])) continue;
          for (int64_t b = a; b < a + 4; b++) {
            uint32_t v = g[b] ^ tail[-b];
            if (want[v]) {
              want[v] = 0;
              stamp[v] = n;
              if (--remaining == 0) { found = 1; a = b + 1 - 4; break; }  /* (a += 4 next) */
            }
          }
        }
        for (; a <= top && !found; a++) {
          uint32_t v = g[a] ^ tail[-a];
          if (want[v]) {  /* (want is 0 from c on: those values are not looked for) */
            want[v] = 0;
            stamp[v] = n;
            if (--remaining == 0) { a++; break; }
          }
        }
        pairs += a - 1;
      }
      for (int64_t v = 0; v < c; v++) want[v] = 0;
      while (stamp[mex] == n) mex++;
    }
    if (mex >= VCAP / 4) { result = -1; goto done; }
    g[n] = (uint32_t)mex;
    counts[mex]++;
    if (mex > maxval) {
      maxval = mex;
      while (size <= maxval + 1) size <<= 1;
    }
    if (!odd((uint64_t)(mex & mask))) rare[nrare++] = n;
    if (sparse && (n + 1 == next_check || nrare > 2 * rare_after + 1024)) {
      if (n + 1 == next_check) next_check <<= 1;
      mask = best_mask(counts, size, n + 1, h);
      nrare = 0;
      for (int64_t i = 0; i <= n; i++)
        if (!odd(g[i] & mask)) rare[nrare++] = i;
      rare_after = nrare;
    }
  }
  stats[0] = mask; stats[1] = nrare;
done:
  stats[2] = pairs;
  free(stamp); free(counts); free(h); free(rare); free(want);
  return result;
}
