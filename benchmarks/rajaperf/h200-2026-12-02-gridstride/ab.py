# A/B summary of two rajaperf builds run alternately in one device call:
# python3 ab.py TAG... reads TAG-base-*.csv and TAG-new-*.csv (one file per
# process), takes each process's minimum over its passes, and prints the
# medians over processes, registers and their ratio.
import csv,glob,statistics as st,collections,sys
def load(pat):
    d=collections.defaultdict(list); regs={}
    for f in sorted(glob.glob(pat)):
        per=collections.defaultdict(list)
        for row in csv.DictReader(open(f)):
            per[(row['kernel'],row['variant'])].append(float(row['us_per_rep']))
            regs[(row['kernel'],row['variant'])]=row['registers']
        for k,v in per.items(): d[k].append(min(v))
    return d,regs
for tag in sys.argv[1:]:
    b,rb=load(f'{tag}-base-*.csv'); n,rn=load(f'{tag}-new-*.csv')
    for k in sorted(b):
        if k not in n or 'host' in k[1] or 'managed' in k[1]: continue
        mb=st.median(b[k]); mn=st.median(n[k])
        print(f"{tag:5} {k[0]:26} {k[1]:28} base {mb:9.2f} {rb[k]:>3}  new {mn:9.2f} {rn[k]:>3}  n/b {mn/mb:.3f}  b {' '.join('%.2f'%x for x in b[k])} | n {' '.join('%.2f'%x for x in n[k])}")
