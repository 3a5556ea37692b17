#!/usr/bin/env python3
"""Every second, the CPU time and the run-queue wait of each group of threads of some processes.

Linux only: it reads /proc/PID/task/TID/schedstat (nanoseconds on a CPU, nanoseconds runnable but
waiting for one) and /proc/PID/task/TID/comm (the thread's name, cut by the kernel at 15
characters). Threads are grouped by name with the trailing digits dropped ("nioEventLoopGro",
"boardlab-store-", "GC Thread#"), so a pool's threads count together.

    python3 benchmarks/python/threadcpu.py --out run.jsonl server=PID generator=PID2
    python3 benchmarks/python/threadcpu.py --table run.jsonl [--every 5]

The first form writes one JSON line a second until one of the processes ends: {"t": seconds since
the start, "load": the 1-minute load average, "server:boardlab-store-": [cpu ms, wait ms], ...}.
The second prints it as a table, the groups with the most CPU first, summed over --every seconds:
"cpu/wait" in milliseconds per interval. A group whose wait is far above its CPU time was ready to
run and had no core: on a machine of 2 cores, the cores were the limit.
"""
import argparse
import collections
import json
import os
import re
import sys
import time


def group(comm):
    name = re.sub(r'[#\-]?\d+$', '', comm.strip())
    return name or comm.strip()


def snapshot(pid):
    groups = collections.defaultdict(lambda: [0, 0])
    try:
        tids = os.listdir('/proc/%d/task' % pid)
    except OSError:
        return None
    for tid in tids:
        try:
            with open('/proc/%d/task/%s/schedstat' % (pid, tid)) as f:
                run, wait, _ = map(int, f.read().split())
            with open('/proc/%d/task/%s/comm' % (pid, tid)) as f:
                g = groups[group(f.read())]
        except (OSError, ValueError):
            continue  # the thread ended meanwhile
        g[0] += run
        g[1] += wait
    return groups


def record(out, processes):
    start = time.monotonic()
    previous = None
    with open(out, 'w') as f:
        while True:
            now = {}
            for name, pid in processes:
                s = snapshot(pid)
                if s is None:
                    return
                now[name] = s
            if previous is not None:
                row = {'t': round(time.monotonic() - start, 1), 'load': float(open('/proc/loadavg').read().split()[0])}
                for name, groups in now.items():
                    for g, (run, wait) in groups.items():
                        before = previous[name].get(g, (0, 0))
                        row[name + ':' + g] = [round((run - before[0]) / 1e6), round((wait - before[1]) / 1e6)]
                f.write(json.dumps(row) + '\n')
                f.flush()
            previous = now
            time.sleep(1)


def table(path, every, top):
    rows = [json.loads(line) for line in open(path) if line.strip()]
    if not rows:
        sys.exit('%s: no samples' % path)
    totals = collections.Counter()
    for r in rows:
        for k, v in r.items():
            if isinstance(v, list):
                totals[k] += v[0]
    groups = [k for k, _ in totals.most_common(top)]
    print('%6s %5s  %s' % ('t', 'load', '  '.join('%-22s' % g[:22] for g in groups)))
    for i in range(0, len(rows), every):
        chunk = rows[i:i + every]
        cells = []
        for g in groups:
            cpu = sum(r.get(g, [0, 0])[0] for r in chunk)
            wait = sum(r.get(g, [0, 0])[1] for r in chunk)
            cells.append('%-22s' % ('%d/%d' % (cpu, wait)))
        print('%6.0f %5.2f  %s' % (chunk[-1]['t'], chunk[-1]['load'], '  '.join(cells)))


def main():
    p = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    p.add_argument('--out', help='record into this file (one JSON line a second)')
    p.add_argument('--table', help='print a recorded file as a table')
    p.add_argument('--every', type=int, default=5, help='seconds a table row sums (default 5)')
    p.add_argument('--top', type=int, default=8, help='groups shown in the table (default 8)')
    p.add_argument('process', nargs='*', help='NAME=PID, one or more (with --out)')
    a = p.parse_args()
    if a.table:
        table(a.table, a.every, a.top)
    elif a.out and a.process:
        processes = []
        for spec in a.process:
            name, _, pid = spec.partition('=')
            if not pid.isdigit():
                p.error('a process is NAME=PID, not ' + spec)
            processes.append((name, int(pid)))
        record(a.out, processes)
    else:
        p.error('give --out FILE NAME=PID... or --table FILE')


if __name__ == '__main__':
    main()
