/* mg_table.h — `hane-mapgen table`: Figs. 1–3 as text tables and CSV from a directory of
 * results, contact sheets of best maps (Figs. 4–6) and the verdicts on targets T1–T7. */
#ifndef HANE_MAPGEN_TABLE_H
#define HANE_MAPGEN_TABLE_H

#include <stdio.h>

/* Read the *.json files of dir, print tables and verdicts to out, write csv_path (NULL = dir/table.csv)
 * and dir/sheet-PROBLEM.png.  Returns 0, or 1 with a message on stderr. */
int mg_table(const char *dir, const char *csv_path, FILE *out);

#endif
