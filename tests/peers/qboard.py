#!/usr/bin/env python3
"""qboard.py - kifu's Chu, Dai, Dai Dai, Maka Dai Dai and Tai against QBoard's
board classes, run by tests/peers/qboard.sh (which builds the driver):

    qboard.py QBOARD_CHECKOUT DRIVER KIFU_BINDIR [VARIANT...]

QBoard (fire-lizard/QBoard, a Qt program for playing many chess and shogi
variants) gives each board a list of the squares a piece may go to
(Board::GetAllMoves: from and to, nothing more: no promotion choice, no
second step, no legality).  So kifu's moves are compared by their squares:
a move of kifu's counts as its first and last square, and one that ends
where it began (a Lion's pass, an igui) as the piece's own square, which is
how QBoard lists a pass.  For each variant, three comparisons, each printed
as a few lines:

1. the start: QBoard's set-up square by square against kifu's, which also
   maps QBoard's piece types to kifu's SFEN tokens (a piece that promotes
   maps its promoted form: what the board's own Promote makes of it, matched
   by the English name);
2. each piece alone, on the centre of an empty board (the royals in far
   corners, Gote's with a Pawn beside it, so that no bare-royal rule ends
   the game), and ringed by enemy Pawns on every square within 2 and
   within 3: the squares QBoard lists against kifu's;
3. depth 1 from the start, and from every 25th position of three random
   games (Sente and Gote to move by turns): QBoard's (from, to) pairs
   against kifu's.

docs/rules.md, "Against QBoard", says what the differences are.
"""
import collections
import re
import subprocess
import sys

import boards
from boards import parse_board as parse_sfen

VARIANTS = ["chu", "dai", "dai-dai", "maka-dai-dai", "tai"]
square_name = boards.square_name


def piece_types(checkout):
    """QBoard's PieceType numbers -> names, from its Common.h"""
    text = open(checkout + "/Common.h", encoding="utf-8").read()
    body = re.search(r"enum PieceType\s*\{(.*?)\};", text, re.S).group(1)
    body = re.sub(r"//[^\n]*", "", body)
    return [w.strip() for w in body.split(",") if w.strip()]


def words(name):
    """a name as a key: letters only, lower case ("FreeDreamEater",
    "Free Dream-Eater" -> "freedreameater")"""
    return re.sub(r"[^a-z]", "", name.lower())


# QBoard's type names that kifu's English names give otherwise (one piece
# each: the Drunk Elephant, the Kirin, the Lion Dog, ...).
SYNONYMS = {
    "elephant": "drunkelephant", "kylin": "kirin", "tiger": "blindtiger",
    "leopard": "ferociousleopard", "queen": "freeking", "gold": "goldgeneral",
    "silver": "silvergeneral", "copper": "coppergeneral", "iron": "irongeneral",
    "stone": "stonegeneral", "tile": "tilegeneral", "earth": "earthgeneral",
    "wood": "woodgeneral", "eagle": "soaringeagle", "falcon": "hornedfalcon",
    "guardian": "guardianofthegods", "yaksha": "shedevil", "prince": "crownprince",
    "freego": "freegoer", "tengu": "longnosedgoblin", "ramheadsoldier": "ramsheadsoldier",
    "sideflier": "sideflyer",
}


def same_name(theirs, mine):
    return words(mine) in (words(theirs), SYNONYMS.get(words(theirs)))


class Driver(boards.Peer):
    def __init__(self, path):
        super().__init__(path, "qboard.py: the driver")

    def ask(self, line):
        self.say(line)
        out = self.read_until(lambda w: w[0] in ("end", "error"), line)
        if out[-1][0] == "error":
            sys.exit("qboard.py: the driver says: " + " ".join(out[-1]))
        return [tuple(int(v) for v in w) for w in out[:-1]]


class Kifu:
    def __init__(self, bindir, variant):
        self.bindir, self.variant = bindir, variant
        self.show = boards.kifu_show(bindir, variant)
        self.n = self.show["files"]
        self.pieces = {p["sfen"]: p for p in self.show["pieces"]}

    def moves(self, sfen):
        """kifu's moves at depth 1 as (from, to) in (row, col)"""
        return [(sq[0], sq[-1]) for sq in (boards.move_squares(self.n, m) for m, _ in
                                           boards.kifu_divide(self.bindir, self.variant, sfen, 1))]


def spec(board, token_to_type):
    """a board as the driver's SPEC: QBoard's White is kifu's Sente"""
    return ";".join("%d,%d,%d,%d" % (col, row, token_to_type[tok], 0 if sente else 1)
                    for (row, col), (sente, tok) in sorted(board.items()))


