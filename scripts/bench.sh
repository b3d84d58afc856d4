#!/usr/bin/env bash
# The 10^6-transaction benchmark (bench/README.md). Not part of `npm test`: it takes several minutes.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/bootstrap.sh >/dev/null
# The project's Node (.tools/bin/node, the LTS pinned in .node-version), not the machine's.
export PATH="$PWD/.tools/bin:$PATH"
cd bench
exec node --import tsx run.ts
