#!/usr/bin/env python3
"""taikyoku-rust.py - kifu's taikyoku-optional against the taikyokushogi crate,
run by tests/peers/taikyoku-rust.sh (which builds the crate's driver):

    taikyoku-rust.py CRATE_SRC DRIVER KIFU_BINDIR

Three comparisons, each printed as a few lines:

1. the start: the crate's set-up square by square against kifu's, which also
   maps the crate's abbreviations to kifu's SFEN tokens (a piece that
   promotes maps its promoted form too);
2. each piece alone: on 19s of an empty board (the two Kings in far
   corners), and on 19s ringed by enemy Pawns on every square within 2 (the
   5x5 square round it: Lions' two captures) and within 3 (jumps that pass two),
   the moves the crate lists (duplicates dropped) against kifu's;
3. perft from the crate's own start, its set-up written as kifu's SFEN:
   depth 1 move for move, depth 2 first move by first move.

The crate names an igui by its square alone (FROM*FROM, the piece it takes
unnamed), so kifu's igui (FROM MID FROM, an enemy on MID) are counted as
FROM*FROM too; kifu's Lion passes (FROM MID FROM, MID empty) are FROM=FROM.
docs/rules.md, "Taikyoku Shogi", says what the differences are.
"""
import collections
import re
import sys

import boards

N = 36
CENTRE = (18, 17)  # row, col: kifu's 19s


def square(row, col):
    return boards.square_name(N, row, col)


def parse_square(text):
    return boards.parse_square(N, text)


def crate_pieces(src):
    """abbrev -> (name, promotes_to) from the crate's src/pieces.rs"""
    text = open(src + "/pieces.rs", encoding="utf-8").read()
    out = {}
    manual = set(re.findall(r'^ *"([^"]+)"(?: \| "([^"]+)")* => Some\(Movement', text, re.M))
    manual = {a for pair in manual for a in pair if a}
    for m in re.finditer(r'PieceDef \{ abbrev: "([^"]+)", name: "([^"]+)", '
                         r'betza: (None|Some\("([^"]*)"\)), promotes_to: (None|Some\("([^"]+)"\))',
                         text):
        ab = m.group(1)
        betza = "its code" if ab in manual else m.group(4) or "none"
        out[ab] = (m.group(2), m.group(6), betza)
    return out


def parse_tsfen(tsfen):
    """the crate's TSFEN (a piece of two letters or more in brackets)"""
    return boards.parse_board(tsfen, r"\([^)]*\)|[A-Za-z]", lambda t: t.strip("()"))


def parse_sfen(sfen):
    """kifu's SFEN"""
    return boards.parse_board(sfen)


def tsfen(board):
    """the crate's TSFEN, Sente (its Black) to move"""
    return boards.write_board(N, board, lambda ab: ab if len(ab) == 1 else "(" + ab + ")",
                              " b 1")


def sfen(board):
    """kifu's SFEN, Sente to move"""
    return boards.write_board(N, board)


class Crate(boards.Peer):
    def __init__(self, driver):
        super().__init__(driver, "taikyoku-rust.py: the crate's driver")

    def ask(self, line):
        self.say(line)
        if line == "start":
            return " ".join(self.read_until(lambda w: True, line)[0])
        out = self.read_until(lambda w: w[0] == "total", line)
        return [(w[0], int(w[1])) for w in out[:-1]], int(out[-1][1])


def kifu_divide(bindir, position, depth):
    return boards.kifu_divide(bindir, "taikyoku-optional", position, depth)


def normal_kifu(move, board):
    """kifu's igui and pass as the crate names them"""
    sq = boards.SQUARE.findall(move)
    plus = "+" if move.endswith("+") else ""
    if len(sq) == 3 and sq[0] == sq[2]:
        f = "".join(sq[0])
        mid = parse_square("".join(sq[1]))
        return f + ("*" if mid in board else "=") + f + plus
    return move


