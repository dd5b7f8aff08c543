/* test_match — the referee's pure parts (command-line splitting, GTP replies,
 * clocks, results, Wilson and Elo, SGF, JSON records, totals) and whole games
 * against a scripted misbehaving engine (tests/fake-gtp.sh), run through the
 * same referee_play the matches use. Paths are relative to the repository
 * root, where `make unit` runs.
 */
#include <check.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/board/board.h"
#include "engine/board/game.h"
#include "engine/board/sgf.h"
#include "engine/board/sgf_game.h"
#include "tools/match/mclock.h"
#include "tools/match/proc.h"
#include "tools/match/referee.h"
#include "tools/match/result.h"
#include "tools/match/sgfout.h"
#include "tools/match/stats.h"
#include "tools/match/summary.h"

#define FAKE "sh tools/match/tests/fake-gtp.sh"

/* ---- command lines and replies ---- */

START_TEST(split_words_and_quotes)
{
    char *argv[9], storage[256], err[128];
    ck_assert_int_eq(proc_split("  a  b\tc ", argv, 8, storage, err, sizeof err), 3);
    ck_assert_str_eq(argv[0], "a");
    ck_assert_str_eq(argv[2], "c");
    ck_assert_ptr_null(argv[3]);
    ck_assert_int_eq(proc_split("\"/my dir/hane\" 'x y' z\\ w e\"f\"g", argv, 8, storage, err,
                                sizeof err), 4);
    ck_assert_str_eq(argv[0], "/my dir/hane");
    ck_assert_str_eq(argv[1], "x y");
    ck_assert_str_eq(argv[2], "z w");
    ck_assert_str_eq(argv[3], "efg");
    ck_assert_int_eq(proc_split("a 'b", argv, 8, storage, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "unbalanced"));
    ck_assert_int_eq(proc_split("   ", argv, 8, storage, err, sizeof err), -1);
    ck_assert_int_eq(proc_split("a b c", argv, 2, storage, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "more than 2"));
    ck_assert(proc_check_command("sh -c 'exit 0'", err, sizeof err));
    ck_assert(!proc_check_command("/nonexistent/engine --mode gtp", err, sizeof err));
    ck_assert_ptr_nonnull(strstr(err, "/nonexistent/engine"));
    ck_assert(!proc_check_command("no-such-program-hane-test", err, sizeof err));
    ck_assert(!proc_check_command("sh 'x", err, sizeof err));
}
END_TEST

START_TEST(parse_replies)
{
    char r[64];
    ck_assert_int_eq(proc_parse_reply("= B+3.5", r, sizeof r), PROC_OK);
    ck_assert_str_eq(r, "B+3.5");
    ck_assert_int_eq(proc_parse_reply("=12 D4  ", r, sizeof r), PROC_OK);
    ck_assert_str_eq(r, "D4");
    ck_assert_int_eq(proc_parse_reply("\n=", r, sizeof r), PROC_OK);
    ck_assert_str_eq(r, "");
    ck_assert_int_eq(proc_parse_reply("? unknown command", r, sizeof r), PROC_FAIL);
    ck_assert_str_eq(r, "unknown command");
    ck_assert_int_eq(proc_parse_reply("= A1 B2\nC3 D4", r, sizeof r), PROC_OK);
    ck_assert_str_eq(r, "A1 B2\nC3 D4");
    ck_assert_int_eq(proc_parse_reply("hello", r, sizeof r), PROC_IO);
    ck_assert_int_eq(proc_parse_reply("=x", r, sizeof r), PROC_IO);
    /* Truncated to the buffer, still terminated. */
    ck_assert_int_eq(proc_parse_reply("= 0123456789", r, 5), PROC_OK);
    ck_assert_str_eq(r, "0123");
}
END_TEST