def royal_token(kifu):
    royals = [p for p in kifu.show["pieces"] if p["royal"]]
    return min(royals, key=lambda p: (p["moves"] != "K", p["promoted"]))["sfen"]


def test_board(kifu, token, ring, royal):
    n = kifu.n
    c = n // 2
    board = {(n - 1, n - 1): (True, royal), (0, 0): (False, royal), (0, 1): (False, "P"),
             (c, c): (True, token)}
    for dr in range(-ring, ring + 1):
        for dc in range(-ring, ring + 1):
            if dr or dc:
                board[(c + dr, c + dc)] = (False, "P")
    return board


def compare_variant(driver, kifu, names):
    variant, n = kifu.variant, kifu.n
    print("== %s (%dx%d)" % (variant, n, n))
    theirs = {(y, x): (colour == 0, t) for x, y, t, colour in driver.ask(variant + " start")}
    mine = parse_sfen(kifu.show["start"])

    # 1. the start, and the map from QBoard's types to kifu's tokens
    token, differ = {}, []
    for sq in sorted(set(theirs) | set(mine)):
        t, k = theirs.get(sq), mine.get(sq)
        if t and k and t[0] == k[0] and token.setdefault(t[1], k[1]) == k[1]:
            continue
        differ.append("  %s: QBoard %s, kifu %s" % (
            square_name(n, *sq), names[t[1]] + ("" if t[0] else " (Gote)") if t else "nothing",
            "%s %s" % (k[1], kifu.pieces[k[1]]["english"]) if k else "nothing"))
    print("start: %d pieces in QBoard, %d in kifu; %d squares differ" % (
        len(theirs), len(mine), len(differ)))
    for line in differ:
        print(line)
    unnamed = sorted(names[t] for t, tok in token.items()
                     if not same_name(names[t], kifu.pieces[tok]["english"]))
    print("names: the types mapped by square whose names are not kifu's English: " +
          (" ".join("%s (%s)" % (nm, kifu.pieces[token[names.index(nm)]]["english"])
                    for nm in unnamed) or "none"))

    # promoted forms: the board's promotion of each; kifu's +TOKEN, by name
    promoted = {}
    for t, tok in sorted(token.items()):
        pro = driver.ask("%s promotes %d" % (variant, t))[0][0]
        kpro = "+" + tok if "+" + tok in kifu.pieces else None
        if pro and kpro and same_name(names[pro], kifu.pieces[kpro]["english"]):
            promoted[kpro] = pro
        elif pro or kpro:
            print("  promotion: %s (%s) promotes in QBoard to %s, in kifu to %s" % (
                names[t], tok, names[pro] if pro else "nothing",
                kifu.pieces[kpro]["english"] if kpro else "nothing"))
    type_of = {tok: t for t, tok in token.items()}
    type_of.update(promoted)

    # 2. each piece alone and ringed
    royal = royal_token(kifu)
    type_of.setdefault("P", names.index("Pawn"))
    same, report = 0, []
    c = n // 2
    for tok in sorted(type_of, key=lambda s: (s.startswith("+"), s)):
        ok = True
        for ring in (0, 2, 3):
            board = test_board(kifu, tok, ring, royal)
            t = {(y, x) for fx, fy, x, y in driver.ask(variant + " moves 0 " + spec(board, type_of))
                 if (fy, fx) == (c, c)}
            k = {m[1] for m in kifu.moves(boards.write_board(n, board)) if m[0] == (c, c)}
            if t != k:
                ok = False
                why = {explain(kifu, board, (c, c), sq, True) for sq in t - k}
                why |= {explain(kifu, board, (c, c), sq, False) for sq in k - t}
                report.append("  %-4s %-22s %-8s %s: QBoard %d squares, kifu %d%s%s [%s]" % (
                    tok, kifu.pieces[tok]["english"], kifu.pieces[tok]["moves"],
                    "ringed %d" % ring if ring else "alone", len(t), len(k),
                    "; only QBoard: " + " ".join(square_name(n, *s) for s in sorted(t - k))
                    if t - k else "",
                    "; only kifu: " + " ".join(square_name(n, *s) for s in sorted(k - t))
                    if k - t else "", "; ".join(sorted(w or "unexplained" for w in why))))
        same += ok
    print("pieces: %d of %d move to the same squares, alone and ringed" % (same, len(type_of)))
    for line in report:
        print(line)

    # 3. depth 1 from the start and from positions of random games
    causes = collections.Counter()
    print(depth1(driver, kifu, type_of, kifu.show["start"], "the start", causes))
    for ply, position in middle_positions(kifu):
        print(depth1(driver, kifu, type_of, position, "ply %d of a random game" % ply, causes))
    print("differing pairs, by cause: " + ("; ".join(
        "%s %d" % (why or "unexplained", count) for why, count in causes.most_common())
        or "none"))


