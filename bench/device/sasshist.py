"""Opcode histogram per function of `cuobjdump -sass` output (stdin), for
functions whose mangled name matches argv[1] (a regex)."""
import re, sys, collections
pat = re.compile(sys.argv[1])
cur = None; hist = {}
for line in sys.stdin:
    m = re.match(r'\s*Function : (\S+)', line)
    if m:
        cur = m.group(1) if pat.search(m.group(1)) else None
        if cur: hist[cur] = collections.Counter()
        continue
    if cur:
        m = re.match(r'\s*/\*[0-9a-f]{4}\*/\s+(?:@!?U?P\w+\s+)?([A-Z][A-Z0-9_.]*)', line)
        if m: hist[cur][m.group(1).split('.')[0]] += 1
for name, h in hist.items():
    tot = sum(h.values())
    print(name[:110], 'total', tot)
    print('   ', ' '.join(f'{k}:{v}' for k, v in h.most_common(22)))