# The crate's English names that kifu translates otherwise: one piece each
# (角行, 飛車, 角鷹, 飛鷲, 酔象, 白駒, 金翅, 天狗, 前旗, 教王, 水牛).
SYNONYMS = {
    "angle mover": "bishop", "flying chariot": "rook", "horned hawk": "horned falcon",
    "flying eagle": "soaring eagle", "drunken elephant": "drunk elephant",
    "white foal": "white horse", "gold bird": "golden bird", "tengu": "long-nosed goblin",
    "front standard": "standard bearer", "king of teachings": "teaching king",
    "water ox": "water buffalo",
}


def same_name(theirs, mine):
    """the crate's English name of a piece and kifu's"""
    return SYNONYMS.get(theirs.lower(), theirs.lower()) == mine.lower()


def ends(moves):
    """the squares moves end on, igui and passes apart"""
    return {parse_square("".join(boards.SQUARE.findall(m)[-1])) for m in moves
            if "*" not in m and "=" not in m}


def test_board(piece, ring):
    """piece, Sente's, on CENTRE, Gote Pawns on every square within ring of
    it, the two Kings in far corners"""
    board = {(35, 35): (True, "K"), (0, 0): (False, "K"), CENTRE: (True, piece)}
    for dr in range(-ring, ring + 1):
        for dc in range(-ring, ring + 1):
            if dr or dc:
                board[(CENTRE[0] + dr, CENTRE[1] + dc)] = (False, "P")
    return board


def classify(crate, ab, theirs, mine):
    """why the crate's moves of ab alone differ from kifu's (theirs and mine
    the moves from CENTRE)"""
    t, k = ends(theirs), ends(mine)
    if t == k:
        passes = [m for m in mine if "=" in m]
        if passes and not set(theirs) ^ (set(mine) - set(passes)):
            return "no pass"
        return "the same squares, promoted otherwise"
    betza = crate.betza[ab]
    if betza in ("its code", "none"):
        return "its code"
    if boards.betza_squares(betza, *CENTRE, N) == k:
        return "its Betza %s, read by Betza's rules, is kifu's piece" % betza
    return "its Betza %s is another piece" % betza


def compare_alone(crate, bindir, ab, token, ring, report):
    cb, kb = test_board(ab, ring), test_board(token, ring)
    centre = square(*CENTRE)
    theirs, _ = crate.ask("1 " + tsfen(cb))
    mine = kifu_divide(bindir, sfen(kb), 1)
    t = collections.Counter(m for m, _ in theirs if boards.SQUARE.match(m).group(0) == centre)
    k = collections.Counter(normal_kifu(m, kb) for m, _ in mine
                            if boards.SQUARE.match(m).group(0) == centre)
    if not ring:
        crate.alone[ab] = list(t)
    dup = sum(n - 1 for n in t.values())
    t_set = collections.Counter({m: (1 if "*" not in m else n) for m, n in t.items()})
    only_t = sorted((t_set - k).elements())
    only_k = sorted((k - t_set).elements())
    if only_t or only_k:
        why = "" if ring else " [%s]" % classify(crate, ab, list(t), list(k))
        report.append("  %-5s %-24s %-6s %s (%s; kifu %s): crate %d (%d listed twice), kifu %d;%s%s" % (
            ab, crate.names[ab], token, "ringed %d" % ring if ring else "alone", crate.betza[ab],
            crate.kifu_moves[token], sum(t_set.values()), dup,
            sum(k.values()), " only the crate: " + " ".join(only_t) if only_t else "",
            " only kifu: " + " ".join(only_k) if only_k else "") + why)
    return not only_t and not only_k


