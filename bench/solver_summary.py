#!/usr/bin/env python3
"""Summary of bench/solver_bench.sh runs: per configuration the instances
solved, PAR-2, wrong answers, geometric-mean time ratios to the reference
solvers, propagations and conflicts per second, the family groups, the DRAT
proofs, and (with --wall) the wall-time figures of issue 18; a gnuplot plot.

Usage: solver_summary.py [--refs=minisat,cadical] [--proofs=proofs.csv]
         [--plot=cactus|instance] [--png=FILE] [--wall] [--batch=batch.csv]
         [--structured=REGEX] [--compare=A:B,...] runs.csv...

runs.csv: the rows of solver_bench.sh (several files are merged; a later row
of the same instance and configuration replaces an earlier one).  Only the
instances that every configuration ran (not skipped by a budget) count.
Solved: a checked answer (verdict ok) within the row's limit.  PAR-2: the sum
over the instances of the time of a solved run, else twice the limit.  Ratios:
geometric mean over the instances both solve of the time ratio, each time
floored at 10 ms, on the structured families (every family but pigeonhole,
php, uf*/uuf* and flat) and on all.  Propagations (conflicts) per second: the
sum of the counts over the sum of the times of the solved runs that report
one; "per worker" divides each count by the run's workers.  --compare=A:B:
A's rates over B's and the time ratio on the structured families.  Exit status 1 when
an answer was wrong, a model bad or a proof rejected, else 0."""
import csv, math, os, re, shutil, statistics, subprocess, sys, tempfile

NONSTRUCT = re.compile(r'^(pigeonhole|php|u?uf\d+|flat)$')


def args():
    opt = {'refs': 'minisat,cadical', 'proofs': [], 'plot': 'cactus', 'png': '', 'wall': False,
           'batch': [], 'structured': '', 'compare': ''}
    files = []
    for a in sys.argv[1:]:
        if a in ('-h', '--help'):
            print(__doc__)
            sys.exit(0)
        if a == '--wall':
            opt['wall'] = True
        elif a.startswith('--') and '=' in a:
            k, v = a[2:].split('=', 1)
            if k not in opt:
                sys.exit(f'solver_summary: unknown option {a}')
            if isinstance(opt[k], list):
                opt[k].append(v)
            else:
                opt[k] = v
        else:
            files.append(a)
    if not files:
        sys.exit(__doc__)
    return opt, files


def num(x, default=None):
    try:
        return float(x)
    except (TypeError, ValueError):
        return default


def load(files):
    rows, order = {}, []
    for f in files:
        with open(f, newline='') as fh:
            for r in csv.DictReader(fh):
                key = (r['instance'], r['solver'])
                if r['solver'] not in order:
                    order.append(r['solver'])
                if r['verdict'] == 'skipped' and key in rows:
                    continue
                rows[key] = r
    return rows, order


def fmt_rate(x):
    if x is None:
        return '-'
    for unit, div in (('G', 1e9), ('M', 1e6), ('k', 1e3)):
        if x >= div:
            return f'{x / div:.3g} {unit}'
    return f'{x:.3g}'


def gm_ratio(a, b, paths):
    if not paths:
        return None
    lg = sum(math.log(max(a[p], 0.01) / max(b[p], 0.01)) for p in paths)
    return math.exp(lg / len(paths))