def middle_positions(kifu):
    """every 25th position of three random games (tests' gen-records, seeds
    1..3, up to 400 plies), as SFEN"""
    gen = kifu.bindir + "/../tests/gen-records"
    out = []
    for seed in (1, 2, 3):
        record = subprocess.run([gen, "-v", kifu.variant, "-n", "1", "-p", "400", "-s", str(seed)],
                                check=True, capture_output=True, text=True).stdout
        sfens = subprocess.run([kifu.bindir + "/kifu-replay", "-v", kifu.variant, "--every",
                                "--format=sfen"], input=record, check=True,
                               capture_output=True, text=True).stdout.split("\n")
        out += [(ply, s) for ply, s in enumerate(sfens) if s and ply and ply % 25 == 0]
    return out


# Why a square differs, where docs/rules.md ("Against QBoard") says so: each
# cause, and the test that recognises it.
PASSERS = {"Horned Falcon": [(1, 0)], "Soaring Eagle": [(1, -1), (1, 1)]}  # 1: forward
JUMPERS = {"Fierce Eagle", "Golden Deer", "Peacock", "Silver Hare", "Turtle-Snake"}


def explain(kifu, board, f, to, qboard_only):
    """the cause of a (from, to) pair only one side has, or None"""
    sente, tok = board[f]
    name = kifu.pieces[tok]["english"]
    forward = -1 if sente else 1
    dr, dc = to[0] - f[0], to[1] - f[1]
    middle = (f[0] + dr // 2, f[1] + dc // 2)
    own = lambda sq: sq in board and board[sq][0] == sente
    if qboard_only and f == to and name in PASSERS and all(
            own((f[0] + r * forward, f[1] + c)) for r, c in PASSERS[name]):
        return "QBoard's pass with the piece's own on the first square"
    if qboard_only and name == "Emperor" and to in board and not own(to):
        return "QBoard's Emperor taking a piece protected"
    if qboard_only and name in JUMPERS and abs(dr) == abs(dc) == 2 and middle in board:
        return "QBoard's jump to the second diagonal square, kifu's slide of 2"
    if not qboard_only and name == "Free Bear" and abs(dr) == abs(dc) == 2 \
            and dr == 2 * forward and middle in board:
        return "kifu's Free Bear's forward diagonal jump (Evans), QBoard's none"
    return None


def depth1(driver, kifu, type_of, position, where, causes):
    """QBoard's (from, to) pairs against kifu's in position: a line, and a
    line for each pair that explain does not explain; causes counts the rest"""
    n, variant = kifu.n, kifu.variant
    board = parse_sfen(position)
    side = 0 if position.split()[1] == "b" else 1
    unknown = sorted({tok for _, tok in board.values() if tok not in type_of})
    if unknown:
        return "depth 1 from %s: not compared, QBoard has no piece for %s" % (
            where, " ".join(unknown))
    t1 = {((fy, fx), (y, x)) for fx, fy, x, y in driver.ask(
        "%s moves %d %s" % (variant, side, spec(board, type_of)))}
    k_moves = kifu.moves(position)
    k1 = {(m[0], m[1]) for m in k_moves}
    lines = ["depth 1 from %s (%s to move): QBoard %d (from, to) pairs, kifu %d (of its %d"
             " moves)" % (where, "Sente" if side == 0 else "Gote", len(t1), len(k1),
                          len(k_moves))]
    for pairs, qboard_only in ((t1 - k1, True), (k1 - t1, False)):
        for f, to in sorted(pairs):
            why = explain(kifu, board, f, to, qboard_only)
            causes[why] += 1
            if why is None:
                tok = board[f][1]
                lines.append("  unexplained: %s %s %s to %s, only %s" % (
                    square_name(n, *f), tok, kifu.pieces[tok]["english"],
                    square_name(n, *to), "QBoard" if qboard_only else "kifu"))
    return "\n".join(lines)


def main():
    checkout, driver_path, bindir = sys.argv[1:4]
    variants = sys.argv[4:] or VARIANTS
    names = piece_types(checkout)
    driver = Driver(driver_path)
    for variant in variants:
        compare_variant(driver, Kifu(bindir, variant), names)


if __name__ == "__main__":
    main()
