#!/usr/bin/env python3
"""An independent load generator for a boardlab server (or any server of the same protocols).

It shares no code with boardlab: it speaks seed 000's Othello text protocol and seed 003's GMKU
protocol as their specs say (bundles/boardlab.protocol.othello/README.md and
bundles/boardlab.protocol.gomoku/README.md), keeps its own game of every table with its own rules,
and checks every message it gets against them. Python 3 standard library only (asyncio).

    python3 benchmarks/python/loadgen.py --protocol othello --port 10000 --clients 1000 \\
        --seconds 60 --warmup 20 --think-ms 25-75 --processes 2

What it does: opens --clients connections to a server on this machine, logs them in (Othello:
CNAME~pyN; GMKU: join, one after another, so the server pairs client 2k with 2k+1), and pairs
them: Othello client 2k invites 2k+1, which accepts; every pair plays random legal games, a new
one after each end, until --seconds have passed; the games under way then finish. Each client
waits a time drawn from --think-ms before each move. With --processes K the clients are split
over K processes (pairs never cross), so the generator itself can use more than one core.

What it prints (in words, then one JSON line): clients logged in and how long that took; games;
moves per second in the measured window (after --warmup); the latency from a move written
(CMOV / place) to the opponent's update (SMOV / update) received, p50, p99, max: received by the
kernel (its receive time of the piece, SO_TIMESTAMPNS: wire to wire, the server's and the network's
time only), and read by this generator (which adds its own event loop's lateness); errors by kind
(every message the rules or the spec do not allow); lost moves (written, never seen by the
opponent, never refused); the lobby lines each Othello client got (per minute, and the largest
lobby a client was shown); the machine's load average and cores; and the server's threads and
memory when --server-pid is given (from /proc; heap with the JDK's jcmd if it is on the PATH).

The exit status is 0 when every client logged in, games were played, and there was no error and
no lost move; otherwise 1.
"""

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import re
import shutil
import socket
import struct
import subprocess
import sys
import time

# ---------------------------------------------------------------- Othello rules (seed 000)

START = "." * 27 + "WB" + "." * 6 + "BW" + "." * 27


def _rays(i):
    """The eight lines of squares going out from square i (index y*8+x), nearest first."""
    x, y = i % 8, i // 8
    rays = []
    for dx, dy in ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)):
        ray = []
        cx, cy = x + dx, y + dy
        while 0 <= cx < 8 and 0 <= cy < 8:
            ray.append(cy * 8 + cx)
            cx += dx
            cy += dy
        if len(ray) >= 2:
            rays.append(ray)
    return rays


RAYS = [_rays(i) for i in range(64)]


def flips(board, i, me, first_only=False):
    """The squares that a disc of colour me ('B'/'W') on square i turns; [] if the move is illegal."""
    if board[i] != ".":
        return []
    other = "W" if me == "B" else "B"
    turned = []
    for ray in RAYS[i]:
        if board[ray[0]] != other:
            continue
        for k in range(1, len(ray)):
            c = board[ray[k]]
            if c == me:
                turned.extend(ray[:k])
                if first_only:
                    return turned
                break
            if c != other:
                break
    return turned


