#!/usr/bin/env bash
# npm test: everything CI runs. Lint, types, unit tests, integration tests on PGlite and on the
# PostgreSQL server, browser tests, the two-process deployment, the production install; then one
# closing line with the totals.
#
# Steps that do not depend on each other run side by side, in groups: each group waits for all of
# its steps; a step's output is kept in test-results/timings/logs/ and printed when its group ends.
# A failed step stops the run after its group, with the summary and exit status 1.
# (Two lanes, the browser tests beside unit and integration, were tried and were slower on 2
# cores: docs/decisions/008-ci-groups-not-lanes.md.)
set -euo pipefail
cd "$(dirname "$0")/.."
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
# the JSON reports (per-test timings) and each step's wall time stay in test-results/timings/
reports=test-results/timings
rm -rf "$reports" && mkdir -p "$reports/logs"
steps="$reports/steps.tsv"
: > "$steps"
run_start=$(date +%s)
echo "$run_start" > "$reports/started"
# how fast the machine is, before and after (scripts/machine-speed.mjs): step times are read with it
node scripts/machine-speed.mjs > "$reports/machine-speed-before" || true

group_pids=()
group_names=()
group_logs=()
failed_steps=()

# start_step NAME COMMAND...: runs COMMAND in the background (a bash -c string), output to a log;
# the log gets the step's wall time and exit status when it ends
start_step() {
  local name=$1 command=$2
  local log
  log="$reports/logs/$(printf '%s' "$name" | tr -c 'A-Za-z0-9' '-' | tr -s '-').log"
  printf '== started: %s\n' "$name"
  (
    set +e
    start=$(date +%s)
    bash -c "set -euo pipefail; $command" > "$log" 2>&1
    rc=$?
    end=$(date +%s)
    printf '%s\t%s\t%s\n' "$name" "$((end - start))" "$((start - run_start))" >> "$steps"
    exit "$rc"
  ) &
  group_pids+=("$!")
  group_names+=("$name")
  group_logs+=("$log")
}

# end_group: waits for every step started since the last group, prints their output in order
end_group() {
  local i rc
  for i in "${!group_pids[@]}"; do
    rc=0
    wait "${group_pids[$i]}" || rc=$?
    printf '\n== %s%s\n' "${group_names[$i]}" "$([ "$rc" -eq 0 ] || echo " FAILED (exit $rc)")"
    cat "${group_logs[$i]}"
    if [ "$rc" -ne 0 ]; then failed_steps+=("${group_names[$i]}"); fi
  done
  group_pids=()
  group_names=()
  group_logs=()
  if [ "${#failed_steps[@]}" -gt 0 ]; then finish; fi
}

finish() {
  local rc=0
  if [ "${#failed_steps[@]}" -gt 0 ]; then printf '%s\n' "${failed_steps[@]}" > "$reports/failed-steps"; fi
  node scripts/machine-speed.mjs > "$reports/machine-speed-after" || true
  node scripts/test-summary.mjs "$reports" || rc=$?
  exit "$rc"
}

# one step alone
step() {
  start_step "$1" "$2"
  end_group
}

step "system packages" "bash scripts/ensure-system-deps.sh"

# lint, types and the build need nothing from each other
start_step "lint" "
  npx biome check .
  node scripts/check-feature-boundaries.mjs
  node scripts/check-file-size.mjs   # no non-generated source file over 400 lines
  npx knip   # knip.json: no unused or unlisted dependencies, no unused files
  npm ls --all > /dev/null   # the installed tree matches package.json and the lockfile"
start_step "typecheck" "npx tsc --noEmit -p tsconfig.json"
# /api/openapi.json of a built app against Redocly's recommended rules (redocly.yaml); ~10 s of CPU,
# too slow for npm run lint
start_step "OpenAPI document lint" "npm run lint:openapi"
# the one build of the run: the browser tests and the deployment test serve dist/
start_step "build" "node scripts/build.mjs && node scripts/check-js-budgets.mjs"
end_group

step "unit tests" "npx vitest run --project unit --reporter=default --reporter=json --outputFile.json=$reports/unit.json"

# each suite has its own databases (PGlite folders; rl_test_* databases on the server)
# KEEP_TEST_DATABASES=1 keeps other runs' rl_test_* databases, on a machine where several run at once
if [ "${KEEP_TEST_DATABASES:-}" != 1 ]; then node scripts/drop-test-databases.mjs; fi
start_step "integration tests on PGlite" \
  "TEST_DB=pglite npx vitest run --project integration --reporter=default --reporter=json --outputFile.json=$reports/int-pglite.json"
start_step "integration tests on the PostgreSQL server" \
  "TEST_DB=postgres npx vitest run --project integration --reporter=default --reporter=json --outputFile.json=$reports/int-postgres.json"
end_group

# the production install clones and builds in a folder of its own, beside the browser tests
start_step "browser tests" \
  "PLAYWRIGHT_JSON_OUTPUT_NAME=$reports/e2e.json npx playwright test --reporter=list,json"
start_step "production install (fresh clone, build, prune, NODE_ENV=production start)" \
  "bash scripts/test-production-install.sh"
end_group

step "two processes behind nginx" "npx playwright test -c playwright.deploy.config.ts"

finish