START_TEST(vertices)
{
    int x, y;
    ck_assert_int_eq(referee_parse_vertex("D4", 9, &x, &y), 1);
    ck_assert_int_eq(x, 3);
    ck_assert_int_eq(y, 3);
    ck_assert_int_eq(referee_parse_vertex("j9", 9, &x, &y), 1);
    ck_assert_int_eq(x, 8);
    ck_assert_int_eq(y, 8);
    ck_assert_int_eq(referee_parse_vertex("T19", 19, &x, &y), 1);
    ck_assert_int_eq(x, 18);
    ck_assert_int_eq(referee_parse_vertex("PASS", 9, &x, &y), 0);
    ck_assert_int_eq(referee_parse_vertex("I5", 9, &x, &y), -1);
    ck_assert_int_eq(referee_parse_vertex("A0", 9, &x, &y), -1);
    ck_assert_int_eq(referee_parse_vertex("A10", 9, &x, &y), -1);
    ck_assert_int_eq(referee_parse_vertex("K1", 9, &x, &y), -1);
    ck_assert_int_eq(referee_parse_vertex("A1x", 9, &x, &y), -1);
    ck_assert_int_eq(referee_parse_vertex("", 9, &x, &y), -1);
    ck_assert_int_eq(referee_parse_vertex("A99999999999", 25, &x, &y), -1);
    char v[16];
    referee_format_vertex(8, 8, v, sizeof v);
    ck_assert_str_eq(v, "J9");
    referee_format_vertex(-1, 0, v, sizeof v);
    ck_assert_str_eq(v, "pass");
}
END_TEST

/* ---- clocks ---- */

START_TEST(clock_specs)
{
    struct mclock_settings s;
    char err[256], back[64];
    ck_assert(mclock_parse("none", &s, err, sizeof err) && s.sys == MCLOCK_NONE);
    ck_assert(mclock_parse("60", &s, err, sizeof err) && s.sys == MCLOCK_ABSOLUTE);
    ck_assert(s.main_time == 60);
    ck_assert(mclock_parse("60+5x10", &s, err, sizeof err) && s.sys == MCLOCK_BYOYOMI);
    ck_assert(s.count == 5 && s.period_time == 10);
    mclock_format(&s, back, sizeof back);
    ck_assert_str_eq(back, "60+5x10");
    ck_assert(mclock_parse("0+1/1", &s, err, sizeof err) && s.sys == MCLOCK_CANADIAN);
    mclock_format(&s, back, sizeof back);
    ck_assert_str_eq(back, "0+1/1");
    const char *bad[] = { "0", "60+", "abc", "60+0x10", "60+5x0", "60+10/0", "1.5", "-3", "60x5",
                          "60+5x10x", "99999999999" };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        err[0] = '\0';
        ck_assert_msg(!mclock_parse(bad[i], &s, err, sizeof err), "accepted \"%s\"", bad[i]);
        ck_assert_msg(strstr(err, bad[i]) != NULL, "error for \"%s\" does not quote it: %s", bad[i], err);
    }
}
END_TEST

START_TEST(clock_byoyomi)
{
    struct mclock_settings s;
    char err[128];
    ck_assert(mclock_parse("10+3x5", &s, err, sizeof err));
    struct mclock c;
    mclock_start(&c, &s);
    double t;
    int n;
    ck_assert(mclock_allowance(&c) == 25);
    ck_assert(mclock_charge(&c, 8, 0));
    mclock_time_left(&c, true, &t, &n);
    ck_assert(t == 2 && n == 0);
    ck_assert(mclock_charge(&c, 6, 0));         /* 4 s into the first period: free */
    mclock_time_left(&c, true, &t, &n);
    ck_assert(t == 5 && n == 3);
    mclock_time_left(&c, false, &t, &n);        /* plain GTP: one stone per period */
    ck_assert(t == 5 && n == 1);
    ck_assert(mclock_charge(&c, 11, 0));        /* three periods started: two lost */
    ck_assert_int_eq(c.count_left, 1);
    ck_assert(mclock_charge(&c, 5, 0));         /* exactly one period: free */
    ck_assert(mclock_charge(&c, 5.3, 0.5));     /* the lag allowance keeps it inside */
    ck_assert(!mclock_charge(&c, 5.1, 0));      /* the last period is gone */
}
END_TEST

START_TEST(clock_canadian_and_absolute)
{
    struct mclock_settings s;
    char err[128];
    struct mclock c;
    double t;
    int n;
    ck_assert(mclock_parse("0+10/2", &s, err, sizeof err));
    mclock_start(&c, &s);
    ck_assert(mclock_charge(&c, 4, 0));
    mclock_time_left(&c, false, &t, &n);
    ck_assert(t == 6 && n == 1);
    ck_assert(mclock_charge(&c, 5, 0));         /* period done: a fresh one */
    mclock_time_left(&c, false, &t, &n);
    ck_assert(t == 10 && n == 2);
    ck_assert(!mclock_charge(&c, 10.5, 0));

    ck_assert(mclock_parse("5", &s, err, sizeof err));
    mclock_start(&c, &s);
    ck_assert(mclock_charge(&c, 4.5, 0));
    ck_assert(mclock_charge(&c, 0.6, 0.2));     /* 0.4 s charged of the 0.5 s left */
    ck_assert(!mclock_charge(&c, 1, 0));
    ck_assert(fabs(c.used - 5.9) < 1e-9);
}
END_TEST

