#!/usr/bin/env bash
# The browser suite runs in Debian's Chromium (never a browser a tool downloads by itself).
set -euo pipefail
bin="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$bin" ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Chromium is missing: installing Debian's chromium package..."
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "Chromium is missing at $bin. Install it (as root: apt-get update && apt-get install -y chromium)," >&2
echo "or point CHROMIUM_PATH at a Chromium binary, then run the tests again." >&2
exit 1
