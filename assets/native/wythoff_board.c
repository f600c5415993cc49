/* squaregame's Wythoff's queen board in C: the running-aggregate sweep of
 * assets/bench/wythoff_ref.c, with misère's corner, as a kernel that fills the board a band of
 * rows at a time (squaregame/core/wythoff_native.py calls it through ctypes and reports
 * progress between calls; the tests check it gives the numpy builder's bytes).
 *
 * The board is (size + 1)², cell (x, y) at x·n + y. A cell's children lie in its row to the
 * left, its column below and its diagonal down-left; running aggregates along those lines
 * (the least remoteness of a cold cell passed, the greatest remoteness of any cell passed)
 * give each cell at once: hot = 1 + the least cold child's, cold (no cold child) = 1 + the
 * greatest child's. (0, 0) has remoteness 0: cold in normal play, hot in misère (whoever is
 * to move there has won). Cells are taken row by row, x outer, so every child is done.
 *
 * agg holds 6n − 2 int32: column least and greatest (n each), diagonal least and greatest
 * (2n − 1 each), set when x0 == 0 and carried to the next band. stats: the cold count, the
 * largest remoteness and the index of its first cell, also carried. */
#include <stdint.h>

#define BIG (1 << 30)

void wythoff_rows(int64_t n, int64_t x0, int64_t x1, int32_t misere, uint16_t *rem,
                  uint8_t *cold, int32_t *agg, int64_t *stats) {
  int32_t *col_min = agg, *col_max = agg + n;
  int32_t *dia_min = agg + 2 * n, *dia_max = agg + 4 * n - 1;
  if (x0 == 0) {
    for (int64_t i = 0; i < n; i++) { col_min[i] = BIG; col_max[i] = -1; }
    for (int64_t i = 0; i < 2 * n - 1; i++) { dia_min[i] = BIG; dia_max[i] = -1; }
    stats[0] = 0; stats[1] = -1; stats[2] = 0;
  }
  int64_t count = stats[0], top = stats[1], at = stats[2];
  for (int64_t x = x0; x < x1; x++) {
    int32_t row_min = BIG, row_max = -1;
    for (int64_t y = 0; y < n; y++) {
      int64_t d = x - y + n - 1;
      int32_t least = row_min, most = row_max;
      if (col_min[y] < least) least = col_min[y];
      if (col_max[y] > most) most = col_max[y];
      if (dia_min[d] < least) least = dia_min[d];
      if (dia_max[d] > most) most = dia_max[d];
      int32_t r, c;
      if (x == 0 && y == 0) { r = 0; c = !misere; }
      else if (least == BIG) { r = most + 1; c = 1; }
      else { r = least + 1; c = 0; }
      rem[x * n + y] = (uint16_t)r;
      cold[x * n + y] = (uint8_t)c;
      count += c;
      if (r > top) { top = r; at = x * n + y; }
      int32_t cr = c ? r : BIG;
      if (cr < row_min) row_min = cr;
      if (r > row_max) row_max = r;
      if (cr < col_min[y]) col_min[y] = cr;
      if (r > col_max[y]) col_max[y] = r;
      if (cr < dia_min[d]) dia_min[d] = cr;
      if (r > dia_max[d]) dia_max[d] = r;
    }
  }
  stats[0] = count; stats[1] = top; stats[2] = at;
}

/* Grundy values (normal play) of the same board, rows x0..x1-1: g(x, y) is the mex of the
 * values to its left, below it and down-left on its diagonal. Each line keeps the set of
 * values seen on it so far as a bit set of `words` 64-bit words: `col` (n sets, by y: the
 * cells (x', y), x' < x), `dia` (2n − 1 sets, by x − y) and `run` (the current row's cells
 * (x, y'), y' < y, cleared at each x). A set's own mex only grows as values join it, so each
 * is kept (lo_col, lo_dia, and lo_run for the row); the mex of the union is at least the
 * largest of the three, every value below that being in one of them, so the search for the
 * first value in none of the sets starts at that one's word. A cell has at most
 * x + y + min(x, y) < 3n options, so its mex fits `words` = 3n / 64 + 1 words. The caller
 * zeroes every set and bound before the first band and keeps them between bands. */
void wythoff_grundy_rows(int64_t n, int64_t x0, int64_t x1, int64_t words, uint16_t *g,
                         uint64_t *col, uint64_t *dia, uint64_t *run, int32_t *lo_col,
                         int32_t *lo_dia) {
  for (int64_t x = x0; x < x1; x++) {
    for (int64_t w = 0; w < words; w++) run[w] = 0;
    int32_t lo_run = 0;
    for (int64_t y = 0; y < n; y++) {
      int64_t d = x - y + n - 1;
      uint64_t *a = col + y * words, *b = dia + d * words;
      int32_t m = lo_col[y];
      if (lo_dia[d] > m) m = lo_dia[d];
      if (lo_run > m) m = lo_run;
      int64_t w = m >> 6;
      uint64_t seen = a[w] | b[w] | run[w];
      while (seen == ~(uint64_t)0) { w++; seen = a[w] | b[w] | run[w]; }
#if defined(__GNUC__) || defined(__clang__)
      int32_t bit = __builtin_ctzll(~seen); /* the lowest value in none of the sets */
#else
      int32_t bit = 0;
      while ((seen >> bit) & 1) bit++;
#endif
      int32_t v = (int32_t)(w * 64 + bit);
      g[x * n + y] = (uint16_t)v;
      uint64_t mask = (uint64_t)1 << bit;
      a[w] |= mask; b[w] |= mask; run[w] |= mask;
      while ((a[lo_col[y] >> 6] >> (lo_col[y] & 63)) & 1) lo_col[y]++;
      while ((b[lo_dia[d] >> 6] >> (lo_dia[d] & 63)) & 1) lo_dia[d]++;
      while ((run[lo_run >> 6] >> (lo_run & 63)) & 1) lo_run++;
    }
  }
}