START_TEST(clock_commands)
{
    struct mclock_settings s;
    char err[128], cmd[128];
    ck_assert(mclock_parse("60+5x10", &s, err, sizeof err));
    mclock_settings_command(&s, true, cmd, sizeof cmd);
    ck_assert_str_eq(cmd, "kgs-time_settings byoyomi 60 10 5");
    mclock_settings_command(&s, false, cmd, sizeof cmd);
    ck_assert_str_eq(cmd, "time_settings 60 10 1");
    ck_assert(mclock_parse("300", &s, err, sizeof err));
    mclock_settings_command(&s, false, cmd, sizeof cmd);
    ck_assert_str_eq(cmd, "time_settings 300 0 0");
    ck_assert(mclock_parse("0+30/10", &s, err, sizeof err));
    mclock_settings_command(&s, true, cmd, sizeof cmd);
    ck_assert_str_eq(cmd, "kgs-time_settings canadian 0 30 10");
    double tm;
    char ot[64];
    mclock_sgf(&s, &tm, ot, sizeof ot);
    ck_assert_str_eq(ot, "10/30 Canadian");
}
END_TEST

/* ---- results and statistics ---- */

START_TEST(results)
{
    struct result r;
    char out[32];
    ck_assert(result_parse(" B+3.5\n", &r) && r.winner == BLACK && r.how == RESULT_POINTS);
    ck_assert(r.margin == 3.5);
    ck_assert(result_parse("w+12", &r) && r.winner == WHITE && r.margin == 12);
    ck_assert(result_parse("W+Resign", &r) && r.how == RESULT_RESIGN);
    result_format(&r, out, sizeof out);
    ck_assert_str_eq(out, "W+R");
    ck_assert(result_parse("B+T", &r) && r.how == RESULT_TIME && r.winner == BLACK);
    ck_assert(result_parse("B+Forfeit", &r) && r.how == RESULT_FORFEIT);
    result_format(&r, out, sizeof out);
    ck_assert_str_eq(out, "B+F");
    ck_assert(result_parse("0", &r) && r.winner == EMPTY && r.how == RESULT_POINTS);
    result_format(&r, out, sizeof out);
    ck_assert_str_eq(out, "0");
    ck_assert(result_parse("Void", &r) && r.how == RESULT_VOID);
    const char *bad[] = { "", "B+", "B+-3", "X+3", "B+3x", "B3", "B+nan", "B+inf", "3.5" };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        ck_assert_msg(!result_parse(bad[i], &r), "accepted \"%s\"", bad[i]);
    struct result a, b;
    ck_assert(result_parse("B+3.5", &a) && result_parse("b+3.5", &b) && result_same(&a, &b));
    ck_assert(result_parse("B+4.5", &b) && !result_same(&a, &b));
    ck_assert(result_parse("B+R", &b) && !result_same(&a, &b));
}
END_TEST

START_TEST(wilson_and_elo)
{
    double lo, hi;
    /* Reference values of the Wilson interval at z = 1.96. */
    stats_wilson(5, 10, STATS_Z95, &lo, &hi);
    ck_assert_double_eq_tol(lo, 0.2366, 1e-4);
    ck_assert_double_eq_tol(hi, 0.7634, 1e-4);
    stats_wilson(0, 10, STATS_Z95, &lo, &hi);
    ck_assert_double_eq_tol(lo, 0.0, 1e-12);
    ck_assert_double_eq_tol(hi, 0.2775, 1e-4);
    stats_wilson(10, 10, STATS_Z95, &lo, &hi);
    ck_assert_double_eq_tol(lo, 0.7225, 1e-4);
    ck_assert_double_eq_tol(hi, 1.0, 1e-12);
    stats_wilson(30, 50, STATS_Z95, &lo, &hi);
    ck_assert_double_eq_tol(lo, 0.4618, 1e-4);
    ck_assert_double_eq_tol(hi, 0.7239, 1e-4);
    stats_wilson(0, 14, STATS_Z95, &lo, &hi);
    ck_assert(lo == 0);                         /* exactly: its Elo is -inf */
    stats_wilson(0, 0, STATS_Z95, &lo, &hi);
    ck_assert(lo == 0 && hi == 1);
    ck_assert_double_eq_tol(stats_elo(0.5), 0.0, 1e-12);
    ck_assert_double_eq_tol(stats_elo(0.75), 190.85, 0.01);
    ck_assert_double_eq_tol(stats_elo(1.0 / (1.0 + pow(10, -100.0 / 400))), 100.0, 1e-9);
    ck_assert_double_eq_tol(stats_elo(0.25), -190.85, 0.01);
    ck_assert(isinf(stats_elo(1)) && stats_elo(1) > 0);
    ck_assert(isinf(stats_elo(0)) && stats_elo(0) < 0);
}
END_TEST

