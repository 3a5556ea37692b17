#!/usr/bin/env bash
# Runs a command with a throwaway PostgreSQL server for the tests, then stops and deletes it:
#   scripts/with-postgres.sh ./mvnw -B verify
# The server is Debian's PostgreSQL (package postgresql, binaries in /usr/lib/postgresql/*/bin), a new
# cluster in a temporary folder, listening on 127.0.0.1 only, on a free port, with trust login for the
# user postgres (nothing else can reach it). It runs as the user postgres when this script runs as root
# (PostgreSQL refuses to run as root). Its JDBC URL is exported to the command as
#   BOARDLAB_TEST_POSTGRES=jdbc:postgresql://127.0.0.1:PORT/postgres?user=postgres
# which every store test reads (org.boardlab.store.testing.TestDatabases). The exit code is the command's.
set -euo pipefail

if [ $# -eq 0 ]; then
  echo "usage: scripts/with-postgres.sh COMMAND [ARGS...]" >&2
  exit 2
fi

bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
  echo "with-postgres.sh: PostgreSQL's server is not installed (no /usr/lib/postgresql/*/bin/initdb): apt-get install postgresql" >&2
  exit 1
fi

dir=$(mktemp -d /tmp/boardlab-pg.XXXXXX)
as_pg=()
if [ "$(id -u)" -eq 0 ]; then
  id postgres >/dev/null 2>&1 || { echo "with-postgres.sh: running as root but there is no user postgres" >&2; exit 1; }
  chown postgres "$dir"
  as_pg=(runuser -u postgres --)
fi

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()')

stop() {
  "${as_pg[@]}" "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap stop EXIT

"${as_pg[@]}" "$bin/initdb" -D "$dir/data" -U postgres -A trust -E UTF8 --no-locale >"$dir/initdb.log" 2>&1 \
  || { cat "$dir/initdb.log" >&2; exit 1; }
# fsync stays on: the durability tests (kill -9) and the benchmark measure what a lab server does
"${as_pg[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
  -o "-c listen_addresses=127.0.0.1 -c port=$port -c unix_socket_directories=$dir -c max_connections=200" start >/dev/null \
  || { cat "$dir/server.log" >&2; exit 1; }

export BOARDLAB_TEST_POSTGRES="jdbc:postgresql://127.0.0.1:$port/postgres?user=postgres"
echo "with-postgres.sh: PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$port (BOARDLAB_TEST_POSTGRES)" >&2
set +e
"$@"
code=$?
set -e
exit $code