def main():
    opt, files = args()
    rows, solvers = load(files)
    insts = sorted({i for i, _ in rows}, key=lambda s: [int(t) if t.isdigit() else t for t in re.split(r'(\d+)', s)])
    full = [i for i in insts if all((i, s) in rows and rows[(i, s)]['verdict'] != 'skipped' for s in solvers)]
    fam = {i: rows[(i, s)]['family'] for (i, s) in rows}
    struct = re.compile(opt['structured']) if opt['structured'] else None
    is_struct = (lambda i: bool(struct.search(i))) if struct else (lambda i: not NONSTRUCT.match(fam[i]))
    limit = {k: num(r['limit_s'], 60.0) for k, r in rows.items()}
    t = {s: {} for s in solvers}
    solved = {s: set() for s in solvers}
    for i in full:
        for s in solvers:
            r = rows[(i, s)]
            t[s][i] = num(r['time_s'], limit[(i, s)])
            if r['verdict'] == 'ok' and t[s][i] <= limit[(i, s)]:
                solved[s].add(i)
    lims = sorted({limit[k] for k in rows})
    skipped = len(insts) - len(full)
    print(f"{len(full)} instances ({sum(map(is_struct, full))} structured), limit "
          f"{'/'.join(f'{x:g}' for x in lims)} s" + (f"; {skipped} left out (a configuration skipped them)" if skipped else ''))
    bad = 0
    # The main table.
    refs = [r for r in opt['refs'].split(',') if r in solvers]
    hdr = f"{'configuration':16s} {'solved':>7s} {'SAT':>4s} {'UNSAT':>5s} {'unkn':>4s} {'err':>4s} {'wrong':>5s} {'PAR-2 s':>9s}"
    for r in refs:
        hdr += f"  {'struct/' + r:>17s}  {'all/' + r:>14s}"
    print(hdr)
    for s in solvers:
        rs = [rows[(i, s)] for i in full]
        nsat = sum(1 for i in solved[s] if rows[(i, s)]['answer'] == 'SAT')
        wrong = sum(1 for r in rs if r['verdict'] in ('wrong', 'badmodel'))
        err = sum(1 for r in rs if r['verdict'] in ('error', 'nogpu'))
        unk = len(full) - len(solved[s]) - wrong - err
        bad += wrong
        par2 = sum(t[s][i] if i in solved[s] else 2 * limit[(i, s)] for i in full)
        line = f"{s:16s} {len(solved[s]):7d} {nsat:4d} {len(solved[s]) - nsat:5d} {unk:4d} {err:4d} {wrong:5d} {par2:9.1f}"
        for r in refs:
            for sel in (is_struct, lambda i: True):
                both = [i for i in solved[s] & solved[r] if sel(i)]
                g = gm_ratio(t[s], t[r], both)
                cell = f"{g:.3f} ({len(both)})" if g is not None else '-'
                line += f"  {cell:>17s}" if sel is is_struct else f"  {cell:>14s}"
        print(line)
    print("(ratios: geometric mean of time / the reference's over the instances both solve, floor 10 ms,"
          " count in brackets; times: " + ('CPU s of single-threaded runs, wall s of alone ones' if any(
              rows[k]['mode'] == 'par' and rows[k]['time_s'] == rows[k]['cpu_s'] != rows[k]['wall_s'] for k in rows)
              else 'as measured') + ")")
    # Rates: summed counts over summed times of the solved runs that report one.
    print("\nper second of the solved runs (structured families / all): propagations, conflicts, "
          "conflicts per worker; median workers")
    for s in solvers:
        cells = []
        for col, per in (('propagations', False), ('conflicts', False), ('conflicts', True)):
            for sel in (is_struct, lambda i: True):
                pp = [(num(rows[(i, s)][col]) / (max(num(rows[(i, s)]['workers'], 1), 1) if per else 1), t[s][i])
                      for i in solved[s] if sel(i) and num(rows[(i, s)][col]) is not None]
                cells.append(fmt_rate(sum(a for a, _ in pp) / max(sum(b for _, b in pp), 1e-9)) if pp else '-')
        wk = [num(rows[(i, s)]['workers']) for i in full if num(rows[(i, s)]['workers']) is not None]
        print(f"{s:16s} props/s {cells[0]:>8s} / {cells[1]:>8s}   confl/s {cells[2]:>8s} / {cells[3]:>8s}   "
              f"per worker {cells[4]:>8s} / {cells[5]:>8s}   workers {format(statistics.median(wk), 'g') if wk else '-'}")
    # CUDA context time, and the ratios without it.
    for s in solvers:
        ctx = {i: num(rows[(i, s)]['context_s']) for i in full if num(rows[(i, s)]['context_s']) is not None}
        if not ctx:
            continue
        tn = {i: max(t[s][i] - ctx.get(i, 0), 0) for i in full}
        line = (f"{s}: CUDA context {len(ctx)} runs, median {statistics.median(ctx.values()):.3f} s, "
                f"total {sum(ctx.values()):.1f} s; without it")
        for r in refs:
            both = [i for i in solved[s] & solved[r] if is_struct(i)]
            g = gm_ratio(tn, t[r], both)
            line += f", struct/{r} " + (f"{g:.3f} ({len(both)})" if g is not None else '-')
        print(line)
    # Family groups.
    groups = [('structured', is_struct), ('pigeonhole', lambda i: fam[i] in ('pigeonhole', 'php')),
              ('uf250', lambda i: fam[i] == 'uf250'), ('uuf250', lambda i: fam[i] == 'uuf250'),
              ('flat', lambda i: fam[i] == 'flat'),
              ('random <250', lambda i: bool(re.match(r'^u?uf\d+$', fam[i])) and fam[i] not in ('uf250', 'uuf250'))]
    print("\nper group: solved/instances, PAR-2 s, median time s")
    print(f"{'group':12s}" + ''.join(f" {s:>24s}" for s in solvers))
    for g, sel in groups:
        gi = [i for i in full if sel(i)]
        if not gi:
            continue
        line = f"{g + ' ' + str(len(gi)):12s}"
        for s in solvers:
            par2 = sum(t[s][i] if i in solved[s] else 2 * limit[(i, s)] for i in gi)
            med = statistics.median(t[s][i] for i in gi)
            line += f" {f'{len([i for i in gi if i in solved[s]])} {par2:.1f} {med:.3f}':>24s}"
        print(line)
    # Solved by a reference, not by a configuration.
    for r in refs:
        for s in solvers:
            if s in refs:
                continue
            miss = sorted(solved[r] - solved[s])
            if miss and not solved[s]:
                print(f"solved by {r}, not by {s}: {len(miss)} (all: {s} answered nothing)")
            elif miss:
                print(f"solved by {r}, not by {s}: {len(miss)}: " + ' '.join(os.path.basename(i) for i in miss[:10]) +
                      (' ...' if len(miss) > 10 else ''))
    # Wrong answers, bad models, errors.
    for s in solvers:
        for i in full:
            r = rows[(i, s)]
            if r['verdict'] in ('wrong', 'badmodel'):
                print(f"WRONG {s} {i}: {r['verdict']} {r['detail']}")
        errs = [rows[(i, s)] for i in full if rows[(i, s)]['verdict'] in ('error', 'nogpu')]
        if errs:
            kinds = {}
            for r in errs:
                kinds.setdefault((r['verdict'], r['detail'][:120]), []).append(r['instance'])
            for (v, d), l in list(kinds.items())[:3]:
                print(f"{s}: {len(l)} {'no GPU' if v == 'nogpu' else 'errors'} ({os.path.basename(l[0])}...): {d}")
    for pair in filter(None, opt['compare'].split(',')):
        a, _, b = pair.partition(':')
        if a in solvers and b in solvers:
            compare(a, b, rows, full, solved, t, is_struct)
    bad += proofs(opt['proofs'], rows, solved)
    if opt['wall']:
        wall(rows, full, solvers, solved, refs)
    for b in opt['batch']:
        batch(b)
    if opt['png']:
        plot(opt, full, solvers, solved, t, lims[-1], refs)
    return 1 if bad else 0


