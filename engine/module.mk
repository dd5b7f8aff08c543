# engine/: board and rules, game record, SGF, playouts, tree search, time, scoring.
ENGINE_SRC := $(wildcard engine/*.c)
LIBENGINE  := $(OBJDIR)/libengine.a
$(LIBENGINE): $(call objs,$(ENGINE_SRC))
