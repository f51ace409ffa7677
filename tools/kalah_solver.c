/* kalah_solver.c - an exact solver for Kalah (docs/rules.md K1-K16, K11 empty-capture variant).
 *
 * Plain C, one file, no dependencies:  gcc -O2 -o kalah_solver kalah_solver.c
 * tools/build_book.py compiles and drives it; the app never runs it.
 *
 * Rules as engine/kalah_kernel.py plays them (end_rule "row_empty", capture_to
 * "store", no early win): sowing skips the opponent's store (K7), laps of 2n+1
 * seeds sow the origin pit too (K8), a last seed in the own store is an extra
 * turn (K9), a last seed in an own pit that now holds one seed captures the
 * opposite pit plus itself when that pit is not empty (K10); with empty capture
 * (K11 variant) a lone seed facing an empty pit is banked alone. When either
 * row is empty after a move, each side's seeds go to its own store (K14, K15).
 *
 * Board, from the mover's view: p[0..n-1] the mover's pits 1..n, p[n..2n-1]
 * the opponent's pits 1..n; the mover's pit k faces the opponent's pit n-1-k.
 * Value of a board: the future store difference (mover minus opponent) with
 * best play. It does not depend on the stores, so stores are never kept.
 *
 * Commands (stdout: results; stderr: progress):
 *   kalah_solver PITS EMPTYCAP DBN TTMB check          < lines of 2n pits
 *       prints, per line, the value of each pit's move ("x" when empty).
 *   kalah_solver PITS EMPTYCAP DBN TTMB root p1..p2n
 *       the same for one board, with nodes, time and a principal guess log.
 *   kalah_solver PITS EMPTYCAP DBN TTMB book PLIES p1..p2n
 *       every board reachable in at most PLIES plies (every move a ply, extra
 *       turns too), each with the exact value of every pit, one line each:
 *       "p1 .. p2n : v1 .. vn" ("x" for an empty pit).
 *   Environment: NODE_LIMIT=n stops after n nodes of the exact search (for
 *   timing), GUESSD=d the depth of the first-guess searches (default 8).
 *   CKPT=DIR keeps the endgame table and the transposition table in DIR: both
 *   are loaded when there, the table of bounds is saved every CKPT_SECS
 *   seconds (default 900) and at the end, so a run of many hours can stop and
 *   go on later (every entry is a proven bound, valid in any later search).
 *   SIGTERM or SIGINT saves the table of bounds and stops (exit 4).
 *   ETC_ABOVE=n: enhanced transposition cutoffs at boards with more than n
 *   seeds above the endgame table (default 100: off).
 *   DONE=FILE (book): boards already in FILE (earlier book output, whole lines only)
 *   are not printed or solved again; the walk still goes through them. Each line
 *   is written at once, when all its pits are solved.
 *   kalah_solver PITS EMPTYCAP DBN TTMB dumpdb FILE
 *       writes the endgame table (one signed byte per board with <= DBN seeds
 *       in the pits, indexed by rank(), see below).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <time.h>

#define MAXP 16
#define NONE (-128)

static int N, M, LAP, EMPTYCAP, DBN;
static uint64_t BIN[80][20];
static int8_t *DB;
static uint64_t DBSIZE;
static uint64_t nodes, dbnodes;

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

/* ---- moves ---- */
/* Play pit i of board b into out. Returns the mover's store gain plus, when the
 * game ends, the sweep difference; *kind: 0 opponent moves next, 1 extra turn,
 * 2 game over (out all zero). */
static int play(const uint8_t *b, int i, uint8_t *out, int *kind) {
    memcpy(out, b, M);
    int s = out[i], gain = 0;
    out[i] = 0;
    int laps = s / LAP, rest = s % LAP;
    if (laps) {
        for (int k = 0; k < M; k++) out[k] += laps;
        gain += laps;
    }
    int pos = i; /* cycle index: 0..n-1 own, n store, n+1..2n opponent pits */
    for (int r = 0; r < rest; r++) {
        pos++;
        if (pos == LAP) pos = 0;
        if (pos < N) out[pos]++;
        else if (pos == N) gain++;
        else out[pos - 1]++;
    }
    int last = (i + s) % LAP;
    *kind = 0;
    if (last == N) *kind = 1;
    else if (last < N && out[last] == 1) {
        int o = N + (N - 1 - last);
        if (out[o]) {
            gain += out[o] + 1;
            out[o] = 0;
            out[last] = 0;
        } else if (EMPTYCAP) {
            gain += 1;
            out[last] = 0;
        }
    }
    int mine = 0, theirs = 0;
    for (int k = 0; k < N; k++) mine += out[k];
    for (int k = N; k < M; k++) theirs += out[k];
    if (!mine || !theirs) {
        memset(out, 0, M);
        *kind = 2;
        return gain + mine - theirs;
    }
    return gain;
}

