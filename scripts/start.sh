#!/usr/bin/env bash
# `npm start`: install, build the web app, then run web + API + jobs on one port.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/bootstrap.sh
# .tools/bin: pnpm and the project's Node (the LTS pinned in .node-version), ahead of the machine's.
export PATH="$PWD/.tools/bin:$PATH"

echo "› building the web app"
pnpm --filter @paisable/web build

export NODE_ENV=production
export DATA_DIR="${DATA_DIR:-$PWD/.data}"
exec pnpm --filter @paisable/api start
