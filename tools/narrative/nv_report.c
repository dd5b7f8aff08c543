/* nv_report.c — console and JSON output of stories and runs. */
#include "tools/narrative/nv_report.h"

#include "tools/narrative/nv_text.h"

void nv_print_story(FILE *f, const nv_world *w, const nv_story *st)
{
    nv_state s;
    nv_state_init(w, &s);
    double B = 1.0;
    char text[512];
    for (int k = 0; k < st->n; k++) {
        double b = nv_believe(w, &s, st->acts[k]);
        nv_sentence(w, &s, st->acts[k], text, sizeof text);
        fprintf(f, "%3d. %s  [b=%g]\n", k + 1, text, b);
        B *= b;
        nv_apply(w, &s, st->acts[k]);
    }
    bool g1, g2;
    int met = nv_goals_met(w, &s, &g1, &g2);
    fprintf(f, "B = %.6g, goals met %d/%d (deaths: %s, murderer arrested: %s), E = %.6g\n", B,
            met, nv_goal_count(w), g1 ? "yes" : "no", g2 ? "yes" : "no",
            B * nv_goal_fraction(w, &s));
}

json_t *nv_story_json(const nv_world *w, const nv_story *st)
{
    nv_state s;
    nv_state_init(w, &s);
    json_t *acts = json_array(), *text = json_array();
    double B = 1.0;
    char buf[512];
    for (int k = 0; k < st->n; k++) {
        int g = st->acts[k];
        const nv_action *x = &w->ground[g];
        double b = nv_believe(w, &s, g);
        json_t *args = json_array();
        if (x->a >= 0)
            json_array_append_new(args, json_string(w->actor_id[x->a]));
        if (x->b >= 0)
            json_array_append_new(args, json_string(w->actor_id[x->b]));
        if (x->p >= 0)
            json_array_append_new(args, json_string(w->place_id[x->p]));
        if (x->i >= 0)
            json_array_append_new(args, json_string(w->item_id[x->i]));
        json_array_append_new(acts, json_pack("{s:s, s:o, s:f}", "type",
                                              nv_type_name(x->type), "args", args, "b", b));
        nv_sentence(w, &s, g, buf, sizeof buf);
        json_array_append_new(text, json_string(buf));
        B *= b;
        nv_apply(w, &s, g);
    }
    bool g1, g2;
    nv_goals_met(w, &s, &g1, &g2);
    double G = nv_goal_fraction(w, &s);
    return json_pack("{s:f, s:f, s:f, s:{s:b, s:b}, s:o, s:o}", "E", B * G, "B", B, "G", G,
                     "goals", "G1", g1, "G2", g2, "actions", acts, "text", text);
}

json_t *nv_result_json(const nv_world *w, const nv_params *p, const nv_result *r)
{
    json_t *lam = json_object();
    for (int t = 0; t < NV_NTYPES; t++)
        if (w->lambda[t] != 1.0)
            json_object_set_new(lam, nv_type_name(t), json_real(w->lambda[t]));
    json_t *params = json_pack("{s:f, s:s, s:b, s:b, s:i, s:i, s:I, s:o}", "c", p->c,
                               "rollout", nv_rollout_name(p->rollout), "selection_bias",
                               p->selection_bias, "prune", p->prune, "max_len", w->max_len,
                               "run", p->run, "mem_cap_mb", (json_int_t)p->mem_cap_mb,
                               "believe", lam);
    return json_pack("{s:s, s:s, s:o, s:I, s:I, s:I, s:I, s:f, s:b, s:o, s:o}", "world",
                     w->name, "algo", nv_algo_name(p->algo), "params", params, "seed",
                     (json_int_t)p->seed, "budget", (json_int_t)p->budget, "nodes_created",
                     (json_int_t)r->nodes_created, "peak_nodes", (json_int_t)r->peak_nodes,
                     "time_ms", r->time_ms, "memory_capped", r->memory_capped, "best",
                     nv_story_json(w, &r->best), "committed", nv_story_json(w, &r->committed));
}