/* ---- SGF ---- */

START_TEST(sgf_writing)
{
    struct sgfout_move moves[] = {
        { BLACK, 2, 6, 55.5, 0 },   /* C7 on 9x9 -> "cc" */
        { WHITE, 8, 0, 0, 0 },      /* J1 -> "ii" */
        { BLACK, -1, 0, 10, 4 },    /* pass, in byo-yomi with 4 periods */
    };
    struct sgfout_game g = {
        .size = 9, .komi = 7.5, .black = "hane]x", .white = "a\\b", .result = "B+R",
        .date = "2026-11-22", .timed = true, .main_time = 60, .overtime = "5x10 byo-yomi",
        .comment = "c", .moves = moves, .n_moves = 3,
    };
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    ck_assert(sgfout_write(f, &g));
    fclose(f);
    ck_assert_str_eq(buf,
        "(;GM[1]FF[4]CA[UTF-8]AP[hane-match:1]SZ[9]KM[7.5]RU[Chinese]PB[hane\\]x]PW[a\\\\b]"
        "DT[2026-11-22]RE[B+R]TM[60]OT[5x10 byo-yomi]\nGC[c]\n"
        ";B[cc]BL[55.5];W[ii]WL[0.0];B[]BL[10.0]OB[4])\n");
    /* The engine's own SGF reader reads it back: same game information and
     * the stones where the referee put them. */
    struct sgf_error serr;
    struct sgf_tree *t = sgf_parse(buf, len, "<sgfout>", &serr);
    ck_assert_msg(t != NULL, "%s", serr.text);
    struct game game;
    struct sgf_game_info info;
    ck_assert_msg(sgf_game_load(t, "<sgfout>", 0, &game, &info, &serr), "%s", serr.text);
    ck_assert_int_eq(info.size, 9);
    ck_assert_double_eq_tol(info.komi, 7.5, 1e-9);
    ck_assert_str_eq(info.result, "B+R");
    ck_assert_str_eq(info.black, "hane]x");
    ck_assert_str_eq(info.white, "a\\b");
    ck_assert_int_eq(game.n_moves, 3);
    ck_assert_int_eq(game.board.color[board_point(&game.board, 2, 6)], BLACK);
    ck_assert_int_eq(game.board.color[board_point(&game.board, 8, 0)], WHITE);
    ck_assert_int_eq(game.moves[2].p, PASS);
    game_free(&game);
    sgf_free(t);
    free(buf);
    /* A move off the board is refused rather than written. */
    moves[1].x = 9;
    f = open_memstream(&buf, &len);
    ck_assert(!sgfout_write(f, &g));
    fclose(f);
    free(buf);
}
END_TEST

/* ---- JSON records and totals ---- */

static struct summary_game sample_game(int index, int a_color, const char *re, enum referee_end end,
                                       int culprit)
{
    struct summary_game sg;
    memset(&sg, 0, sizeof sg);
    sg.index = index;
    sg.a_color = a_color;
    ck_assert(result_parse(re, &sg.g.result));
    sg.g.end = end;
    sg.g.culprit = culprit;
    sg.g.n_moves = 40;
    for (int c = BLACK; c <= WHITE; c++) {
        snprintf(sg.g.player[c].name, sizeof sg.g.player[c].name, "%s", c == a_color ? "A" : "B");
        sg.g.player[c].agree = sg.g.player[c].agree_winner = -1;
        sg.g.player[c].peak_rss_kb = c == a_color ? 1000 * index : 500;
    }
    return sg;
}

