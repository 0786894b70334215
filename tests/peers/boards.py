"""boards.py - squares and positions as kifu writes them, for the peer
scripts run by hand (taikyoku-rust.py, qboard.py): a square's name on a
board of n files (files n..1 from the left, ranks a..z then aa..aj from the
top), a board as {(row, col): (sente, token)} read from and written to a
position's first field."""
import re

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