def compare(a, b, rows, full, solved, t, is_struct):
    """One configuration against another on the structured families: the
    propagation rates, the time ratio (with and without A's CUDA context), the
    instances B solves and A does not."""
    def rate(s, col):
        pp = [(num(rows[(i, s)][col]), t[s][i]) for i in solved[s] if is_struct(i) and num(rows[(i, s)][col]) is not None]
        return sum(x for x, _ in pp) / sum(y for _, y in pp) if pp and sum(y for _, y in pp) > 0 else None
    both = [i for i in solved[a] & solved[b] if is_struct(i)]
    ctx = {i: num(rows[(i, a)]['context_s'], 0) for i in full}
    g = gm_ratio(t[a], t[b], both)
    gn = gm_ratio({i: max(t[a][i] - ctx[i], 0) for i in full}, t[b], both)
    line = f"{a} against {b}, structured:"
    for col in ('propagations', 'conflicts'):
        ra, rb = rate(a, col), rate(b, col)
        line += f" {col}/s {fmt_rate(ra)} / {fmt_rate(rb)} = " + (f"{ra / rb:.2f}x" if ra and rb else '-') + ";"
    line += (f" time ratio {g:.3f}" if g is not None else " time ratio -") + \
        (f" ({gn:.3f} without the CUDA context)" if gn is not None and gn != g else '') + f" over {len(both)};"
    line += f" solved by {b} only: {len([i for i in solved[b] - solved[a] if is_struct(i)])}"
    print(line)


