# patterns/: move features, pattern hashing, gamma tables, the MM trainer's library code.
PATTERNS_SRC := $(wildcard patterns/*.c)
LIBPATTERNS  := $(OBJDIR)/libpatterns.a
$(LIBPATTERNS): $(call objs,$(PATTERNS_SRC))
