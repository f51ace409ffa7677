/* oware_sow.h - the Awari/Oware moves, shared by tools/oware_solver.c and tools/oware_prover.c
 * (docs/rules.md A2-A5), as engine/oware_kernel.py plays them.
 *
 * A board from the mover's view: b[0..5] the mover's pits 1..6, b[6..11] the opponent's pits 1..6.
 * GS, the grand slam variant (A4): 0 a grand slam captures nothing, 1 it is illegal while another
 * move exists (and captures nothing when forced), 2 it captures everything. The including file sets
 * GS before it plays a move and fills BIN (binomial coefficients, BIN[n][k] = C(n, k)) before it
 * ranks a board.
 *
 * Header only (static functions): each tool stays one compile, gcc -O2 -o TOOL TOOL.c.
 */
#ifndef OWARE_SOW_H
#define OWARE_SOW_H

#include <stdint.h>
#include <string.h>

#define NPIT 12

static int GS;
static uint64_t BIN[64][16];

/* Sow pit i of c in place; returns the index of the pit the last seed went into. */
static int sow(uint8_t *c, int i) {
    int s = c[i], j = i;
    c[i] = 0;
    while (s--) {
        j = (j + 1) % NPIT;
        if (j == i) j = (j + 1) % NPIT; /* A2: the emptied pit is skipped */
        c[j]++;
    }
    return j;
}

/* Play pit i: c gets the board after it (mover's view); returns the capture; *slam: a grand slam. */
static int play(const uint8_t *b, int i, uint8_t *c, int *slam) {
    memcpy(c, b, NPIT);
    int last = sow(c, i);
    *slam = 0;
    if (last < 6) return 0;
    uint8_t d[NPIT];
    memcpy(d, c, NPIT);
    int taken = 0;
    for (int k = last; k >= 6 && (d[k] == 2 || d[k] == 3); k--) { /* A3 */
        taken += d[k];
        d[k] = 0;
    }
    if (!taken) return 0;
    int rest = 0;
    for (int k = 6; k < NPIT; k++) rest += d[k];
    if (!rest) { /* A4: it would take every seed of the opponent's row */
        *slam = 1;
        if (GS != 2) return 0;
    }
    memcpy(c, d, NPIT);
    return taken;
}

/* Legal pits of board b (A5 feeding, A4 "illegal" variant); returns how many, in out[]. */
static int legal(const uint8_t *b, int *out) {
    int opp = 0, m = 0;
    for (int k = 6; k < NPIT; k++) opp += b[k];
    for (int i = 0; i < 6; i++)
        if (b[i] && (opp || b[i] >= 6 - i)) out[m++] = i;
    if (GS == 1 && m > 1) {
        int fair[6], f = 0, slam;
        uint8_t c[NPIT];
        for (int k = 0; k < m; k++) {
            play(b, out[k], c, &slam);
            if (!slam) fair[f++] = out[k];
        }
        if (f) {
            memcpy(out, fair, sizeof(int) * f);
            m = f;
        }
    }
    return m;
}

/* Rank of a board among the boards with as many seeds: the stars-and-bars bars
 * b_j = p_1 + .. + p_(j+1) + j in the combinatorial number system (as engine/search/book.py rank). */
static uint64_t board_rank(const uint8_t *b) {
    uint64_t r = 0;
    int acc = 0;
    for (int j = 0; j < NPIT - 1; j++) {
        acc += b[j];
        r += BIN[acc + j][j + 1];
    }
    return r;
}

#endif
