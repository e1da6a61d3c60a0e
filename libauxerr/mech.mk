# The list of mechanisms that src/mech/table.c includes (mech-list.h),
# made by mech-list from the entries src/mech/*.c define, so that a new
# mechanism is one new file.  Included by each build that compiles
# libauxerr's sources itself: set MECH_GEN (the directory to write
# mech-list.h in) first, then compile with -I$(MECH_GEN) and make
# table.c's object depend on $(MECH_LIST).
MECH_SRCS := $(wildcard $(top)/libauxerr/src/mech/*.c)
MECH_LIST := $(MECH_GEN)/mech-list.h

$(MECH_LIST): $(MECH_SRCS) $(top)/libauxerr/mech-list
	@mkdir -p $(@D)
	@$(top)/libauxerr/mech-list $@ $(MECH_SRCS)
