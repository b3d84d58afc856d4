#!/usr/bin/env bash
# `npm test`: install what is needed, then typecheck, lint, unit + integration tests, and browser journeys.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/bootstrap.sh
bash scripts/ensure-chromium.sh
# .tools/bin: pnpm and the project's Node (the LTS pinned in .node-version), ahead of the machine's.
export PATH="$PWD/.tools/bin:$PATH"
export TURBO_TELEMETRY_DISABLED=1

pnpm exec prettier --check . --log-level warn
# Import cycles and the layer rules of ARCHITECTURE.md.
pnpm check:imports
pnpm turbo run typecheck lint test build --output-logs=errors-only --concurrency=2
pnpm --filter @paisable/e2e test:e2e

# The same API suite against an external PostgreSQL when one is reachable, to prove DATABASE_URL works.
EXTERNAL_URL="${EXTERNAL_TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
if command -v pg_isready >/dev/null && pg_isready -q -d "$EXTERNAL_URL"; then
  echo "› API integration tests against the external PostgreSQL ($EXTERNAL_URL)"
  # The soak and the process-fault tests start their own servers on their own databases; the OCR process
  # and hostile-input tests try our child processes and request limits, not the database server (they are
  # two thirds of this run's time): all of them ran once above.
  TEST_DATABASE_URL="$EXTERNAL_URL" pnpm --filter @paisable/api exec vitest run --project integration \
    --exclude 'test/soak/**' --exclude 'test/faults/**' --exclude 'test/ocr/**' --exclude 'test/fuzz/**'
else
  echo "› no external PostgreSQL reachable at $EXTERNAL_URL: its compatibility run was not done"
fi
