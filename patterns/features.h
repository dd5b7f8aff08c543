/* features — the Bradley–Terry features of a candidate move (Coulom 2007 style),
 * packed into one 64-bit vector, shared by the trainer and the engine.
 *
 * A move is a "team" whose members are its feature values; its strength is the
 * product of their gammas (see gammas.h). Every feature value is seen from the
 * side to move: own stones are "X", the opponent's "O", so one entry covers a
 * black move and the colour-swapped white move (colour-swap canonicalisation).
 *
 *  feature    values (0 = absent, gamma 1)
 *  pass       1 pass after a move, 2 pass after a pass
 *  capture    1 the captured string touches an own string in atari (saves it),
 *             2 re-captures the previous move's string, 3 the previous move is
 *             next to the capturing point (prevents its connection), 4 other
 *  extend     extension of an own string in atari, not a self-atari:
 *             1 atari made by the previous move, >= 3 liberties after
 *             2 atari made by the previous move, 2 liberties after
 *             3 older atari, >= 3 liberties;  4 older atari, 2 liberties
 *             5 2 liberties after, and the ladder still works (a lost escape)
 *  atari      1 the atari starts a working ladder, 2 atari while a simple ko
 *             is on the board, 3 other atari
 *  selfatari  1 the string left in atari has 1-2 stones (throw-in, nakade), 2 more.
 *             A snapback (board_snapback_size: the lone stone's capture leaves
 *             the capturer in atari) is no self-atari but capture value 4: it
 *             captures by force, and without this the model ranks the killing
 *             throw-in with the useless ones (unless pat_opts.no_snapback)
 *  dist1      distance to the previous move, Coulom's d = |dx|+|dy|+max(|dx|,|dy|):
 *             value d-1 for d = 2..15, 15 for d >= 16 (absent after a pass/none;
 *             replaying on a just-captured stone's point, d = 0, counts as d = 2)
 *  dist2      the same for the move before the previous one
 *  dist3, dist4  the same for the 3rd and 4th moves back (board->last_move3/4):
 *             a player often answers or returns to a fight a few moves old;
 *             these explain many of the far moves (tenuki) dist1 ranks low
 *  edge       line of the move counted from the nearest edge, 1..3 (>= 4: absent)
 *  libs       liberties around the move: 1 + (a * 5 + o) * 4 + (n - 1), where a and o
 *             are the fewest liberties of an adjacent opponent / own string (0 none,
 *             1, 2, 3, 4 = four or more) and n the liberties of the string the move
 *             makes (1, 2, 3, 4 = four or more; captured neighbours count as
 *             liberties). Shortage of liberties drives fights the 3x3 shape misses.
 *  near       own and opponent stones with d <= 9 around the move, each bucketed
 *             0, 1, 2, 3-4, 5+: value 1 + own * 5 + opp. A coarse view of who holds
 *             the area, where the known large patterns end.
 *  area       line of the move (1..5+) and Manhattan distance to the nearest
 *             stone (1..4, 5 = none within 4): value 1 + (line - 1) * 5 + (near - 1).
 *             Opening big points (3rd/4th line, empty around) and lone moves
 *             in open areas, which large patterns and pat3 see only partly.
 *  weak       fewest liberties of an own and of an opponent string within
 *             Manhattan distance 2 of the move (0 none, 1, 2, 3, 4 = four or
 *             more): value 1 + own * 5 + opp. Moves that reinforce or attack a
 *             short-of-liberties string without touching it (libs sees only
 *             the adjacent ones).
 *  reach      Manhattan distance to the nearest own and to the nearest opponent
 *             stone, each 1..6, 7 for 7-8 and 8 for none within 8: value
 *             1 + (own - 1) * 8 + (opp - 1). Tells approaches, extensions,
 *             invasions and moves between the two sides' areas apart, beyond the
 *             4 points area sees; most missed professional moves are quiet moves
 *             of this kind away from the fight.
 *  stage      line of the move (1..5+) and stones on the board, scaled to
 *             19x19 (0-15, 16-39, 40-79, 80-129, 130-179, 180+): value
 *             1 + stage * 5 + (line - 1). The same line means a big point in
 *             the opening and a small endgame move later; through the
 *             latent factors the stage also reweighs distance and reach.
 *  pat3       the 3x3 pattern with atari marks on the 4 orthogonal neighbours,
 *             canonical under the 8 symmetries; value = class index + 1
 *  large      the largest diamond pattern (points with d <= s around the move,
 *             s in PAT_LARGE_SIZES) known to the gamma table; value = dictionary
 *             index + 1 (indices belong to one table: see gammas.h)
 *
 * 3x3 codes ("pat3 raw code", 20 bits): bits 2i..2i+1 hold the colour of
 * neighbour i in the order N, E, S, W, NE, SE, SW, NW (the board's nbr3x3 order,
 * values enum color: 0 empty, 1 black, 2 white, 3 off-board); bit 16+i (i < 4) is
 * set when the orthogonal neighbour i is a string with one liberty. Before
 * canonicalisation the colours are normalised so that the mover is 1 (BLACK).
 *
 * Speed: pat_move_features() without PAT_WITH_LARGE is cheap enough for BT
 * playouts; the playout code may instead keep the pat3 raw code incrementally from
 * board->nbr3x3 (pat3_raw_from_nbr) and recompute the tactical bits only around
 * the last move. Large patterns cost about 600 table look-ups per move and are
 * meant for the tree and the trainer.
 */