START_TEST(json_round_trip)
{
    struct summary_game sg = sample_game(7, WHITE, "W+2.5", END_PASSES, EMPTY);
    sg.g.scored = true;
    sg.g.score = -2.5;
    sg.g.player[WHITE].agree = 1;
    sg.g.player[BLACK].agree = 0;
    snprintf(sg.g.detail, sizeof sg.g.detail, "a \"quoted\" detail");
    json_t *j = summary_game_to_json(&sg);
    struct summary_game back;
    char err[256];
    ck_assert_msg(summary_game_from_json(j, &back, err, sizeof err), "%s", err);
    ck_assert_int_eq(back.index, 7);
    ck_assert_int_eq(back.a_color, WHITE);
    ck_assert(result_same(&back.g.result, &sg.g.result));
    ck_assert_int_eq(back.g.player[WHITE].agree, 1);
    ck_assert_int_eq(back.g.player[BLACK].agree, 0);
    ck_assert_int_eq(back.g.player[BLACK].agree_winner, -1);
    ck_assert_str_eq(back.g.detail, sg.g.detail);
    ck_assert_int_eq(back.g.player[WHITE].peak_rss_kb, 7000);
    /* Records written before cpu_seconds existed still load. */
    json_object_del(json_object_get(j, "white"), "cpu_seconds");
    ck_assert_msg(summary_game_from_json(j, &back, err, sizeof err), "%s", err);
    ck_assert(back.g.player[WHITE].cpu_seconds == -1);

    /* Damaged records are refused with the path of what is wrong. */
    json_object_set_new(json_object_get(j, "black"), "peak_rss_kb", json_string("lots"));
    ck_assert(!summary_game_from_json(j, &back, err, sizeof err));
    ck_assert_str_eq(err, "game.black.peak_rss_kb: expected an integer");
    json_object_set_new(json_object_get(j, "black"), "peak_rss_kb", json_integer(5));
    json_object_set_new(j, "end", json_string("bored"));
    ck_assert(!summary_game_from_json(j, &back, err, sizeof err));
    ck_assert_ptr_nonnull(strstr(err, "game.end"));
    json_object_set_new(j, "end", json_string("passes"));
    json_object_del(j, "index");
    ck_assert(!summary_game_from_json(j, &back, err, sizeof err));
    ck_assert_str_eq(err, "game.index: missing");
    json_decref(j);
    json_t *three = json_integer(3);
    ck_assert(!summary_game_from_json(three, &back, err, sizeof err));
    ck_assert_str_eq(err, "game: expected an object");
    json_decref(three);
}
END_TEST

