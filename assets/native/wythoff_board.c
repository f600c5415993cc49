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