#ifndef HANE_PATTERNS_FEATURES_H
#define HANE_PATTERNS_FEATURES_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/board/board.h"

enum pat_feature {
    PAT_F_PASS, PAT_F_CAPTURE, PAT_F_EXTEND, PAT_F_ATARI, PAT_F_SELFATARI,
    PAT_F_DIST1, PAT_F_DIST2, PAT_F_EDGE, PAT_F_LIBS, PAT_F_NEAR, PAT_F_PAT3, PAT_F_LARGE,
    PAT_F_DIST3, PAT_F_DIST4, PAT_F_AREA, PAT_F_WEAK, PAT_F_REACH, PAT_F_STAGE,
    PAT_NFEAT
};

/* A move's feature values, one bit field per feature. */
/* Most large patterns a table holds: values 1..PAT_LARGE_MAX fit the large bit
 * field (17 bits) with the all-ones value left unused. */
#define PAT_LARGE_MAX ((1u << 17) - 2)
/* 128 bits: the first 64 hold the features up to `large`, the rest the newer
 * ones (dist3, dist4, area, weak) and room for more. An integer, so vectors compare,
 * sort and hash as plain numbers. */
__extension__ typedef unsigned __int128 pat_vec;

/* Bit layout of pat_vec: shift and width per feature (at most 128 in all). */
extern const uint8_t pat_shift[PAT_NFEAT];
extern const uint8_t pat_bits[PAT_NFEAT];
/* Names used in gamma tables and on the command line ("pass", "capture", ...). */
extern const char *const pat_feature_name[PAT_NFEAT];
/* Number of values of each feature, value 0 (absent) included. Fixed for all
 * but pat3 (pat3_classes() + 1) and large (table-dependent: PAT_LARGE_MAX + 1 at most). */
int pat_feature_nvalues(enum pat_feature f);

static inline unsigned pat_get(pat_vec v, enum pat_feature f)
{
    return (unsigned)((uint64_t)(v >> pat_shift[f]) & ((1ull << pat_bits[f]) - 1));
}
static inline pat_vec pat_set(pat_vec v, enum pat_feature f, unsigned val)
{
    pat_vec mask = (pat_vec)((1ull << pat_bits[f]) - 1) << pat_shift[f];
    return (v & ~mask) | (((pat_vec)val << pat_shift[f]) & mask);
}

/* Coulom's distance between two vertices. */
int pat_distance(const struct board *b, point a, point c);

/* ---- 3x3 patterns ---- */

#define PAT3_RAW_CODES (1u << 20)

/* Builds the canonicalisation tables (about 2 MB). Thread-safe and idempotent;
 * pat_init() calls it. */
