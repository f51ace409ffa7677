/* oware_solver.c - the Awari/Oware endgame table by retrograde analysis (docs/rules.md A1-A6).
 *
 * Plain C, no dependencies; the moves are shared with tools/oware_prover.c (tools/oware_sow.h):
 *     gcc -O2 -o oware_solver oware_solver.c
 * tools/oware_table.py compiles and drives it; the app never runs it.
 *
 * Rules as engine/oware_kernel.py plays them: sowing skips the emptied pit on
 * every lap (A2); a last seed that makes an opponent's pit hold 2 or 3 takes
 * it and the pits before it that hold 2 or 3 (A3); a grand slam (A4) captures
 * nothing (GS 0), is illegal while another move exists (GS 1, and then
 * captures nothing when forced) or captures everything (GS 2); a player whose
 * opponent's row is empty must feed if any move can (A5); the game ends (A6)
 * when the mover's captures reach 25, when the player to move has no legal
 * move, or when a position comes back since the last capture, and each
 * player then takes the seeds in their own row.
 *
 * A position, from the mover's view: the board b[0..11] (the mover's pits
 * 1..6, then the opponent's pits 1..6) with n seeds, and a = 25 - the
 * mover's captures (seeds the mover still needs to win, 1..n+1; the
 * opponent needs n+2-a, as all 48 seeds are in the pits or the two piles).
 * Its value: the future net score with best play, in seeds (the seeds the
 * mover captures from now minus the opponent's, plus the mover's row minus
 * the opponent's at the end), for the game from this position with no
 * history (so the position itself is the first one a repetition can hit).
 *
 * Layer n holds the boards with n seeds, ranked by rank() (stars and bars in
 * the combinatorial number system, as engine/search/book.py), each with
 * a = 1..n+1: index rank * (n+1) + a - 1.
 *
 * How a layer is solved (a capture leaves it for a lower layer, already solved,
 * whose value is exact because no earlier position can come back):
 *   1. Retrograde value iteration from the bounds [-n, n]: lo(p) = max over
 *      moves of (-hi(child) or an exit value), hi(p) likewise with -lo. At
 *      the fixpoint, lo(p) >= t exactly when the mover can force a result >= t
 *      by a strategy that strictly shortens its distance to a decided exit, so
 *      no position ever repeats: these bounds hold in the game with
 *      repetitions. Positions with lo == hi are decided.
 *   2. The rest can go round a cycle. For each threshold t a position's test
 *      "can the mover get >= t" is a game on the positions neither side can
 *      decide (the cycle region R_t): first the tests that the other exits
 *      decide (attractors again), then the strongly connected components of
 *      what is left, in an order where every exit is known first. Where every
 *      position of a component gives the same player the win when it repeats,
 *      that player wins all of it (they can stay in it for ever, so the game
 *      ends by a repetition they win). Where that differs, the component is
 *      searched with the line as history (path-dependent, a node budget each);
 *      what the budget does not settle stays unknown, as does everything that
 *      leads into it.
 *   The value is then the largest t whose test the mover wins (lo where
 *   none), or unknown (-128) when a test on the way stays unknown.
 *
 * Commands:
 *   oware_solver GS N DIR      solve layers 0..N of grand slam variant GS into
 *       DIR/gs<GS>_<n>.lohi (2 * count bytes: lo then hi); layers already
 *       there are loaded, not solved again (a run stopped part-way goes on).
 *       Progress on stderr; each layer is written to a temporary file and
 *       renamed, so a file is never half-written.
 *   Environment: CORE_NODES=n (default 2000000) the node budget of the search of
 *       one cyclic component for one threshold.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "oware_sow.h"

#define UNKNOWN (-128)
#define MAXN 24

static long core_nodes_limit = 2000000;

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static void *xcalloc(size_t n, size_t s) {
    void *p = calloc(n ? n : 1, s);
    if (!p) { fprintf(stderr, "out of memory (%zu x %zu)\n", n, s); exit(3); }
    return p;
}

static uint64_t boards(int n) { return BIN[n + 11][11]; }

/* rank of a board within its layer (the boards with as many seeds). */
static uint32_t rank_of(const uint8_t *b) { return (uint32_t)board_rank(b); }