static void flip(uint8_t *b) {
    uint8_t t[MAXP];
    memcpy(t, b + N, N);
    memcpy(b + N, b, N);
    memcpy(b, t, N);
}

/* ---- endgame table ---- */
/* rank of a board with k seeds in its M pits among all boards with <= DBN
 * seeds: C(k+M-1, M) boards have fewer seeds; within k, the bars of stars and
 * bars b_j = p_0+..+p_j + j (j = 0..M-2) ranked in the combinatorial number
 * system, sum C(b_j, j+1). */
static uint64_t rank(const uint8_t *b, int k) {
    uint64_t r = BIN[k + M - 1][M];
    int acc = 0;
    for (int j = 0; j < M - 1; j++) {
        acc += b[j];
        r += BIN[acc + j][j + 1];
    }
    return r;
}

static int dbvalue(const uint8_t *b, int k);

static int child_db(const uint8_t *b, int i) {
    uint8_t c[MAXP];
    int kind, g = play(b, i, c, &kind);
    if (kind == 2) return g;
    int k = 0;
    for (int j = 0; j < M; j++) k += c[j];
    if (kind == 1) return g + dbvalue(c, k);
    flip(c);
    return g - dbvalue(c, k);
}

static int dbvalue(const uint8_t *b, int k) {
    uint64_t r = rank(b, k);
    if (DB[r] != NONE) return DB[r];
    dbnodes++;
    int best = -127;
    for (int i = 0; i < N; i++)
        if (b[i]) {
            int v = child_db(b, i);
            if (v > best) best = v;
        }
    DB[r] = (int8_t)best;
    return best;
}

static uint8_t gen[MAXP];
static void gen_all(int j, int left, int k) {
    if (j == M - 1) {
        gen[j] = left;
        int mine = 0, theirs = 0;
        for (int q = 0; q < N; q++) mine += gen[q];
        for (int q = N; q < M; q++) theirs += gen[q];
        if (mine && theirs) dbvalue(gen, k);
        else DB[rank(gen, k)] = (int8_t)(mine - theirs); /* over: the sweep */
        return;
    }
    for (int v = 0; v <= left; v++) {
        gen[j] = v;
        gen_all(j + 1, left - v, k);
    }
}

static const char *CKPT;

static int load_file(const char *path, void *buf, uint64_t size) {
    FILE *f = fopen(path, "rb");
    if (!f) return 0;
    fseek(f, 0, SEEK_END);
    int ok = (uint64_t)ftell(f) == size;
    fseek(f, 0, SEEK_SET);
    if (ok) ok = fread(buf, 1, size, f) == size;
    fclose(f);
    return ok;
}

static void save_file(const char *path, const void *buf, uint64_t size) {
    char tmp[1024];
    snprintf(tmp, sizeof tmp, "%s.part", path);
    FILE *f = fopen(tmp, "wb");
    if (!f || fwrite(buf, 1, size, f) != size || fclose(f)) { fprintf(stderr, "cannot write %s\n", tmp); return; }
    rename(tmp, path);
}

static void build_db(void) {
    DBSIZE = BIN[DBN + M][M];
    DB = malloc(DBSIZE);
    if (!DB) { fprintf(stderr, "no memory for the table\n"); exit(1); }
    char path[1024];
    if (CKPT) {
        snprintf(path, sizeof path, "%s/db_%d_%d_%d.bin", CKPT, N, EMPTYCAP, DBN);
        if (load_file(path, DB, DBSIZE)) { fprintf(stderr, "endgame table loaded from %s\n", path); return; }
    }
    memset(DB, NONE, DBSIZE);
    double t0 = now();
    for (int k = 0; k <= DBN; k++) gen_all(0, k, k);
    fprintf(stderr, "endgame table: <= %d seeds, %llu boards (%llu bytes), %.1f s\n", DBN,
            (unsigned long long)DBSIZE, (unsigned long long)DBSIZE, now() - t0);
    if (CKPT) save_file(path, DB, DBSIZE);
}

/* ---- transposition table ---- */
typedef struct {
    uint64_t klo;
    uint32_t khi;
    int8_t lo, hi;
    uint8_t best; /* pit index + 1, 0 none */
    uint8_t work; /* log2 of the nodes below, for replacement */
} Entry;

