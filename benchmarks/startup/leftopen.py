#!/usr/bin/env python3
"""The command after a workbench ended by a signal: does it wait for the database the workbench left?

Each round starts the workbench (under its own Xvfb) in one working folder, ends it as startup.py's
`window` case does (SIGTERM to its process group) at a chosen moment, waits for it to end, says
whether H2's lock file (data/boardlab.lock.db) was left behind and what it names, then times
`boardlab match tictactoe random random` in the same folder (its wall time, from start to exit).

  --when window   SIGTERM as soon as the window is mapped (visible), as startup.py does
  --when lock     SIGTERM as soon as data/boardlab.lock.db appears: the workbench is opening its
                  database (H2 writes the lock file first, and closes the database on the JVM's exit
                  only once it is open)
  --when later    SIGTERM 3 s after the window is mapped (the database is open by then)
  --signal KILL   SIGKILL instead (kill -9: nothing closes the database)

  python3 benchmarks/startup/leftopen.py --rounds 5 --when lock
  python3 benchmarks/startup/leftopen.py --command "java -jar /tmp/old/boardlab.jar" --when lock

Needs what startup.py needs (Xvfb, cc with the X11 headers for xwait.c, a JDK).
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
sys.path.insert(0, HERE)
import startup  # noqa: E402  (its Xvfb, xwait and timing helpers)


def lock_file(folder):
    return os.path.join(folder, "data", "boardlab.lock.db")


def end_workbench(argv, env, folder, xwait, when, sig=signal.SIGTERM):
    """Starts the workbench, sends SIGTERM to its process group at the moment `when` says, waits for its end."""
    watcher = subprocess.Popen([xwait, "map"], stdout=subprocess.PIPE, env=env, text=True)
    if watcher.stdout.readline().strip() != "ready":
        sys.exit("leftopen.py: xwait did not start")
    p = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, cwd=folder, start_new_session=True)
    mapped = []  # the moment the window was mapped

    def wait_for_window():
        if watcher.stdout.readline():
            mapped.append(time.monotonic())
    threading.Thread(target=wait_for_window, daemon=True).start()
    t0 = time.monotonic()
    lock = lock_file(folder)
    while time.monotonic() - t0 < 60 and p.poll() is None:
        if when == "lock" and os.path.exists(lock):
            break
        if when == "window" and mapped:
            break
        if when == "later" and mapped and time.monotonic() - mapped[0] >= 3:
            break
        time.sleep(0.002)
    at = time.monotonic() - t0
    os.killpg(p.pid, sig)
    try:
        p.wait(timeout=30)
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        p.wait()
    if watcher.poll() is None:
        watcher.kill()
    watcher.wait()
    return at


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--command", action="append",
                    help="how boardlab is started (default: ./boardlab); given more than once, the commands take turns "
                         "within each round, each in a folder of its own (a before and an after under the same load)")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--when", choices=["window", "lock", "later"], default="lock")
    ap.add_argument("--signal", choices=["TERM", "KILL"], default="TERM", help="TERM (default: as startup.py, a desktop, Ctrl+C) or KILL (kill -9)")
    a = ap.parse_args()
    sig = signal.SIGKILL if a.signal == "KILL" else signal.SIGTERM
    commands = a.command or [os.path.join(startup.ROOT, "boardlab")]
    work = tempfile.mkdtemp(prefix="boardlab-leftopen-")
    xwait = startup.build_tools(work)
    xvfb, display = startup.start_xvfb()
    runs = []
    for n, command in enumerate(commands):
        folder = os.path.join(work, "run-%d" % (n + 1))
        os.makedirs(folder)
        env = dict(os.environ, DISPLAY=display, XDG_CACHE_HOME=os.path.join(work, "cache-%d" % (n + 1)))
        env.pop("WAYLAND_DISPLAY", None)
        runs.append((command, shlex.split(command), folder, env))
    walls = {command: [] for command in commands}
    try:
        print("boardlab after a workbench ended by SIG%s (%s): %d rounds, %s" % (a.signal, a.when, a.rounds, startup.load()))
        for command, boardlab, folder, env in runs:  # the database made, the caches filled
            os.chdir(folder)
            startup.run_to_exit(boardlab + ["match", "tictactoe", "random", "random"], env)
        for n in range(a.rounds + 1):  # round 0 warms up (not counted)
            for command, boardlab, folder, env in runs:
                at = end_workbench(boardlab, env, folder, xwait, a.when, sig)
                lock = lock_file(folder)
                left = "none"
                if os.path.exists(lock):
                    with open(lock) as f:
                        server = [line.strip() for line in f if line.startswith("server=")]
                    left = "left behind (%s)" % (server[0].replace("\\", "") if server else "no server")
                os.chdir(folder)
                wall, cpu = startup.run_to_exit(boardlab + ["match", "tictactoe", "random", "random"], env)
                if n > 0:
                    walls[command].append(wall)
                print("%s [%s] signal %.2f s after start; lock file: %s; then match: %.2f s wall, %.2f s CPU"
                      % ("warm-up:" if n == 0 else "round %d:" % n, command, at, left, wall, cpu), flush=True)
        print("after: " + startup.load())
        for command in commands:
            w = walls[command]
            if w:
                print("match after the workbench, median %.2f s (%.2f-%.2f)  [%s]" % (statistics.median(w), min(w), max(w), command))
    finally:
        xvfb.terminate()
        xvfb.wait()


if __name__ == "__main__":
    main()
