/* featureset — named sets of features for training and evaluation, so a
 * published experiment can be repeated with its own features. */
#ifndef HANE_TRAIN_FEATURESET_H
#define HANE_TRAIN_FEATURESET_H

#include <stdbool.h>

/* Sets in *disabled the features the set `name` leaves out ("all": none;
 * "coulom2007": every feature but those of Coulom 2007). False with a message
 * on stderr for an unknown name. */
bool train_feature_set(const char *name, unsigned *disabled);

#endif