START_TEST(totals)
{
    struct summary_game g[5] = {
        sample_game(1, BLACK, "B+3.5", END_PASSES, EMPTY),  /* A wins as Black */
        sample_game(2, WHITE, "B+R", END_RESIGN, WHITE),    /* A resigns as White */
        sample_game(3, BLACK, "W+F", END_ILLEGAL, BLACK),   /* A plays an illegal move */
        sample_game(4, WHITE, "B+T", END_TIME, WHITE),      /* A loses on time */
        sample_game(5, BLACK, "B+F", END_CRASH, WHITE),     /* B crashes */
    };
    g[0].g.player[BLACK].agree = 1;
    g[0].g.player[BLACK].agree_winner = 1;
    g[0].g.player[WHITE].agree = 0;
    g[0].g.player[WHITE].agree_winner = 1;
    g[4].g.player[WHITE].stuck = true;
    long limits[2] = { 3500, 0 };   /* A over the limit in games 4 and 5 */
    struct summary s;
    summary_compute(g, 5, limits, &s);
    ck_assert_int_eq(s.games, 5);
    ck_assert_int_eq(s.a_wins, 2);
    ck_assert_int_eq(s.b_wins, 3);
    ck_assert_int_eq(s.a_black_wins, 2);
    ck_assert_int_eq(s.a_black_games, 3);
    ck_assert_double_eq_tol(s.win_rate, 0.4, 1e-12);
    double lo, hi;
    stats_wilson(2, 5, STATS_Z95, &lo, &hi);
    ck_assert_double_eq_tol(s.ci_lo, lo, 1e-12);
    ck_assert_double_eq_tol(s.elo, stats_elo(0.4), 1e-9);
    ck_assert_int_eq(s.faults[SIDE_A][FAULT_ILLEGAL], 1);
    ck_assert_int_eq(s.faults[SIDE_A][FAULT_TIME], 1);
    ck_assert_int_eq(s.faults[SIDE_A][FAULT_MEMORY], 2);
    ck_assert_int_eq(s.faults[SIDE_B][FAULT_CRASH], 1);
    ck_assert_int_eq(s.faults[SIDE_B][FAULT_STUCK], 1);
    ck_assert_int_eq(s.faults[SIDE_A][FAULT_CRASH], 0);
    ck_assert_int_eq(s.compared[SIDE_A], 1);
    ck_assert_int_eq(s.agree[SIDE_A], 1);
    ck_assert_int_eq(s.agree[SIDE_B], 0);
    ck_assert_int_eq(s.agree_winner[SIDE_B], 1);
    ck_assert_int_eq(s.peak_rss_kb[SIDE_A], 5000);
    /* illegal + memory x2 + crash + stuck; time only when asked */
    ck_assert_int_eq(summary_failures(&s, false), 5);
    ck_assert_int_eq(summary_failures(&s, true), 6);
    /* The totals line for scripts carries the final_score agreement. */
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    summary_print(f, &s);
    fclose(f);
    ck_assert_ptr_nonnull(strstr(buf, " score_agree_a=1/1"));
    ck_assert_ptr_nonnull(strstr(buf, " score_agree_b=0/1"));
    free(buf);
    json_t *j = summary_to_json(&s, g, 5);
    ck_assert_int_eq(json_integer_value(json_object_get(j, "a_wins")), 2);
    ck_assert_int_eq(json_array_size(json_object_get(j, "game_records")), 5);
    json_decref(j);
}
END_TEST

/* ---- whole games against the scripted engine ---- */

static struct referee_opts fast_opts(void)
{
    struct referee_opts o;
    referee_defaults(&o);
    o.size = 5;
    o.scorer = FAKE " pass W+3.5";
    o.move_timeout = 5;
    o.cmd_timeout = 5;
    o.quit_timeout = 2;
    return o;
}

START_TEST(game_two_passes_scored)
{
    struct referee_opts o = fast_opts();
    char sgf[] = "/tmp/test_match_XXXXXX";
    int fd = mkstemp(sgf);
    ck_assert(fd >= 0);
    close(fd);
    struct referee_files files = { .sgf = sgf };
    struct referee_game g;
    ck_assert(referee_play(&o, FAKE " pass W+3.5", FAKE " pass B+1", &files, &g));
    ck_assert_int_eq(g.end, END_PASSES);
    ck_assert(g.scored);
    ck_assert_int_eq(g.result.winner, WHITE);
    ck_assert_double_eq_tol(g.score, -3.5, 1e-9);
    ck_assert_int_eq(g.n_moves, 2);
    ck_assert_int_eq(g.player[BLACK].agree, 1);
    ck_assert_int_eq(g.player[WHITE].agree, 0);
    ck_assert_int_eq(g.player[WHITE].agree_winner, 0);
    ck_assert_str_eq(g.player[BLACK].name, "fake-pass 1");
    ck_assert(!g.player[BLACK].stuck && !g.player[WHITE].stuck);
    ck_assert(g.player[BLACK].cpu_seconds >= 0 && g.player[BLACK].cpu_seconds < 5);
    FILE *f = fopen(sgf, "r");
    char text[1024] = "";
    size_t n = fread(text, 1, sizeof text - 1, f);
    text[n] = '\0';
    fclose(f);
    unlink(sgf);
    ck_assert_ptr_nonnull(strstr(text, "RE[W+3.5]"));
    ck_assert_ptr_nonnull(strstr(text, ";B[];W[])"));
}
END_TEST

/* An engine's stderr file holds the stderr of its latest start only: a game
 * played again (a resumed run replays the game it was stopped in) must not
 * leave the first attempt's lines in front of its own. */
