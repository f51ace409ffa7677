/* oware_prover.c - exact move values of Awari/Oware positions by forward search (docs/rules.md A1-A6).
 *
 * Plain C, one file and the moves it shares with tools/oware_solver.c (tools/oware_sow.h):
 *     gcc -O2 -o oware_prover oware_prover.c
 * tools/oware_proofs.py compiles and drives it; the app never runs it.
 *
 * Rules as engine/oware_kernel.py plays them (the same as tools/oware_solver.c): sowing skips the
 * emptied pit (A2); captures of 2s and 3s back along the opponent's row (A3); a grand slam (A4)
 * captures nothing (GS 0), is illegal while another move exists (GS 1) or captures everything (GS 2);
 * feeding (A5); the game ends (A6) when the mover's captures reach 25, when the player to move has no
 * legal move, or when a position comes back since the last capture; each player then takes the seeds
 * in their own row. Values: final store differences (captures plus the rows at the end) from the
 * mover's view, with best play; the analysed position has no history (it is the first position a
 * repetition can hit).
 *
 * The search: MTD(f) (null-window alpha-beta, fail-soft) for each legal move of a position, with
 *   - the endgame table (engine/data/oware_<variant>_10.egtb.xz, decompressed by the driver): a move
 *     that captures into a position the table proves is a leaf of that value (after a capture nothing
 *     earlier can come back, as the table's values assume);
 *   - a transposition table of bounds, each the bound of the game from that position with no history
 *     (kept only when no position above the node came back in its subtree);
 *   - where a node's line since the last capture holds other positions (Y), a bound read from the
 *     transposition table or the endgame table is widened to every Y's ending: the game from here may
 *     come back to a Y, which then ends it with each player taking their own row (A6). A strategy that
 *     guarantees >= lo with no history guarantees >= min(lo, every Y's ending) with that history, so
 *     the widened bound is sound on this line and on every shorter one (fewer Ys), so the subtree's
 *     bound may still be kept for the node above. This is what makes the transposition table sound
 *     under the repetition rule (graph history).
 *
 * Input (stdin), one position a line:  GS s1..s6 n1..n6 storeS storeN side(0 South, 1 North) nodes taught
 * Output, one line a position:  six "lo:hi" (or "x" for a pit that is not legal), then the nodes
 * searched; lo == hi is the move's exact value, otherwise bounds (-1000 or 1000: none; the node
 * budget, "nodes" per move, ran out). taught 0: every move's exact value; a pit 1..6: that pit's, and
 * the others' only until they are proven no better (analyse below). Command line: oware_prover TABLE [TN [GS]]  (TABLE: the raw table of the variant, lo
 * bytes then gap bytes of layers 0..TN, TN default 10; "-" for none; with GS, TABLE is the folder of
 * tools/oware_solver.c's layer files gs<GS>_<n>.lohi). Environment: TT_BITS (default 22), HORIZONS
 * (the cut lines' lengths tried in turn, default 24,48,96,192,384,598).
 */
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "oware_sow.h"

#define WIN 25
#define TOTAL 48
#define MAXD 600
#define NO_REPEAT (1 << 30)
#define INF 1000

static int TN = -1;
static uint64_t BASE[32];
static int8_t *TLO;
static uint8_t *TGAP;

/* ---- the endgame table ---- */
static int probe(const uint8_t *b, int n, int ms, int *lo, int *hi) {
    int a = WIN - ms;
    if (n > TN || a < 1 || a > n + 1) return 0;
    uint64_t i = BASE[n] + board_rank(b) * (uint64_t)(n + 1) + (uint64_t)(a - 1);
    *lo = TLO[i];
    *hi = TLO[i] + TGAP[i];
    return 1;
}

/* ---- transposition table: bounds of the game from a position with no history ---- */
typedef struct {
    uint64_t k1, k2;
    int8_t lo, hi, best;
} Entry;
static Entry *TT;
static uint64_t TTMASK;