def proofs(files, rows, solved):
    rej = 0
    for f in files:
        if not os.path.exists(f):
            continue
        with open(f, newline='') as fh:
            pr = list(csv.DictReader(fh))
        for s in sorted({r['solver'] for r in pr}):
            ps = [r for r in pr if r['solver'] == s]
            by = {}
            for r in ps:
                by.setdefault(r['result'], []).append(r)
            ver = by.get('verified', [])
            size = [num(r['proof_bytes'], 0) for r in ver]
            dt = [num(r['drat_s'], 0) for r in ver]
            unsat = sum(1 for (i, so), r in rows.items() if so == s and i in solved[s] and r['answer'] == 'UNSAT') \
                if s in solved else len(ps)
            print(f"\nDRAT proofs of {s}: {unsat} UNSAT solved within the limit, {len(ps)} proof runs, "
                  f"{len(ver)} verified" + ''.join(f", {len(v)} {k}" for k, v in by.items() if k != 'verified'))
            if ver:
                big = max(ver, key=lambda r: num(r['proof_bytes'], 0))
                slow = max(ver, key=lambda r: num(r['drat_s'], 0))
                print(f"  proof size: total {sum(size) / 1e6:.1f} MB, median {statistics.median(size) / 1e3:.1f} kB, "
                      f"max {max(size) / 1e6:.2f} MB ({os.path.basename(big['instance'])}); drat-trim: total "
                      f"{sum(dt):.1f} s, median {statistics.median(dt):.3f} s, max {max(dt):.2f} s "
                      f"({os.path.basename(slow['instance'])})")
            for r in ps:
                if r['result'] != 'verified':
                    print(f"  {r['result'].upper()} {r['instance']}: {r['detail']}")
            rej += len(by.get('rejected', []))
    return rej


