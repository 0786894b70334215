#!/bin/sh
# Makes a PGN as XBoard saves a game between two HaChu engines (README.md):
#   make-xboard-game.sh VARIANT OUT.pgn
# Needs Debian's xboard, hachu and xvfb (xvfb-run).  Not run by the tests:
# the file it made is kept beside it.
set -eu
variant=$1
out=$2
PATH=$PATH:/usr/games
exec xvfb-run -a xboard -variant "$variant" -fcp hachu -scp hachu -matchGames 1 \
	-saveGameFile "$out" -searchTime 0:01 -popupExitMessage false
