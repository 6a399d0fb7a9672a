#!/usr/bin/env bash
# The production install, exactly as docs/deploy.md gives it, on a fresh clone of this
# repository's committed HEAD: install, `npm run build`, drop the development packages
# (`npm prune --omit=dev`; `npm ci` refuses this lock file here, see .ci/run), then
# `NODE_ENV=production node dist/server/main.js` must start and serve pages and the API.
# Fails on the first thing that does not work. Leaves nothing behind.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work=$(mktemp -d)
server_pid=""
cleanup() {
  if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

fail() {
  echo "production install: $*" >&2
  [ -f "$work/server.log" ] && tail -n 40 "$work/server.log" >&2
  exit 1
}

echo "== fresh clone of $(git -C "$root" rev-parse --short HEAD)"
git clone -q --no-hardlinks "$root" "$work/app"
cd "$work/app"

echo "== npm install, build"
npm install --no-audit --no-fund --loglevel=error >/dev/null
npm run build --silent >/dev/null

echo "== npm prune --omit=dev"
npm prune --omit=dev --no-audit --no-fund --loglevel=error >/dev/null
for dev in vite vitest esbuild typescript @playwright/test tsx; do
  [ ! -e "node_modules/$dev" ] || fail "development package $dev is still installed after the prune"
done
node -e '
  const pkg = require("./package.json");
  const fs = require("node:fs");
  const absent = Object.keys(pkg.dependencies).filter((d) => !fs.existsSync(`node_modules/${d}`));
  if (absent.length) { console.error("missing runtime packages: " + absent.join(", ")); process.exit(1); }
'

port=$(node -e 'const s=require("node:net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
base="http://127.0.0.1:$port"
echo "== NODE_ENV=production node dist/server/main.js on port $port"
NODE_ENV=production \
  PORT="$port" HOST=127.0.0.1 \
  PUBLIC_URL="$base" \
  DATA_DIR="$work/data" \
  SESSION_SECRET="$(node -e 'console.log(require("node:crypto").randomBytes(32).toString("hex"))')" \
  ENCRYPTION_KEY="$(node -e 'console.log(require("node:crypto").randomBytes(32).toString("hex"))')" \
  node dist/server/main.js >"$work/server.log" 2>&1 &
server_pid=$!

for _ in $(seq 1 120); do
  curl -fsS "$base/api/health" >/dev/null 2>&1 && break
  kill -0 "$server_pid" 2>/dev/null || fail "the server exited during start-up"
  sleep 0.5
done
curl -fsS "$base/api/health" >/dev/null || fail "no answer on /api/health after 60 s"

# a page with its own title, a built script, an API call that reads the database
page=$(curl -fsS "$base/quote") || fail "GET /quote failed"
grep -q '<title>Get Your Roofing Quote' <<<"$page" || fail "GET /quote has not the page's title"
script=$(grep -oE '/assets/[^"]+\.js' <<<"$page" | head -n 1)
[ -n "$script" ] || fail "GET /quote names no script"
curl -fsS -o /dev/null "$base$script" || fail "GET $script failed"
search=$(curl -fsS "$base/api/contractors/available?zip=78701") || fail "GET /api/contractors/available failed"
grep -q '^\[' <<<"$search" || grep -q '^{' <<<"$search" || fail "GET /api/contractors/available answered no JSON: $search"
status=$(curl -s -o /dev/null -w '%{http_code}' -X POST -H 'content-type: application/json' \
  --data '{"email":"nobody@example.com","password":"wrong-password"}' "$base/api/auth/login")
[ "$status" = 401 ] || fail "POST /api/auth/login with a wrong password answered $status, not 401"
# production: no demo passwords
status=$(curl -s -o /dev/null -w '%{http_code}' -X POST -H 'content-type: application/json' \
  --data '{"email":"admin@ridgeline.test","password":"ridgeline-demo"}' "$base/api/auth/login")
[ "$status" != 200 ] || fail "a demo password signs in under NODE_ENV=production"

kill -TERM "$server_pid"
wait "$server_pid" || fail "the server did not exit cleanly on SIGTERM"
server_pid=""

# The current LTS too (README, "Supported Node.js versions"): Node 24 from the npm registry's
# `node` package (its install script fetches the binary, also from the npm registry), on the
# data folder Node 20 made, with the demo data loaded so a signed-in request can be made.
echo "== the same build under Node 24 (npm package node@24)"
npm install --prefix "$work/node24" --no-audit --no-fund --loglevel=error node@24 >/dev/null \
  || fail "npm install node@24 failed"
node24="$work/node24/node_modules/.bin/node"
version=$("$node24" --version) || fail "the node@24 package installed no working node binary"
[[ "$version" == v24.* ]] || fail "node@24 runs $version"
# the native and WebAssembly packages load under it (sharp and PDF.js load on first use)
"$node24" -e 'require("@node-rs/argon2"); require("sharp"); import("@electric-sql/pglite")' \
  || fail "a native package does not load under Node $version"
NODE_ENV=production SEED_DEMO=1 \
  PORT="$port" HOST=127.0.0.1 \
  PUBLIC_URL="$base" \
  DATA_DIR="$work/data" \
  SESSION_SECRET="$(node -e 'console.log(require("node:crypto").randomBytes(32).toString("hex"))')" \
  ENCRYPTION_KEY="$(node -e 'console.log(require("node:crypto").randomBytes(32).toString("hex"))')" \
  "$node24" dist/server/main.js >"$work/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 1 120); do
  curl -fsS "$base/api/health" >/dev/null 2>&1 && break
  kill -0 "$server_pid" 2>/dev/null || fail "the server exited during start-up under Node $version"
  sleep 0.5
done
curl -fsS "$base/api/health" >/dev/null || fail "no answer on /api/health after 60 s under Node $version"
# captured, not piped: `grep -q` stops reading at the match, and under pipefail curl's write
# error on the closed pipe failed the step (CI, stop 28)
page=$(curl -fsS "$base/quote") || fail "GET /quote under Node $version failed"
grep -q '<title>Get Your Roofing Quote' <<<"$page" || fail "GET /quote under Node $version: no quote title"
# sign in (argon2) as the demo homeowner, then a request with the session cookie
headers=$(curl -fsS -o /dev/null -D - -X POST -H 'content-type: application/json' \
  --data '{"email":"homeowner@demo.test","password":"ridgeline-demo"}' "$base/api/auth/login") \
  || fail "POST /api/auth/login as the demo homeowner failed under Node $version"
cookie=$(grep -ioE '^set-cookie: rl_session=[^;]+' <<<"$headers" | head -n 1 | cut -d' ' -f2)
[ -n "$cookie" ] || fail "the sign-in under Node $version set no session cookie"
user=$(curl -fsS -H "cookie: $cookie" "$base/api/auth/user") || fail "GET /api/auth/user signed in failed"
grep -q 'homeowner@demo.test' <<<"$user" || fail "GET /api/auth/user signed in answered: $user"
kill -TERM "$server_pid"
wait "$server_pid" || fail "the server did not exit cleanly on SIGTERM under Node $version"
server_pid=""
echo "production install: built, pruned to $(ls node_modules | wc -l) top-level packages, started, served, stopped (Node $(node --version) and $version)"
