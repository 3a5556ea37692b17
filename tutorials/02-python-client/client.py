#!/usr/bin/env python3
"""Tutorial 02: an Othello client in Python for boardlab's server (seed 000's text protocol).

Usage:  python3 client.py HOST PORT NAME [OPPONENT]

With OPPONENT it invites that player as soon as they are in the lobby (and plays black);
without it, it accepts the first invitation (and plays white). It plays random squares:
the server refuses illegal ones with SMOVERR, and it tries another. Standard library only.
"""
import random
import socket
import sys


def main():
    host, port, name = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    opponent = sys.argv[4] if len(sys.argv) > 4 else None
    sock = socket.create_connection((host, port))
    lines = sock.makefile("r", encoding="ascii", newline="\n")

    def send(line):
        sock.sendall((line + "\n").encode("ascii"))

    board = None      # 64 characters, B W or ., row 1 first (as SMOV carries it)
    colour = None     # BLACK or WHITE, from SSTARTG
    tried = set()     # squares refused since our turn began

    def play():
        free = [i for i in range(64) if board[i] == "." and i not in tried]
        square = random.choice(free)
        tried.add(square)
        send("CMOV~%d~%d" % (square % 8, square // 8))   # x is the column, y the row

    send("CNAME~" + name)
    for raw in lines:
        fields = raw.rstrip("\r\n").split("~")
        kind = fields[0]
        if kind == "SNAMEERR":
            print("login refused:", fields[1])
            return 1
        if kind == "SADDP" and opponent and fields[1] == opponent:
            send("CREQ~" + opponent)
        elif kind == "SREQ" and not opponent:
            send("CRES~%s~ACCEPT" % fields[1])
        elif kind == "SSTARTG":
            colour = fields[2] if len(fields) > 2 else ("BLACK" if opponent else "WHITE")
            board = "." * 27 + "WB" + "." * 6 + "BW" + "." * 27
            print("game against", fields[1], "as", colour)
            if colour == "BLACK":
                tried.clear()
                play()
        elif kind == "SMOV":
            board = fields[5]
            if fields[4] == colour:          # our turn (also when the opponent had to pass)
                tried.clear()
                play()
        elif kind == "SMOVERR":
            play()                           # refused: try another square
        elif kind == "SENDG":
            print("game over: black %s, white %s, %s (%s)" % (fields[1], fields[2], fields[3], fields[4]))
            send("CEXIT")
            return 0
        elif kind == "SERR":
            print("the server says we broke the protocol:", fields[1])
            return 1
    print("the server closed the connection")
    return 1


if __name__ == "__main__":
    sys.exit(main())
