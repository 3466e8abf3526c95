#!/usr/bin/env bash
# Runs every test of the repository, on a fresh machine or on one where it ran before:
#  1. installs the Debian packages the tests need when they are missing (chromium, PostgreSQL 15,
#     redis-server, openssl, slapd and ldap-utils, and for the PC/SC test pcscd, vsmartcard-vpcd, libpcsclite-dev, opensc, yubico-piv-tool),
#     and starts pcscd when it is not running (stopped again at the end);
#  2. unit and server tests (jest) against the embedded PGlite;
#  3. the server tests again against a throwaway PostgreSQL cluster (and Redis), stopped at the end;
#  4. the production build of the console and the end-to-end tests in Chromium (Playwright).
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
[ -x /usr/lib/postgresql/15/bin/initdb ] || need+=(postgresql-15)
command -v redis-server >/dev/null 2>&1 || need+=(redis-server)
# PC/SC stack for the agent's pcsc backend test (issue 5): pcscd, the vpcd virtual reader driver, libpcsclite headers.
command -v pcscd >/dev/null 2>&1 || need+=(pcscd)
[ -f /usr/lib/pcsc/drivers/serial/libifdvpcd.so ] || need+=(vsmartcard-vpcd)
[ -f /usr/include/PCSC/winscard.h ] || need+=(libpcsclite-dev)
# Standard PIV middleware the virtual card is checked against (OpenSC, Yubico's tool).
command -v opensc-tool >/dev/null 2>&1 || need+=(opensc)
command -v yubico-piv-tool >/dev/null 2>&1 || need+=(yubico-piv-tool)
# OpenSSL's command line checks what the PKI issues (verify, crl, ocsp, req, x509).
command -v openssl >/dev/null 2>&1 || need+=(openssl)
# A real LDAP server for the directory-users tests (issue 13): slapd, started by the test itself, and its tools.
[ -x /usr/sbin/slapd ] || need+=(slapd)
command -v ldapsearch >/dev/null 2>&1 || need+=(ldap-utils)
# Card printing (issue 16): a throwaway cupsd and ipptool for the IPP printer test, pdftotext to read printed PDFs.
[ -x /usr/sbin/cupsd ] || need+=(cups)
command -v ipptool >/dev/null 2>&1 || need+=(cups-ipp-utils)
command -v pdftotext >/dev/null 2>&1 || need+=(poppler-utils)
# Real ACME clients for the ACME server tests (issue 17): obtain, renew and revoke over http-01 on loopback.
command -v certbot >/dev/null 2>&1 || need+=(certbot)
command -v lego >/dev/null 2>&1 || need+=(lego)
if [ ${#need[@]} -gt 0 ]; then
  echo "test: installing Debian packages: ${need[*]}"
  export DEBIAN_FRONTEND=noninteractive
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo -E"
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi

# The optional pcsclite addon cannot build before libpcsclite-dev is there, and npm then leaves it out of
# node_modules altogether (a rebuild has nothing to rebuild). Now that the library is installed, rebuild it, or
# install the locked version when it is absent, without touching package.json or the lockfile.
if ! node -e "require('pcsclite')" >/dev/null 2>&1; then
  if [ -d node_modules/pcsclite ]; then
    npm rebuild pcsclite >/dev/null 2>&1 || true
  else
    pcsclite_version=$(node -p "require('./package-lock.json').packages['node_modules/pcsclite'].version")
    echo "test: installing the optional pcsclite@$pcsclite_version addon (built against libpcsclite-dev)"
    npm install --no-save --no-audit --no-fund --loglevel=error "pcsclite@$pcsclite_version" >/dev/null
  fi
  node -e "require('pcsclite')" || { echo "test: the pcsclite addon could not be built; see the npm output above"; exit 1; }
fi

# pcscd has no service manager here: start it for the tests when it is not running, stop it at the end.
# Running means a live process behind its pid file: a pcscd that was killed (a machine's earlier session) leaves
# its socket behind, and PC/SC then answers "Service not available"; those stale files are removed first.
pcscd_alive() { [ -S /run/pcscd/pcscd.comm ] && [ -s /run/pcscd/pcscd.pid ] && kill -0 "$(tr -dc 0-9 </run/pcscd/pcscd.pid)" 2>/dev/null; }
pcscd_pid=""
if ! pcscd_alive; then
  rm -f /run/pcscd/pcscd.comm /run/pcscd/pcscd.pid 2>/dev/null || true
  pcscd --foreground >/tmp/tessera-test-pcscd.log 2>&1 &
  pcscd_pid=$!
  for _ in $(seq 1 50); do pcscd_alive && break; sleep 0.1; done
  pcscd_alive || { echo "test: pcscd did not start; /tmp/tessera-test-pcscd.log says:"; cat /tmp/tessera-test-pcscd.log; exit 1; }
fi
stop_pcscd() { if [ -n "$pcscd_pid" ]; then kill "$pcscd_pid" 2>/dev/null || true; wait "$pcscd_pid" 2>/dev/null || true; fi; }

stop_services() { node scripts/test-services.mjs stop >/dev/null 2>&1 || true; stop_pcscd; }
trap stop_services EXIT

# Each jest phase has a time limit far above its usual length (PGlite ~20 min, PostgreSQL ~8 min on 2 cores): a test
# stuck in native code blocks jest's own timers, and a run should fail with the phase named rather than hang.
phase() { local limit=$1; shift; timeout --kill-after=30s "$limit" "$@" || { rc=$?; [ "$rc" -ge 124 ] && echo "test: '$*' did not finish within $limit"; return "$rc"; }; }

echo "== unit and server tests (PGlite)"
phase 45m npx jest --ci --forceExit

echo "== server tests (PostgreSQL 15 and Redis)"
eval "$(node scripts/test-services.mjs start)"
TESSERA_TEST_DATABASE_URL="$TESSERA_TEST_DATABASE_URL" TESSERA_TEST_REDIS_URL="${TESSERA_TEST_REDIS_URL:-}" \
  phase 30m npx jest --ci --forceExit server
stop_services

echo "== build and end-to-end tests (Chromium)"
npm run --silent build
npx playwright test -c tests/playwright.config.ts