static void keys(const uint8_t *b, int ms, int os, uint64_t *k1, uint64_t *k2) {
    uint64_t a = 0, c = 0;
    for (int j = 0; j < 10; j++) a = a << 6 | b[j];
    c = ((uint64_t)b[10] << 18 | (uint64_t)b[11] << 12 | (uint64_t)ms << 6 | (uint64_t)os) + 1;
    *k1 = a;
    *k2 = c;
}

static Entry *slot(uint64_t k1, uint64_t k2) {
    uint64_t h = (k1 * 0x9E3779B97F4A7C15ULL) ^ (k2 * 0xC2B2AE3D27D4EB4FULL);
    return &TT[(h >> 20) & TTMASK];
}

/* ---- the line ---- */
static uint8_t B[MAXD][NPIT];
static int MS[MAXD], OS[MAXD], SIDE[MAXD], SEG[MAXD], EMIN[MAXD], EMAX[MAXD];
static uint64_t K1[MAXD], K2[MAXD];
static long long nodes, limit;
static int rep_low = NO_REPEAT;
static jmp_buf out_of_budget;
static int HORIZON = MAXD - 2, PESS = 1; /* lines cut at HORIZON plies: at the root mover's worst (PESS) or best */
static long long hz;                     /* horizon nodes met so far */
static int horizons[16] = {24, 48, 96, 192, 384, MAXD - 2}, NHZ = 6; /* env HORIZONS=a,b,..: others */

static int rows(const uint8_t *b) {
    int s = 0;
    for (int j = 0; j < 6; j++) s += b[j] - b[j + 6];
    return s;
}

/* Set up depth d's bookkeeping (board, stores, side, segment start already in place). */
static void enter(int d) {
    keys(B[d], MS[d], OS[d], &K1[d], &K2[d]);
    K2[d] |= (uint64_t)SIDE[d] << 40;
    int e = MS[d] - OS[d] + rows(B[d]);
    if (SIDE[d]) e = -e; /* South's view */
    if (SEG[d] == d) {
        EMIN[d] = EMAX[d] = e;
    } else {
        EMIN[d] = EMIN[d - 1] < e ? EMIN[d - 1] : e;
        EMAX[d] = EMAX[d - 1] > e ? EMAX[d - 1] : e;
    }
}

