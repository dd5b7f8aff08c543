/* phase — the evaluation by game phase and over the played passes. */
#include "tools/train/phase.h"

const char *const eval_part_name[EVAL_NPARTS] = {
    "moves_1_30", "moves_31_100", "moves_101_up", "passes", "first_passes",
};

void eval_cum_add(double cum[EVAL_MAXK + 1], int greater, int equal)
{
    for (int k = 1; k <= EVAL_MAXK; k++) {
        double f = (double)(k - greater) / (equal + 1);
        cum[k] += f <= 0 ? 0 : f >= 1 ? 1 : f;
    }
}

int eval_parts_of(int move_no, bool pass, bool first, int out[EVAL_NPARTS])
{
    int n = 0;
    out[n++] = move_no <= 30 ? EVAL_PART_OPENING : move_no <= 100 ? EVAL_PART_MIDDLE
                                                                  : EVAL_PART_LATE;
    if (pass) {
        out[n++] = EVAL_PART_PASSES;
        if (first)
            out[n++] = EVAL_PART_FIRST_PASS;
    }
    return n;
}

static double part_top(const struct eval_part *p, int k)
{
    return p->positions ? p->cum[k] / (double)p->positions : 0;
}

static double part_log_evidence(const struct eval_part *p)
{
    return p->positions ? p->log_evidence / (double)p->positions : 0;
}

json_t *eval_parts_json(const struct eval_result *r)
{
    json_t *j = json_object();
    for (int i = 0; i < EVAL_NPARTS; i++) {
        const struct eval_part *p = &r->part[i];
        json_object_set_new(j, eval_part_name[i],
            json_pack("{s:I,s:f,s:f,s:f,s:f,s:f,s:f}", "positions", (json_int_t)p->positions,
                      "top1", part_top(p, 1), "top3", part_top(p, 3), "top5", part_top(p, 5),
                      "top10", part_top(p, 10), "top20", part_top(p, 20),
                      "log_evidence", part_log_evidence(p)));
    }
    return j;
}

void eval_parts_print(FILE *f, const struct eval_result *r)
{
    fprintf(f, "%-13s %9s %7s %7s %7s %13s\n", "part", "positions", "top-1", "top-5",
            "top-20", "log-evidence");
    for (int i = 0; i < EVAL_NPARTS; i++) {
        const struct eval_part *p = &r->part[i];
        fprintf(f, "%-13s %9zu %6.2f%% %6.2f%% %6.2f%% %13.4f\n", eval_part_name[i],
                p->positions, 100 * part_top(p, 1), 100 * part_top(p, 5),
                100 * part_top(p, 20), part_log_evidence(p));
    }
}