/* ---- moves ---- */
typedef struct {
    uint32_t child;  /* rank of the board after the move, from the opponent's view, in layer n - cap */
    int8_t endval;   /* cap + mover's row - opponent's row after the move (the value if the game ends) */
    uint8_t cap;     /* seeds captured */
    uint8_t stuck;   /* the opponent has no legal move after it: the game ends (A6) */
} Move;

/* ---- layers ---- */
typedef struct {
    int n;
    uint64_t nb, np;   /* boards, positions (boards * (n+1)) */
    int8_t *lo, *hi;   /* bounds; lo == hi: exact; else lo/hi bound it and the value is unknown */
} Layer;

static Layer L[MAXN + 1];

/* Moves of every board of a layer: mcount[r], moves[r * 6 ..], sweep[r] (mover's row - opponent's). */
typedef struct {
    uint8_t *mcount;
    Move *moves;
    int8_t *sweep;
} LayerMoves;

static void gen_rec(int n, uint8_t *b, int k, int left, LayerMoves *lm) {
    if (k == NPIT - 1) {
        b[k] = (uint8_t)left;
        uint32_t r = rank_of(b);
        int pits[6], m = legal(b, pits);
        int s = 0;
        for (int j = 0; j < 6; j++) s += b[j] - b[j + 6];
        lm->sweep[r] = (int8_t)s;
        lm->mcount[r] = (uint8_t)m;
        for (int q = 0; q < m; q++) {
            uint8_t c[NPIT], f[NPIT];
            int slam, cap = play(b, pits[q], c, &slam);
            int mine = 0, theirs = 0;
            for (int j = 0; j < 6; j++) { mine += c[j]; theirs += c[j + 6]; }
            for (int j = 0; j < 6; j++) { f[j] = c[j + 6]; f[j + 6] = c[j]; }
            int opp_pits[6];
            Move *mv = &lm->moves[(uint64_t)r * 6 + q];
            mv->cap = (uint8_t)cap;
            mv->endval = (int8_t)(cap + mine - theirs);
            mv->stuck = legal(f, opp_pits) == 0;
            mv->child = rank_of(f);
        }
        return;
    }
    for (int v = 0; v <= left; v++) {
        b[k] = (uint8_t)v;
        gen_rec(n, b, k + 1, left - v, lm);
    }
}

static void gen_moves(int n, LayerMoves *lm) {
    uint64_t nb = boards(n);
    lm->mcount = xcalloc(nb, 1);
    lm->moves = xcalloc(nb * 6, sizeof(Move));
    lm->sweep = xcalloc(nb, 1);
    uint8_t b[NPIT];
    gen_rec(n, b, 0, n, lm);
}

static void free_moves(LayerMoves *lm) {
    free(lm->mcount);
    free(lm->moves);
    free(lm->sweep);
}

/* The bounds of one move of board r with a seeds still needed: [*l, *h] from the mover's view. */
static inline void move_bounds(int n, const Move *mv, int a, int *l, int *h) {
    if (mv->cap >= a || mv->stuck) {
        *l = *h = mv->endval;
        return;
    }
    const Layer *c = &L[n - mv->cap];
    uint64_t i = (uint64_t)mv->child * (uint64_t)(c->n + 1) + (uint64_t)(n + 2 - a - 1);
    *l = mv->cap - c->hi[i];
    *h = mv->cap - c->lo[i];
}