static int solve(int d, int alpha, int beta) {
    if (++nodes > limit) longjmp(out_of_budget, 1);
    if (d + 1 >= MAXD) longjmp(out_of_budget, 2);
    const uint8_t *b = B[d];
    int ms = MS[d], os = OS[d], n = TOTAL - ms - os;
    int seg = SEG[d] != d, smin = 0, smax = 0;
    if (seg) { /* the endings of the line's positions since the last capture, mover's view */
        smin = SIDE[d] ? -EMAX[d - 1] : EMIN[d - 1];
        smax = SIDE[d] ? -EMIN[d - 1] : EMAX[d - 1];
    }
    int lo = 2 * ms - TOTAL, hi = TOTAL - 2 * os;
    if (lo >= beta) return lo;
    if (hi <= alpha) return hi;
    int tl = lo, th = hi;
    if (probe(b, n, ms, &tl, &th)) {
        tl += ms - os;
        th += ms - os;
        if (seg) {
            if (smin < tl) tl = smin;
            if (smax > th) th = smax;
        }
        if (tl >= beta) return tl;
        if (th <= alpha) return th;
    }
    Entry *e = slot(K1[d], K2[d] & ((1ULL << 40) - 1));
    int tbest = -1;
    if (e->k1 == K1[d] && e->k2 == (K2[d] & ((1ULL << 40) - 1))) {
        int el = e->lo, eh = e->hi;
        if (seg) {
            if (smin < el) el = smin;
            if (smax > eh) eh = smax;
        }
        if (el >= beta) return el;
        if (eh <= alpha) return eh;
        tbest = e->best;
    }
    int mine = SIDE[d] == SIDE[0];
    if (d >= HORIZON) { /* the line is cut: the node's bound at the root mover's worst (or best) */
        hz++;
        if (tl < lo) tl = lo;
        if (th > hi) th = hi;
        return PESS == mine ? tl : th;
    }
    long long hz0 = hz;
    int low0 = rep_low;
    rep_low = NO_REPEAT;
    int pits[6], m = legal(b, pits);
    int order[6], score[6];
    uint8_t kid[6][NPIT];
    int caps[6];
    for (int q = 0; q < m; q++) {
        int slam;
        caps[q] = play(b, pits[q], kid[q], &slam);
        score[q] = caps[q] * 2 + (pits[q] == tbest ? 1000 : 0);
        order[q] = q;
    }
    for (int i = 1; i < m; i++) /* best first */
        for (int j = i; j > 0 && score[order[j]] > score[order[j - 1]]; j--) {
            int t = order[j]; order[j] = order[j - 1]; order[j - 1] = t;
        }
    int best = -INF, bi = -1, a = alpha;
    for (int qi = 0; qi < m; qi++) {
        int q = order[qi], cap = caps[q], v;
        const uint8_t *c = kid[q];
        int nms = ms + cap, end = nms - os + rows(c);
        uint8_t *f = B[d + 1];
        for (int j = 0; j < 6; j++) { f[j] = c[j + 6]; f[j + 6] = c[j]; }
        int opits[6];
        if (nms >= WIN || legal(f, opits) == 0) {
            v = end;
        } else {
            MS[d + 1] = os;
            OS[d + 1] = nms;
            SIDE[d + 1] = !SIDE[d];
            SEG[d + 1] = cap ? d + 1 : SEG[d];
            enter(d + 1);
            int rep = -1;
            if (!cap)
                for (int j = SEG[d]; j <= d; j++)
                    if (K1[j] == K1[d + 1] && K2[j] == K2[d + 1]) { rep = j; break; }
            int cl, ch;
            if (rep >= 0) { /* A6: it came back */
                if (rep < rep_low) rep_low = rep;
                v = end;
            } else if (cap && probe(f, n - cap, os, &cl, &ch) && cl == ch) {
                v = nms - os - cl;
            } else {
                v = -solve(d + 1, -beta, -a);
            }
        }
        if (v > best) {
            best = v;
            bi = pits[q];
            if (v > a) {
                a = v;
                if (v >= beta) break;
            }
        }
    }
    if (rep_low >= d) { /* no position above this one came back: the bound holds with no history */
        int nl = -INF, nh = INF;
        if (e->k1 == K1[d] && e->k2 == (K2[d] & ((1ULL << 40) - 1))) { nl = e->lo; nh = e->hi; }
        /* past a cut line only the bound on the cut's side holds: a lower bound where the cut nodes were at
           this mover's worst, an upper bound where at their best */
        int up = hz == hz0 || PESS != mine, down = hz == hz0 || PESS == mine;
        if (best <= alpha) { if (up && best < nh) nh = best; }
        else if (best >= beta) { if (down && best > nl) nl = best; }
        else {
            if (down && best > nl) nl = best;
            if (up && best < nh) nh = best;
        }
        if (nl < 2 * ms - TOTAL) nl = 2 * ms - TOTAL;
        if (nh > TOTAL - 2 * os) nh = TOTAL - 2 * os;
        e->k1 = K1[d];
        e->k2 = K2[d] & ((1ULL << 40) - 1);
        e->lo = (int8_t)nl;
        e->hi = (int8_t)nh;
        e->best = (int8_t)bi;
    }
    if (low0 < rep_low) rep_low = low0;
    return best;
}

/* Bounds on the root move whose child is set up at depth 1, by MTD(f) from guess within the budget, each
   null-window test proven with the lines cut at growing horizons; it stops once the value is exact, once
   its upper bound is at most target (a test at target + 1 first) when target > -INF, or once its lower
   bound is at least floor (a test at floor first) when floor > -INF. */
