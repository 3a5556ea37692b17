#!/usr/bin/env python3
"""Tutorial 03: seed 004's "stupid gamer" in Python.

It connects to a Reversi Game Master's black or white player port, says its name, and at every
Next Turn plays the first legal move (rows from the top, each row from the left). It prints every
event on a line of its own, answers the Game Master's pings, pings after a second of silence, and
stops at End. Only the standard library; every byte is as the protocol's spec says
(bundles/boardlab.protocol.reversi/README.md).

    python3 gamer.py HOST PORT NAME
"""
import socket
import sys

CONNECT, PLAYER_OK, OK, NEW_MOVE, NEXT_TURN, STATUS1, STATUS2, CONTROL, END, PING = range(1, 11)
EMPTY, BLACK, WHITE = 0, 1, 2
DIRECTIONS = [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)]


def frame_length(buf):
    """How many bytes the message at the start of buf takes, or None if more bytes are needed."""
    if not buf:
        return None
    kind = buf[0]
    if kind in (PLAYER_OK, OK):
        need = 2
    elif kind == NEXT_TURN or kind == STATUS1:
        if len(buf) < 5:
            return None
        need = 5 + (buf[3] * buf[4] + 3) // 4
    elif kind == STATUS2:
        if len(buf) < 5 or len(buf) < 9 + buf[4]:
            return None
        need = 9 + buf[4] + buf[8 + buf[4]]
    elif kind == END:
        need = 5
    elif kind == PING:
        need = 1
    else:
        raise ValueError("unknown message type 0x%02X from the Game Master" % kind)
    return need if len(buf) >= need else None


def unpack(packed, count):
    """The cells of a board: 2 bits each, the first cell in the two high bits of the first byte."""
    return [(packed[i // 4] >> (6 - 2 * (i % 4))) & 3 for i in range(count)]


def flips(cells, width, height, x, y, me):
    """How many discs a disc of colour me on (x, y) would turn over."""
    if cells[y * width + x] != EMPTY:
        return 0
    other = WHITE if me == BLACK else BLACK
    total = 0
    for dx, dy in DIRECTIONS:
        cx, cy, run = x + dx, y + dy, 0
        while 0 <= cx < width and 0 <= cy < height and cells[cy * width + cx] == other:
            cx, cy, run = cx + dx, cy + dy, run + 1
        if run and 0 <= cx < width and 0 <= cy < height and cells[cy * width + cx] == me:
            total += run
    return total


def first_legal(cells, width, height, me):
    for y in range(height):
        for x in range(width):
            if flips(cells, width, height, x, y, me):
                return x, y
    return None


def square(x, y):
    return "-" if (x, y) == (255, 255) else "%s%d" % (chr(ord("A") + x), y + 1)


def main(host, port, name):
    sock = socket.create_connection((host, port))
    sock.settimeout(1.0)
    print("connected to %s:%d as %s" % (host, port, name), flush=True)
    raw = name.encode("utf-8")[:255]
    sock.sendall(bytes([CONNECT, len(raw)]) + raw)
    buf = bytearray()
    waiting = []  # what each OK/NOK to come answers, in order: "move" or "ping"
    me = None
    while True:
        length = frame_length(buf)
        if length is None:
            try:
                data = sock.recv(4096)
            except socket.timeout:
                sock.sendall(bytes([PING]))  # a second of silence: are you there?
                waiting.append("ping")
                print("ping sent", flush=True)
                continue
            if not data:
                print("disconnected by the Game Master before End", flush=True)
                return 1
            buf += data
            continue
        msg, buf = bytes(buf[:length]), buf[length:]
        kind = msg[0]
        if kind == PLAYER_OK:
            me = msg[1]
            print("colour: %s" % ("black" if me == BLACK else "white"), flush=True)
        elif kind == OK:
            answered = waiting.pop(0) if waiting else "connect"
            print("%s answered %s" % (answered, "OK" if msg[1] else "NOK"), flush=True)
        elif kind == NEXT_TURN:
            width, height = msg[3], msg[4]
            cells = unpack(msg[5:], width * height)
            move = first_legal(cells, width, height, me)
            print("next turn after %s: I play %s" % (square(msg[1], msg[2]), square(*move)), flush=True)
            sock.sendall(bytes([NEW_MOVE, move[0], move[1]]))
            waiting.append("move")
        elif kind == PING:
            sock.sendall(bytes([OK, 1]))
            print("ping from the Game Master, answered OK", flush=True)
        elif kind == END:
            black, white = (msg[1] << 8) | msg[2], (msg[3] << 8) | msg[4]
            print("end: black %d, white %d" % (black, white), flush=True)
            sock.close()
            return 0
        else:
            print("ignored message type 0x%02X" % kind, flush=True)


if __name__ == "__main__":
    if len(sys.argv) != 4:
        print("usage: python3 gamer.py HOST PORT NAME", file=sys.stderr)
        sys.exit(2)
    sys.exit(main(sys.argv[1], int(sys.argv[2]), sys.argv[3]))
