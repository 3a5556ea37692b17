#!/usr/bin/env python3
"""A client that talks to an Onitama server exactly as seed 001's Python client (client.py at
commit 1893e19) does on the socket, written again for boardlab's tests:

- every message it sends is one sendall() of the bare text, no terminator;
- every server message is read with ONE recv(1024), decoded, its last byte (the NUL) dropped, and
  every "\\x000" and "\\x001" removed, so two messages that arrive in one read are garbled, as in
  the original; this script also checks that each read held exactly one message;
- PvE: sends its mode byte b'0' twice (the newest seed client sends the mode again instead of the
  difficulty); PvP: b'1' then the table, waits while the answer is "1", skips a lone "2", and takes
  the last six fields of the setup;
- moves are chosen at random among the legal ones by its own rules (the official cards) and sent
  as "fr fc tr tc id"; it ends when its own board shows a winner and then expects the server to
  close (recv returns b'') without another byte.

Usage: seed_client.py HOST PORT pve|pvp [TABLE] [SEED]; prints "winner BLUE|RED" and exits 0.
"""
import random
import socket
import sys

# (right, forward) steps seen by the holder, by wire card number (the original deck's order)
CARDS = {
    0: [(-1, 1), (1, 1), (0, -1)],           # mantis
    1: [(0, 1), (1, 0), (0, -1)],            # ox
    2: [(0, 1), (-1, 0), (0, -1)],           # horse
    3: [(-1, 1), (-1, -1), (1, 0)],          # eel
    4: [(0, 1), (-1, -1), (1, -1)],          # crane
    5: [(0, 1), (-1, 0), (1, 0)],            # boar
    6: [(1, 1), (1, -1), (-1, 0)],           # cobra
    7: [(-1, 1), (1, 1), (-1, -1), (1, -1)], # monkey
    8: [(-1, 1), (1, 1), (-1, 0), (1, 0)],   # elephant
    9: [(1, 1), (-1, 0), (1, 0), (-1, -1)],  # rooster (official: back-left)
    10: [(-1, 1), (-1, 0), (1, 0), (1, -1)], # goose
    11: [(0, 2), (0, -1)],                   # tiger
    12: [(2, 0), (1, 1), (-1, -1)],          # rabbit
    13: [(-2, 0), (-1, 1), (1, -1)],         # frog
    14: [(0, 1), (-2, 0), (2, 0)],           # crab
    15: [(-2, 1), (2, 1), (-1, -1), (1, -1)],# dragon
}
BLUE, RED = 0, 1


def receive(s):
    d = s.recv(1024)
    if not d:
        return None
    assert d.endswith(b"\0") and d.count(b"\0") == 1, "one read held %r: not exactly one message" % d
    return d.decode("utf-8")[:-1].replace("\x000", "").replace("\x001", "")


class Board:
    def __init__(self, cards):
        # row 0 is red's home row; 'B'/'b' blue master/student, 'R'/'r' red
        self.cells = [list("rrRrr"), list("....."), list("....."), list("....."), list("bbBbb")]
        self.hands = {BLUE: [cards[0], cards[1]], RED: [cards[2], cards[3]]}
        self.side = cards[4]

    def mine(self, colour, r, c):
        p = self.cells[r][c]
        return p != "." and ((p in "Bb") == (colour == BLUE))

    def moves(self, colour):
        found = []
        for card in self.hands[colour]:
            for r in range(5):
                for c in range(5):
                    if self.cells[r][c] == "." or not self.mine(colour, r, c):
                        continue
                    for right, forward in CARDS[card]:
                        # blue: forward is up (row - 1), right is column + 1; red: both negated
                        dr, dc = (-forward, right) if colour == BLUE else (forward, -right)
                        tr, tc = r + dr, c + dc
                        if 0 <= tr < 5 and 0 <= tc < 5 and (self.cells[tr][tc] == "." or not self.mine(colour, tr, tc)):
                            found.append((r, c, tr, tc, card))
        return found

    def move(self, colour, fr, fc, tr, tc, card):
        assert (fr, fc, tr, tc, card) in self.moves(colour), "illegal move %s for %s" % ((fr, fc, tr, tc, card), colour)
        self.cells[tr][tc] = self.cells[fr][fc]
        self.cells[fr][fc] = "."
        hand = self.hands[colour]
        hand[hand.index(card)] = self.side
        self.side = card

    def winner(self):
        flat = "".join("".join(row) for row in self.cells)
        if "B" not in flat or self.cells[4][2] == "R":
            return RED
        if "R" not in flat or self.cells[0][2] == "B":
            return BLUE
        return None


def play(s, setup, rng):
    fields = setup.split(" ")
    if len(fields) > 6:
        fields = fields[len(fields) - 6:]
    we = int(fields[0])
    if we != 0:
        we = 1
    board = Board([int(x) for x in fields[1:]])
    playing = BLUE
    while board.winner() is None:
        if playing == we:
            legal = board.moves(we)
            assert legal, "no legal move (the seed has no pass)"
            fr, fc, tr, tc, card = rng.choice(legal)
            s.sendall(("%s %s %s %s %s" % (fr, fc, tr, tc, card)).encode())
            answer = receive(s)
            assert answer == "0", "move refused: %r" % answer
            board.move(we, fr, fc, tr, tc, card)
        else:
            fr, fc, tr, tc, card = [int(x) for x in receive(s).split(" ")]
            board.move(playing, fr, fc, tr, tc, card)
        playing = 1 - playing
    rest = s.recv(1024)
    assert rest == b"", "the server sent %r after the last move instead of closing" % rest
    return board.winner()


def main():
    host, port, mode = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    table = sys.argv[4] if len(sys.argv) > 4 else "0"
    rng = random.Random(int(sys.argv[5]) if len(sys.argv) > 5 else 1)
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.connect((host, port))
        if mode == "pve":
            s.sendall(b"0")
            assert receive(s) == "0"
            s.sendall(b"0")  # the mode byte again, as the newest seed client does
            assert receive(s) == "0", "ERROR SENDING DIFFICULTY"
            setup = receive(s)
        else:
            s.sendall(b"1")
            assert receive(s) == "0"
            s.sendall(table.encode())
            ans = receive(s)
            while ans.isdigit() and int(ans) == 1:
                print("waiting at table", table, flush=True)
                ans = receive(s)
            assert (ans.isdigit() and int(ans) == 2) or " " in ans, "Algo salio mal: %r" % ans
            setup = receive(s) if ans == "2" else ans
        w = play(s, setup, rng)
        print("winner", "BLUE" if w == BLUE else "RED", flush=True)


if __name__ == "__main__":
    main()