static void mtd(int guess, int target, int floor, int *lo, int *hi) {
    int l = -INF, h = INF, g = target > -INF ? target + 1 : floor > -INF ? floor : guess;
    if (!setjmp(out_of_budget)) {
        while (l < h && !(target > -INF && h <= target) && !(floor > -INF && l >= floor)) {
            int beta = g == l ? g + 1 : g, settled = 0;
            for (int k = 0; k < NHZ && !settled; k++) {
                HORIZON = horizons[k];
                for (PESS = 1; PESS >= 0 && !settled; PESS--) {
                    rep_low = NO_REPEAT;
                    long long hz0 = hz;
                    int v = -solve(1, -beta, -beta + 1);
                    if (v >= beta && (PESS || hz == hz0)) { l = v; settled = 1; }
                    else if (v < beta && (!PESS || hz == hz0)) { h = v; settled = 1; }
                    g = v;
                }
            }
            if (!settled) break;
        }
    }
    *lo = l;
    *hi = h;
}

/* Bounds on every legal move of the position at depth 0 (each with per_move nodes); with taught (a pit
   1..6), that pit first, then each other pit only until its upper bound is at most the taught pit's
   lower bound (enough to prove the taught pit among the best). */
static void analyse(const uint8_t *board, int ms, int os, int side, long long per_move, int taught) {
    long long total = 0;
    memcpy(B[0], board, NPIT);
    MS[0] = ms; OS[0] = os; SIDE[0] = side; SEG[0] = 0;
    enter(0);
    int n = TOTAL - ms - os;
    int pits[6], m = legal(board, pits);
    char outs[6][32];
    for (int i = 0; i < 6; i++) strcpy(outs[i], "x");
    if (ms >= WIN || os >= WIN) m = 0;
    for (int q = 1; q < m; q++) /* the taught pit first */
        if (pits[q] == taught - 1) { int t = pits[0]; pits[0] = pits[q]; pits[q] = t; }
    int target = -INF, floor = -INF, los[6], his[6];
    for (int round = 0; round < 2; round++)
    for (int q = 0; q < m; q++) {
        if (round == 1) { /* the taught pit again: is it at least every other pit's upper bound? */
            if (q > 0 || pits[0] != taught - 1 || los[0] >= floor || floor >= INF) break;
        }
        uint8_t c[NPIT];
        int slam, cap = play(board, pits[q], c, &slam), lo, hi;
        int nms = ms + cap, end = nms - os + rows(c);
        uint8_t *f = B[1];
        for (int j = 0; j < 6; j++) { f[j] = c[j + 6]; f[j + 6] = c[j]; }
        int opits[6], cl, ch;
        if (nms >= WIN || legal(f, opits) == 0) {
            lo = hi = end;
        } else {
            MS[1] = os; OS[1] = nms; SIDE[1] = !side; SEG[1] = cap ? 1 : 0;
            enter(1);
            if (!cap && K1[0] == K1[1] && K2[0] == K2[1]) {
                lo = hi = end;
            } else if (cap && probe(f, n - cap, os, &cl, &ch) && cl == ch) {
                lo = hi = nms - os - cl;
            } else {
                nodes = 0;
                limit = per_move;
                mtd(nms - os, q > 0 ? target : -INF, round ? floor : -INF, &lo, &hi);
                total += nodes;
            }
        }
        if (round == 1) { /* two proofs of one value: the tighter bounds of each */
            if (los[0] > lo) lo = los[0];
            if (his[0] < hi) hi = his[0];
        }
        los[q] = lo;
        his[q] = hi;
        if (q == 0 && pits[0] == taught - 1) target = lo;
        if (q > 0 && (q == 1 || hi > floor)) floor = hi;
        snprintf(outs[pits[q]], sizeof outs[0], "%d:%d", lo, hi);
    }
    for (int i = 0; i < 6; i++) printf("%s ", outs[i]);
    printf("%lld\n", total);
    fflush(stdout);
}

