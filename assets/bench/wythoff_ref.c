/* Reference speed for the Wythoff's queen table (normal play) on this machine.
 *
 * The board is 0..N-1 squared. A cell's children lie to its left in its row, below it in its
 * column and down-left on its diagonal; running aggregates along those lines (the least
 * remoteness of a cold cell passed, the greatest remoteness of any cell passed) give each
 * cell in O(1): hot = 1 + the least cold child's remoteness, cold (no cold child) = 1 + the
 * greatest child's. Cells are taken row by row (x outer, y inner), so every child is done.
 *
 * Prints the cold count, the largest remoteness and an FNV-1a hash of the remoteness array
 * (uint16 per cell, in the order [x][y], x outer), so another implementation can be checked
 * byte for byte:  gcc -O2 -o wythoff_ref wythoff_ref.c && ./wythoff_ref 2000
 * (`squaregame table wythoff --upto N --stats --json` builds the same board afresh.)
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  if (argc < 2) { fprintf(stderr, "usage: %s N\n", argv[0]); return 2; }
  long n = atol(argv[1]);
  if (n < 1 || n > 30000) { fprintf(stderr, "N must be 1..30000\n"); return 2; }
  const int32_t BIG = 1 << 30;
  uint16_t *rem = malloc((size_t)n * n * sizeof(uint16_t));
  int32_t *col_min = malloc(n * sizeof(int32_t)), *col_max = malloc(n * sizeof(int32_t));
  int32_t *dia_min = malloc((2 * n - 1) * sizeof(int32_t));
  int32_t *dia_max = malloc((2 * n - 1) * sizeof(int32_t));
  for (long i = 0; i < n; i++) { col_min[i] = BIG; col_max[i] = -1; }
  for (long i = 0; i < 2 * n - 1; i++) { dia_min[i] = BIG; dia_max[i] = -1; }
  long cold = 0;
  int maxrem = 0;
  for (long x = 0; x < n; x++) {
    int32_t row_min = BIG, row_max = -1; /* row x: cells (x, 0..y-1) -- "column" in [x][y] */
    for (long y = 0; y < n; y++) {
      long d = x - y + n - 1;
      /* children: (x, y') y' < y (row_*), (x', y) x' < x (col_* by y), (x-k, y-k) (dia_*) */
      int32_t least = row_min, most = row_max;
      if (col_min[y] < least) least = col_min[y];
      if (col_max[y] > most) most = col_max[y];
      if (dia_min[d] < least) least = dia_min[d];
      if (dia_max[d] > most) most = dia_max[d];
      int32_t r, c;
      if (x == 0 && y == 0) { r = 0; c = 1; }
      else if (least == BIG) { r = most + 1; c = 1; }
      else { r = least + 1; c = 0; }
      rem[x * n + y] = (uint16_t)r;
      if (c) cold++;
      if (r > maxrem) maxrem = r;
      int32_t cr = c ? r : BIG;
      if (cr < row_min) row_min = cr;
      if (r > row_max) row_max = r;
      if (cr < col_min[y]) col_min[y] = cr;
      if (r > col_max[y]) col_max[y] = r;
      if (cr < dia_min[d]) dia_min[d] = cr;
      if (r > dia_max[d]) dia_max[d] = r;
    }
  }
  uint64_t h = 1469598103934665603ULL;
  for (long i = 0; i < n * n; i++) { h ^= rem[i]; h *= 1099511628211ULL; }
  printf("N=%ld cold=%ld maxrem=%d fnv1a_rem=%016llx\n", n, cold, maxrem, (unsigned long long)h);
  return 0;
}
