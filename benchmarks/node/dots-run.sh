#!/usr/bin/env bash
# One run of the Dots load generator against a fresh `boardlab serve --protocol dots` (seed 002, issue 18):
# copies the data folder that DotsAccounts made (its store with the accounts, and data/dots-logins.txt with their
# logins) to RUN, starts the server there on a 1 GB heap, runs benchmarks/node/dots-load.js against it with the
# server's pid, and stops the server. The machine's load is printed before and after.
#
#   benchmarks/node/dots-run.sh ACCOUNTS_FOLDER RUN PORT CLIENTS [dots-load.js options...]
#
# ACCOUNTS_FOLDER holds data/ and accounts.json (DotsAccounts --folder ACCOUNTS_FOLDER --accounts
# ACCOUNTS_FOLDER/accounts.json). SERVER_OPTS adds JVM options (e.g. a JFR recording into RUN); BOARDLAB runs another
# build's server (its ./boardlab, e.g. /tmp/ci65/boardlab) against this generator. The options after CLIENTS go to
# dots-load.js as they are (--transport websocket|long-polling, --lobby-first, ...; see its header). Needs Node.js and
# the npm faye module that .ci/run installs (bundles/boardlab.protocol.dots/src/test/node/node_modules).
#
# WARM_CLIENTS=N: before the measured run, N clients (the first N accounts, the same options, 5 s of play) log in,
# pair, play and leave, on the same server: the measured run's logins are then a warm server's (its JIT's compiling
# and class loading done), which is what the server needs a login once it has run a while; without it, they include
# the server's start. The warm-up's report goes to RUN/warm.log and RUN/warm.json.
set -euo pipefail
here="$(cd "$(dirname "$0")/../.." && pwd)"
[ $# -ge 4 ] || { echo "usage: $0 ACCOUNTS_FOLDER RUN PORT CLIENTS [dots-load.js options...]" >&2; exit 2; }
accounts="$(cd "$1" && pwd)"; run="$2"; port="$3"; clients="$4"; shift 4
[ -f "$accounts/accounts.json" ] && [ -d "$accounts/data" ] || { echo "$accounts has no data/ and accounts.json (DotsAccounts makes them)" >&2; exit 2; }
rm -rf "$run"
cp -a "$accounts" "$run"
run="$(cd "$run" && pwd)"
(cd "$run" && JDK_JAVA_OPTIONS="-Xmx1g ${SERVER_OPTS:-}" exec "${BOARDLAB:-$here/boardlab}" serve --protocol dots --port "$port" >"$run/server.log" 2>&1) &
launcher=$!
for _ in $(seq 1 600); do
  grep -q "^listening" "$run/server.log" 2>/dev/null && break
  kill -0 "$launcher" 2>/dev/null || { echo "the server did not start:" >&2; cat "$run/server.log" >&2; exit 1; }
  sleep 0.5
done
grep -q "^listening" "$run/server.log" || { echo "the server did not listen within 300 s" >&2; kill "$launcher"; exit 1; }
# the JVM's pid (the launcher script may run java as a child while it records its class archive)
pid="$(jcmd -l | awk -v p="--port $port" 'index($0, p) && /serve --protocol dots/ {print $1}' | head -1)"
[ -n "$pid" ] || { echo "no JVM serving on port $port" >&2; kill "$launcher"; exit 1; }
# connections the kernel could not queue for accepting (a full listen queue: the client sends its SYN again after 1 s
# or more); counted for the whole machine
overflows() { awk '/^TcpExt:/ { if (!h) { for (i = 1; i <= NF; i++) if ($i == "ListenOverflows") c = i; h = 1 } else print $c }' /proc/net/netstat; }
overflowsBefore="$(overflows)"
echo "server pid $pid, folder $run; uptime before: $(uptime)"
# stopped early (a timeout, ^C): the generator and the server go too
# (each step may fail, the process being gone already: the run's own status stands, not 143 from the stopped server)
cleanup() { if [ -n "${gen:-}" ]; then kill "$gen" 2>/dev/null || true; fi; kill "$pid" 2>/dev/null || true; wait "$launcher" 2>/dev/null || true; }
trap cleanup EXIT
trap 'exit 143' TERM INT
status=0
if [ -n "${WARM_CLIENTS:-}" ]; then
  echo "warm-up: $WARM_CLIENTS clients, $(date -u +%T) UTC; uptime: $(uptime)"
  NODE_PATH="$here/bundles/boardlab.protocol.dots/src/test/node/node_modules" node "$here/benchmarks/node/dots-load.js" \
    --url "http://127.0.0.1:$port" --clients "$WARM_CLIENTS" --seconds 5 --warmup 0 --accounts "$accounts/accounts.json" \
    --server-pid "$pid" --json "$run/warm.json" "$@" >"$run/warm.log" 2>&1 &
  gen=$!
  wait "$gen" || { echo "the warm-up failed (RUN/warm.log)" >&2; exit 1; }
  gen=
  grep -E '^(logged in|in games|errors):' "$run/warm.log" | sed 's/^/warm-up /' || true
  echo "warm-up done $(date -u +%T) UTC; the measured run follows; uptime: $(uptime)"
fi
NODE_PATH="$here/bundles/boardlab.protocol.dots/src/test/node/node_modules" node "$here/benchmarks/node/dots-load.js" \
  --url "http://127.0.0.1:$port" --clients "$clients" --accounts "$accounts/accounts.json" --server-pid "$pid" \
  --json "$run/result.json" "$@" &
gen=$!
wait "$gen" || status=$?
gen=
echo "uptime after: $(uptime)"
echo "listen queue overflows on the machine during the run: $(( $(overflows) - overflowsBefore ))"
exit $status