START_TEST(stderr_file_starts_afresh)
{
    char path[] = "/tmp/test_match_err_XXXXXX";
    int fd = mkstemp(path);
    ck_assert(fd >= 0);
    ck_assert(write(fd, "stale line\n", 11) == 11);
    close(fd);
    for (int run = 0; run < 2; run++) {
        struct proc p;
        char err[256], reply[64];
        ck_assert(proc_spawn(&p, "sh -c 'echo started >&2; read x; echo \"= \"; echo'", path,
                             err, sizeof err));
        ck_assert_int_eq(proc_command(&p, "name", 10, reply, sizeof reply, NULL), PROC_OK);
        proc_quit(&p, 5);
    }
    FILE *f = fopen(path, "r");
    ck_assert_ptr_nonnull(f);
    char text[256] = "";
    size_t n = fread(text, 1, sizeof text - 1, f);
    text[n] = '\0';
    fclose(f);
    unlink(path);
    ck_assert_str_eq(text, "started\n");
}
END_TEST

START_TEST(game_move_limit_is_scored)
{
    struct referee_opts o = fast_opts();
    o.max_moves = 1;
    struct referee_game g;
    ck_assert(referee_play(&o, FAKE " pass", FAKE " pass", NULL, &g));
    ck_assert_int_eq(g.end, END_MAX_MOVES);
    ck_assert(g.scored);
    ck_assert_int_eq(g.player[BLACK].agree, -1);    /* only finished games are compared */
}
END_TEST

START_TEST(game_counted_by_referee)
{
    struct referee_opts o = fast_opts();
    o.scorer = "none";
    o.komi = 0.5;
    struct referee_game g;
    /* Black A1, White passes, move limit: Black's one stone owns all 25 points. */
    o.max_moves = 2;
    ck_assert(referee_play(&o, FAKE " a1", FAKE " pass", NULL, &g));
    ck_assert_int_eq(g.end, END_MAX_MOVES);
    ck_assert(g.scored);
    ck_assert_double_eq_tol(g.score, 24.5, 1e-9);
    ck_assert_int_eq(g.result.winner, BLACK);
}
END_TEST

START_TEST(game_illegal_move)
{
    struct referee_opts o = fast_opts();
    struct referee_game g;
    /* Black plays A1, White passes, Black plays A1 again: occupied. */
    ck_assert(referee_play(&o, FAKE " a1", FAKE " pass", NULL, &g));
    ck_assert_int_eq(g.end, END_ILLEGAL);
    ck_assert_int_eq(g.culprit, BLACK);
    ck_assert_int_eq(g.result.winner, WHITE);
    ck_assert_int_eq(g.result.how, RESULT_FORFEIT);
    ck_assert_int_eq(g.n_moves, 2);
    ck_assert_msg(strstr(g.detail, "A1") != NULL, "%s", g.detail);
}
END_TEST

START_TEST(game_garbage_and_refusal)
{
    struct referee_opts o = fast_opts();
    struct referee_game g;
    ck_assert(referee_play(&o, FAKE " pass", FAKE " garbage", NULL, &g));
    ck_assert_int_eq(g.end, END_ILLEGAL);
    ck_assert_int_eq(g.culprit, WHITE);
    ck_assert_msg(strstr(g.detail, "banana") != NULL, "%s", g.detail);
    ck_assert(referee_play(&o, FAKE " refuse", FAKE " pass", NULL, &g));
    ck_assert_int_eq(g.end, END_ERROR);
    ck_assert_int_eq(g.culprit, BLACK);
}
END_TEST

START_TEST(game_crash)
{
    struct referee_opts o = fast_opts();
    struct referee_game g;
    ck_assert(referee_play(&o, FAKE " pass", FAKE " crash", NULL, &g));
    ck_assert_int_eq(g.end, END_CRASH);
    ck_assert_int_eq(g.culprit, WHITE);
    ck_assert_int_eq(g.result.winner, BLACK);
    ck_assert_msg(strstr(g.detail, "signal 11") != NULL, "%s", g.detail);
    ck_assert(referee_play(&o, "/nonexistent/engine", FAKE " pass", NULL, &g));
    ck_assert_int_eq(g.end, END_CRASH);
    ck_assert_int_eq(g.culprit, BLACK);
    ck_assert_msg(strstr(g.detail, "could not start") != NULL, "%s", g.detail);
}
END_TEST

START_TEST(game_hang_without_clock)
{
    struct referee_opts o = fast_opts();
    o.move_timeout = 0.5;
    struct referee_game g;
    double t0 = proc_now();
    ck_assert(referee_play(&o, FAKE " hang", FAKE " pass", NULL, &g));
    ck_assert_int_eq(g.end, END_HANG);
    ck_assert_int_eq(g.culprit, BLACK);
    ck_assert(proc_now() - t0 < 4);     /* killed, not waited for */
}
END_TEST

