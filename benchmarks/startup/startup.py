#!/usr/bin/env python3
"""boardlab's start-up, measured from outside, as a person at the terminal sees it.

Each round runs every case once, in turn, and a plain Java program (a class that prints one line)
between them, so that a busy moment on a shared machine hits the baseline too and the ratio holds:

  version   boardlab --version
  list      boardlab list
  match     boardlab match tictactoe random random       (one game)
  window    boardlab (the workbench) until its window is mapped on the X server (visible; there is
            no window manager under Xvfb, so mapping is showing), then it is closed
  quit      the workbench, 2 s after its window showed: Ctrl+Q pressed (XTest) until the window is
            gone, and until the process has ended (not in the default cases)

Wall time is from just before the process is started to its exit (for `window`: to the X server's
MapNotify event, seen by xwait). CPU is user + system time of the process and its threads (for
`window`: read from /proc at the moment the window is mapped). Each figure is the median of the
rounds (min-max beside it). The machine's load (1, 5, 15 min) is printed before and after.

Each --command runs in a working folder of its own (its players/ folder, its database data/) with a
cache folder of its own (XDG_CACHE_HOME: bundle cache, class-data archives), both under this run's
temporary folder and filled by the warm-up round, so that two builds measured in turn share nothing
one of them writes.

  python3 benchmarks/startup/startup.py                       # ./boardlab, 5 rounds
  python3 benchmarks/startup/startup.py --runs 9 --busy 2     # with 2 busy processes (both cores)
  python3 benchmarks/startup/startup.py --runs 9 --busy 2 --ratio --cases list,match
                                    # quiet and busy in each round: the busy/quiet ratio of each case
  ... --busy-session own            # the busy processes each in a session of their own (another terminal's)
  python3 benchmarks/startup/startup.py --command "java -jar /tmp/old/boardlab.jar"

Needs: Xvfb, a C compiler with the X11 and zlib headers (for xwait.c), a JDK (javac for the
baseline). It starts its own Xvfb on a free display number.
"""

import argparse
import os
import shlex
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
TICK = os.sysconf("SC_CLK_TCK")


def load():
    one, five, fifteen = os.getloadavg()
    return "load %.2f %.2f %.2f (%d cores)" % (one, five, fifteen, os.cpu_count())


def build_tools(work):
    xwait = os.path.join(work, "xwait")
    subprocess.run(["cc", "-O2", "-o", xwait, os.path.join(HERE, "xwait.c"), "-lX11", "-lz", "-l:libXtst.so.6"], check=True)
    with open(os.path.join(work, "Hello.java"), "w") as f:
        f.write('public class Hello { public static void main(String[] a) { System.out.println("hello"); } }\n')
    subprocess.run(["javac", "-d", work, os.path.join(work, "Hello.java")], check=True)
    return xwait