/* ---- phase 1: value iteration ---- */
static void phase1(int n, LayerMoves *lm) {
    Layer *Y = &L[n];
    uint64_t nb = Y->nb;
    int A = n + 1;
    uint32_t *active = xcalloc(Y->np, sizeof(uint32_t));
    uint64_t na = 0;
    for (uint64_t r = 0; r < nb; r++)
        for (int a = 1; a <= A; a++) {
            uint64_t i = r * A + a - 1;
            if (!lm->mcount[r]) {
                Y->lo[i] = Y->hi[i] = lm->sweep[r];  /* no legal move: the game is over (A6) */
            } else {
                Y->lo[i] = (int8_t)-n;
                Y->hi[i] = (int8_t)n;
                active[na++] = (uint32_t)i;
            }
        }
    int sweeps = 0;
    for (;;) {
        sweeps++;
        int changed = 0;
        uint64_t keep = 0;
        for (uint64_t k = 0; k < na; k++) {
            uint64_t i = active[k], r = i / A;
            int a = (int)(i % A) + 1;
            int bl = -127, bh = -127;
            const Move *mv = &lm->moves[r * 6];
            for (int q = 0; q < lm->mcount[r]; q++) {
                int l, h;
                move_bounds(n, &mv[q], a, &l, &h);
                if (l > bl) bl = l;
                if (h > bh) bh = h;
            }
            if (bl > Y->lo[i]) { Y->lo[i] = (int8_t)bl; changed = 1; }
            if (bh < Y->hi[i]) { Y->hi[i] = (int8_t)bh; changed = 1; }
            if (Y->lo[i] < Y->hi[i]) active[keep++] = (uint32_t)i;
        }
        na = keep;
        if (!changed) break;
    }
    fprintf(stderr, "  layer %d: %d sweeps, %lu of %lu positions left by retrograde analysis\n", n, sweeps,
            (unsigned long)na, (unsigned long)Y->np);
    free(active);
}

static void write_parts(int n, const char *ext, const void **parts, const size_t *sizes, int count);
static int read_parts(int n, const char *ext, void **parts, const size_t *sizes, int count);

/* ---- phase 2: the cycle region, one threshold pair at a time ---- */
enum { UNDEC = 0, WIN = 1, LOSE = 2, UNK = 3, OUTSIDE = 4 };

typedef struct {
    int n, A;
    LayerMoves *lm;
    int thr[2];            /* threshold of the mover at parity 0 and 1: t and 1 - t */
    int favor;             /* the pass: an unknown outcome counts as a win for this parity's player */
    uint8_t *st;           /* status of state i*2+par (OUTSIDE: not in R_t) */
    uint32_t *U;           /* the states still undecided */
    uint64_t nu;
    /* Tarjan */
    int32_t *idx, *low;
    uint8_t *onstk;
    long core_nodes, safe_roots, searched, cores_mixed, cores_uniform, cores_unknown, max_core;
} P2;

/* A move's outcome for the mover of state s: WIN, LOSE, UNK, or UNDEC with *child set. */
static inline int move_outcome(P2 *z, uint64_t s, const Move *mv, uint64_t *child) {
    int n = z->n, A = z->A;
    uint64_t i = s >> 1;
    int par = (int)(s & 1), a = (int)(i % A) + 1, t = z->thr[par];
    if (mv->cap >= a || mv->stuck) return mv->endval >= t ? WIN : LOSE;
    if (mv->cap) {
        const Layer *c = &L[n - mv->cap];
        uint64_t ci = (uint64_t)mv->child * (uint64_t)(c->n + 1) + (uint64_t)(n + 2 - a - 1);
        if (mv->cap - c->hi[ci] >= t) return WIN;
        if (mv->cap - c->lo[ci] < t) return LOSE;
        return (int)(s & 1) == z->favor ? WIN : LOSE;  /* unknown below: as the pass assumes */
    }
    uint64_t ci = (uint64_t)mv->child * A + (uint64_t)(n + 2 - a - 1);
    uint64_t cs = ci * 2 + (uint64_t)(par ^ 1);
    int ct = z->thr[par ^ 1];  /* the child's mover wins with >= ct = 1 - t */
    const Layer *Y = &L[n];
    if (Y->hi[ci] < ct) return WIN;
    if (Y->lo[ci] >= ct) return LOSE;
    int cst = z->st[cs];
    if (cst == WIN) return LOSE;
    if (cst == LOSE) return WIN;
    if (cst == UNK) return (int)(s & 1) == z->favor ? WIN : LOSE;
    *child = cs;
    return UNDEC;
}

