"""boards.py - squares and positions as kifu writes them, for the peer
scripts run by hand (taikyoku-rust.py, qboard.py): a square's name on a
board of n files (files n..1 from the left, ranks a..z then aa..aj from the
top), a board as {(row, col): (sente, token)} read from and written to a
position's first field."""
import json
import re
import subprocess
import sys

SQUARE = re.compile(r"(\d+)([a-z]+)")
# kifu's SFEN token: a letter, its marks, '+' before a promoted piece
SFEN_TOKEN = r"\+?[A-Za-z]['!]*"


def square_name(n, row, col):
    rank = row + 1
    letters = chr(96 + rank) if rank <= 26 else "a" + chr(96 + rank - 26)
    return "%d%s" % (n - col, letters)


def parse_square(n, text):
    f, r = SQUARE.fullmatch(text).groups()
    rank = ord(r) - 96 if len(r) == 1 else 26 + ord(r[1]) - 96
    return rank - 1, n - int(f)


def parse_board(text, token=SFEN_TOKEN, piece=lambda t: t):
    """a position's board -> {(row, col): (sente, piece(token) upper-cased)},
    its tokens matched by the pattern token (a Gote piece in lower case)"""
    board = {}
    for row, rank in enumerate(text.split()[0].split("/")):
        col = 0
        for m in re.finditer(r"\d+|" + token, rank):
            t = m.group(0)
            if t[0].isdigit():
                col += int(t)
                continue
            name = piece(t)
            sente = next(c for c in name if c.isalpha()).isupper()
            board[(row, col)] = (sente, name.upper())
            col += 1
    return board


def write_board(n, board, token=lambda t: t, rest=" b - 1"):
    """{(row, col): (sente, name)} -> a position of n files and ranks, each
    name written by token (a Gote piece's in lower case), then rest"""
    rows = []
    for row in range(n):
        s, empty = "", 0
        for col in range(n):
            p = board.get((row, col))
            if p is None:
                empty += 1
                continue
            if empty:
                s += str(empty)
                empty = 0
            s += token(p[1] if p[0] else p[1].lower())
        rows.append(s + (str(empty) if empty else ""))
    return "/".join(rows) + rest


def kifu_show(bindir, variant):
    """kifu-variants show VARIANT --format=json, read"""
    return json.loads(subprocess.run([bindir + "/kifu-variants", "show", variant,
                                      "--format=json"], check=True, capture_output=True,
                                     text=True).stdout)


def kifu_divide(bindir, variant, position, depth):
    """kifu-perft --divide: [(move, count)] of position in variant"""
    out = subprocess.run([bindir + "/kifu-perft", "-v", variant, "--sfen", position,
                          "--divide", str(depth)], check=True, capture_output=True,
                         text=True).stdout
    return [(w[0], int(w[1])) for w in (line.split() for line in out.split("\n"))
            if len(w) == 2]


def move_squares(n, move):
    """the squares a move of kifu's names, in order, as (row, col)"""
    return [parse_square(n, "".join(s)) for s in SQUARE.findall(move)]


class Peer:
    """a peer's driver, spoken to a line at a time: say a line, then read
    its answer's lines, split into words, up to the one stop accepts"""

    def __init__(self, path, name):
        self.name = name
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True)

    def say(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def read_until(self, stop, line):
        """the answer's lines up to and with the first that stop accepts
        (line, what was said, for the message if the driver stops)"""
        out = []
        while True:
            words = self.p.stdout.readline().split()
            if not words:
                sys.exit("%s: the driver stopped on: %s" % (self.name, line[:80]))
            out.append(words)
            if stop(words):
                return out

# Betza's notation as its author and H. G. Muller define it, for the peers'
# strings (taikyoku-rust.py) (atoms W F D A N, riders R B, compounds K Q; f b l r s v, a range):
# s is l and r, v is f and b; on a diagonal atom f, b, l, r each name two
# directions and a pair of them (fr) one, so s and v name all four.
ORTHOGONAL = {"f": [(-1, 0)], "b": [(1, 0)], "l": [(0, -1)], "r": [(0, 1)]}
ORTHOGONAL["s"] = ORTHOGONAL["l"] + ORTHOGONAL["r"]
ORTHOGONAL["v"] = ORTHOGONAL["f"] + ORTHOGONAL["b"]
DIAGONAL = {"fl": (-1, -1), "fr": (-1, 1), "bl": (1, -1), "br": (1, 1)}
ATOMS = {"W": ("o", 1, 1), "F": ("d", 1, 1), "D": ("o", 2, 1), "A": ("d", 2, 1),
         "R": ("o", 1, 0), "B": ("d", 1, 0)}
BETZA = re.compile(r"([fblrsv]*)([WFDANRBKQ])(\d*)")


def betza_directions(kind, mods):
    if kind == "o":
        if not mods:
            return [d for k in "fblr" for d in ORTHOGONAL[k]]
        return sorted({d for k in mods for d in ORTHOGONAL[k]})
    if not mods:
        return list(DIAGONAL.values())
    out, i = set(), 0
    while i < len(mods):
        pair = mods[i:i + 2]
        if pair in DIAGONAL:
            out.add(DIAGONAL[pair])
            i += 2
            continue
        k = mods[i]
        out |= {d for name, d in DIAGONAL.items()
                if k in "sv" or k in name}
        i += 1
    return sorted(out)


def betza_squares(betza, row, col, n):
    """the squares a piece of Betza's notation reaches from (row, col) on an
    empty board of n files and ranks, Sente's, moving toward row 0"""
    out = set()
    for mods, atom, rng in BETZA.findall(betza):
        parts = {"K": ["W", "F"], "Q": ["R", "B"]}.get(atom, [atom])
        for part in parts:
            if atom == "N" and mods == "ff":
                steps = [(-2, -1, 1), (-2, 1, 1)]
            elif atom == "N":
                steps = [(a, b, 1) for a in (-2, -1, 1, 2) for b in (-2, -1, 1, 2)
                         if abs(a) != abs(b)]
            else:
                kind, length, limit = ATOMS[part]
                if rng:
                    limit = int(rng)
                steps = [(dr * length, dc * length, limit)
                         for dr, dc in betza_directions(kind, mods)]
            for dr, dc, limit in steps:
                i = 1
                while limit == 0 or i <= limit:
                    r, c = row + dr * i, col + dc * i
                    if not (0 <= r < n and 0 <= c < n):
                        break
                    out.add((r, c))
                    i += 1
    return out