void pat3_init(void);
/* Number of canonical classes (the pat3 feature has values 1..pat3_classes()). */
int pat3_classes(void);
/* Class index (0-based) of a mover-normalised raw code, or -1 if the code cannot
 * occur on a board (e.g. an atari mark on an empty point). Inline: the BT
 * playout looks up a class for most points next to a weak string. */
#define PAT3_NO_CLASS 0xFFFFu
extern const uint16_t *pat3_class_table;    /* by raw code, or PAT3_NO_CLASS */
static inline int pat3_class(uint32_t raw)
{
    if (raw >= PAT3_RAW_CODES || pat3_class_table[raw] == PAT3_NO_CLASS)
        return -1;
    return pat3_class_table[raw];
}
/* The class of a class's codes with Black and White swapped (cls >= 0):
 * pat3_class(pat3_swap_colors(raw)) from pat3_class(raw), one look-up in a
 * small table instead of a second one in the 2 MB table by raw code. */
extern const uint16_t *pat3_class_swap_table;
static inline int pat3_class_swapped(int cls)
{
    return pat3_class_swap_table[cls];
}
/* Smallest raw code of a class (its canonical representative). */
uint32_t pat3_class_code(int cls);
/* Canonical form of a raw code: the smallest of its 8 symmetric images. */
uint32_t pat3_canonical(uint32_t raw);
/* Applies symmetry t (0..7) to a raw code. */
uint32_t pat3_transform(uint32_t raw, int t);
/* Swaps black and white in a raw code (atari marks are kept): the two bits
 * of every field trade places, so border (both bits) stays border. */
static inline uint32_t pat3_swap_colors(uint32_t raw)
{
    uint32_t c = raw & 0xffff;
    c = ((c & 0x5555u) << 1) | ((c >> 1) & 0x5555u);
    return (raw & ~0xffffu) | c;
}
/* Raw code of the 3x3 neighbourhood of `p` for mover `c`, with atari marks. */
uint32_t pat3_raw(const struct board *b, enum color c, point p);
/* The same from the board's incremental nbr3x3 code (saves 8 colour reads). */
uint32_t pat3_raw_from_nbr(const struct board *b, enum color c, point p);
/* Text form: 8 characters N,E,S,W,NE,SE,SW,NW from "X" (mover), "O", "." and
 * "#" (off board); "x"/"o" mark an orthogonal string in atari. `out` holds 9. */
void pat3_to_string(uint32_t raw, char *out);
/* Parses that text form; false on a malformed string. */
bool pat3_from_string(const char *s, uint32_t *raw);

/* ---- large diamond patterns ---- */

#define PAT_LARGE_NSIZES 11
/* Diamond sizes: the points with d <= s around the move, s = 4 .. 12, 14, 16
 * (d = 16 reaches 8 lines away: enough to see the corner and side from the
 * opening points). */
extern const int pat_large_sizes[PAT_LARGE_NSIZES];

/* Canonical hashes of the patterns around `p` for mover `c`, one per size
 * (smallest first); the size is mixed into each hash. Canonical = the smallest
 * hash of the 8 symmetric images, colours normalised to the mover. */
void pat_large_hashes(const struct board *b, enum color c, point p,
                      uint64_t out[PAT_LARGE_NSIZES]);
/* Looks up a large-pattern hash in some dictionary; returns index + 1, or 0. */
typedef uint32_t (*pat_large_lookup_fn)(const void *dict, uint64_t hash);

/* The value of the largest pattern around `p` that `lookup` knows (0: none).
 * Hashes size by size and stops at the first unknown size: a dictionary cut
 * by a count of played moves holds every smaller size of each entry (a
 * pattern's sub-patterns occur at least as often), so larger ones are unknown
 * too. Same result as pat_large_hashes + look-ups, at a fraction of the cost;
 * the stones come from the position's maps (pat_maps_init). */
struct pat_maps;
uint32_t pat_large_match(const struct board *b, const struct pat_maps *m, enum color c, point p,
                         pat_large_lookup_fn lookup, const void *dict);
/* Own and opponent stones among the points with d <= 9 around `p` (for the
 * "near" feature), from the position's maps (pat_maps_init). */
void pat_stone_counts(const struct board *b, const struct pat_maps *m, enum color c, point p,
                      int *own, int *opp);