static Entry *TT;
static uint64_t TTMASK; /* buckets of 2 entries */
static char TTPATH[1024];
static double LAST_SAVE, CKPT_SECS = 900;

static int ETC_ABOVE = 100; /* enhanced transposition cutoffs only this many seeds above the table (off: they did not pay on 6x3) */
static volatile sig_atomic_t STOP;
static void on_stop(int sig) { (void)sig; STOP = 1; }

static void save_tt(void) {
    if (!CKPT) return;
    double t0 = now();
    save_file(TTPATH, TT, 2 * (TTMASK + 1) * sizeof(Entry));
    LAST_SAVE = now();
    fprintf(stderr, "  table of bounds saved to %s (%.1f s)\n", TTPATH, LAST_SAVE - t0);
}

static void key_of(const uint8_t *b, uint64_t *lo, uint32_t *hi) {
    uint64_t a = 0;
    uint32_t h = 0;
    for (int k = 0; k < M && k < 10; k++) a |= (uint64_t)b[k] << (6 * k);
    for (int k = 10; k < M; k++) h |= (uint32_t)b[k] << (6 * (k - 10));
    *lo = a;
    *hi = h;
}

static uint64_t hash(uint64_t lo, uint32_t hi) {
    uint64_t x = lo ^ ((uint64_t)hi * 0x9E3779B97F4A7C15ULL);
    x ^= x >> 31;
    x *= 0xBF58476D1CE4E5B9ULL;
    x ^= x >> 29;
    x *= 0x94D049BB133111EBULL;
    x ^= x >> 32;
    return x;
}

static Entry *probe(uint64_t lo, uint32_t hi) {
    Entry *e = TT + 2 * (hash(lo, hi) & TTMASK);
    if (e[0].klo == lo && e[0].khi == hi && e[0].work) return &e[0];
    if (e[1].klo == lo && e[1].khi == hi && e[1].work) return &e[1];
    return NULL;
}

static void store(uint64_t lo, uint32_t hi, int blo, int bhi, int best, uint64_t work) {
    Entry *e = TT + 2 * (hash(lo, hi) & TTMASK);
    int w = 1;
    while (work > 1 && w < 255) { work >>= 1; w++; }
    Entry *t;
    if (e[0].klo == lo && e[0].khi == hi && e[0].work) t = &e[0];
    else if (e[1].klo == lo && e[1].khi == hi && e[1].work) t = &e[1];
    else {
        t = e[0].work <= e[1].work ? &e[0] : &e[1];
        t->klo = lo; t->khi = hi; t->lo = -127; t->hi = 127; t->work = 0;
    }
    if (blo > t->lo) t->lo = blo;
    if (bhi < t->hi) t->hi = bhi;
    t->best = best + 1;
    if (w > t->work) t->work = w;
}