def start_xvfb():
    for n in range(90, 140):
        if os.path.exists("/tmp/.X%d-lock" % n):
            continue
        p = subprocess.Popen(["Xvfb", ":%d" % n, "-screen", "0", "1600x1000x24", "-nolisten", "tcp"],
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(100):
            if os.path.exists("/tmp/.X11-unix/X%d" % n):
                return p, ":%d" % n
            if p.poll() is not None:
                break
            time.sleep(0.05)
        p.kill()
    sys.exit("startup.py: could not start Xvfb")


def run_to_exit(argv, env):
    """Wall and CPU seconds of one process run to its end."""
    t0 = time.monotonic()
    p = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    _, status, usage = os.wait4(p.pid, 0)
    wall = time.monotonic() - t0
    p.returncode = os.waitstatus_to_exitcode(status)
    err = p.stderr.read().decode(errors="replace")
    p.stderr.close()
    if p.returncode != 0:
        sys.exit("startup.py: %s exited with %d:\n%s" % (" ".join(argv), p.returncode, err))
    return wall, usage.ru_utime + usage.ru_stime


def cpu_of(pid):
    """User + system seconds of a running process and its descendants (all their threads), from /proc
    (./boardlab runs java as its child on a jar's first run, to keep the class-data archive)."""
    stats = {}
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                with open("/proc/%s/stat" % name) as f:
                    fields = f.read().rsplit(")", 1)[1].split()
                stats[int(name)] = (int(fields[1]), int(fields[11]) + int(fields[12]))
            except OSError:
                pass
    tree, total = {pid}, 0
    changed = True
    while changed:
        changed = False
        for p, (ppid, _) in stats.items():
            if ppid in tree and p not in tree:
                tree.add(p)
                changed = True
    for p in tree:
        total += stats.get(p, (0, 0))[1]
    return total / TICK


def run_to_window(argv, env, xwait):
    watcher = subprocess.Popen([xwait, "map"], stdout=subprocess.PIPE, env=env, text=True)
    if watcher.stdout.readline().strip() != "ready":
        sys.exit("startup.py: xwait did not start")
    t0 = time.monotonic()
    err = tempfile.TemporaryFile()
    p = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=err, env=env, start_new_session=True)

    def stop_waiting_if_it_ends():  # a process that ends without a window must not leave xwait waiting for ever
        p.wait()
        if watcher.poll() is None:
            time.sleep(1)
            watcher.kill()
    threading.Thread(target=stop_waiting_if_it_ends, daemon=True).start()
    line = watcher.stdout.readline().split()
    cpu = cpu_of(p.pid)
    watcher.wait()
    if not line:
        err.seek(0)
        sys.exit("startup.py: %s ended (exit %s) without mapping a window:\n%s"
                 % (" ".join(argv), p.poll(), err.read().decode(errors="replace")[-2000:]))
    wall = int(line[0]) / 1e9 - t0
    os.killpg(p.pid, signal.SIGTERM)
    try:
        p.wait(timeout=20)
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        p.wait()
    return wall, cpu


def run_to_quit(argv, env, xwait):
    """Seconds from Ctrl+Q to the window gone, and to the process's end."""
    watcher = subprocess.Popen([xwait, "map"], stdout=subprocess.PIPE, env=env, text=True)
    watcher.stdout.readline()
    p = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, start_new_session=True)
    watcher.stdout.readline()
    watcher.wait()
    time.sleep(2)
    out = subprocess.run([xwait, "quit"], stdout=subprocess.PIPE, env=env, text=True, timeout=60).stdout.split("\n")
    pressed = int(out[0].split()[0]) / 1e9
    closed = int(out[1].split()[0]) / 1e9
    try:
        p.wait(timeout=60)
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        p.wait()
    ended = time.monotonic()
    return closed - pressed, ended - pressed


def run(case, env, xwait):
    argv, kind, folder = case
    os.chdir(folder)
    if kind == "quit":
        return run_to_quit(argv, env, xwait)
    return run_to_window(argv, env, xwait) if kind else run_to_exit(argv, env)


def busy_processes(n, own_session=False):
    """n processes that keep a core each busy. own_session: all of them in one session of their own, as a
    program started from another terminal or another login is (say a build with two jobs); where the
    kernel shares the cores between sessions first and between their threads second (Linux's autogroup,
    /proc/sys/kernel/sched_autogroup_enabled), boardlab's threads then do not compete one by one with
    the busy ones, as they do when all run in one session (the default, the harder case)."""
    spin = [sys.executable, "-c", "while True: pass"]
    if not n:
        return []
    if own_session:
        script = " & ".join(shlex.join(spin) for _ in range(n)) + " & wait"
        return [subprocess.Popen(["sh", "-c", script], start_new_session=True)]
    return [subprocess.Popen(spin) for _ in range(n)]


def stop(processes):
    for p in processes:
        try:
            if os.getpgid(p.pid) == p.pid:  # a session of its own: its whole process group
                os.killpg(p.pid, signal.SIGKILL)
            else:
                p.kill()
        except ProcessLookupError:
            pass
    for p in processes:
        p.wait()