/* Known outcome of state s from its decided moves: WIN, LOSE, or UNDEC/UNK when it depends on the rest. */
static int eval_state(P2 *z, uint64_t s) {
    uint64_t r = (s >> 1) / z->A;
    const Move *mv = &z->lm->moves[r * 6];
    int open = 0, unk = 0;
    for (int q = 0; q < z->lm->mcount[r]; q++) {
        uint64_t c;
        int o = move_outcome(z, s, &mv[q], &c);
        if (o == WIN) return WIN;
        if (o == UNDEC) open = 1;
        if (o == UNK) unk = 1;
    }
    if (open) return UNDEC;
    return unk ? UNK : LOSE;
}

/* Decide what the known exits decide, over the listed states, until nothing changes. */
static void attract(P2 *z, uint32_t *list, uint64_t *len) {
    for (;;) {
        int changed = 0;
        uint64_t keep = 0;
        for (uint64_t k = 0; k < *len; k++) {
            uint64_t s = list[k];
            if (z->st[s] != UNDEC) continue;
            int o = eval_state(z, s);
            if (o != UNDEC) {
                z->st[s] = (uint8_t)o;
                changed = 1;
            } else {
                list[keep++] = (uint32_t)s;
            }
        }
        *len = keep;
        if (!changed) return;
    }
}

/* Does the repetition of state s give the parity-0 player the win? */
static int good0(P2 *z, uint64_t s) {
    uint64_t i = s >> 1;
    int par = (int)(s & 1);
    int mover_wins = z->lm->sweep[i / z->A] >= z->thr[par];
    return par == 0 ? mover_wins : !mover_wins;
}

/* -- the search of a mixed component, with the line as history -- */
typedef struct {
    uint32_t *first;    /* local -> first successor in succ */
    uint32_t *succ;     /* local successors */
    uint8_t *enter_wins;/* local: the player who moves into it, when it is on the line, wins */
    uint8_t *onpath;
    long budget;
    int out;            /* the budget ran out */
} Core;

static int core_win(Core *c, uint32_t v, long *nodes) {
    if (++*nodes > c->budget) { c->out = 1; return 0; }
    uint32_t a = c->first[v], b = c->first[v + 1];
    for (uint32_t k = a; k < b; k++) {  /* a repetition that wins first */
        uint32_t w = c->succ[k];
        if (c->onpath[w] && c->enter_wins[w]) return 1;
    }
    for (uint32_t k = a; k < b; k++) {
        uint32_t w = c->succ[k];
        if (c->onpath[w]) continue;
        c->onpath[w] = 1;
        int r = core_win(c, w, nodes);
        c->onpath[w] = 0;
        if (c->out) return 0;
        if (!r) return 1;
    }
    return 0;
}

/* Components of the listed undecided states; decide them in an order where exits come first. */
static void solve_region(P2 *z, uint32_t *list, uint64_t len);

