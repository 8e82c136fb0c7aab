# Prints the number of shfl instructions in each straight run of PTX that
# has any: a run ends at a label or a branch.
/^\$[A-Za-z0-9_]+:/ || /\tbra/ || /^[ \t]*@%p[0-9]+ bra/ { if (n) print n; n = 0; next }
/shfl\.sync/ { ++n }
END { if (n) print n }