def wall(rows, full, solvers, solved, refs):
    print("\nwall time from outside (process start to exit), seconds; unsolved runs count the limit")
    print(f"{'configuration':16s} {'median':>8s} {'total':>9s} {'uf20/50 max':>11s} {'uuf250 med':>10s} "
          f"{'hole11':>8s} {'php12':>8s}  unsolved, not CaDiCaL's")
    # An unsolved run (timeout, error, wrong) counts at least the limit.
    w = {s: {i: num(rows[(i, s)]['wall_s'], 0) if i in solved[s] else
             max(num(rows[(i, s)]['wall_s'], 0), num(rows[(i, s)]['limit_s'], 60)) for i in full} for s in solvers}
    ref = 'cadical' if 'cadical' in solvers else (refs[0] if refs else None)
    for s in solvers:
        ws = list(w[s].values())
        small = [w[s][i] for i in full if re.search(r'(^|/)uf(20|50)/', i)]
        uuf = [w[s][i] for i in full if re.search(r'(^|/)uuf250/', i)]
        h11 = [w[s][i] for i in full if re.search(r'hole11\.cnf', i)]
        p12 = [w[s][i] for i in full if re.search(r'(php12|hole12)\.cnf', i)]
        extra = [i for i in full if i not in solved[s] and ref and i in solved[ref]]
        cell = lambda l, f: f"{f(l):.3f}" if l else '-'
        print(f"{s:16s} {statistics.median(ws):8.3f} {sum(ws):9.1f} {cell(small, max):>11s} "
              f"{cell(uuf, statistics.median):>10s} {cell(h11, max):>8s} {cell(p12, max):>8s}  "
              f"{len(extra)}" + (': ' + ' '.join(os.path.basename(i) for i in extra[:6]) if extra else ''))
    if ref:
        rw = list(w[ref].values())
        for s in solvers:
            if s != ref and rw and statistics.median(rw) > 0 and sum(rw) > 0:
                ws = list(w[s].values())
                print(f"  {s}: median {statistics.median(ws) / statistics.median(rw):.2f}x {ref}'s, "
                      f"total {sum(ws) / sum(rw):.2f}x")


def batch(f):
    if not os.path.exists(f):
        return
    with open(f, newline='') as fh:
        br = list(csv.DictReader(fh))
    if not br:
        return
    print("\nbatch mode (gsat --batch, one process): files, wall s, per file ms, answers checked")
    for r in br:
        print(f"  {r['name']:28s} {r['files']:>5s} files {num(r['wall_s'], 0):9.3f} s "
              f"{num(r['per_file_ms'], 0):9.2f} ms/file  {r['answers']}")


def plot(opt, full, solvers, solved, t, limit, refs):
    if not shutil.which('gnuplot'):
        print(f"(no gnuplot: {opt['png']} not drawn)")
        return
    tmp = tempfile.mkdtemp()
    plots = []
    order = sorted(full, key=lambda i: (t[refs[0]][i] if refs else min(t[s][i] for s in solvers), i))
    for k, s in enumerate(solvers):
        d = os.path.join(tmp, f'{k}.dat')
        with open(d, 'w') as fh:
            if opt['plot'] == 'cactus':
                for n, x in enumerate(sorted(max(t[s][i], 0.001) for i in solved[s]), 1):
                    fh.write(f'{n} {x}\n')
            else:
                for n, i in enumerate(order, 1):
                    y = max(t[s][i], 0.001) if i in solved[s] else limit * 1.5
                    fh.write(f'{n} {y}\n')
        style = 'linespoints pt 7 ps 0.5' if opt['plot'] == 'cactus' else 'points pt 7 ps 0.6'
        plots.append(f"'{d}' using 1:2 with {style} title '{s} ({len(solved[s])})'")
    if opt['plot'] == 'cactus':
        xl, yl = 'instances solved', 'time per instance (s, log)'
        title = 'cactus: the times of the solved instances, sorted'
    else:
        xl, yl = 'instance (sorted by ' + (refs[0] if refs else 'the best time') + ')', 'time (s, log)'
        title = f'time per instance; unsolved drawn at {limit * 1.5:g} s'
    term = 'pngcairo size 1200,700' if subprocess.run(['gnuplot', '-e', 'set terminal pngcairo'],
                                                     capture_output=True).returncode == 0 else 'png size 1200,700'
    gp = '\n'.join([f'set terminal {term}', f"set output '{opt['png']}'", 'set logscale y', 'set grid',
                    f"set xlabel '{xl}'", f"set ylabel '{yl}'", f"set title '{title}'", 'set key left top',
                    f'set arrow from graph 0, first {limit} to graph 1, first {limit} nohead dt 2',
                    'plot ' + ', '.join(plots)])
    r = subprocess.run(['gnuplot'], input=gp, text=True, capture_output=True)
    shutil.rmtree(tmp)
    if r.returncode != 0:
        print(f"(gnuplot failed: {r.stderr.strip()[:200]})")


if __name__ == '__main__':
    sys.exit(main())