static void decide_component(P2 *z, uint32_t *comp, uint64_t size) {
    uint64_t before = size;
    attract(z, comp, &size);  /* what its exits, all known now, decide */
    if (!size) return;
    if (size < before) {  /* what is left may fall apart into smaller components */
        solve_region(z, comp, size);
        return;
    }
    for (uint64_t k = 0; k < size; k++) {  /* an exit of unknown value: the component stays unknown */
        uint64_t s = comp[k], r = (s >> 1) / z->A;
        const Move *mv = &z->lm->moves[r * 6];
        for (int q = 0; q < z->lm->mcount[r]; q++) {
            uint64_t ch;
            if (move_outcome(z, s, &mv[q], &ch) == UNK) {
                for (uint64_t j = 0; j < size; j++) z->st[comp[j]] = UNK;
                z->cores_unknown++;
                return;
            }
        }
    }
    int g = good0(z, comp[0]), uniform = 1;
    for (uint64_t k = 1; k < size && uniform; k++)
        if (good0(z, comp[k]) != g) uniform = 0;
    if (uniform) {
        for (uint64_t k = 0; k < size; k++) {
            int par = (int)(comp[k] & 1);
            z->st[comp[k]] = (uint8_t)((par == 0) == (g == 1) ? WIN : LOSE);
        }
        z->cores_uniform++;
        return;
    }
    /* mixed: search it */
    z->cores_mixed++;
    if ((long)size > z->max_core) z->max_core = (long)size;
    Core c;
    c.first = xcalloc(size + 1, sizeof(uint32_t));
    uint64_t ne = 0;
    for (uint64_t k = 0; k < size; k++) z->idx[comp[k]] = (int32_t)k;
    for (uint64_t k = 0; k < size; k++) {
        uint64_t s = comp[k], r = (s >> 1) / z->A;
        c.first[k] = (uint32_t)ne;
        const Move *mv = &z->lm->moves[r * 6];
        for (int q = 0; q < z->lm->mcount[r]; q++) {
            uint64_t ch;
            if (move_outcome(z, s, &mv[q], &ch) == UNDEC) ne++;
        }
    }
    c.first[size] = (uint32_t)ne;
    c.succ = xcalloc(ne, sizeof(uint32_t));
    ne = 0;
    for (uint64_t k = 0; k < size; k++) {
        uint64_t s = comp[k], r = (s >> 1) / z->A;
        const Move *mv = &z->lm->moves[r * 6];
        for (int q = 0; q < z->lm->mcount[r]; q++) {
            uint64_t ch;
            if (move_outcome(z, s, &mv[q], &ch) == UNDEC) c.succ[ne++] = (uint32_t)z->idx[ch];
        }
    }
    c.enter_wins = xcalloc(size, 1);
    c.onpath = xcalloc(size, 1);
    for (uint64_t k = 0; k < size; k++) {
        uint64_t s = comp[k];
        int par = (int)(s & 1);
        int mover_wins = z->lm->sweep[(s >> 1) / z->A] >= z->thr[par];
        c.enter_wins[k] = (uint8_t)!mover_wins;
    }
    /* Where one player can keep the line away, for ever, from every position whose repetition the
     * other wins, every repetition is theirs: outside the other's attractor to those positions. */
    uint8_t *attr[2];
    for (int pl = 0; pl < 2; pl++) {
        attr[pl] = xcalloc(size, 1);
        for (uint64_t k = 0; k < size; k++) attr[pl][k] = (uint8_t)(good0(z, comp[k]) == (pl == 0));
        for (int changed = 1; changed;) {
            changed = 0;
            for (uint64_t k = 0; k < size; k++) {
                if (attr[pl][k]) continue;
                int mine = (int)(comp[k] & 1) == pl, any = 0, all = 1;
                for (uint32_t e = c.first[k]; e < c.first[k + 1]; e++) {
                    if (attr[pl][c.succ[e]]) any = 1;
                    else all = 0;
                }
                if (mine ? any : all) {
                    attr[pl][k] = 1;
                    changed = 1;
                }
            }
        }
    }
    long nodes = 0, unknown = 0;
    uint8_t *res = xcalloc(size, 1);
    for (uint64_t k = 0; k < size; k++) {  /* each position of it as the first of the line: its own budget */
        int par = (int)(comp[k] & 1);
        if (!attr[0][k] || !attr[1][k]) {
            int winner = attr[0][k] ? 0 : 1;  /* the one who keeps the line away from the other's */
            res[k] = par == winner ? WIN : LOSE;
            z->safe_roots++;
            continue;
        }
        c.budget = nodes + core_nodes_limit;
        c.out = 0;
        c.onpath[k] = 1;
        int w = core_win(&c, (uint32_t)k, &nodes);
        c.onpath[k] = 0;
        res[k] = c.out ? UNK : w ? WIN : LOSE;
        if (c.out) {
            memset(c.onpath, 0, size);
            nodes = c.budget;
            unknown++;
        }
    }
    z->core_nodes += nodes;
    for (uint64_t k = 0; k < size; k++) {
        z->st[comp[k]] = res[k];
        z->idx[comp[k]] = -1;
    }
    if (unknown) z->cores_unknown++;
    free(res);
    free(attr[0]);
    free(attr[1]);
    free(c.first);
    free(c.succ);
    free(c.enter_wins);
    free(c.onpath);
}

/* Tarjan over the undecided states of list (edges to undecided states), iterative; each
 * component is decided as it completes (its exits are all decided or unknown by then). */