int main(int argc, char **argv) {
    GS = -1; /* no variant yet: the first position sets it (and clears the table of bounds) */
    for (int i = 0; i < 64; i++) {
        BIN[i][0] = 1;
        for (int j = 1; j < 16; j++) BIN[i][j] = i ? BIN[i - 1][j - 1] + BIN[i - 1][j] : 0;
    }
    if (argc < 2) { fprintf(stderr, "usage: oware_prover TABLE|- [TN]\n"); return 2; }
    if (strcmp(argv[1], "-") != 0) {
        TN = argc > 2 ? atoi(argv[2]) : 10;
        uint64_t total = 0;
        for (int n = 0; n <= TN; n++) { BASE[n] = total; total += BIN[n + 11][11] * (uint64_t)(n + 1); }
        TLO = malloc(total);
        TGAP = malloc(total);
        if (!TLO || !TGAP) { fprintf(stderr, "out of memory\n"); return 3; }
        if (argc > 3) { /* the solver's layer files DIR/gs<GS>_<n>.lohi (lo then hi) */
            for (int n = 0; n <= TN; n++) {
                char name[4096];
                uint64_t size = BIN[n + 11][11] * (uint64_t)(n + 1);
                snprintf(name, sizeof name, "%s/gs%s_%d.lohi", argv[1], argv[3], n);
                FILE *fp = fopen(name, "rb");
                if (!fp || fread(TLO + BASE[n], 1, size, fp) != size || fread(TGAP + BASE[n], 1, size, fp) != size) {
                    fprintf(stderr, "%s: missing or short\n", name);
                    return 2;
                }
                fclose(fp);
                for (uint64_t i = BASE[n]; i < BASE[n] + size; i++) TGAP[i] = (uint8_t)(TGAP[i] - TLO[i]);
            }
        } else {
            FILE *fp = fopen(argv[1], "rb");
            if (!fp || fread(TLO, 1, total, fp) != total || fread(TGAP, 1, total, fp) != total) {
                fprintf(stderr, "%s: not a table of %d seeds\n", argv[1], TN);
                return 2;
            }
            fclose(fp);
        }
    }
    if (getenv("HORIZONS")) {
        char *p = getenv("HORIZONS");
        for (NHZ = 0; NHZ < 16 && *p; NHZ++) {
            int h = (int)strtol(p, &p, 10);
            horizons[NHZ] = h < 1 ? 1 : h > MAXD - 2 ? MAXD - 2 : h;
            while (*p == ',') p++;
        }
    }
    int bits = getenv("TT_BITS") ? atoi(getenv("TT_BITS")) : 22;
    TT = calloc((size_t)1 << bits, sizeof(Entry));
    if (!TT) { fprintf(stderr, "out of memory\n"); return 3; }
    TTMASK = ((uint64_t)1 << bits) - 1;
    int v[16], taught;
    long long per_move;
    while (1) {
        int k = 0;
        for (; k < 16; k++)
            if (scanf("%d", &v[k]) != 1) break;
        if (k < 16 || scanf("%lld %d", &per_move, &taught) != 2) break;
        if (v[0] != GS) { memset(TT, 0, ((size_t)TTMASK + 1) * sizeof(Entry)); GS = v[0]; }
        uint8_t board[NPIT];
        int side = v[15];
        for (int j = 0; j < 6; j++) {
            board[j] = (uint8_t)(side ? v[7 + j] : v[1 + j]);
            board[j + 6] = (uint8_t)(side ? v[1 + j] : v[7 + j]);
        }
        int ms = side ? v[14] : v[13], os = side ? v[13] : v[14];
        analyse(board, ms, os, side, per_move, taught);
    }
    return 0;
}
