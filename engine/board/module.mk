# engine/board/: the bottom floor. The board and its rules, the game record
# above it, SGF, random numbers and the hash tables; it includes nothing of
# the floors above (make check-layers).
BOARD_SRC := $(wildcard engine/board/*.c)
LIBBOARD  := $(OBJDIR)/libboard.a
$(LIBBOARD): $(call objs,$(BOARD_SRC))
$(call unit_tests,engine/board,$(LIBBOARD))