START_TEST(game_loss_on_time)
{
    struct referee_opts o = fast_opts();
    char err[128];
    ck_assert(mclock_parse("1", &o.clock[BLACK], err, sizeof err));
    o.clock[WHITE] = o.clock[BLACK];
    struct referee_game g;
    /* Answers, but too late: 1.6 s - 0.2 s lag > 1 s. */
    ck_assert(referee_play(&o, FAKE " pass", FAKE " slow:1.6", NULL, &g));
    ck_assert_int_eq(g.end, END_TIME);
    ck_assert_int_eq(g.culprit, WHITE);
    ck_assert_int_eq(g.result.how, RESULT_TIME);
    /* Never answers: killed once the grace after the flag is over. */
    o.hang_grace = 0.3;
    double t0 = proc_now();
    ck_assert(referee_play(&o, FAKE " hang", FAKE " pass", NULL, &g));
    ck_assert_int_eq(g.end, END_TIME);
    ck_assert_int_eq(g.culprit, BLACK);
    ck_assert(proc_now() - t0 < 4);
}
END_TEST

START_TEST(game_clock_without_time_commands)
{
    /* An engine that knows no time commands still plays; the referee keeps its clock. */
    struct referee_opts o = fast_opts();
    char err[128];
    ck_assert(mclock_parse("30+3x5", &o.clock[BLACK], err, sizeof err));
    o.clock[WHITE] = o.clock[BLACK];
    struct referee_game g;
    ck_assert(referee_play(&o, FAKE " notime", FAKE " pass", NULL, &g));
    ck_assert_int_eq(g.end, END_PASSES);
    ck_assert_int_eq(g.culprit, EMPTY);
}
END_TEST

START_TEST(game_resign_and_stuck)
{
    struct referee_opts o = fast_opts();
    o.quit_timeout = 0.3;
    struct referee_game g;
    ck_assert(referee_play(&o, FAKE " stuck", FAKE " resign", NULL, &g));
    ck_assert_int_eq(g.end, END_RESIGN);
    ck_assert_int_eq(g.result.winner, BLACK);
    ck_assert_int_eq(g.result.how, RESULT_RESIGN);
    ck_assert(g.player[BLACK].stuck);
    ck_assert(!g.player[WHITE].stuck);
    ck_assert_msg(strstr(g.player[BLACK].exit, "signal 9") != NULL, "%s", g.player[BLACK].exit);
}
END_TEST

static Suite *match_suite(void)
{
    Suite *s = suite_create("match");
    TCase *pure = tcase_create("pure");
    tcase_add_test(pure, split_words_and_quotes);
    tcase_add_test(pure, parse_replies);
    tcase_add_test(pure, vertices);
    tcase_add_test(pure, clock_specs);
    tcase_add_test(pure, clock_byoyomi);
    tcase_add_test(pure, clock_canadian_and_absolute);
    tcase_add_test(pure, clock_commands);
    tcase_add_test(pure, results);
    tcase_add_test(pure, wilson_and_elo);
    tcase_add_test(pure, sgf_writing);
    tcase_add_test(pure, json_round_trip);
    tcase_add_test(pure, totals);
    suite_add_tcase(s, pure);
    TCase *games = tcase_create("games");
    tcase_set_timeout(games, 30);
    tcase_add_test(games, stderr_file_starts_afresh);
    tcase_add_test(games, game_two_passes_scored);
    tcase_add_test(games, game_move_limit_is_scored);
    tcase_add_test(games, game_counted_by_referee);
    tcase_add_test(games, game_illegal_move);
    tcase_add_test(games, game_garbage_and_refusal);
    tcase_add_test(games, game_crash);
    tcase_add_test(games, game_hang_without_clock);
    tcase_add_test(games, game_loss_on_time);
    tcase_add_test(games, game_clock_without_time_commands);
    tcase_add_test(games, game_resign_and_stuck);
    suite_add_tcase(s, games);
    return s;
}

int main(void)
{
    signal(SIGPIPE, SIG_IGN);
    board_init();
    SRunner *r = srunner_create(match_suite());
    srunner_run_all(r, CK_NORMAL);
    int failed = srunner_ntests_failed(r);
    srunner_free(r);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
