#!/usr/bin/env bash
# Every conformance kit, server and client, run from the product as a user runs it, against boardlab's own
# `serve` and `client`: the wall time of `boardlab conform ... --fast` (its JVM's start included) with
# /usr/bin/time, the scenarios and checks, and the load average at the start. A client kit's client is started
# as soon as the kit says it listens (a user in a second terminal takes longer; that wait is not the kit's).
#
#   benchmarks/conform/kit-times.sh [product/target/boardlab.jar] [work folder]
#
# Prints one line per kit, then the table for the conform README. Only loopback ports 18100-18240 are used.
set -u
JAR=$(realpath "${1:-product/target/boardlab.jar}")
WORK=${2:-$(mktemp -d /tmp/kit-times.XXXXXX)}
mkdir -p "$WORK"
[ -f "$JAR" ] || { echo "no product jar at $JAR (./mvnw -B -q package -DskipTests)" >&2; exit 2; }
ROWS=()
SERVER=
CLIENT=

# the load average over the last minute
load() { cut -d' ' -f1 /proc/loadavg; }

# waits until FILE has a line matching PATTERN (at most S seconds)
await_line() { # file pattern seconds
  local end=$((SECONDS + $3))
  until grep -qE "$2" "$1" 2>/dev/null; do
    [ $SECONDS -ge $end ] && return 1
    sleep 0.1
  done
}

stop_server() {
  if [ -n "$SERVER" ]; then kill "$SERVER" 2>/dev/null; wait "$SERVER" 2>/dev/null; SERVER=; fi
}
stop_client() {
  if [ -n "$CLIENT" ]; then kill "$CLIENT" 2>/dev/null; wait "$CLIENT" 2>/dev/null; CLIENT=; fi
}
trap 'stop_client; stop_server' EXIT

# row NAME SIDE LOG XML START_LOAD: one line of the table from the kit's summary, its JUnit XML and /usr/bin/time
row() {
  local summary tests skipped secs
  summary=$(grep -E "^$1 $2 .*: [0-9]+ scenarios?, " "$3" | tail -1)
  tests=$(grep -o 'tests="[0-9]*"' "$4" | head -1 | tr -dc 0-9)
  skipped=$(grep -o 'skipped="[0-9]*"' "$4" | head -1 | tr -dc 0-9)
  secs=$(grep -E '^wall ' "$3" | tail -1 | cut -d' ' -f2)
  echo "$1 $2: ${summary#*: } | checks made $((tests - skipped)) of $tests | wall ${secs} s | load $5"
  ROWS+=("| \`$1\` | $2 | $(echo "$summary" | sed -E 's/^.*: ([0-9]+) scenarios?, ([0-9]+) passed, ([0-9]+) failed, ([0-9]+) errors?, ([0-9]+) skipped.*/\1 (\2 passed, \3 failed, \4 errors, \5 skipped)/') | $((tests - skipped)) of $tests | ${secs} | $5 |")
}

# server NAME PORT "JAVA OPTIONS" "SERVE OPTIONS" "CONFORM OPTIONS"
server_kit() {
  local name=$1 port=$2 dir="$WORK/$1-server"
  mkdir -p "$dir"
  (cd "$dir" && exec java $3 -jar "$JAR" serve --protocol "$name" --port "$port" $4 > serve.log 2>&1) &
  SERVER=$!
  await_line "$dir/serve.log" "^listening: $name" 120 || { echo "$name: the server did not start ($dir/serve.log)"; stop_server; return; }
  local l; l=$(load)
  (cd "$dir" && /usr/bin/time -f 'wall %e' java -jar "$JAR" conform "$name" server "127.0.0.1:$port" --fast $5 --junit kit.xml > kit.log 2>&1)
  stop_server
  row "$name" server "$dir/kit.log" "$dir/kit.xml" "$l"
}

# client NAME PORT "CONFORM OPTIONS" "CLIENT COMMAND (after java -jar JAR)" [first input line] [again]
# The client reads a pipe kept open until the kit ends (a terminal client's input; the Dots client's password on its first
# line). again: the client is started anew each time it ends, until the kit ends (the Reversi kit plays two games, one
# connection each, as a player started again after each End).
client_kit() {
  local name=$1 port=$2 dir="$WORK/$1-client"
  mkdir -p "$dir"
  rm -f "$dir/in" "$dir/client.pid"
  mkfifo "$dir/in"
  local l; l=$(load)
  (cd "$dir" && exec /usr/bin/time -f 'wall %e' java -jar "$JAR" conform "$name" client --port "$port" --bind 127.0.0.1 --fast $3 --junit kit.xml > kit.log 2>&1) &
  local kit=$!
  await_line "$dir/kit.log" "listening on" 60 || { echo "$name: the kit did not listen ($dir/kit.log)"; kill $kit; return; }
  (
    cd "$dir"
    while :; do
      java -jar "$JAR" $4 < in >> client.log 2>&1 &
      echo $! > client.pid
      wait $!
      [ "${6:-}" = again ] && kill -0 $kit 2>/dev/null || break
    done
  ) &
  CLIENT=$!
  exec 3> "$dir/in"
  [ -n "${5:-}" ] && printf '%s\n' "$5" >&3
  wait $kit
  exec 3>&-
  stop_client
  [ -f "$dir/client.pid" ] && kill "$(cat "$dir/client.pid")" 2>/dev/null
  row "$name" client "$dir/kit.log" "$dir/kit.xml" "$l"
}

echo "== kits from $JAR, in $WORK; $(date -u +%FT%TZ); $(uptime)"
server_kit othello 18100 "" "--time-per-move 2 --idle-timeout 5 --no-store" "--move-time 2 --idle-time 5"
server_kit gomoku 18110 "" "--time-per-move 2 --no-store" "--move-time 2"
server_kit reversi 18120 "-Dboardlab.reversi.timePerMove=4" "--no-store" "--move-time 4"
server_kit onitama 18130 "" "--time-per-move 2 --no-store" "--move-time 2"
server_kit dots 18140 "-Dboardlab.dots.silence=3" "--no-store" "--idle-time 3"
client_kit othello 18200 "" "client othello --port 18200 --name kit-student --player first-legal"
client_kit gomoku 18210 "" "client gomoku --port 18210 --player first-legal"
client_kit reversi 18220 "" "client reversi --black 127.0.0.1:18220 --player first-legal" "" again
client_kit onitama 18230 "" "client onitama --port 18230 --player onitama-normal --games 2"
client_kit dots 18240 "--idle-time 7" "client dots --port 18240 --name kit-student --player random" "secret-student"
echo "== end $(date -u +%FT%TZ); $(uptime)"
echo
echo "| protocol | side | scenarios | checks made | seconds (wall, \`/usr/bin/time\`) | load at the start |"
echo "| --- | --- | --- | --- | --- | --- |"
printf '%s\n' "${ROWS[@]}"
