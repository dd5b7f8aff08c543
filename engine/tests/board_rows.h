/* board_rows.h — 9x9 test positions drawn as text, shared by the playout
 * tests beside it (static functions: each test program includes it once). */
#ifndef HANE_TEST_BOARD_ROWS_H
#define HANE_TEST_BOARD_ROWS_H

#include <check.h>
#include <string.h>

#include "engine/board/board.h"

#define EXPECT(cond, ...) do { if (!(cond)) ck_abort_msg(__VA_ARGS__); } while (0)

/* A 9x9 position drawn as rows of "X", "O" and "." (top row first, one
 * space between points), set up on an empty board. */
static void set_rows(struct board *b, const char *const rows[9])
{
    board_clear(b, 9);
    for (int y = 0; y < 9; y++)
        for (int x = 0; x < 9; x++) {
            char ch = rows[8 - y][2 * x];
            if (ch != '.')
                ck_assert(board_setup_stone(b, ch == 'X' ? BLACK : WHITE, board_point(b, x, y)));
        }
}

/* The point of a vertex such as "J1". */
static point at(const struct board *b, const char *v)
{
    static const char letters[] = "ABCDEFGHJ";
    return board_point(b, (int)(strchr(letters, v[0]) - letters), v[1] - '1');
}

#endif