/* Fingerprint of the Zobrist keys: gamma tables store it, so a table made with
 * other keys is refused. */
uint64_t pat_large_fingerprint(void);

/* ---- ladders ---- */

/* Does `c` at `p` put the opponent string at `target` in atari such that a
 * ladder captures it (every escape by extension fails)? */
bool pat_ladder_atari_works(const struct board *b, enum color c, point p, point target);
/* Does `c` at `p` extend an own string to exactly two liberties from which the
 * opponent captures it in a ladder? */
bool pat_ladder_escape_fails(const struct board *b, enum color c, point p);

/* ---- whole moves ---- */

/* What the features of all the moves of one position read from the board
 * as a whole, built once per position instead of once per move:
 * - dist: the Manhattan distance from every point to the nearest stone of
 *   each colour (capped at PAT_REACH_FAR), for `area` and `reach`: two
 *   passes over the board, not a ring scan of up to 144 points per move;
 * - weak: per point and colour, the fewest liberties (1..4 = four or more,
 *   0 = none) of that colour's strings with a stone within distance 2, for
 *   `weak`: 12 writes per stone, not 12 reads per move;
 * - near: per row and column x, the stones left of x in the row, Black's
 *   in the low byte and White's in the high byte, with PAT_NEAR_PAD rows and
 *   columns of nothing around the board, for `near`: one subtraction per row
 *   of its region for both colours, with no test for the board's edge;
 * - stones: the board's stones (1 Black, 2 White, 0 empty or off the board)
 *   with a margin of PAT_LARGE_REACH points, for `large`: a diamond's
 *   points are read at fixed offsets, with no test for the board's edge. */
#define PAT_REACH_FAR 9
#define PAT_NEAR_PAD 4      /* the largest |dx| or |dy| of the near region (d <= 9) */
#define PAT_LARGE_REACH 8   /* the largest |dx| or |dy| of a large diamond (d <= 16) */
#define PAT_MAPS_STRIDE (BOARD_MAX_SIZE + 2 * PAT_LARGE_REACH)
struct pat_maps {
    uint8_t dist[3][BOARD_MAX_POINTS];
    uint8_t weak[3][BOARD_MAX_POINTS];
    uint16_t near[BOARD_MAX_SIZE + 2 * PAT_NEAR_PAD][BOARD_MAX_SIZE + 2 * PAT_NEAR_PAD + 1];
    uint8_t stones[PAT_MAPS_STRIDE * PAT_MAPS_STRIDE];
};

/* Fills `m` for the position `b`. */
void pat_maps_init(struct pat_maps *m, const struct board *b);

struct pat_opts {
    unsigned disabled;              /* bit f set: feature f is left at 0 */
    bool no_ladder;                 /* skip ladder reading (cheaper, for playouts) */
    bool no_snapback;               /* a snapback stays a self-atari (playouts' cheap view) */
    pat_large_lookup_fn large_lookup; /* NULL: no large patterns */
    const void *large_dict;
    /* The maps of the position being rated, or NULL (pat_move_features
     * then reads the board around its move; worth passing when rating
     * many moves). */
    const struct pat_maps *maps;
};

/* Builds all tables (3x3 classes, Zobrist keys). Call before anything else here;
 * thread-safe and idempotent. Calls board_init(). */
void pat_init(void);

/* Features of `c` playing at `p` (a legal move or PASS) on `b`. */
pat_vec pat_move_features(const struct board *b, enum color c, point p,
                          const struct pat_opts *o);
/* The same as values, out[f] = pat_get(pat_move_features(...), f), for a
 * caller that reads them one by one (no packing and unpacking). */
void pat_move_values(const struct board *b, enum color c, point p, const struct pat_opts *o,
                     unsigned out[PAT_NFEAT]);

/* Every legal move of `c` (simple ko, no suicide) plus PASS, into `moves` and
 * `vecs` (room for BOARD_MAX_POINTS + 1 each); returns how many. PASS is last. */
int pat_all_features(const struct board *b, enum color c, const struct pat_opts *o,
                     point *moves, pat_vec *vecs);

#endif