def compare(a, chosen, commands, cases, envs, baseline, env, xwait, own):
    """--ratio: every round measures each case quiet, then starts the busy processes, measures each case
    again and stops them; prints each case's quiet and busy medians and the median of the rounds' ratios."""
    quiet = {(n, c): [] for n in range(len(commands)) for c in chosen}
    loaded = {(n, c): [] for n in range(len(commands)) for c in chosen}
    base_quiet, base_busy = [], []
    loads = []
    for _ in range(a.runs):
        for rows, bases in ((quiet, base_quiet), (loaded, base_busy)):
            busy = busy_processes(a.busy, own) if rows is loaded else []
            try:
                if busy:
                    time.sleep(0.5)  # the busy processes running, and the load average not yet about boardlab
                for c in chosen:
                    for n in range(len(commands)):
                        bases.append(run(baseline, env, xwait)[0])
                        rows[(n, c)].append(run(cases[n][c], envs[n], xwait))
            finally:
                stop(busy)
            loads.append(os.getloadavg()[0])
    print("after:  " + load() + "; 1-minute load at the end of each half-round %.2f-%.2f" % (min(loads), max(loads)))
    print("baseline (a plain Java program): quiet %.3f s, busy %.3f s (%.2fx)" % (
        statistics.median(base_quiet), statistics.median(base_busy),
        statistics.median(base_busy) / statistics.median(base_quiet)))
    print("%-9s %22s %22s %18s %16s" % ("case", "quiet wall s (range)", "busy wall s (range)", "busy/quiet (range)",
                                        "CPU quiet / busy"))
    for key in quiet:
        n, c = key
        if c == "quit":
            continue
        name = c if len(commands) == 1 else "%s [%d]" % (c, n + 1)
        q = [w for w, _ in quiet[key]]
        b = [w for w, _ in loaded[key]]
        r = [y / x for x, y in zip(q, b)]
        print("%-9s %8.3f (%.3f-%.3f) %8.3f (%.3f-%.3f) %6.2f (%.2f-%.2f) %7.3f / %.3f" % (
            name, statistics.median(q), min(q), max(q), statistics.median(b), min(b), max(b),
            statistics.median(r), min(r), max(r),
            statistics.median(u for _, u in quiet[key]), statistics.median(u for _, u in loaded[key])))
    if len(commands) > 1:
        for n, command in enumerate(commands):
            print("[%d] %s" % (n + 1, command))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=5, help="rounds (default 5)")
    ap.add_argument("--command", action="append",
                    help="how boardlab is started (default: ./boardlab); given more than once, the commands are "
                         "measured in turn within each round (a before and an after under the same load)")
    ap.add_argument("--cases", default="version,list,match,window", help="which cases, comma-separated")
    ap.add_argument("--busy", type=int, default=0, help="busy processes running meanwhile (2: both cores)")
    ap.add_argument("--busy-session", choices=["same", "own"], default="same",
                    help="the busy processes run in this script's session (same, the default) or each in a "
                         "session of its own, as another terminal's or another login's programs (own)")
    ap.add_argument("--ratio", action="store_true",
                    help="with --busy: each round measures every case quiet and then busy (the busy processes "
                         "run only for the busy half of the round) and prints the median of the rounds' "
                         "busy/quiet ratios, so that a drift of the machine over the run hits both figures")
    ap.add_argument("--first-start", action="store_true",
                    help="also time one start with an empty bundle cache (a new jar's first start)")
    a = ap.parse_args()

    work = tempfile.mkdtemp(prefix="boardlab-startup-")
    xwait = build_tools(work)
    xvfb, display = start_xvfb()
    env = dict(os.environ, DISPLAY=display)
    env.pop("WAYLAND_DISPLAY", None)
    commands = a.command or [os.path.join(ROOT, "boardlab")]
    baseline = (["java", "-cp", work, "Hello"], False, work)

    def cases_of(command):
        boardlab = shlex.split(command)
        return {
            "version": (boardlab + ["--version"], False),
            "list": (boardlab + ["list"], False),
            "match": (boardlab + ["match", "tictactoe", "random", "random"], False),
            "window": (boardlab + [], True),
            "quit": (boardlab + [], "quit"),
        }

    chosen = [c for c in a.cases.split(",") if c]
    # each command runs in a folder of its own (boardlab makes its players/ folder and its database,
    # data/boardlab.mv.db, where it runs) with a cache folder of its own (bundle cache, class-data
    # archives, help pages): two builds measured in turn must not share a database (a newer build's
    # migration makes the older refuse it) or anything else one of them writes
    cases, envs = [], []
    for n, command in enumerate(commands):
        folder = os.path.join(work, "run-%d" % (n + 1))
        os.makedirs(folder)
        cases.append({c: (argv, kind, folder) for c, (argv, kind) in cases_of(command).items()})
        envs.append(dict(env, XDG_CACHE_HOME=os.path.join(work, "cache-%d" % (n + 1))))
    if a.ratio and not a.busy:
        sys.exit("startup.py: --ratio needs --busy N")
    own = a.busy_session == "own"
    busy = [] if a.ratio else busy_processes(a.busy, own)
    try:
        print("boardlab start-up: %s, %d rounds, %d busy processes%s%s" % (
            " | ".join(commands), a.runs, a.busy, " (in a session of their own)" if own and a.busy else "",
            ", quiet and busy in each round" if a.ratio else ""))
        print("before: " + load())
        if a.first_start:
            for n, command in enumerate(commands):
                cache = os.path.join(work, "empty-cache-%d" % n)
                argv, window, folder = cases[n]["window"]
                os.chdir(folder)
                first_env = dict(envs[n], JAVA_TOOL_OPTIONS="-Dboardlab.cache=" + cache)
                wall, cpu = run_to_window(argv, first_env, xwait)
                print("first start of the jar (empty bundle cache), window: %.2f s wall, %.2f s CPU  [%s]" % (wall, cpu, command))
        # one warm-up round: fills the bundle cache, the page cache, SWT's native libraries
        for n in range(len(commands)):
            for c in chosen:
                run(cases[n][c], envs[n], xwait)
        if a.ratio:
            return compare(a, chosen, commands, cases, envs, baseline, env, xwait, own)
        results = {"baseline": []}
        for n in range(len(commands)):
            for c in chosen:
                results[(n, c)] = []
        for _ in range(a.runs):
            for c in chosen:
                for n in range(len(commands)):
                    results["baseline"].append(run(baseline, env, xwait))
                    results[(n, c)].append(run(cases[n][c], envs[n], xwait))
        print("after:  " + load())
        base = statistics.median(w for w, _ in results["baseline"])
        print("%-9s %22s %22s %8s" % ("case", "wall s, median (range)", "CPU s, median (range)", "x plain"))
        for key, rows in results.items():
            name = key if key == "baseline" else key[1]
            if name == "quit":
                continue
            if key != "baseline" and len(commands) > 1:
                name = "%s [%d]" % (name, key[0] + 1)
            walls = [w for w, _ in rows]
            cpus = [u for _, u in rows]
            print("%-9s %8.3f (%.3f-%.3f) %8.3f (%.3f-%.3f) %8.1f" % (
                name, statistics.median(walls), min(walls), max(walls),
                statistics.median(cpus), min(cpus), max(cpus), statistics.median(walls) / base))
        if len(commands) > 1:
            for n, command in enumerate(commands):
                print("[%d] %s" % (n + 1, command))
        print("(baseline: a plain Java program that prints one line, run before every measurement)")
        for n, command in enumerate(commands):
            if (n, "quit") in results:
                gone = [g for g, _ in results[(n, "quit")]]
                ended = [e for _, e in results[(n, "quit")]]
                print("quit%s: Ctrl+Q -> window gone %.3f s median (%.3f-%.3f); -> process ended %.3f s (%.3f-%.3f)" % (
                    "" if len(commands) == 1 else " [%d]" % (n + 1), statistics.median(gone), min(gone), max(gone),
                    statistics.median(ended), min(ended), max(ended)))
    finally:
        stop(busy)
        xvfb.terminate()
        xvfb.wait()


if __name__ == "__main__":
    main()