def legal_moves(board, me):
    """Every legal square of me, as (x, y)."""
    return [(i % 8, i // 8) for i in range(64) if board[i] == "." and flips(board, i, me, True)]


def has_move(board, me):
    for i in range(64):
        if board[i] == "." and flips(board, i, me, True):
            return True
    return False


def play(board, x, y, me):
    """The board after me plays (x, y), or None if the move is illegal."""
    turned = flips(board, y * 8 + x, me)
    if not turned:
        return None
    cells = list(board)
    cells[y * 8 + x] = me
    for i in turned:
        cells[i] = me
    return "".join(cells)


# ---------------------------------------------------------------- Gomoku rules (seed 003)

SIZE = 15


def five(board, row, col, stone):
    """Whether the stone on (row, col) makes five or more in a row (no overline rule)."""
    for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
        n = 1
        for sign in (1, -1):
            r, c = row + sign * dr, col + sign * dc
            while 0 <= r < SIZE and 0 <= c < SIZE and board[r][c] == stone:
                n += 1
                r += sign * dr
                c += sign * dc
        if n >= 5:
            return True
    return False


def gmku_frame(obj):
    body = json.dumps(obj, separators=(",", ":"), sort_keys=True).encode()
    return b"GMKU" + struct.pack(">I", len(body)) + body


# ---------------------------------------------------------------- shared figures of one process


class Stats:
    def __init__(self):
        self.logged_in = 0
        self.login_times = []
        self.games_started = 0
        self.games_finished = 0
        self.moves_sent = 0
        self.moves_through = 0
        self.moves_in_window = 0
        self.latencies = []
        self.read_latencies = []
        self.errors = {}
        self.first_errors = []
        self.lost = 0
        self.refused = 0
        self.lobby_lines = 0
        self.lobby_max = 0
        self.unfinished = 0
        self.loop_lags = []
        self.cpu_seconds = 0.0

    def error(self, kind, detail):
        self.errors[kind] = self.errors.get(kind, 0) + 1
        if len(self.first_errors) < 10:
            self.first_errors.append(kind + ": " + detail)


class Clock:
    """The run's phases on the monotonic clock (the same in every process of this machine)."""

    def __init__(self):
        self.window_start = float("inf")
        self.deadline = float("inf")

    def start(self, warmup, seconds):
        """Starts the run now: the clients are logged in."""
        now = time.monotonic()
        self.window_start = now + warmup
        self.deadline = now + seconds

    def in_window(self, t):
        return self.window_start <= t < self.deadline

    def playing(self):
        return time.monotonic() < self.deadline


# ---------------------------------------------------------------- a connection read with the kernel's receive times

SO_TIMESTAMPNS = getattr(socket, "SO_TIMESTAMPNS", 35)  # Linux: the kernel's receive time of each piece read
STAMP_SPACE = socket.CMSG_SPACE(16)


class StampedConnection:
    """One TCP connection, read with recvmsg and SO_TIMESTAMPNS: every piece read comes with the time
    the kernel received it (CLOCK_REALTIME), so a latency can end when the server's message reached
    this machine's socket, not when this process got round to reading it. On two cores shared with
    the server, the generator's event loop runs late by up to tens of milliseconds at a thousand
    clients; that lateness is the generator's and not the server's, and the kernel's time leaves it
    out. The interface is the part of asyncio's StreamReader and StreamWriter the clients use:
    readline, readexactly, write, is_closing, close; `stamp` is the kernel's time of the piece that
    held the last byte of what was read last (a later piece's time if the kernel gave none)."""

    def __init__(self, loop, sock):
        self.loop, self.sock, self.fd = loop, sock, sock.fileno()
        self.buf = bytearray()
        self.pieces = []  # (offset in buf just past the piece, kernel receive time)
        self.stamp = None
        self.eof = False
        self.failure = None
        self.waiter = None
        self.out = bytearray()
        self.closed = False
        loop.add_reader(self.fd, self._readable)

    @classmethod
    async def open(cls, host, port):
        loop = asyncio.get_running_loop()
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setblocking(False)
        try:
            sock.setsockopt(socket.SOL_SOCKET, SO_TIMESTAMPNS, 1)
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            await loop.sock_connect(sock, (host, port))
        except BaseException:
            sock.close()
            raise
        return cls(loop, sock)

    def _readable(self):
        try:
            data, ancillary, _, _ = self.sock.recvmsg(1 << 16, STAMP_SPACE)
        except (BlockingIOError, InterruptedError):
            return
        except OSError as e:
            self.failure, data = e, b""
        if data:
            stamp = None
            for level, kind, value in ancillary:
                if level == socket.SOL_SOCKET and kind == SO_TIMESTAMPNS and len(value) >= 16:
                    seconds, nanos = struct.unpack("qq", value[:16])
                    stamp = seconds + nanos * 1e-9
            self.buf += data
            self.pieces.append((len(self.buf), stamp if stamp is not None else time.time()))
        else:
            self.eof = True
            self.loop.remove_reader(self.fd)
        if self.waiter is not None and not self.waiter.done():
            self.waiter.set_result(None)

    async def _more(self):
        if self.failure is not None:
            raise self.failure
        self.waiter = self.loop.create_future()
        try:
            await self.waiter
        finally:
            self.waiter = None

    def _take(self, n):
        data = bytes(self.buf[:n])
        del self.buf[:n]
        i = 0
        while self.pieces[i][0] < n:
            i += 1
        self.stamp = self.pieces[i][1]
        rest = self.pieces[i + 1:] if self.pieces[i][0] == n else self.pieces[i:]
        self.pieces = [(end - n, s) for end, s in rest]
        return data

    async def readline(self, limit=1 << 16):
        """The next line with its LF; at the end of the stream what is left, without LF (b'' if nothing)."""
        while True:
            end = self.buf.find(b"\n")
            if end >= 0:
                return self._take(end + 1)
            if len(self.buf) > limit:
                raise ValueError("a line longer than %d bytes" % limit)
            if self.eof or self.closed:
                return self._take(len(self.buf)) if self.buf else b""
            await self._more()

    async def readexactly(self, n):
        while len(self.buf) < n:
            if self.eof or self.closed:
                raise asyncio.IncompleteReadError(bytes(self.buf), n)
            await self._more()
        return self._take(n)

    def write(self, data):
        if self.closed:
            return
        if self.out:
            self.out += data
            return
        try:
            sent = self.sock.send(data)
        except (BlockingIOError, InterruptedError):
            sent = 0
        except OSError as e:
            self.failure = e
            self.close()
            return
        if sent < len(data):
            self.out += data[sent:]
            self.loop.add_writer(self.fd, self._writable)

    def _writable(self):
        try:
            sent = self.sock.send(self.out)
        except (BlockingIOError, InterruptedError):
            return
        except OSError as e:
            self.failure = e
            self.close()
            return
        del self.out[:sent]
        if not self.out:
            self.loop.remove_writer(self.fd)

    def is_closing(self):
        return self.closed

    def close(self):
        if self.closed:
            return
        self.closed = True
        self.loop.remove_reader(self.fd)
        self.loop.remove_writer(self.fd)
        self.sock.close()
        if self.waiter is not None and not self.waiter.done():
            self.waiter.set_result(None)


def sent_now():
    """The time a move is written: the monotonic clock (for the run's window) and the kernel's clock
    (CLOCK_REALTIME, the clock of SO_TIMESTAMPNS)."""
    return time.monotonic(), time.time()


def through(stats, clock, sent, now, conn):
    """A move the opponent has seen: counted, and timed twice: to the kernel's receipt of the
    opponent's update (the latency reported) and to this process reading it."""
    stats.moves_through += 1
    if clock.in_window(sent[0]):
        stats.moves_in_window += 1
        stats.read_latencies.append(now - sent[0])
        stats.latencies.append(max(0.0, conn.stamp - sent[1]) if conn.stamp is not None else now - sent[0])


# ---------------------------------------------------------------- Othello client


class Pair:
    """Two clients that play each other: moves written and moves the opponent saw."""

    def __init__(self):
        self.sent = {}  # (game, ply) -> time written


class OthelloClient:
    def __init__(self, name, partner, inviter, pair, stats, clock, think, rnd):
        self.name, self.partner, self.inviter, self.pair = name, partner, inviter, pair
        self.stats, self.clock, self.think, self.rnd = stats, clock, think, rnd
        self.lobby = {}  # name -> READY/BUSY, as this client was told
        self.state = "CONNECTED"
        self.board = None
        self.colour = None
        self.to_move = None
        self.ply = 0
        self.writer = None
        self.done = asyncio.Event()
        self.logged_in = asyncio.Event()
        self.awaiting = None  # the square of our own CMOV in flight
        self.passes_expected = None
        self.closing = False
        self.games = 0  # games started, counted alike by both clients of a pair: the key of a move

    async def run(self, host, port):
        t0 = time.monotonic()
        try:
            reader = self.writer = await StampedConnection.open(host, port)
        except OSError as e:
            self.stats.error("connect", self.name + ": " + str(e))
            self.logged_in.set()
            self.done.set()
            return
        self.login_started = t0
        self.send("CNAME~" + self.name)
        ping = asyncio.ensure_future(self.pinger())
        try:
            while True:
                line = await reader.readline()
                if not line:
                    if not self.closing:
                        self.stats.error("closed", self.name + ": the server closed the connection")
                    break
                if not line.endswith(b"\n"):
                    self.stats.error("malformed", self.name + ": a line without LF at the end")
                    break
                self.handle(line[:-1].decode("ascii", "replace"))
        except (ConnectionError, OSError) as e:
            if not self.closing:
                self.stats.error("closed", self.name + ": " + str(e))
        finally:
            ping.cancel()
            self.logged_in.set()
            self.done.set()

    async def pinger(self):
        while True:
            await asyncio.sleep(5)
            self.send("CPING")

    def send(self, line):
        if self.writer is not None and not self.writer.is_closing():
            self.writer.write((line + "\n").encode("ascii"))

    def opponent_colour(self):
        return "W" if self.colour == "B" else "B"

    # every server line, checked against the spec and the rules
    def handle(self, line):
        if not line.startswith("S"):
            return  # the spec: a line with another prefix is ignored
        f = line.split("~")
        t = f[0]
        if t == "SPONG":
            return
        if t == "SNAMEOK":
            if self.state != "CONNECTED":
                return self.stats.error("state", self.name + ": SNAMEOK when logged in")
            self.state = "LOBBY"
            self.stats.logged_in += 1
            self.stats.login_times.append(time.monotonic() - self.login_started)
            self.logged_in.set()
            return
        if t in ("SADDP", "SDELP", "SUPS"):
            return self.lobby_line(t, f)
        if t == "SNAMEERR":
            return self.stats.error("SNAMEERR", self.name + ": " + line)
        if t == "SERR":
            return self.stats.error("SERR", self.name + ": " + line)
        if t == "SREQ":
            if len(f) != 2:
                return self.stats.error("malformed", line)
            if f[1] not in self.lobby:
                self.stats.error("lobby", self.name + ": SREQ from " + f[1] + " before its SADDP")
            if f[1] == self.partner and self.state == "LOBBY":
                self.state = "INVITED"
                self.send("CRES~" + f[1] + "~ACCEPT")
            else:
                self.send("CRES~" + f[1] + "~DECLINE")
            return
        if t == "SRES":
            if len(f) != 3 or f[2] not in ("ACCEPT", "DECLINE"):
                return self.stats.error("malformed", line)
            if f[2] == "DECLINE" and self.state == "INVITING":
                self.state = "LOBBY"
                if self.clock.playing():
                    asyncio.get_event_loop().call_later(0.005, self.invite)
                else:
                    self.done.set()
            return
        if t == "SREQC":
            if self.state == "INVITED":
                self.state = "LOBBY"
            return
        if t == "SSTARTG":
            return self.start(f, line)
        if t == "SMOV":
            return self.moved(f, line)
        if t == "SPASS":
            if len(f) != 2 or self.passes_expected != f[1][0]:
                self.stats.error("desync", self.name + ": unexpected " + line)
            self.passes_expected = None
            return
        if t == "SMOVERR":
            self.stats.refused += 1
            self.stats.error("SMOVERR", self.name + ": " + line)
            return
        if t == "SENDG":
            return self.ended(f, line)
        if t in ("SGAMEEC", "SGAMEI"):
            return self.stats.error(t, self.name + ": " + line)
        self.stats.error("unknown", self.name + ": " + line)

    def lobby_line(self, t, f):
        self.stats.lobby_lines += 1
        if t in ("SADDP", "SDELP") and len(f) != 2 or t == "SUPS" and (len(f) != 3 or f[2] not in ("READY", "BUSY")):
            return self.stats.error("malformed", "~".join(f))
        name = f[1]
        if t == "SADDP":
            if name == self.name:
                return self.stats.error("lobby", self.name + ": SADDP of itself")
            if name in self.lobby:
                return self.stats.error("lobby", self.name + ": SADDP~" + name + " twice")
            self.lobby[name] = "READY"
            self.stats.lobby_max = max(self.stats.lobby_max, len(self.lobby))
        elif t == "SDELP":
            if name not in self.lobby:
                return self.stats.error("lobby", self.name + ": SDELP~" + name + " of a player never added")
            del self.lobby[name]
        else:
            if name != self.name and name not in self.lobby:
                return self.stats.error("lobby", self.name + ": SUPS~" + name + " before its SADDP")
            if name != self.name:
                self.lobby[name] = f[2]

    def invite(self):
        if self.state != "LOBBY" or not self.clock.playing():
            if self.state == "LOBBY":
                self.done.set()
            return
        self.state = "INVITING"
        self.send("CREQ~" + self.partner)

    def start(self, f, line):
        if len(f) not in (2, 3) or f[1] != self.partner:
            return self.stats.error("desync", self.name + ": " + line)
        colour = (f[2] if len(f) == 3 else ("BLACK" if self.inviter else "WHITE"))[0]
        if (colour == "B") != self.inviter:
            self.stats.error("desync", self.name + ": the inviter plays black, not " + line)
        self.state = "IN_GAME"
        self.games += 1
        self.colour = colour
        self.board = START
        self.to_move = "B"
        self.ply = 0
        if self.inviter:
            self.stats.games_started += 1
        self.maybe_move()

    def maybe_move(self):
        if self.state == "IN_GAME" and self.to_move == self.colour and self.awaiting is None:
            wait = self.rnd.uniform(*self.think) / 1000.0
            self.awaiting = "thinking"
            asyncio.get_event_loop().call_later(wait, self.move)

    def move(self):
        if self.state != "IN_GAME" or self.writer.is_closing():
            self.awaiting = None
            return
        moves = legal_moves(self.board, self.colour)
        x, y = self.rnd.choice(moves)
        self.awaiting = (x, y)
        self.pair.sent[(self.games, self.ply)] = sent_now()
        self.stats.moves_sent += 1
        self.send("CMOV~%d~%d" % (x, y))

    def moved(self, f, line):
        if len(f) != 6 or self.state != "IN_GAME":
            return self.stats.error("desync", self.name + ": " + line)
        try:
            x, y = int(f[1]), int(f[2])
        except ValueError:
            return self.stats.error("malformed", line)
        mover, nxt, board = f[3][0], f[4], f[5]
        if mover != self.to_move:
            return self.stats.error("desync", self.name + ": " + f[3] + " moved, " + self.to_move + " was to move")
        after = play(self.board, x, y, mover)
        if after is None:
            return self.stats.error("desync", self.name + ": an illegal move passed: " + line)
        if after != board:
            return self.stats.error("desync", self.name + ": the board differs after " + line)
        other = "W" if mover == "B" else "B"
        if has_move(after, other):
            expected = other
        elif has_move(after, mover):
            expected = mover
        else:
            expected = None
        if (nxt == "NONE" and expected is not None) or (nxt != "NONE" and nxt[0] != expected):
            return self.stats.error("desync", self.name + ": next is " + nxt + ", the rules say " + str(expected))
        self.passes_expected = other if expected == mover else None
        now = time.monotonic()
        if mover != self.colour:  # the opponent's move reached us
            sent = self.pair.sent.pop((self.games, self.ply), None)
            if sent is not None:
                through(self.stats, self.clock, sent, now, self.writer)
        else:
            self.awaiting = None
        self.board = after
        self.ply += 1
        self.to_move = expected
        self.maybe_move()

    def ended(self, f, line):
        if len(f) != 5 or self.state != "IN_GAME":
            return self.stats.error("desync", self.name + ": " + line)
        black, white = self.board.count("B"), self.board.count("W")
        winner = "BLACK" if black > white else "WHITE" if white > black else "DRAW"
        if f[4] != "NORMAL":
            self.stats.error("ending", self.name + ": " + line)
        elif self.to_move is not None or f[1:4] != [str(black), str(white), winner]:
            self.stats.error("desync", self.name + ": " + line + ", the rules say " + "~".join(
                [str(black), str(white), winner]) + (" with moves left" if self.to_move else ""))
        self.state = "LOBBY"
        self.awaiting = None
        if self.inviter:
            self.stats.games_finished += 1
            if self.clock.playing():
                asyncio.get_event_loop().call_later(0.001, self.invite)
            else:
                self.done.set()
        else:
            self.done.set() if not self.clock.playing() else None

    def close(self):
        self.closing = True
        if self.writer is not None and not self.writer.is_closing():
            self.send("CEXIT")
            self.writer.close()


# ---------------------------------------------------------------- GMKU client


class GomokuClient:
    def __init__(self, name, pair, stats, clock, think, rnd):
        self.name, self.pair, self.stats, self.clock, self.think, self.rnd = name, pair, stats, clock, think, rnd
        self.writer = None
        self.hello = asyncio.Event()
        self.done = asyncio.Event()
        self.colour = None
        self.board = None
        self.turn = None
        self.over = True
        self.ply = 0
        self.awaiting = False
        self.closing = False
        self.hellos = 0
        self.games = 0

    async def run(self, host, port):
        try:
            reader = self.writer = await StampedConnection.open(host, port)
        except OSError as e:
            self.stats.error("connect", self.name + ": " + str(e))
            self.hello.set()
            self.done.set()
            return
        self.connected = True
        beat = asyncio.ensure_future(self.heartbeat())
        try:
            while True:
                header = await reader.readexactly(8)
                if header[:4] != b"GMKU":
                    self.stats.error("malformed", self.name + ": a frame without GMKU: " + repr(header))
                    break
                (length,) = struct.unpack(">I", header[4:])
                if length > 10240:
                    self.stats.error("malformed", self.name + ": a frame of %d bytes" % length)
                    break
                if length == 0:
                    continue  # heartbeat
                body = await reader.readexactly(length)
                try:
                    msg = json.loads(body)
                except ValueError:
                    self.stats.error("malformed", self.name + ": " + repr(body[:80]))
                    continue
                self.handle(msg)
        except asyncio.IncompleteReadError:
            if not self.closing:
                self.stats.error("closed", self.name + ": the server closed the connection")
        except (ConnectionError, OSError) as e:
            if not self.closing:
                self.stats.error("closed", self.name + ": " + str(e))
        finally:
            beat.cancel()
            self.hello.set()
            self.done.set()

    async def heartbeat(self):
        while True:
            await asyncio.sleep(40)
            self.write(b"GMKU\0\0\0\0")

    def write(self, data):
        if self.writer is not None and not self.writer.is_closing():
            self.writer.write(data)

    def join(self):
        self.join_started = time.monotonic()
        self.write(gmku_frame({"type": "join"}))

    def handle(self, msg):
        t, data = msg.get("type"), msg.get("data")
        if t == "hello":
            self.hellos += 1
            if not self.hello.is_set():
                self.stats.logged_in += 1
                self.stats.login_times.append(time.monotonic() - self.join_started)
                self.hello.set()
            return
        if t == "color":
            if data not in ("B", "W"):
                return self.stats.error("desync", self.name + ": color " + str(data))
            self.colour = data
            return
        if t == "update":
            return self.update(data)
        if t == "win":
            return self.win(data)
        if t == "refused":
            self.stats.refused += 1
            return self.stats.error("refused", self.name + ": " + json.dumps(data))
        self.stats.error("unknown", self.name + ": " + json.dumps(msg)[:100])

    def update(self, d):
        try:
            row, col, turn = d["row"], d["col"], d["turn"]
        except (TypeError, KeyError):
            return self.stats.error("malformed", self.name + ": update " + json.dumps(d)[:100])
        if "board" in d:  # a full update: only at the start of a round from this generator's view
            empty = all(cell in (" ", "") for r in d["board"] for cell in r)
            if not empty or len(d["board"]) != SIZE or (row, col, turn) != (-1, -1, "B") or self.colour is None:
                return self.stats.error("desync", self.name + ": a full update that is not a new round")
            self.board = [[" "] * SIZE for _ in range(SIZE)]
            self.turn = "B"
            self.over = False
            self.ply = 0
            self.awaiting = False
            self.games += 1
            if self.colour == "B":
                self.stats.games_started += 1
            self.maybe_move()
            return
        if self.over or self.board is None:
            return self.stats.error("desync", self.name + ": an update outside a round")
        stone = self.turn
        if turn != ("W" if stone == "B" else "B"):
            return self.stats.error("desync", self.name + ": turn %s after %s's stone" % (turn, stone))
        if not (0 <= row < SIZE and 0 <= col < SIZE) or self.board[row][col] != " ":
            return self.stats.error("desync", self.name + ": a stone on a taken or outside point %d,%d" % (row, col))
        self.board[row][col] = stone
        now = time.monotonic()
        if stone != self.colour:
            sent = self.pair.sent.pop((self.games, self.ply), None)
            if sent is not None:
                through(self.stats, self.clock, sent, now, self.writer)
        else:
            self.awaiting = False
        self.ply += 1
        self.turn = turn
        if five(self.board, row, col, stone):
            self.expect_win = stone
            self.over = True
        elif self.ply == SIZE * SIZE:
            self.expect_win = "-"
            self.over = True
        else:
            self.maybe_move()

    def win(self, w):
        if not self.over or getattr(self, "expect_win", None) != w:
            self.stats.error("desync", self.name + ": win %s, the rules say %s" % (
                w, getattr(self, "expect_win", None) if self.over else "the round goes on"))
        self.over = True
        self.expect_win = None
        if self.colour == "B":
            self.stats.games_finished += 1
            if self.clock.playing():
                self.write(gmku_frame({"type": "new"}))
                return
        if not self.clock.playing():
            self.done.set()

    def maybe_move(self):
        if not self.over and self.turn == self.colour and not self.awaiting:
            self.awaiting = True
            asyncio.get_event_loop().call_later(self.rnd.uniform(*self.think) / 1000.0, self.move)

    def move(self):
        if self.over or self.writer.is_closing():
            return
        free = [(r, c) for r in range(SIZE) for c in range(SIZE) if self.board[r][c] == " "]
        r, c = self.rnd.choice(free)
        self.pair.sent[(self.games, self.ply)] = sent_now()
        self.stats.moves_sent += 1
        self.write(gmku_frame({"type": "place", "data": {"row": r, "col": c}}))

    def close(self):
        self.closing = True
        if self.writer is not None:
            self.writer.close()


# ---------------------------------------------------------------- one process


async def run_share(args, first, count, start, queue_join, release, result):
    stats = Stats()
    clock = Clock()
    think = tuple(args.think)
    clients = []
    pairs = []
    tasks = []
    for i in range(first, first + count, 2):
        pair = Pair()
        pairs.append(pair)
        for k in (i, i + 1):
            rnd = random.Random(args.seed * 1000003 + k)
            if args.protocol == "othello":
                c = OthelloClient("py%d" % k, "py%d" % (k ^ 1), k % 2 == 0, pair, stats, clock, think, rnd)
            else:
                c = GomokuClient("py%d" % k, pair, stats, clock, think, rnd)
            clients.append(c)
    login_start = time.monotonic()
    sem = asyncio.Semaphore(200)

    async def connect(c):
        async with sem:
            task = asyncio.ensure_future(c.run(args.host, args.port))
            tasks.append(task)
            if args.protocol == "othello":
                await c.logged_in.wait()

    if args.protocol == "othello":
        await asyncio.gather(*(connect(c) for c in clients))
    else:
        for c in clients:
            tasks.append(asyncio.ensure_future(c.run(args.host, args.port)))
        await asyncio.sleep(0.5)
        queue_join()  # wait for our turn to join: pairs never cross processes
        for c in clients:
            if c.writer is None:
                stats.error("connect", c.name + " is not connected; the clients after it do not join")
                break
            c.join()
            try:
                await asyncio.wait_for(c.hello.wait(), 10)
            except asyncio.TimeoutError:
                stats.error("join", c.name + " got no hello in 10 s; the clients after it do not join")
                break
        release()
    login_seconds = time.monotonic() - login_start
    clock.start(args.warmup, args.seconds)
    lag_task = asyncio.ensure_future(watch_loop(clock, stats))
    if args.protocol == "othello":
        for c in clients:
            if c.inviter:
                c.invite()
    # play until the deadline, then let the games under way finish
    await asyncio.sleep(max(0, clock.deadline - time.monotonic()))
    # the longest game a pair can still have ahead of it, each move after the longest think: Othello
    # at most 64 moves with passes, a GMKU round on 15 x 15 at most 225
    longest = 64 if args.protocol == "othello" else SIZE * SIZE
    drain_until = time.monotonic() + 10 + longest * think[1] / 1000.0
    for c in clients[::2]:  # the inviter (Othello) or black (GMKU) of each pair ends its games
        left = drain_until - time.monotonic()
        if left <= 0:
            break
        try:
            await asyncio.wait_for(c.done.wait(), left)
        except asyncio.TimeoutError:
            break
    if args.protocol == "othello":
        stats.unfinished = sum(1 for c in clients if c.inviter and c.state == "IN_GAME")
    else:
        stats.unfinished = sum(1 for c in clients if c.colour == "B" and not c.over)
    lag_task.cancel()
    await asyncio.sleep(1)
    stats.lost = sum(len(p.sent) for p in pairs)
    lobby_counts = [len(c.lobby) for c in clients if isinstance(c, OthelloClient)]
    for c in clients:
        c.close()
    await asyncio.sleep(0.2)
    for t in tasks:
        t.cancel()
    result.update(stats.__dict__)
    result["login_seconds"] = login_seconds
    result["lobby_now_max"] = max(lobby_counts) if lobby_counts else 0


async def watch_loop(clock, stats, period=0.005):
    """How late this process's own event loop runs: every 5 ms of the measured window, how much later
    than asked a sleep ends, and the CPU this process uses meanwhile. A move's latency includes up
    to this lateness on the reading side, which is the generator's and not the server's."""
    while time.monotonic() < clock.window_start:
        await asyncio.sleep(0.05)
    cpu_start = time.process_time()
    try:
        while time.monotonic() < clock.deadline:
            asked = time.monotonic()
            await asyncio.sleep(period)
            stats.loop_lags.append(time.monotonic() - asked - period)
    finally:
        stats.cpu_seconds = time.process_time() - cpu_start


def worker(args, index, first, count, start, turn, next_turn, out):
    """One process: its share of the clients (whole pairs). GMKU clients join only once the process
    before has joined all of its own, so that the server pairs clients of the same process."""
    result = {}
    asyncio.run(run_share(args, first, count, start, lambda: turn.wait(120), next_turn.set, result))
    next_turn.set()
    out.put((index, result))


# ---------------------------------------------------------------- the machine and the server


def loadavg():
    try:
        with open("/proc/loadavg") as f:
            return " ".join(f.read().split()[:3])
    except OSError:
        return "?"


def server_sample(pid, collect=False):
    """Threads and RSS from /proc/PID/status; used heap with jcmd (after a full GC with collect)."""
    if not pid:
        return {}
    out = {}
    try:
        with open("/proc/%d/status" % pid) as f:
            for line in f:
                if line.startswith("Threads:"):
                    out["threads"] = int(line.split()[1])
                elif line.startswith("VmRSS:"):
                    out["rss_mb"] = round(int(line.split()[1]) / 1024)
    except OSError:
        return {}
    jcmd = shutil.which("jcmd")
    if jcmd:
        try:
            if collect:
                subprocess.run([jcmd, str(pid), "GC.run"], capture_output=True, timeout=60)
            info = subprocess.run([jcmd, str(pid), "GC.heap_info"], capture_output=True, text=True, timeout=60).stdout
            m = re.search(r"used (\d+)K", info)
            if m:
                out["heap_mb"] = round(int(m.group(1)) / 1024)
        except (OSError, subprocess.SubprocessError):
            pass
    return out


def sockets(pid):
    """The sockets the server's process holds open (listening ports and connections), or None."""
    if not pid:
        return None
    n = 0
    try:
        for fd in os.listdir("/proc/%d/fd" % pid):
            try:
                if os.readlink("/proc/%d/fd/%s" % (pid, fd)).startswith("socket:"):
                    n += 1
            except OSError:
                pass
    except OSError:
        return None
    return n


def await_sockets(pid, idle, slack, max_seconds):
    """Waits until the server holds no more sockets than at idle (plus slack): it has closed the
    clients' connections on its side too. Returns the seconds waited, or None."""
    if idle is None:
        time.sleep(2)
        return None
    start = time.monotonic()
    while time.monotonic() - start < max_seconds:
        now = sockets(pid)
        if now is None:
            return None
        if now <= idle + slack:
            return time.monotonic() - start
        time.sleep(0.1)
    return None


def sample_settled(pid, idle, slack, max_seconds, max_looks=10):
    """The server once it has settled after the clients left (the Java generator's ServerProbe.sampleSettled):
    waits until it has closed the clients' connections on its side too (await_sockets), looks after a full GC,
    then looks again each second (at most max_looks times) until two looks agree on the heap within 10 %: the
    first full GC right after the clients left can find much still held. Returns the last look, with
    sockets_closed_s, and heap_first_mb and settled_s when it looked more than once."""
    closed = await_sockets(pid, idle, slack, max_seconds)
    look = server_sample(pid, collect=True)
    if closed is not None:
        look["sockets_closed_s"] = round(closed, 1)
    if not pid or "heap_mb" not in look:
        return look
    first = look["heap_mb"]
    start = time.monotonic()
    for _ in range(max_looks):
        time.sleep(1)
        again = server_sample(pid, collect=True)
        before = look.get("heap_mb")
        again["sockets_closed_s"] = look.get("sockets_closed_s")
        look = again
        look["heap_first_mb"] = first
        look["settled_s"] = round(time.monotonic() - start, 1)
        if before is None or "heap_mb" not in again or abs(again["heap_mb"] - before) <= 0.1 * before:
            break
    if look.get("sockets_closed_s") is None:
        look.pop("sockets_closed_s", None)
    return look


def percentile(sorted_values, p):
    if not sorted_values:
        return float("nan")
    k = min(len(sorted_values) - 1, max(0, int(round(p / 100.0 * len(sorted_values) + 0.5)) - 1))
    return sorted_values[k]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--protocol", choices=["othello", "gomoku"], default="othello")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, help="default 10000 (othello) or 23334 (gomoku)")
    parser.add_argument("--clients", type=int, default=200, help="an even number (default 200)")
    parser.add_argument("--seconds", type=float, default=30, help="how long new games are started (default 30)")
    parser.add_argument("--warmup", type=float, default=10, help="first seconds not counted (default 10)")
    parser.add_argument("--think-ms", default="25-75", help="T or LO-HI milliseconds before each move (default 25-75)")
    parser.add_argument("--processes", type=int, default=1, help="processes to spread the clients over (default 1)")
    parser.add_argument("--server-pid", type=int, help="the server's process id: report its threads and memory")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if args.port is None:
        args.port = 10000 if args.protocol == "othello" else 23334
    if args.clients < 2 or args.clients % 2:
        parser.error("--clients must be even and at least 2")
    if args.warmup >= args.seconds:
        parser.error("--warmup must be less than --seconds")
    if args.processes < 1 or args.processes * 2 > args.clients:
        parser.error("--processes must be from 1 to clients/2")
    address = socket.gethostbyname(args.host)
    if not address.startswith("127."):
        parser.error("this tool loads a server on this machine only (127.0.0.1), not " + address)
    lo, _, hi = args.think_ms.partition("-")
    args.think = [float(lo), float(hi or lo)]

    load_start = loadavg()
    idle = server_sample(args.server_pid, collect=True)
    idle_sockets = sockets(args.server_pid)
    print("python load generator: %d %s clients against %s:%d, %g s (%g s warm-up), think %s ms, %d process(es); "
          "load average %s, %d cores; server idle: %s" % (args.clients, args.protocol, args.host, args.port,
                                                        args.seconds, args.warmup, args.think_ms, args.processes,
                                                        load_start, os.cpu_count(), idle or "?"), flush=True)
    ctx = multiprocessing.get_context("fork")
    out = ctx.Queue()
    turns = [ctx.Event() for _ in range(args.processes + 1)]
    turns[0].set()
    shares = []
    per = (args.clients // 2) // args.processes
    first = 0
    for i in range(args.processes):
        pairs = per + (1 if i < (args.clients // 2) % args.processes else 0)
        shares.append((first, pairs * 2))
        first += pairs * 2
    start = time.monotonic() + 0.2
    procs = [ctx.Process(target=worker, args=(args, i, f, n, start, turns[i], turns[i + 1], out))
             for i, (f, n) in enumerate(shares)]
    for p in procs:
        p.start()
    peak = {}
    results = []
    deadline = start + args.seconds  # about: each process starts its clock once its clients are logged in
    load_deadline = None
    while len(results) < len(procs):
        try:
            results.append(out.get(timeout=5))
        except Exception:
            pass
        if load_deadline is None and time.monotonic() >= deadline:
            load_deadline = loadavg()
        if args.server_pid and time.monotonic() < deadline:
            s = server_sample(args.server_pid)
            for k, v in s.items():
                peak[k] = max(peak.get(k, 0), v)
    for p in procs:
        p.join()
    after = sample_settled(args.server_pid, idle_sockets, slack=5, max_seconds=60)
    report(args, results, load_start, load_deadline or loadavg(), loadavg(), idle, peak, after)


def report(args, results, load_start, load_deadline, load_end, idle, peak, after):
    total = {}
    latencies = []
    read_latencies = []
    lags = []
    cpu = 0.0
    errors = {}
    first_errors = []
    login_times = []
    for _, r in sorted(results):
        for k in ("logged_in", "games_started", "games_finished", "moves_sent", "moves_through", "moves_in_window",
                  "lost", "refused", "lobby_lines", "unfinished"):
            total[k] = total.get(k, 0) + r.get(k, 0)
        total["lobby_max"] = max(total.get("lobby_max", 0), r.get("lobby_max", 0))
        total["login_seconds"] = max(total.get("login_seconds", 0), r.get("login_seconds", 0))
        latencies.extend(r.get("latencies", []))
        read_latencies.extend(r.get("read_latencies", []))
        lags.extend(r.get("loop_lags", []))
        cpu += r.get("cpu_seconds", 0.0)
        login_times.extend(r.get("login_times", []))
        for k, v in r.get("errors", {}).items():
            errors[k] = errors.get(k, 0) + v
        first_errors.extend(r.get("first_errors", []))
    latencies.sort()
    read_latencies.sort()
    lags.sort()
    window = args.seconds - args.warmup
    n_errors = sum(errors.values())
    lines_per_client_minute = total.get("lobby_lines", 0) / max(1, args.clients) / ((args.seconds + 10) / 60.0)
    figures = {
        "protocol": args.protocol, "clients": args.clients, "seconds": args.seconds, "warmup": args.warmup,
        "thinkMs": args.think_ms, "processes": args.processes,
        "loggedIn": total.get("logged_in", 0), "loginSeconds": round(total.get("login_seconds", 0), 2),
        "loginP99Ms": round(percentile(sorted(login_times), 99) * 1000, 1) if login_times else None,
        "gamesStarted": total.get("games_started", 0), "gamesFinished": total.get("games_finished", 0),
        "unfinishedGames": total.get("unfinished", 0),
        "movesSent": total.get("moves_sent", 0), "movesThrough": total.get("moves_through", 0),
        "movesPerSecond": round(total.get("moves_in_window", 0) / window, 1),
        "latencySamples": len(latencies),
        "latencyP50Ms": round(percentile(latencies, 50) * 1000, 2) if latencies else None,
        "latencyP99Ms": round(percentile(latencies, 99) * 1000, 2) if latencies else None,
        "latencyMaxMs": round(latencies[-1] * 1000, 2) if latencies else None,
        "readLatencyP50Ms": round(percentile(read_latencies, 50) * 1000, 2) if read_latencies else None,
        "readLatencyP99Ms": round(percentile(read_latencies, 99) * 1000, 2) if read_latencies else None,
        "readLatencyMaxMs": round(read_latencies[-1] * 1000, 2) if read_latencies else None,
        "errors": n_errors, "errorsByKind": errors, "lost": total.get("lost", 0),
        "lobbyLines": total.get("lobby_lines", 0), "lobbyLinesPerClientMinute": round(lines_per_client_minute, 1),
        "lobbyLargest": total.get("lobby_max", 0),
        "generatorCores": round(cpu / window, 2),
        "generatorLoopLateP50Ms": round(percentile(lags, 50) * 1000, 2) if lags else None,
        "generatorLoopLateP99Ms": round(percentile(lags, 99) * 1000, 2) if lags else None,
        "cores": os.cpu_count(), "loadAverageStart": load_start, "loadAverageAtDeadline": load_deadline,
        "loadAverageEnd": load_end, "serverIdle": idle, "serverPeak": peak, "serverAfter": after,
    }
    print()
    print("== python load generator: %(clients)d %(protocol)s clients, %(seconds)g s (%(warmup)g s warm-up), "
          "think %(thinkMs)s ms, %(processes)d process(es) ==" % figures)
    print("clients:   %d logged in, all within %.1f s (p99 of one login %s ms)" % (
        figures["loggedIn"], figures["loginSeconds"], figures["loginP99Ms"]))
    print("games:     %d started, %d finished, %d unfinished after the drain" % (
        figures["gamesStarted"], figures["gamesFinished"], figures["unfinishedGames"]))
    print("moves:     %d sent, %d reached the opponent; %.0f moves/s in the measured window" % (
        figures["movesSent"], figures["movesThrough"], figures["movesPerSecond"]))
    print("latency:   move written -> opponent's update received by the kernel (wire to wire): "
          "p50 %s ms, p99 %s ms, max %s ms (%d samples)" % (
        figures["latencyP50Ms"], figures["latencyP99Ms"], figures["latencyMaxMs"], len(latencies)))
    print("           move written -> opponent's update read by this generator: p50 %s ms, p99 %s ms, max %s ms" % (
        figures["readLatencyP50Ms"], figures["readLatencyP99Ms"], figures["readLatencyMaxMs"]))
    print("generator: %.2f cores in the measured window; its own event loops ran late by p50 %s ms, p99 %s ms "
          "(the second latency includes up to that: the generator's delay, not the server's)" % (
        figures["generatorCores"], figures["generatorLoopLateP50Ms"], figures["generatorLoopLateP99Ms"]))
    print("errors:    %d %s; lost moves: %d" % (n_errors, errors, figures["lost"]))
    for e in first_errors[:10]:
        print("           " + e)
    if args.protocol == "othello":
        print("lobby:     %d lobby lines in all, %.0f per client a minute; the largest lobby a client was shown: %d" % (
            figures["lobbyLines"], lines_per_client_minute, figures["lobbyLargest"]))
    print("server:    idle %s; playing (largest) %s; after the clients left (after a full GC) %s" % (
        idle or "?", peak or "?", after or "?"))
    print("machine:   load average %s at the start, %s when the last game started, %s at the end; %d cores" % (
        load_start, load_deadline, load_end, os.cpu_count()))
    print(json.dumps(figures, sort_keys=False))
    clean = (n_errors == 0 and figures["lost"] == 0 and figures["loggedIn"] == args.clients
             and figures["gamesFinished"] > 0 and figures["unfinishedGames"] == 0)
    sys.exit(0 if clean else 1)


if __name__ == "__main__":
    main()
