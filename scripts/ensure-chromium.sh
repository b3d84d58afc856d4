#!/usr/bin/env bash
# Browser tests drive Debian's Chromium (Playwright may not download its own browser here).
set -euo pipefail
if [ -x /usr/bin/chromium ] && fc-list 2>/dev/null | grep -qi "Noto Color Emoji"; then exit 0; fi
echo "› installing Debian's chromium for the browser tests"
if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core fonts-noto-color-emoji >/dev/null
