#!/usr/bin/env bash
# Everything the test suite needs on a fresh Debian machine with Python 3.11 and pip:
# the project with its test extra, Debian's Chromium (end-to-end tests; Playwright cannot
# download its own browser here), PostgreSQL (storage tests start a throwaway server) and
# nginx (the shipped proxy configuration is tried with it).
set -euo pipefail
cd "$(dirname "$0")/.."
need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
# PostgreSQL's server programs: on PATH, else where pg_config says (Debian keeps them off PATH),
# as tests/server/pg.py looks for them
command -v pg_ctl >/dev/null 2>&1 || [ -x "$(pg_config --bindir 2>/dev/null)/pg_ctl" ] || need+=(postgresql)
command -v npm >/dev/null 2>&1 || need+=(nodejs npm)   # the browser client's checks (below)
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || need+=(nginx)   # deploy/nginx.conf, tried for real
if [ ${#need[@]} -gt 0 ]; then
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
fi
python3 -m pip install -q -c constraints.txt -e '.[test]'
# the browser client's checks: TypeScript (tsc --checkJs) and axe-core, as package-lock.json pins them
npm ci --no-audit --no-fund --loglevel=error