/* ---- the exact search: fail-soft alpha-beta on the value ---- */
static double T0;
static uint64_t NODE_LIMIT;
static void report(int alpha, int beta) {
    double cpu = (double)clock() / CLOCKS_PER_SEC;
    fprintf(stderr, "  ... %llu nodes, %.0f s, %.0f s CPU, %.2f Mnodes/CPU-s, window %d..%d\n",
            (unsigned long long)nodes, now() - T0, cpu, nodes / cpu / 1e6, alpha, beta);
}
static int search(const uint8_t *b, int alpha, int beta) {
    if (STOP && (nodes & 0xFFFFF) == 0) { /* SIGTERM/SIGINT: keep what is proven, then stop */
        save_tt();
        fprintf(stderr, "stopped at %llu nodes\n", (unsigned long long)nodes);
        exit(4);
    }
    if ((++nodes & 0x3FFFFFF) == 0 || nodes == NODE_LIMIT) {
        report(alpha, beta);
        if (nodes == NODE_LIMIT) exit(3);
        if (CKPT && now() - LAST_SAVE > CKPT_SECS) save_tt();
    }
    int k = 0;
    for (int j = 0; j < M; j++) k += b[j];
    if (k <= DBN) return DB[rank(b, k)];
    uint64_t klo; uint32_t khi;
    key_of(b, &klo, &khi);
    Entry *e = probe(klo, khi);
    int hint = -1;
    if (e) {
        if (e->lo >= beta) return e->lo;
        if (e->hi <= alpha) return e->hi;
        if (e->lo == e->hi) return e->lo;
        if (e->lo > alpha) alpha = e->lo;
        if (e->hi < beta) beta = e->hi;
        hint = e->best - 1;
    }
    uint64_t n0 = nodes;
    uint8_t kids[MAXP][MAXP];
    int gains[MAXP], kinds[MAXP], order[MAXP], score[MAXP], cnt = 0;
    for (int i = N - 1; i >= 0; i--) {
        if (!b[i]) continue;
        gains[i] = play(b, i, kids[i], &kinds[i]);
        if (kinds[i] == 0) flip(kids[i]);
        int sc;
        if (i == hint) sc = 1000;
        else if (kinds[i] == 1) sc = 500 + i;
        else sc = gains[i] * 4 + i - (kinds[i] == 2 ? 0 : 0);
        int q = cnt++;
        while (q > 0 && score[q - 1] < sc) { order[q] = order[q - 1]; score[q] = score[q - 1]; q--; }
        order[q] = i; score[q] = sc;
    }
    /* enhanced transposition cutoff: a child whose stored bound (or table value)
     * already reaches beta ends the search here without searching anything */
    for (int q = 0; q < cnt && k > DBN + ETC_ABOVE; q++) {
        int i = order[q], g = gains[i], v = -127;
        if (kinds[i] == 2) v = g;
        else {
            int kk = 0;
            for (int j = 0; j < M; j++) kk += kids[i][j];
            int cl;
            if (kk <= DBN) cl = DB[rank(kids[i], kk)];
            else {
                uint64_t clo; uint32_t chi;
                key_of(kids[i], &clo, &chi);
                Entry *ce = probe(clo, chi);
                if (!ce) continue;
                cl = kinds[i] == 1 ? ce->lo : ce->hi;
                if (cl == (kinds[i] == 1 ? -127 : 127)) continue;
            }
            v = kinds[i] == 1 ? g + cl : g - cl;
        }
        if (v >= beta) {
            store(klo, khi, v, 127, i, 1);
            return v;
        }
    }
    int best = -127, bi = -1, a = alpha;
    for (int q = 0; q < cnt; q++) {
        int i = order[q], g = gains[i], v;
        if (kinds[i] == 2) v = g;
        else if (kinds[i] == 1) v = g + search(kids[i], a - g, beta - g);
        else v = g - search(kids[i], g - beta, g - a);
        if (v > best) { best = v; bi = i; }
        if (best > a) a = best;
        if (a >= beta) break;
    }
    if (best <= alpha) store(klo, khi, -127, best, bi, nodes - n0);
    else if (best >= beta) store(klo, khi, best, 127, bi, nodes - n0);
    else store(klo, khi, best, best, bi, nodes - n0);
    return best;
}

/* MTD(f): null windows from a first guess until the bounds meet. */
static int mtdf(const uint8_t *b, int guess) {
    int lo = -127, hi = 127, g = guess;
    while (lo < hi) {
        int beta = g == lo ? g + 1 : g;
        g = search(b, beta - 1, beta);
        if (g < beta) hi = g; else lo = g;
    }
    return g;
}

/* ---- depth-limited search for first guesses (iterative deepening) ---- */
static int dsearch(const uint8_t *b, int depth, int alpha, int beta) {
    nodes++;
    int k = 0;
    for (int j = 0; j < M; j++) k += b[j];
    if (k <= DBN) return DB[rank(b, k)];
    uint64_t klo; uint32_t khi;
    key_of(b, &klo, &khi);
    Entry *e = probe(klo, khi);
    if (e && e->lo == e->hi) return e->lo;
    if (depth == 0) {
        int mine = 0;
        for (int j = 0; j < N; j++) mine += b[j];
        return (2 * mine - k) / 4; /* seeds on my side, a weak guess */
    }
    int hint = e ? e->best - 1 : -1, best = -127;
    for (int pass = 0; pass < 2; pass++)
        for (int i = N - 1; i >= 0; i--) {
            if (!b[i] || (pass == 0) != (i == hint)) continue;
            uint8_t c[MAXP];
            int kind, g = play(b, i, c, &kind), v;
            if (kind == 2) v = g;
            else if (kind == 1) v = g + dsearch(c, depth - 1, alpha - g, beta - g);
            else { flip(c); v = g - dsearch(c, depth - 1, g - beta, g - alpha); }
            if (v > best) best = v;
            if (best > alpha) alpha = best;
            if (alpha >= beta) return best;
        }
    return best;
}

