// main.rs - the driver tests/peers/taikyoku-rust.sh builds against a checkout
// of the taikyokushogi crate (jh85/taikyokushogi): it reads a line at a time,
//
//     start            the crate's start position, as its TSFEN
//     DEPTH TSFEN      each move of TSFEN's side (DEPTH 1), or each with the
//                      number of replies to it (DEPTH 2), then the total
//
// and names each move as kifu's compact notation does (formats/compact.md):
// files from Sente's right, ranks from Gote's side (row 0 is rank a), a
// mid-capture's three squares, a '+' for promotion.  The crate's igui names
// no square (only the piece it takes), so it is written FROM*FROM.
use std::io::{BufRead, Write};
use taikyokushogi::{Board, Move, Square};

fn square(s: Square) -> String {
    let rank = s.row + 1;
    let letters = if rank <= 26 {
        ((b'a' + (rank - 1) as u8) as char).to_string()
    } else {
        format!("a{}", (b'a' + (rank - 27) as u8) as char)
    };
    format!("{}{}", 36 - s.col, letters)
}

fn name(m: &Move) -> String {
    let raw = m.raw();
    let mut s = square(m.from());
    if m.is_igui() {
        s.push('*');
        s.push_str(&square(m.from()));
    } else {
        if (raw.mid_sq as usize) < 36 * 36 {
            let mid = raw.mid_sq as usize;
            s.push_str(&square(Square::new(mid / 36, mid % 36)));
        }
        s.push_str(&square(m.to()));
    }
    if m.is_promotion() {
        s.push('+');
    }
    s
}

fn main() {
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    for line in std::io::stdin().lock().lines() {
        let line = line.expect("standard input");
        if line == "start" {
            writeln!(out, "{}", Board::initial().to_tsfen()).unwrap();
            out.flush().unwrap();
            continue;
        }
        let (depth, tsfen) = line.split_once(' ').expect("DEPTH TSFEN");
        let depth: u32 = depth.parse().expect("a depth");
        let mut b = Board::from_tsfen(tsfen).expect("a TSFEN");
        let mut total = 0u64;
        for m in b.legal_moves() {
            let n = if depth >= 2 {
                b.apply(&m);
                let k = b.legal_moves().len() as u64;
                b.undo();
                k
            } else {
                1
            };
            total += n;
            writeln!(out, "{} {}", name(&m), n).unwrap();
        }
        writeln!(out, "total {}", total).unwrap();
        out.flush().unwrap();
    }
}