static void solve_region(P2 *z, uint32_t *list, uint64_t len) {
    /* local copies: the recursion reuses idx/low for its own members only */
    int32_t counter = 0;
    uint64_t csp = 0;                  /* component stack */
    uint32_t *work = xcalloc(len + 1, sizeof(uint32_t));   /* DFS stack of states */
    uint8_t *moveq = xcalloc(len + 1, 1);                  /* next move index per DFS frame */
    uint32_t *cstk = xcalloc(len + 1, sizeof(uint32_t));
    for (uint64_t k = 0; k < len; k++) z->idx[list[k]] = -1;
    for (uint64_t k0 = 0; k0 < len; k0++) {
        uint32_t root = list[k0];
        if (z->st[root] != UNDEC || z->idx[root] != -1) continue;
        uint64_t dsp = 0;
        work[dsp] = root;
        moveq[dsp++] = 0;
        z->idx[root] = z->low[root] = counter++;
        cstk[csp++] = root;
        z->onstk[root] = 1;
        while (dsp) {
            uint32_t v = work[dsp - 1];
            uint64_t r = (v >> 1) / z->A;
            const Move *mv = &z->lm->moves[r * 6];
            int q = moveq[dsp - 1];
            int pushed = 0;
            while (q < z->lm->mcount[r]) {
                uint64_t w;
                int o = move_outcome(z, v, &mv[q], &w);
                q++;
                if (o != UNDEC) continue;
                if (z->idx[w] == -1) {
                    moveq[dsp - 1] = (uint8_t)q;
                    z->idx[w] = z->low[w] = counter++;
                    cstk[csp++] = (uint32_t)w;
                    z->onstk[w] = 1;
                    work[dsp] = (uint32_t)w;
                    moveq[dsp++] = 0;
                    pushed = 1;
                    break;
                } else if (z->onstk[w] && z->idx[w] < z->low[v]) {
                    z->low[v] = z->idx[w];
                }
            }
            if (pushed) continue;
            dsp--;
            if (dsp) {
                uint32_t u = work[dsp - 1];
                if (z->low[v] < z->low[u]) z->low[u] = z->low[v];
            }
            if (z->low[v] == z->idx[v]) {
                uint64_t start = csp;
                do { start--; } while (cstk[start] != v);
                uint64_t size = csp - start;
                uint32_t *comp = xcalloc(size, sizeof(uint32_t));
                memcpy(comp, &cstk[start], size * sizeof(uint32_t));
                csp = start;
                for (uint64_t k = 0; k < size; k++) z->onstk[comp[k]] = 0;
                decide_component(z, comp, size);  /* its members' idx are its own while it runs */
                for (uint64_t k = 0; k < size; k++) z->idx[comp[k]] = INT32_MAX;  /* done */
                free(comp);
            }
        }
    }
    for (uint64_t k = 0; k < len; k++) z->idx[list[k]] = -1;
    free(work);
    free(moveq);
    free(cstk);
}