static int guess_of(const uint8_t *b, int maxd) {
    int g = 0;
    for (int d = 2; d <= maxd; d += 2) g = dsearch(b, d, -127, 127);
    return g;
}

static int value_of_move(const uint8_t *b, int i, int guess) {
    uint8_t c[MAXP];
    int kind, g = play(b, i, c, &kind);
    if (kind == 2) return g;
    int k = 0;
    for (int j = 0; j < M; j++) k += c[j];
    if (kind == 1) return g + (k <= DBN ? DB[rank(c, k)] : mtdf(c, guess - g));
    flip(c);
    return g - (k <= DBN ? DB[rank(c, k)] : mtdf(c, g - guess));
}

static int GUESSD = 8;

static void print_values(const uint8_t *b, FILE *out, int verbose) {
    int g = guess_of(b, GUESSD);
    for (int i = 0; i < N; i++) {
        if (!b[i]) { fprintf(out, " x"); continue; }
        double t0 = now();
        uint64_t n0 = nodes;
        int v = value_of_move(b, i, g);
        fprintf(out, " %d", v);
        if (verbose || now() - t0 > 10) /* a long proof says each pit as it ends (a stopped run's log keeps it) */
            fprintf(stderr, "  pit %d: %d  (%llu nodes, %.1f s)\n", i + 1, v,
                    (unsigned long long)(nodes - n0), now() - t0);
    }
    fprintf(out, "\n");
    fflush(out);
}

static int read_board(char **argv, int at, uint8_t *b) {
    int total = 0;
    for (int k = 0; k < M; k++) { b[k] = atoi(argv[at + k]); total += b[k]; }
    return total;
}

/* ---- the book: every board within PLIES plies ---- */
typedef struct { uint64_t lo; uint32_t hi; int ply; } Key;
static Key *seen;
static size_t nseen, capseen;

/* 0: a new board (kept with its ply); 1: already walked from this ply or nearer the start; 2: walked
 * before, but from further away: the walk goes on from here again (the depth-first walk can meet a board
 * first deep down, where its children are past PLIES), its line is not printed again. */
static int was_seen(const uint8_t *b, int ply) {
    uint64_t lo; uint32_t hi;
    key_of(b, &lo, &hi);
    for (size_t q = 0; q < nseen; q++)
        if (seen[q].lo == lo && seen[q].hi == hi) {
            if (seen[q].ply <= ply) return 1;
            seen[q].ply = ply;
            return 2;
        }
    if (nseen == capseen) { capseen = capseen ? 2 * capseen : 1024; seen = realloc(seen, capseen * sizeof(Key)); }
    seen[nseen].lo = lo; seen[nseen].hi = hi; seen[nseen].ply = ply; nseen++;
    return 0;
}

static Key *done;
static size_t ndone;

static void load_done(const char *path) {
    FILE *f = fopen(path, "r");
    if (!f) return;
    char line[4096];
    size_t cap = 0;
    while (fgets(line, sizeof line, f)) {
        char *colon = strchr(line, ':');
        if (!colon || !strchr(colon, '\n')) continue; /* a line cut by a stopped run is not done */
        int values = 0;
        for (char *t = strtok(colon + 1, " \n"); t; t = strtok(NULL, " \n")) values++;
        if (values != N) continue;
        char *p = line;
        uint8_t b[MAXP];
        for (int k = 0; k < M; k++) b[k] = (uint8_t)strtol(p, &p, 10);
        if (ndone == cap) { cap = cap ? 2 * cap : 1024; done = realloc(done, cap * sizeof(Key)); }
        key_of(b, &done[ndone].lo, &done[ndone].hi);
        ndone++;
    }
    fclose(f);
    fprintf(stderr, "%zu boards already in %s\n", ndone, path);
}

static int is_done(const uint8_t *b) {
    uint64_t lo; uint32_t hi;
    key_of(b, &lo, &hi);
    for (size_t q = 0; q < ndone; q++)
        if (done[q].lo == lo && done[q].hi == hi) return 1;
    return 0;
}

