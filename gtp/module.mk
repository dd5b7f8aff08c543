# gtp/: the GTP parser, command table and main() of bin/hane.
GTP_SRC := $(filter-out gtp/main.c,$(wildcard gtp/*.c))
LIBGTP  := $(OBJDIR)/libgtp.a
$(LIBGTP): $(call objs,$(GTP_SRC))
# engine -> patterns: libraries in that order on the link line.
HANE_LIBS := $(LIBGTP) $(LIBENGINE) $(LIBPATTERNS)
$(eval $(call program,hane,$(call objs,gtp/main.c) $(HANE_LIBS)))
