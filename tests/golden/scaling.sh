#!/bin/bash
# scaling.sh - the recipes of docs/stats.md ("Past one process, past one
# machine"), run for real: kifu-stats over shards on other hosts with GNU
# parallel --sshlogin, here against localhost through a private sshd, and
# parallel --pipepart on one host; each merged answer must be byte for byte
# the answer of one kifu-stats over the whole.
#
#     bash tests/golden/scaling.sh BINDIR
#
# Needs GNU parallel, ssh, sshd and rsync (Debian: parallel openssh-client
# openssh-server rsync; .ci/run installs them); without them the test says
# SKIPPED.  The sshd is this test's own: on 127.0.0.1, a free port, keys made
# in a temporary folder, only those keys let in, stopped at the end.
#
# A script, not a case file: it starts a server and talks to it.
set -u
bin=$(cd "$1" && pwd)
gen=$(dirname "$bin")/tests/gen-records
sshd=$(command -v sshd || ls /usr/sbin/sshd 2>/dev/null || true)
for need in parallel ssh ssh-keygen rsync; do
	command -v "$need" >/dev/null 2>&1 || { echo "SKIPPED: scaling: $need is not installed (Debian: parallel openssh-client rsync)"; exit 0; }
done
[ -n "$sshd" ] || { echo "SKIPPED: scaling: sshd is not installed (Debian: openssh-server)"; exit 0; }

. "$(dirname "$0")/common.bash"
cleanup() {
	[ -s "$tmp/sshd.pid" ] && kill "$(cat "$tmp/sshd.pid")" 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT

# The records: 600 random games of two variants, in 4 shards.
mkdir -p "$tmp/work/shards"
"$gen" -v shogi -n 400 -p 120 -s 7 >"$tmp/all.compact"
"$gen" -v sho -n 200 -p 120 -s 8 >>"$tmp/all.compact"
(cd "$tmp/work" && split -n l/4 -d --additional-suffix=.compact ../all.compact shards/part)
"$bin/kifu-stats" --format=json "$tmp/all.compact" >"$tmp/whole.json"
"$bin/kifu-stats" --format=text "$tmp/all.compact" >"$tmp/whole.txt"
[ "$(ls "$tmp"/work/shards/*.compact | wc -l)" = 4 ] || fail "split made no 4 shards"

# 1. One host, every core: parallel --pipepart cuts the file at line ends.
parallel --pipepart -a "$tmp/all.compact" --block -1 "$bin/kifu-stats" --format=json |
	"$bin/kifu-stats" --merge --format=text >"$tmp/pipepart.txt"
cmp -s "$tmp/whole.txt" "$tmp/pipepart.txt" || fail "parallel --pipepart + --merge differs from the whole"

# 2. Several hosts: a private sshd on localhost stands for them.
ssh-keygen -q -t ed25519 -N '' -f "$tmp/host_key" || fail "ssh-keygen"
ssh-keygen -q -t ed25519 -N '' -f "$tmp/user_key" || fail "ssh-keygen"
cp "$tmp/user_key.pub" "$tmp/authorized_keys"
chmod 600 "$tmp/authorized_keys"
# privilege separation wants /run/sshd when sshd runs as root
[ "$(id -u)" != 0 ] || mkdir -p /run/sshd
port=""
for p in $(shuf -i 20000-60000 -n 20); do
	cat >"$tmp/sshd_config" <<EOF
Port $p
ListenAddress 127.0.0.1
HostKey $tmp/host_key
AuthorizedKeysFile $tmp/authorized_keys
PidFile $tmp/sshd.pid
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
StrictModes no
PermitRootLogin prohibit-password
EOF
	"$sshd" -f "$tmp/sshd_config" -E "$tmp/sshd.log" || continue
	for _ in $(seq 50); do [ -s "$tmp/sshd.pid" ] && break; sleep 0.1; done
	[ -s "$tmp/sshd.pid" ] && { port=$p; break; }
done
if [ -z "$port" ]; then
	echo "SKIPPED: scaling: sshd would not start ($(tail -n 1 "$tmp/sshd.log" 2>/dev/null))"
	exit 0
fi
cat >"$tmp/ssh_config" <<EOF
Host kifu-host
	HostName 127.0.0.1
	Port $port
	User $(id -un)
	IdentityFile $tmp/user_key
	IdentitiesOnly yes
	BatchMode yes
	StrictHostKeyChecking no
	UserKnownHostsFile $tmp/known_hosts
	LogLevel ERROR
EOF
ok=""
for _ in $(seq 30); do
	ssh -F "$tmp/ssh_config" kifu-host true 2>"$tmp/ssh.err" && { ok=yes; break; }
	sleep 0.2
done
if [ -z "$ok" ]; then
	fail "ssh to the private sshd: $(tail -n 2 "$tmp/ssh.err") / $(tail -n 2 "$tmp/sshd.log")"
	exit 1
fi

# The recipe of docs/stats.md: each shard sent to a host, counted there,
# its JSON sent back; the merge on this host.  (Two logins to one host stand
# for two hosts: parallel treats them alike.)
export PARALLEL_SSH="ssh -F $tmp/ssh_config"
(cd "$tmp/work" && parallel --sshlogin 2/kifu-host --wd ... --transferfile {} --return {.}.stats.json --cleanup \
	"$bin/kifu-stats" --format=json {} '>' {.}.stats.json ::: shards/*.compact) >"$tmp/parallel.out" 2>&1 ||
	fail "parallel --sshlogin: $(tail -n 3 "$tmp/parallel.out")"
[ "$(ls "$tmp"/work/shards/*.stats.json 2>/dev/null | wc -l)" = 4 ] || fail "parallel --sshlogin: not 4 answers returned"
"$bin/kifu-stats" --merge --format=text "$tmp"/work/shards/*.stats.json >"$tmp/hosts.txt" 2>&1
cmp -s "$tmp/whole.txt" "$tmp/hosts.txt" || fail "parallel --sshlogin + --merge differs from the whole: $(diff "$tmp/whole.txt" "$tmp/hosts.txt" | head -n 5)"
"$bin/kifu-stats" --merge --format=json "$tmp"/work/shards/*.stats.json >"$tmp/hosts.json"
cmp -s "$tmp/whole.json" "$tmp/hosts.json" || fail "parallel --sshlogin + --merge (json) differs from the whole"

# an invalid record on a host is counted there and in the merge (kifu-stats
# exits 0 when it counted: only a job that could not read fails)
printf 'shogi : 7g7f 7g7f\n' >"$tmp/work/shards/part99.compact"
(cd "$tmp/work" && parallel --sshlogin 1/kifu-host --wd ... --transferfile {} --return {.}.stats.json --cleanup \
	"$bin/kifu-stats" --format=json {} '>' {.}.stats.json ::: shards/part99.compact) >/dev/null 2>&1 ||
	fail "parallel --sshlogin with an invalid record: exit $?"
"$bin/kifu-stats" --merge --format=text "$tmp"/work/shards/*.stats.json | grep -q '^shogi  *401  *400  *1 ' ||
	fail "the invalid record on a host is not counted in the merge"

[ "$fails" = 0 ] || finish scaling.sh
echo "scaling: parallel --pipepart and parallel --sshlogin (localhost, port $port) merge to the whole, byte for byte"
