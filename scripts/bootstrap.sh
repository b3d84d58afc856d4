#!/usr/bin/env bash
# Installs what the project needs with nothing but Node 20 and npm on the machine:
# pnpm (into ./.tools, no global install), then the workspace dependencies.
set -euo pipefail
cd "$(dirname "$0")/.."

PNPM_VERSION=12.21.0
PNPM=.tools/bin/pnpm

if [ ! -x "$PNPM" ] || [ "$("$PNPM" --version 2>/dev/null)" != "$PNPM_VERSION" ]; then
  echo "› installing pnpm $PNPM_VERSION into .tools"
  # Corepack's signature check fails on these machines, so pnpm comes from npm.
  npm install --prefix .tools --no-save --no-package-lock --loglevel=error "pnpm@$PNPM_VERSION" >/dev/null
  mkdir -p .tools/bin
  ln -sf ../node_modules/.bin/pnpm .tools/bin/pnpm
fi

echo "› installing dependencies"
if [ -n "${CI:-}" ]; then
  "$PNPM" install --frozen-lockfile --reporter=append-only
else
  "$PNPM" install --prefer-frozen-lockfile --reporter=append-only
fi
