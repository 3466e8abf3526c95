#!/usr/bin/env bash
# Runs every test of the repository, on a fresh machine or on one where it ran before:
#  1. installs the Debian packages the tests need when they are missing (chromium, PostgreSQL 15,
#     redis-server);
#  2. unit and server tests (jest) against the embedded PGlite;
#  3. the server tests again against a throwaway PostgreSQL cluster (and Redis), stopped at the end;
#  4. the production build of the console and the end-to-end tests in Chromium (Playwright).
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
[ -x /usr/lib/postgresql/15/bin/initdb ] || need+=(postgresql-15)
command -v redis-server >/dev/null 2>&1 || need+=(redis-server)
if [ ${#need[@]} -gt 0 ]; then
  echo "test: installing Debian packages: ${need[*]}"
  export DEBIAN_FRONTEND=noninteractive
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo -E"
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi

stop_services() { node scripts/test-services.mjs stop >/dev/null 2>&1 || true; }
trap stop_services EXIT

echo "== unit and server tests (PGlite)"
npx jest --ci --forceExit

echo "== server tests (PostgreSQL 15 and Redis)"
eval "$(node scripts/test-services.mjs start)"
TESSERA_TEST_DATABASE_URL="$TESSERA_TEST_DATABASE_URL" TESSERA_TEST_REDIS_URL="${TESSERA_TEST_REDIS_URL:-}" \
  npx jest --ci --forceExit server
stop_services

echo "== build and end-to-end tests (Chromium)"
npm run --silent build
npx playwright test -c tests/playwright.config.ts
