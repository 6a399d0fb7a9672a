#!/usr/bin/env bash
# npm test: everything CI runs. Lint, types, unit tests, integration tests on PGlite and on the
# PostgreSQL server, browser tests; then one closing line with the totals.
set -euo pipefail
cd "$(dirname "$0")/.."
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
# the JSON reports (per-test timings) and each step's wall time stay in test-results/timings/
reports=test-results/timings
rm -rf "$reports" && mkdir -p "$reports"
steps="$reports/steps.tsv"
: > "$steps"

step_name=''
step_start=0
end_step() {
  if [ -n "$step_name" ]; then printf '%s\t%s\n' "$step_name" "$(($(date +%s) - step_start))" >> "$steps"; fi
  step_name=''
}
step() {
  end_step
  step_name=$1
  step_start=$(date +%s)
  printf '\n== %s\n' "$1"
}

step "system packages"
bash scripts/ensure-system-deps.sh

step "lint"
npx biome check .
node scripts/check-feature-boundaries.mjs
node scripts/check-file-size.mjs   # no non-generated source file over 400 lines
npx knip   # knip.json: no unused or unlisted dependencies, no unused files
npm ls --all > /dev/null   # the installed tree matches package.json and the lockfile
step "typecheck"
npx tsc --noEmit -p tsconfig.json

step "unit tests"
npx vitest run --project unit --reporter=default --reporter=json --outputFile.json="$reports/unit.json"

step "integration tests on PGlite"
TEST_DB=pglite npx vitest run --project integration --reporter=default --reporter=json --outputFile.json="$reports/int-pglite.json"

step "integration tests on the PostgreSQL server"
node scripts/drop-test-databases.mjs
TEST_DB=postgres npx vitest run --project integration --reporter=default --reporter=json --outputFile.json="$reports/int-postgres.json"

step "browser tests"
node scripts/build.mjs
node scripts/check-js-budgets.mjs
PLAYWRIGHT_JSON_OUTPUT_NAME="$reports/e2e.json" npx playwright test --reporter=list,json

step "two processes behind nginx"
npx playwright test -c playwright.deploy.config.ts

step "production install (fresh clone, build, prune, NODE_ENV=production start)"
bash scripts/test-production-install.sh

end_step
node scripts/test-summary.mjs "$reports"
