# tools/train: hane-train, the gamma trainer and evaluator (library code in patterns/).
#
#   make train-default   trains data/gammas.json from ../shared/data/sgf (see
#                        docs/notes/patterns.md); long, runs under nice
TRAIN_SRC := $(wildcard tools/train/*.c)
$(eval $(call program,hane-train,$(call objs,$(TRAIN_SRC)) $(LIBENGINE) $(LIBPATTERNS)))