static void book(const uint8_t *b, int plies, int maxplies) {
    int again = was_seen(b, plies);
    if (again == 1) return;
    if (again == 2 || is_done(b)) goto children;
    /* the whole line is written at once when every pit is solved: a run stopped meanwhile leaves no cut line */
    char *text = NULL;
    size_t size = 0;
    FILE *line = open_memstream(&text, &size);
    for (int k = 0; k < M; k++) fprintf(line, "%d ", b[k]);
    fprintf(line, ":");
    double t0 = now();
    uint64_t n0 = nodes;
    print_values(b, line, 0);
    fclose(line);
    fputs(text, stdout);
    fflush(stdout);
    free(text);
    fprintf(stderr, "book ply %d board %zu: %llu nodes, %.1f s\n", plies, nseen,
            (unsigned long long)(nodes - n0), now() - t0);
children:
    if (plies == maxplies) return;
    for (int i = 0; i < N; i++) {
        if (!b[i]) continue;
        uint8_t c[MAXP];
        int kind;
        play(b, i, c, &kind);
        if (kind == 2) continue;
        if (kind == 0) flip(c);
        book(c, plies + 1, maxplies);
    }
}

int main(int argc, char **argv) {
    if (argc < 6) {
        fprintf(stderr, "usage: kalah_solver PITS EMPTYCAP DBN TTMB check|root|book|dumpdb ...\n");
        return 2;
    }
    N = atoi(argv[1]); EMPTYCAP = atoi(argv[2]); DBN = atoi(argv[3]);
    int ttmb = atoi(argv[4]);
    M = 2 * N; LAP = 2 * N + 1;
    if (N < 1 || M > MAXP) { fprintf(stderr, "pits 1..8\n"); return 2; }
    if (getenv("GUESSD")) GUESSD = atoi(getenv("GUESSD"));
    if (getenv("ETC_ABOVE")) ETC_ABOVE = atoi(getenv("ETC_ABOVE"));
    CKPT = getenv("CKPT");
    signal(SIGTERM, on_stop);
    signal(SIGINT, on_stop);
    if (getenv("CKPT_SECS")) CKPT_SECS = atof(getenv("CKPT_SECS"));
    if (getenv("NODE_LIMIT")) NODE_LIMIT = strtoull(getenv("NODE_LIMIT"), NULL, 10);
    for (int a = 0; a < 80; a++)
        for (int c = 0; c < 20; c++)
            BIN[a][c] = c == 0 ? 1 : a == 0 ? 0 : BIN[a - 1][c - 1] + BIN[a - 1][c];
    uint64_t buckets = 1;
    while (buckets * 2 * 2 * sizeof(Entry) <= (uint64_t)ttmb << 20) buckets *= 2;
    TTMASK = buckets - 1;
    TT = calloc(2 * buckets, sizeof(Entry));
    if (!TT) { fprintf(stderr, "no memory for the TT\n"); return 1; }
    fprintf(stderr, "TT: %llu entries (%llu MB)\n", (unsigned long long)(2 * buckets),
            (unsigned long long)(2 * buckets * sizeof(Entry) >> 20));
    if (CKPT) {
        snprintf(TTPATH, sizeof TTPATH, "%s/tt_%d_%d_%d_%d.bin", CKPT, N, EMPTYCAP, DBN, ttmb);
        if (load_file(TTPATH, TT, 2 * buckets * sizeof(Entry))) fprintf(stderr, "table of bounds loaded from %s\n", TTPATH);
        else memset(TT, 0, 2 * buckets * sizeof(Entry));
    }
    build_db();
    double t0 = now();
    T0 = t0;
    LAST_SAVE = t0;
    const char *cmd = argv[5];
    uint8_t b[MAXP];
    if (!strcmp(cmd, "check")) {
        char line[4096];
        while (fgets(line, sizeof line, stdin)) {
            char *p = line;
            for (int k = 0; k < M; k++) b[k] = (uint8_t)strtol(p, &p, 10);
            print_values(b, stdout, 0);
        }
    } else if (!strcmp(cmd, "root")) {
        int total = read_board(argv, 6, b);
        if (total > 63) { fprintf(stderr, "at most 63 seeds\n"); return 2; }
        print_values(b, stdout, 1);
    } else if (!strcmp(cmd, "book")) {
        int plies = atoi(argv[6]);
        if (getenv("DONE")) load_done(getenv("DONE"));
        read_board(argv, 7, b);
        book(b, 0, plies);
    } else if (!strcmp(cmd, "dumpdb")) {
        FILE *f = fopen(argv[6], "wb");
        fwrite(DB, 1, DBSIZE, f);
        fclose(f);
    } else {
        fprintf(stderr, "unknown command %s\n", cmd);
        return 2;
    }
    save_tt();
    fprintf(stderr, "done: %llu nodes (+%llu table), %.1f s, %.2f Mnodes/s\n", (unsigned long long)nodes,
            (unsigned long long)dbnodes, now() - t0, nodes / (now() - t0 + 1e-9) / 1e6);
    return 0;
}