static void phase2(int n, LayerMoves *lm) {
    Layer *Y = &L[n];
    int A = n + 1;
    P2 z;
    memset(&z, 0, sizeof z);
    z.n = n;
    z.A = A;
    z.lm = lm;
    uint64_t ns = Y->np * 2;
    z.st = xcalloc(ns, 1);
    z.idx = xcalloc(ns, sizeof(int32_t));
    z.low = xcalloc(ns, sizeof(int32_t));
    z.onstk = xcalloc(ns, 1);
    uint64_t und = 0;
    for (uint64_t i = 0; i < Y->np; i++) und += Y->lo[i] < Y->hi[i];
    if (!und) goto done;
    z.U = xcalloc(und * 2, sizeof(uint32_t));
    int8_t *nlo = xcalloc(Y->np, 1), *nhi = xcalloc(Y->np, 1);
    memcpy(nlo, Y->lo, Y->np);
    memcpy(nhi, Y->hi, Y->np);
    /* per position: the thresholds in (lo, hi] won (bit t+n) and lost, and unknown */
    uint64_t *won = xcalloc(und, sizeof(uint64_t)), *lost = xcalloc(und, sizeof(uint64_t));
    uint32_t *slot = xcalloc(Y->np, sizeof(uint32_t));  /* position -> its place among the undecided */
    for (uint64_t i = 0, k = 0; i < Y->np; i++)
        if (Y->lo[i] < Y->hi[i]) slot[i] = (uint32_t)k++;
    int32_t done_t = 0;  /* thresholds finished in an earlier run (the checkpoint .p2) */
    {
        void *parts[3] = {&done_t, won, lost};
        size_t sizes[3] = {sizeof done_t, und * sizeof(uint64_t), und * sizeof(uint64_t)};
        if (read_parts(n, "p2", parts, sizes, 3)) fprintf(stderr, "  layer %d: cycles resumed after threshold %d\n", n, done_t);
        else done_t = 0;
    }
    for (int t = done_t + 1; t <= n + 1; t++) {
        z.thr[0] = t;
        z.thr[1] = 1 - t;
        for (int favor = 0; favor < 2; favor++) {
            z.favor = favor;
            memset(z.st, OUTSIDE, ns);
            z.nu = 0;
            for (uint64_t i = 0; i < Y->np; i++) {
                if (Y->lo[i] == Y->hi[i]) continue;
                for (int par = 0; par < 2; par++)
                    if (Y->lo[i] < z.thr[par] && z.thr[par] <= Y->hi[i]) {
                        z.st[i * 2 + par] = UNDEC;
                        z.U[z.nu++] = (uint32_t)(i * 2 + par);
                    }
            }
            if (!z.nu) break;
            for (uint64_t k = 0; k < ns; k++) z.idx[k] = -1;
            uint64_t len = z.nu;
            attract(&z, z.U, &len);
            solve_region(&z, z.U, len);
            /* what the pass proves: a win for the player it does not favour (it gave them the worst) */
            for (uint64_t i = 0; i < Y->np; i++) {
                if (Y->lo[i] == Y->hi[i]) continue;
                for (int par = 0; par < 2; par++) {
                    int st = z.st[i * 2 + par], th = z.thr[par];
                    if (st == OUTSIDE || st == UNK) continue;
                    if (st == UNDEC) { fprintf(stderr, "internal: a state left undecided\n"); exit(5); }
                    int winner = st == WIN ? par : 1 - par;
                    if (winner == favor) continue;
                    if (st == WIN) won[slot[i]] |= 1ULL << (th + n);
                    else lost[slot[i]] |= 1ULL << (th + n);
                }
            }
        }
        const void *parts[3] = {&t, won, lost};
        size_t sizes[3] = {sizeof t, und * sizeof(uint64_t), und * sizeof(uint64_t)};
        write_parts(n, "p2", parts, sizes, 3);
    }
    uint64_t exact = 0;
    for (uint64_t i = 0; i < Y->np; i++) {
        if (Y->lo[i] == Y->hi[i]) continue;
        int lo = Y->lo[i], hi = Y->hi[i];
        while (lo < hi && (won[slot[i]] >> (lo + 1 + n)) & 1) lo++;
        while (hi > lo && (lost[slot[i]] >> (hi + n)) & 1) hi--;
        nlo[i] = (int8_t)lo;
        nhi[i] = (int8_t)hi;
        exact += lo == hi;
    }
    memcpy(Y->lo, nlo, Y->np);
    memcpy(Y->hi, nhi, Y->np);
    fprintf(stderr, "  layer %d: cycles: %lu positions, %lu made exact, %lu unknown; components: %ld uniform, "
            "%ld searched (largest %ld, %ld roots kept away, %ld nodes), %ld unknown\n",
            n, (unsigned long)und, (unsigned long)exact, (unsigned long)(und - exact), z.cores_uniform,
            z.cores_mixed, z.max_core, z.safe_roots, z.core_nodes, z.cores_unknown);
    free(nlo);
    free(nhi);
    free(won);
    free(lost);
    free(slot);
    free(z.U);
done:
    free(z.st);
    free(z.idx);
    free(z.low);
    free(z.onstk);
}

/* ---- files: each written whole to a temporary name and renamed, so none is ever half-written ---- */
static const char *DIR_ = ".";

