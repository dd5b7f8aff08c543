# tools/common/: what the tools share (number and option parsing, path lists,
# a thread pool); each tool compiles the pieces it uses.
$(call unit_tests,tools/common,)
