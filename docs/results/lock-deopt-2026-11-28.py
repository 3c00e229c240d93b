#!/usr/bin/env python3
# usage: lock-deopt-2026-11-28.py OUT — a run made with --profiler none --jvm-opt=-XX:+PrintCompilation (OUT.log its output);
# the JVMs' start times are their logs' birth times (stat %W), anchored at the first scenario's server log.
"""Tier-4 'made not entrant' waves in each scenario JVM's PrintCompilation log; lock fast paths marked; timed window from the run log."""
import re, sys, os, collections, subprocess
out = sys.argv[1]
LOCKS = ('ReentrantLock::lock', 'ReentrantLock::unlock', 'initialTryLock', 'tryRelease', 'AbstractQueuedSynchronizer::release', 'signalNext', 'doSignal')
phase = collections.defaultdict(dict)
for line in open(out + '.log'):
    m = re.match(r'\[\s*([\d.]+)s\] (\S+): (\S+)', line)
    if m: phase[m.group(2)].setdefault(m.group(3).rstrip(','), float(m.group(1)))
births = {f: float(subprocess.check_output(['stat', '-c', '%.3W', f'{out}/logs/{f}']).decode()) for f in os.listdir(out + '/logs')}
first = min(phase.items(), key=lambda kv: kv[1].get('starting', 1e9))
anchor = births[f'{first[0]}-server.log'] - first[1]['starting']
for scen, ph in phase.items():
    s = ph.get('starting'); t = ph.get('timing'); e = ph.get('instantiation')
    if s is None or t is None: continue
    win = (t - s, e - s if e else 1e9)
    for role in ('client', 'server'):
        f = f'{out}/logs/{scen}-{role}.log'
        if not os.path.exists(f): continue
        off = births[f'{scen}-{role}.log'] - anchor - s  # the JVM's start, seconds after the scenario's
        win = (t - s - off, (e - s - off) if e else 1e9)
        ev = []
        for l in open(f, errors='replace'):
            if not l.rstrip().endswith('made not entrant'): continue
            w = l.split()
            try: ts = int(w[0])
            except ValueError: continue
            if ' 4 ' not in l[:40] and not re.search(r'^\s*\d+\s+\d+\s+[%s!bn ]*4\s', l): continue
            name = next((x for x in w if '::' in x), '?')
            ev.append((ts, name))
        # waves: >= 4 tier-4 not-entrant within 20 ms, after 3 s of JVM life
        waves = []
        i = 0
        ev.sort()
        while i < len(ev):
            j = i
            while j + 1 < len(ev) and ev[j + 1][0] - ev[i][0] <= 20: j += 1
            if j - i + 1 >= 4 and ev[i][0] > 3000:
                names = [n for _, n in ev[i:j + 1]]
                lk = any(any(k in n for k in LOCKS) for n in names)
                waves.append((ev[i][0] / 1000, j - i + 1, lk, win[0] * 1000 <= ev[i][0] <= win[1] * 1000))
            i = j + 1
        late = [x for x in ev if x[0] > 3000]
        lockev = sorted(set(round(ts / 1000, 1) for ts, n in late if any(k in n for k in LOCKS)))
        intimed = sum(1 for ts, n in ev if win[0] * 1000 <= ts <= win[1] * 1000)
        wv = [(round(a, 1), b, ("L" if c else "") + ("T" if d else "")) for a, b, c, d in waves]
        print(f"{scen:16} {role:6} timed~[{win[0]:.0f},{win[1]:.0f}]s tier4-not-entrant after 3s: {len(late):4d}, in timed window: {intimed:3d}; lock fast paths at s: {lockev}; waves (s, n, lock): {wv}")
