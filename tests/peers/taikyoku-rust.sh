#!/bin/bash
# taikyoku-rust.sh - kifu's taikyoku-optional against the taikyokushogi crate
# (jh85/taikyokushogi, the Rust engine whose promotion rule taikyoku-optional
# takes), run by hand, not by `make test`: the crate is no Debian or npm
# package, so a checkout of it is given.
#
#     tests/peers/taikyoku-rust.sh CRATE_CHECKOUT [BINDIR]
#
# Builds tests/peers/taikyoku-rust/main.rs against the checkout, offline, with
# Debian's librust-rand-dev (the crate's one dependency) as the registry, then
# prints taikyoku-rust.py's three comparisons: the set-up,
# every piece alone and ringed by Pawns, and perft from the crate's start.
# docs/rules.md, "Taikyoku Shogi", "The Rust crate", says what the
# differences are (the run at the crate's commit dedf86b).  The crate needs
# Rust 1.70 or later (std::sync::OnceLock), which Debian 12's rustc (1.63) is
# not: the cargo on PATH is used, whatever installed it (the run above: a
# Rust 1.95 the machine came with), so this script, unlike the ones make test
# runs, does not rest on Debian and npm alone.
set -euo pipefail
export LC_ALL=C
here=$(cd "$(dirname "$0")/../.." && pwd)
crate=$(cd "${1:?usage: taikyoku-rust.sh CRATE_CHECKOUT [BINDIR]}" && pwd)
bin=$(cd "${2:-$here/build/bin}" && pwd)
registry=/usr/share/cargo/registry
if ! command -v cargo >/dev/null 2>&1 || ! ls -d "$registry"/rand-0.8.* >/dev/null 2>&1; then
	echo "taikyoku-rust.sh: needs cargo (Rust 1.70 or later) and Debian's librust-rand-dev" >&2
	exit 2
fi
minor=$(rustc --version | sed -n 's/^rustc 1\.\([0-9]*\).*/\1/p')
if [ -z "$minor" ] || [ "$minor" -lt 70 ]; then
	echo "taikyoku-rust.sh: the crate needs Rust 1.70 or later (OnceLock); this rustc: $(rustc --version)" >&2
	exit 2
fi
work=$here/build/peers/taikyoku-rust
mkdir -p "$work/src" "$work/.cargo"
cp "$here/tests/peers/taikyoku-rust/main.rs" "$work/src/main.rs"
cat >"$work/Cargo.toml" <<TOML
[package]
name = "taikyoku-rust-driver"
version = "0.0.0"
edition = "2021"

[dependencies]
taikyokushogi = { path = "$crate" }
TOML
cat >"$work/.cargo/config.toml" <<TOML
[source.crates-io]
replace-with = "debian"

[source.debian]
directory = "$registry"
TOML
(cd "$work" && cargo build --release --offline --quiet)
python3 "$here/tests/peers/taikyoku-rust.py" "$crate/src" "$work/target/release/taikyoku-rust-driver" "$bin"
