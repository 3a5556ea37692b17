#!/usr/bin/env python3
"""A small AI for seed 001's AI interface, for boardlab's tests: run as the seed's server ran its
game_logic.py,

    seed_ai.py "<25 digits>;<B1> <B2>;<R1> <R2>;<S>" <player> <depth>

it prints one move, "fromRow fromCol toRow toCol CARD" (row 0 is red's home row, the first five
digits), or "-1 -1 -1 -1 CARD" when no piece can move. It takes the enemy master if it can, else
any capture, else the first legal move (cards in hand order, squares row by row). The depth is read
and not used."""
import sys

STEPS = {  # (right, forward) seen by the holder: the official cards
    "TIGER": [(0, 2), (0, -1)], "DRAGON": [(-2, 1), (2, 1), (-1, -1), (1, -1)], "FROG": [(-2, 0), (-1, 1), (1, -1)],
    "RABBIT": [(2, 0), (1, 1), (-1, -1)], "CRAB": [(0, 1), (-2, 0), (2, 0)], "ELEPHANT": [(-1, 1), (1, 1), (-1, 0), (1, 0)],
    "GOOSE": [(-1, 1), (-1, 0), (1, 0), (1, -1)], "ROOSTER": [(1, 1), (-1, 0), (1, 0), (-1, -1)],
    "MONKEY": [(-1, 1), (1, 1), (-1, -1), (1, -1)], "MANTIS": [(-1, 1), (1, 1), (0, -1)], "HORSE": [(0, 1), (-1, 0), (0, -1)],
    "OX": [(0, 1), (1, 0), (0, -1)], "CRANE": [(0, 1), (-1, -1), (1, -1)], "BOAR": [(0, 1), (-1, 0), (1, 0)],
    "EEL": [(-1, 1), (-1, -1), (1, 0)], "COBRA": [(1, 1), (1, -1), (-1, 0)],
}


def main():
    board_cards, player, _depth = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    parts = [p.strip() for p in board_cards.split(";")]
    digits = parts[0]
    hands = [parts[1].split(), parts[2].split()]
    own = ("1", "2") if player == 0 else ("3", "4")
    enemy_master = "3" if player == 0 else "1"
    moves = []
    for card in hands[player]:
        for i, d in enumerate(digits):
            if d not in own:
                continue
            r, c = divmod(i, 5)
            for right, forward in STEPS[card.upper()]:
                dr, dc = (-forward, right) if player == 0 else (forward, -right)
                tr, tc = r + dr, c + dc
                if 0 <= tr < 5 and 0 <= tc < 5 and digits[tr * 5 + tc] not in own:
                    target = digits[tr * 5 + tc]
                    rank = 2 if target == enemy_master else 1 if target != "0" else 0
                    moves.append((-rank, len(moves), "%d %d %d %d %s" % (r, c, tr, tc, card.upper())))
    if not moves:
        print("-1 -1 -1 -1 %s" % hands[player][0].upper())
        return
    print(min(moves)[2])


if __name__ == "__main__":
    main()