static void path_of(char *out, size_t size, int n, const char *ext) {
    snprintf(out, size, "%s/gs%d_%d.%s", DIR_, GS, n, ext);
}

static void write_parts(int n, const char *ext, const void **parts, const size_t *sizes, int count) {
    char path[4096], tmp[4200];
    path_of(path, sizeof path, n, ext);
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    FILE *f = fopen(tmp, "wb");
    if (!f) { perror(tmp); exit(2); }
    for (int k = 0; k < count; k++)
        if (fwrite(parts[k], 1, sizes[k], f) != sizes[k]) { perror(tmp); exit(2); }
    if (fclose(f) || rename(tmp, path)) { perror(path); exit(2); }
}

/* Read exactly the sizes given, or nothing (0) when the file is missing or of another size. */
static int read_parts(int n, const char *ext, void **parts, const size_t *sizes, int count) {
    char path[4096];
    path_of(path, sizeof path, n, ext);
    FILE *f = fopen(path, "rb");
    if (!f) return 0;
    int ok = 1;
    for (int k = 0; k < count && ok; k++) ok = fread(parts[k], 1, sizes[k], f) == sizes[k];
    ok = ok && fgetc(f) == EOF;
    fclose(f);
    return ok;
}

static void remove_part(int n, const char *ext) {
    char path[4096];
    path_of(path, sizeof path, n, ext);
    remove(path);
}

static int load_bounds(int n, const char *ext) {
    Layer *Y = &L[n];
    void *parts[2] = {Y->lo, Y->hi};
    size_t sizes[2] = {Y->np, Y->np};
    return read_parts(n, ext, parts, sizes, 2);
}

static void save_bounds(int n, const char *ext) {
    Layer *Y = &L[n];
    const void *parts[2] = {Y->lo, Y->hi};
    size_t sizes[2] = {Y->np, Y->np};
    write_parts(n, ext, parts, sizes, 2);
}

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: oware_solver GS(0 no_capture, 1 illegal, 2 capture_all) N DIR\n");
        return 1;
    }
    GS = atoi(argv[1]);
    int N = atoi(argv[2]);
    DIR_ = argv[3];
    if (GS < 0 || GS > 2 || N < 0 || N > MAXN) { fprintf(stderr, "bad arguments\n"); return 1; }
    if (getenv("CORE_NODES")) core_nodes_limit = atol(getenv("CORE_NODES"));
    for (int i = 0; i < 64; i++) {
        BIN[i][0] = 1;
        for (int j = 1; j < 16; j++) BIN[i][j] = i ? BIN[i - 1][j - 1] + BIN[i - 1][j] : 0;
    }
    for (int n = 0; n <= N; n++) {
        double t0 = now();
        Layer *Y = &L[n];
        Y->n = n;
        Y->nb = boards(n);
        Y->np = Y->nb * (uint64_t)(n + 1);
        Y->lo = xcalloc(Y->np, 1);
        Y->hi = xcalloc(Y->np, 1);
        if (load_bounds(n, "lohi")) {
            fprintf(stderr, "layer %d: loaded (%lu positions)\n", n, (unsigned long)Y->np);
            continue;
        }
        LayerMoves lm;
        gen_moves(n, &lm);
        double t1 = now();
        if (load_bounds(n, "p1")) {
            fprintf(stderr, "  layer %d: retrograde analysis loaded\n", n);
        } else {
            phase1(n, &lm);
            save_bounds(n, "p1");
        }
        double t2 = now();
        phase2(n, &lm);
        double t3 = now();
        free_moves(&lm);
        save_bounds(n, "lohi");
        remove_part(n, "p1");
        remove_part(n, "p2");
        uint64_t exact = 0;
        for (uint64_t i = 0; i < Y->np; i++) exact += Y->lo[i] == Y->hi[i];
        fprintf(stderr, "layer %d: %lu positions, %lu exact; moves %.1f s, retrograde %.1f s, cycles %.1f s\n", n,
                (unsigned long)Y->np, (unsigned long)exact, t1 - t0, t2 - t1, t3 - t2);
    }
    return 0;
}
