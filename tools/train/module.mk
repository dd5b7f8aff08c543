# tools/train: hane-train, the gamma trainer and evaluator (library code in patterns/).
#
#   make train-default   trains data/gammas.json from $(TRAIN_SGF) (the recipe of
#                        the shipped table: docs/notes/patterns.md); long, under nice
#   make train-eval      accuracy of the built-in table on the held-out games
#   make train-pass      the built-in table normalised, its pass fitted on KGS games
TRAIN_SRC := $(filter-out %_mpi.c,$(wildcard tools/train/*.c))
$(eval $(call program,hane-train,$(call objs,$(TRAIN_SRC)) $(LIBPATTERNS) $(LIBBOARD)))
# MPI=1: hane-train-mpi, the same trainer over Open MPI ranks (cluster.h).
ifeq ($(MPI),1)
$(eval $(call mpi_program,hane-train-mpi,$(call objs,$(filter-out tools/train/cluster_solo.c,\
  $(TRAIN_SRC)) tools/train/cluster_mpi.c) $(LIBPATTERNS) $(LIBBOARD)))
endif

TRAIN_SGF   ?= ../shared/data/sgf
TRAIN_DIR   ?= build/train
TRAIN_NICE  ?= nice -n 10
# The shipped table's recipe (see docs/notes/patterns.md for its figures):
# every training game (45,039), MM on every 8th position (more games at equal
# positions gained more than more positions per game: subset runs B, C). The
# large-pattern dictionary fills up (131,070), so --min-count hardly matters.
TRAIN_ARGS  ?= --stride 8 --min-count 8 --iterations 12 \
               --factors 8 --factor-epochs 4 --factor-rate 0.02 --factor-gammas 0.01

.PHONY: train-lists train-default train-eval train-pass
#> train-lists            the training and held-out game lists from the SGF corpus
train-lists:
	tools/train/lists.sh $(TRAIN_SGF) $(TRAIN_DIR)

#> train-default          train data/gammas.json by the shipped recipe (long)
train-default: $(BINDIR)/hane-train train-lists
	$(TRAIN_NICE) $(BINDIR)/hane-train $(TRAIN_ARGS) --test $(TRAIN_DIR)/test-pro2024.lst \
	  --curve docs/notes/patterns-curve -o data/gammas.json $(TRAIN_DIR)/train-pro.lst

#> train-eval             move-prediction accuracy of the built-in table on held-out games
train-eval: $(BINDIR)/hane-train train-lists
	$(TRAIN_NICE) $(BINDIR)/hane-train --eval default --curve $(TRAIN_DIR)/default-curve \
	  $(TRAIN_DIR)/test-pro2024.lst

#> train-pass             the built-in table normalised and its pass fitted on KGS games
train-pass: $(BINDIR)/hane-train train-lists
	$(TRAIN_NICE) $(BINDIR)/hane-train --calibrate-pass default \
	  -o $(TRAIN_DIR)/gammas-pass.json $(TRAIN_DIR)/kgs-pass.lst
	$(TRAIN_NICE) $(BINDIR)/hane-train --eval $(TRAIN_DIR)/gammas-pass.json --json \
	  --curve $(TRAIN_DIR)/pass-curve $(TRAIN_DIR)/test-kgs2006.lst

# Output checks, exact resume, skipped-file summary and --strict, curve files,
# list files (tools/train/test-train.sh).
.PHONY: check-train
CHECK_EXTRA += check-train
#> check-train            hane-train's output checks, exact resume, skipped files, --strict, curves
check-train: $(BINDIR)/hane-train
	@tools/train/test-train.sh $(BINDIR)
