#!/usr/bin/env bash
# The README's first command as a newcomer runs it: `npm start` on a fresh data folder, until the
# widget, the console and readiness answer 200; then it is stopped. CI runs this before `npm test`
# (npm start once crashed on every machine for eleven days and no check noticed).
set -euo pipefail
cd "$(dirname "$0")/.."
port="${CHECK_START_PORT:-3197}"
data="$(mktemp -d)"
log="$data/start.log"
PORT="$port" DATA_DIR="$data/data" setsid npm start >"$log" 2>&1 &
pid=$!
stop() {
  kill -TERM -- "-$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  rm -rf "$data"
}
trap stop EXIT
deadline=$((SECONDS + ${CHECK_START_TIMEOUT_S:-600}))
until curl -fs -o /dev/null "http://127.0.0.1:$port/api/health/ready"; do
  if ! kill -0 "$pid" 2>/dev/null; then
    echo "check-start: npm start exited before it answered:" >&2
    tail -40 "$log" >&2
    exit 1
  fi
  if [ "$SECONDS" -ge "$deadline" ]; then
    echo "check-start: npm start did not answer /api/health/ready in time" >&2
    tail -40 "$log" >&2
    exit 1
  fi
  sleep 2
done
for path in /demo /console/ /api/health/ready; do
  code="$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port$path")"
  if [ "$code" != 200 ]; then
    echo "check-start: $path answered $code, not 200" >&2
    exit 1
  fi
  echo "check-start: $path 200"
done
