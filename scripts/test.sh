#!/usr/bin/env bash
# `npm test`: install what is needed, then typecheck, lint, unit + integration tests, and browser journeys.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/bootstrap.sh
bash scripts/ensure-chromium.sh
export PATH="$PWD/.tools/bin:$PATH"
export TURBO_TELEMETRY_DISABLED=1

pnpm exec prettier --check . --log-level warn
pnpm turbo run typecheck lint test build --output-logs=errors-only --concurrency=2
pnpm --filter @paisable/e2e test:e2e