def main():
    src, driver, bindir = sys.argv[1:4]
    pieces = crate_pieces(src)
    crate = Crate(driver)
    crate.names = {ab: v[0] for ab, v in pieces.items()}
    crate.betza = {ab: v[2] for ab, v in pieces.items()}
    crate.alone = {}
    theirs = parse_tsfen(crate.ask("start"))
    show = boards.kifu_show(bindir, "taikyoku-optional")
    mine = parse_sfen(show["start"])
    english = {p["sfen"]: p["english"] for p in show["pieces"]}
    crate.kifu_moves = {p["sfen"]: p["moves"] for p in show["pieces"]}

    # 1. the start, and the map from the crate's abbreviations to kifu's tokens
    token = {}
    differ = []
    for sq in sorted(set(theirs) | set(mine)):
        t, k = theirs.get(sq), mine.get(sq)
        if t and k and t[0] == k[0] and token.setdefault(t[1], k[1]) == k[1]:
            continue
        differ.append("  %s: the crate %s, kifu %s" % (
            square(*sq), "%s %s" % (t[1], pieces[t[1]][0]) if t else "nothing",
            "%s %s" % (k[1], english[k[1]]) if k else "nothing"))
    print("start: %d pieces in the crate, %d in kifu; %d squares differ" % (
        len(theirs), len(mine), len(differ)))
    print("\n".join(differ))
    promotion = []
    for ab, tok in sorted(token.items()):
        pro = pieces[ab][1]
        kifu_pro = "+" + tok if "+" + tok in english else None
        if pro and kifu_pro and (english[token[pro]] == english[kifu_pro] if pro in token
                                 else same_name(pieces[pro][0], english[kifu_pro])):
            token.setdefault(pro, kifu_pro)
        elif pro or kifu_pro:
            promotion.append("  %s %s (%s): the crate's promotes to %s, kifu's to %s" % (
                ab, pieces[ab][0], tok, pieces[pro][0] if pro else "nothing",
                english[kifu_pro] if kifu_pro else "nothing"))
    unmapped = sorted(set(pieces) - set(token))
    print("promotion: %d of the %d kinds of the start promote otherwise" % (
        len(promotion), len(set(p[1] for p in theirs.values()))))
    print("\n".join(promotion))
    print("map: %d of the crate's %d kinds found in kifu; not found (reached by those"
          " promotions only): %s" % (len(token), len(pieces), " ".join(unmapped) or "none"))

    # 2. each piece alone and ringed
    report = []
    same = 0
    kinds = sorted(token)
    for ab in kinds:
        ok = True
        for ring in (0, 2, 3):
            ok &= compare_alone(crate, bindir, ab, token[ab], ring, report)
        same += ok
    # the reading of Betza's notation above, checked on the crate's own moves
    # alone: each string read so should give what its generator gives, but
    # where its parser reads s and v otherwise
    agree, other = 0, []
    for ab, (_, _, betza) in sorted(pieces.items()):
        if betza in ("its code", "none"):
            continue
        if ends(crate.alone[ab]) == boards.betza_squares(betza, *CENTRE, N):
            agree += 1
        else:
            other.append("%s %s" % (ab, betza))
    print("betza: %d of its %d strings, read by Betza's rules, give its own moves; not: %s" % (
        agree, agree + len(other), ", ".join(other) or "none"))
    print("pieces: %d of %d move as kifu's, alone and ringed" % (same, len(kinds)))
    print("\n".join(report))

    # 3. perft from the crate's start, its set-up as kifu's SFEN
    start = {sq: (p[0], token[p[1]]) for sq, p in theirs.items()}
    t2, t_total = crate.ask("2 " + tsfen(theirs))
    k2 = kifu_divide(bindir, sfen(start), 2)
    t_moves = collections.Counter(m for m, _ in t2)
    t_count = {}
    for m, n in t2:
        t_count[m] = n
    print("perft from the crate's start: depth 1 the crate %d (%d distinct), kifu %d;"
          " depth 2 the crate %d, kifu %d" % (len(t2), len(t_moves), len(k2), t_total,
                                               sum(n for _, n in k2)))
    k_count = dict(k2)
    print("  only the crate: " + " ".join(sorted(set(t_moves) - set(k_count))))
    print("  only kifu: " + " ".join(sorted(set(k_count) - set(t_moves))))
    diffs = collections.Counter()
    for m in set(t_moves) & set(k_count):
        if t_count[m] != k_count[m]:
            diffs[t_count[m] - k_count[m]] += 1
    print("  first moves in both whose reply counts differ: %d (%s)" % (
        sum(diffs.values()), ", ".join("%d by %+d" % (n, d) for d, n in sorted(diffs.items()))))


if __name__ == "__main__":
    main()
