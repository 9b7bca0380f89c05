#!/usr/bin/env bash
# Starts a throwaway PostgreSQL on 127.0.0.1 for tests and benchmarks:
#   eval "$(scripts/throwaway-postgres.sh start PORT)"   sets PG_THROWAWAY_DIR and PG_THROWAWAY_URL
#   scripts/throwaway-postgres.sh stop "$PG_THROWAWAY_DIR"
set -euo pipefail
pg_bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
if [ -z "$pg_bin" ]; then
  echo "PostgreSQL is not installed: apt-get install -y postgresql" >&2
  exit 1
fi
# initdb refuses to run as root; the Debian package creates the postgres user.
as_pg=()
[ "$(id -u)" = 0 ] && as_pg=(runuser -u postgres --)

case "${1:-}" in
  start)
    port=${2:-55432}
    dir=$(mktemp -d /tmp/visita-pg.XXXXXX)
    [ "$(id -u)" = 0 ] && chown postgres "$dir"
    "${as_pg[@]}" "$pg_bin/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
    "${as_pg[@]}" "$pg_bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
      -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c max_connections=300 -c fsync=off" start >/dev/null
    echo "PG_THROWAWAY_DIR=$dir"
    echo "PG_THROWAWAY_URL=postgres://postgres@127.0.0.1:$port/postgres"
    echo "PG_THROWAWAY_VERSION=$("$pg_bin/postgres" --version | awk '{print $3}')"
    ;;
  stop)
    dir=${2:?directory}
    "${as_pg[@]}" "$pg_bin/pg_ctl" -D "$dir/data" -m fast stop >/dev/null 2>&1 || true
    rm -rf "$dir"
    ;;
  *)
    echo "usage: $0 start [PORT] | stop DIR" >&2
    exit 2
    ;;
esac
