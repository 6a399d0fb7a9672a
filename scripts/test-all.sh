#!/usr/bin/env bash
# npm test: everything CI runs. Lint, types, unit tests, integration tests on PGlite and on the
# PostgreSQL server, browser tests, the two-process deployment, the production install; then one
# closing line with the totals.
#
# Steps that do not depend on each other run side by side, in groups of chains: a chain runs its
# steps one after another, a group waits for all of its chains; a step's output is kept in
# test-results/timings/logs/ and printed when its group ends. A failed step ends its chain, and the
# run after its group, with the summary and exit status 1.
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

group_pids=()
group_names=()
group_logs=()
failed_steps=()

# start_chain NAME COMMAND [NAME COMMAND]...: runs the steps one after the other in the background
# (each a bash -c string with its own log, wall time and exit status); a failed step ends its chain
start_chain() {
  local logs=() names=() pairs=("$@") i
  for ((i = 0; i < ${#pairs[@]}; i += 2)); do
    names+=("${pairs[$i]}")
    logs+=("$reports/logs/$(printf '%s' "${pairs[$i]}" | tr -c 'A-Za-z0-9' '-' | tr -s '-').log")
    printf '== %s: %s\n' "$([ "$i" -eq 0 ] && echo started || echo "then")" "${pairs[$i]}"
  done
  (
    set +e
    for ((i = 0; i < ${#pairs[@]}; i += 2)); do
      start=$(date +%s)
      bash -c "set -euo pipefail; ${pairs[$((i + 1))]}" > "${logs[$((i / 2))]}" 2>&1
      rc=$?
      end=$(date +%s)
      printf '%s\t%s\t%s\n' "${pairs[$i]}" "$((end - start))" "$((start - run_start))" >> "$steps"
      if [ "$rc" -ne 0 ]; then
        printf '%s\n' "${pairs[$i]}" > "${logs[$((i / 2))]}.failed"
        exit "$rc"
      fi
    done
  ) &
  group_pids+=("$!")
  group_names+=("$(IFS='|'; echo "${names[*]}")")
  group_logs+=("${logs[*]}")
}

# start_step NAME COMMAND: a chain of one
start_step() { start_chain "$1" "$2"; }

# end_group: waits for every chain started since the last group, prints each step's output in order
end_group() {
  local i rc log names
  for i in "${!group_pids[@]}"; do
    rc=0
    wait "${group_pids[$i]}" || rc=$?
    IFS='|' read -r -a names <<< "${group_names[$i]}"
    local j=0
    for log in ${group_logs[$i]}; do
      if [ -f "$log" ]; then
        local failed_here=""
        if [ -f "$log.failed" ]; then failed_here=" FAILED (exit $rc)"; failed_steps+=("${names[$j]}"); fi
        printf '\n== %s%s\n' "${names[$j]}" "$failed_here"
        cat "$log"
      else
        printf '\n== %s: not run (an earlier step of its chain failed)\n' "${names[$j]}"
      fi
      j=$((j + 1))
    done
  done
  group_pids=()
  group_names=()
  group_logs=()
  if [ "${#failed_steps[@]}" -gt 0 ]; then finish; fi
}

finish() {
  local rc=0
  if [ "${#failed_steps[@]}" -gt 0 ]; then printf '%s\n' "${failed_steps[@]}" > "$reports/failed-steps"; fi
  node scripts/test-summary.mjs "$reports" || rc=$?
  exit "$rc"
}

# one step alone
step() {
  start_step "$1" "$2"
  end_group
}

step "system packages" "bash scripts/ensure-system-deps.sh"

# lint, types, the build and the unit tests need nothing from each other (no unit test reads dist/)
start_step "lint" "
  npx biome check .
  node scripts/check-feature-boundaries.mjs
  node scripts/check-file-size.mjs   # no non-generated source file over 400 lines
  npx knip   # knip.json: no unused or unlisted dependencies, no unused files
  npm ls --all > /dev/null   # the installed tree matches package.json and the lockfile"
start_step "typecheck" "npx tsc --noEmit -p tsconfig.json"
# the one build of the run: the browser tests and the deployment test serve dist/
start_step "build" "node scripts/build.mjs && node scripts/check-js-budgets.mjs"
start_step "unit tests" "npx vitest run --project unit --reporter=default --reporter=json --outputFile.json=$reports/unit.json"
end_group

# Then three chains side by side. Each suite has its own databases (PGlite folders; rl_test_*
# databases on the server). The browser suite follows the shorter PostgreSQL integration run, so it
# overlaps the end of the PGlite one; the production install (mostly npm's downloads) and the
# two-process test beside them.
# KEEP_TEST_DATABASES=1 keeps other runs' rl_test_* databases, on a machine where several run at once
if [ "${KEEP_TEST_DATABASES:-}" != 1 ]; then node scripts/drop-test-databases.mjs; fi
start_step "integration tests on PGlite" \
  "TEST_DB=pglite npx vitest run --project integration --reporter=default --reporter=json --outputFile.json=$reports/int-pglite.json"
start_chain \
  "integration tests on the PostgreSQL server" \
  "TEST_DB=postgres npx vitest run --project integration --reporter=default --reporter=json --outputFile.json=$reports/int-postgres.json" \
  "browser tests" \
  "PLAYWRIGHT_JSON_OUTPUT_NAME=$reports/e2e.json npx playwright test --reporter=list,json"
start_chain \
  "production install (fresh clone, build, prune, NODE_ENV=production start)" \
  "bash scripts/test-production-install.sh" \
  "two processes behind nginx" \
  "npx playwright test -c playwright.deploy.config.ts"
end_group

finish
