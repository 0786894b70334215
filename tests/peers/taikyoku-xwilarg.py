#!/usr/bin/env python3
"""taikyoku-xwilarg.py - kifu's taikyoku pieces against the piece table of
Xwilarg/TaikyokuShogi, run by hand, not by `make test`:

    taikyoku-xwilarg.py CHECKOUT [KIFU_BINDIR [NAME...]]

That program (unfinished, in a browser) keeps each piece as a file of
src/Piece/Impl/: its kanji, English name, a Betza string and a list of moves,
each a step, slide or jump along a vector with a range; its README says the
table is the English Wikipedia's.  The lists are read here as data (never
run), and each piece's squares from the centre of an empty 36x36 board
(19s, the Kings in far corners) are compared with those of kifu's
`taikyoku` piece of the same English name, or else of the same kanji.
Printed: a count, then each piece that differs with both sides' squares
counted and why (its own Betza string reads as kifu's piece, so its list
slipped; its list and string disagree; or they agree: another reading), then the
pieces not found in kifu and the files not read.  Given NAMEs, kifu's
English names of pieces (the crate's table pieces, docs/rules.md, "Against
the Rust crate", as kifu names them: Water Buffalo for its Water Ox), it
prints for each what this table has and whether it reaches kifu's squares.  docs/rules.md, "Taikyoku Shogi",
"An English Wikipedia table", says what the differences are.
"""
import collections
import glob
import os
import re
import sys

import boards

N = 36
CENTRE = (18, 17)  # row, col: kifu's 19s
MOVE = re.compile(r"new Move\(\s*(moveWalk|moveJump),\s*new Vector2\(\s*(-?\d+),\s*(-?\d+)\s*\),"
                  r"\s*(\w+)\s*\)")
PIECE = re.compile(r'new Piece\(\s*"([^"]*)",\s*"([^"]*)",\s*"([^"]*)",\s*\[(.*?)\]\s*\)', re.S)


def table(checkout):
    """English name -> (kanji, Betza, moves) of every piece file, comments
    (the alternative versions some files keep) left out; and the files not
    written so"""
    out, unread = {}, []
    for path in sorted(glob.glob(os.path.join(checkout, "src/Piece/Impl/*.js"))):
        text = open(path, encoding="utf-8").read()
        text = re.sub(r"//[^\n]*", "", re.sub(r"/\*.*?\*/", "", text, flags=re.S))
        m = PIECE.search(text)
        if m is None:
            unread.append(os.path.basename(path))
            continue
        out[m.group(2)] = (m.group(1), m.group(3), MOVE.findall(m.group(4)))
    return out, unread


def their_squares(moves):
    """the squares a move list reaches from CENTRE on an empty board: y is
    forward (toward row 0), a range of Infinity is the board's"""
    out = set()
    for _, x, y, rng in moves:
        x, y = int(x), int(y)
        limit = N if rng == "Infinity" else int(rng)
        for i in range(1, limit + 1):
            r, c = CENTRE[0] - y * i, CENTRE[1] + x * i
            if not (0 <= r < N and 0 <= c < N):
                break
            out.add((r, c))
    return out


def kifu_squares(bindir, token):
    board = {(N - 1, N - 1): (True, "K"), (0, 0): (False, "K"), CENTRE: (True, token)}
    moves = boards.kifu_divide(bindir, "taikyoku", boards.write_board(N, board), 1)
    return {sq[-1] for sq in (boards.move_squares(N, m) for m, _ in moves) if sq[0] == CENTRE}


def key(name):
    return re.sub(r"[^a-z]", "", name.lower())


# Its names that are kifu's otherwise (its Howling Dogs are both 𠵇犬, and it
# calls the Reed Bird 𦬨鳥, kifu's name for it, the Young Bird).
ALIASES = {"howlingdogleft": "lefthowlingdog", "howlingdogright": "righthowlingdog",
           "youngbird": "reedbird"}


def betza_reads(betza, squares):
    """whether its Betza string, read with a doubled atom as its rider (WW
    the Rook's R, FF the Bishop's B) and n (not jumping) dropped, as nothing
    stands in the way, reaches squares"""
    text = betza.replace("WW", "R").replace("FF", "B").replace("n", "")
    return boards.betza_squares(text, *CENTRE, N) == squares


def why(betza, theirs, mine):
    """why its piece reaches theirs and kifu's mine: its move list's slip
    (its own Betza string reads as kifu's piece), a slip in one of the two
    (they disagree with each other), or another reading (they agree)"""
    if betza_reads(betza, mine):
        return "its Betza string is kifu's piece"
    if not betza_reads(betza, theirs):
        return "its list and its Betza string disagree"
    return "its list and its Betza string agree: another reading"


def main():
    checkout = sys.argv[1]
    here = os.path.dirname(os.path.abspath(__file__))
    bindir = sys.argv[2] if len(sys.argv) > 2 else os.path.join(here, "../../build/bin")
    asked = sys.argv[3:]
    show = boards.kifu_show(bindir, "taikyoku")
    by_name = {}
    by_kanji = {}
    for p in show["pieces"]:
        by_name.setdefault(key(p["english"]), p)
        by_kanji.setdefault(p["name"], p)
    theirs, unread = table(checkout)
    same, differ, unfound, found = 0, [], [], {}
    causes = collections.Counter()
    for en, (kanji, betza, moves) in sorted(theirs.items()):
        p = by_name.get(ALIASES.get(key(en), key(en))) or by_kanji.get(kanji)
        if p is None:
            unfound.append("%s %s" % (en, kanji))
            continue
        t, k = their_squares(moves), kifu_squares(bindir, p["sfen"])
        cause = None if t == k else why(betza, t, k)
        found[key(p["english"])] = (en, kanji, betza, cause)
        if cause is None:
            same += 1
        else:
            causes[cause] += 1
            differ.append("  %s %s (its Betza %s): %d squares; kifu's %s (%s, `%s`) %d [%s]" % (
                en, kanji, betza, len(t), p["english"], p["name"], p["moves"], len(k), cause))
    print("pieces: %d of the %d found in kifu reach the same squares alone; %d differ: %s" % (
        same, same + len(differ), len(differ),
        "; ".join("%s %d" % (c, n) for c, n in causes.most_common()) or "none"))
    for line in differ:
        print(line)
    print("not found in kifu: " + (", ".join(unfound) or "none"))
    print("files not read (written otherwise): " + (", ".join(unread) or "none"))
    for name in asked:
        hit = found.get(key(name))
        print("%s: %s" % (name, "not in this table" if hit is None else
                          "its %s %s (%s) %s" % (hit[0], hit[1], hit[2],
                                                 "reaches kifu's squares" if hit[3] is None
                                                 else "differs: " + hit[3])))


if __name__ == "__main__":
    main()
