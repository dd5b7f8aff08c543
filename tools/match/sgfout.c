/* sgfout — SGF writer for refereed games; see sgfout.h. */
#include "tools/match/sgfout.h"

#include "engine/board/board.h"

void sgfout_text(FILE *f, const char *text)
{
    for (const char *s = text; *s; s++) {
        if (*s == '\\' || *s == ']')
            fputc('\\', f);
        fputc(*s, f);
    }
}

static void prop_text(FILE *f, const char *id, const char *text)
{
    if (!text || !*text)
        return;
    fprintf(f, "%s[", id);
    sgfout_text(f, text);
    fputc(']', f);
}

bool sgfout_write(FILE *f, const struct sgfout_game *g)
{
    if (g->size < 1 || g->size > 25)
        return false;
    for (int i = 0; i < g->n_moves; i++) {
        const struct sgfout_move *m = &g->moves[i];
        if ((m->color != BLACK && m->color != WHITE)
            || (m->x >= 0 && (m->x >= g->size || m->y < 0 || m->y >= g->size)))
            return false;
    }
    fprintf(f, "(;GM[1]FF[4]CA[UTF-8]AP[hane-match:1]SZ[%d]KM[%g]RU[Chinese]", g->size, g->komi);
    prop_text(f, "PB", g->black);
    prop_text(f, "PW", g->white);
    prop_text(f, "DT", g->date);
    prop_text(f, "RE", g->result);
    if (g->timed) {
        fprintf(f, "TM[%g]", g->main_time);
        prop_text(f, "OT", g->overtime);
    }
    if (g->comment && *g->comment) {
        fputc('\n', f);
        prop_text(f, "GC", g->comment);
    }
    for (int i = 0; i < g->n_moves; i++) {
        const struct sgfout_move *m = &g->moves[i];
        char c = m->color == BLACK ? 'B' : 'W';
        /* A line break every ten moves keeps the files readable in an editor. */
        fputs(i % 10 == 0 ? "\n;" : ";", f);
        if (m->x < 0)
            fprintf(f, "%c[]", c);
        else
            fprintf(f, "%c[%c%c]", c, 'a' + m->x, 'a' + (g->size - 1 - m->y));
        if (g->timed) {
            fprintf(f, "%cL[%.1f]", c, m->time_left);
            if (m->stones_left > 0)
                fprintf(f, "O%c[%d]", c, m->stones_left);
        }
    }
    fputs(")\n", f);
    return !ferror(f);
}
