#!/usr/bin/env bash
# Manual check (root, about 5 minutes, not part of npm test): scripts/ensure-system-deps.sh on a
# bare Debian. Builds a minimal Debian 12 with debootstrap, runs it in its own network namespace
# (so this machine's PostgreSQL on 127.0.0.1:5432 is not seen; apt reaches Debian through a
# small HTTP proxy on a veth pair), runs the script, and checks that the tests' login
# (postgres@127.0.0.1:5432/test, no password) answers. Chromium is stubbed to keep it short.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
bare=$(mktemp -d /tmp/bare-debian.XXXX)
chmod 755 "$bare" # it becomes the machine's "/": every user must reach it
ns="rl-bare-$$"
proxy_pid=""
cleanup() {
  ip netns exec "$ns" chroot "$bare" bash -c \
    'for c in /etc/postgresql/*/main; do [ -d "$c" ] && pg_ctlcluster --skip-systemctl-redirect "$(basename "$(dirname "$c")")" main stop; done' \
    2>/dev/null || true
  for m in dev/pts dev proc; do umount "$bare/$m" 2>/dev/null || true; done
  [ -n "$proxy_pid" ] && kill "$proxy_pid" 2>/dev/null || true
  ip netns del "$ns" 2>/dev/null || true
  ip link del "$ns-h" 2>/dev/null || true
  rm -rf "$bare"
}
trap cleanup EXIT

command -v debootstrap >/dev/null || apt-get install -y -qq debootstrap >/dev/null
echo "== debootstrap bookworm (minbase) into $bare"
debootstrap --variant=minbase bookworm "$bare" http://deb.debian.org/debian >/dev/null

ip netns add "$ns"
ip link add "$ns-h" type veth peer name "$ns-g"
ip link set "$ns-g" netns "$ns"
ip addr add 10.213.0.1/24 dev "$ns-h" && ip link set "$ns-h" up
ip netns exec "$ns" ip addr add 10.213.0.2/24 dev "$ns-g"
ip netns exec "$ns" ip link set "$ns-g" up
ip netns exec "$ns" ip link set lo up
node -e '
  const http = require("node:http");
  http.createServer((req, res) => {
    const u = new URL(req.url);
    const up = http.request({ host: u.hostname, port: u.port || 80, path: u.pathname + u.search,
      method: req.method, headers: { ...req.headers, host: u.host } }, (r) => { res.writeHead(r.statusCode, r.headers); r.pipe(res); });
    up.on("error", (e) => { res.writeHead(502); res.end(String(e)); });
    req.pipe(up);
  }).listen(3128, "10.213.0.1");' &
proxy_pid=$!

mount -t proc proc "$bare/proc"
mount --bind /dev "$bare/dev"
mount --bind /dev/pts "$bare/dev/pts"
echo 'Acquire::http::Proxy "http://10.213.0.1:3128";' >"$bare/etc/apt/apt.conf.d/01proxy"
printf '#!/bin/sh\nexit 0\n' >"$bare/usr/bin/chromium" && chmod +x "$bare/usr/bin/chromium"
cp "$root/scripts/ensure-system-deps.sh" "$bare/root/"

run() { ip netns exec "$ns" chroot "$bare" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root bash -c "$1"; }
echo "== ensure-system-deps.sh on the bare machine"
run 'bash /root/ensure-system-deps.sh'
run 'psql "postgres://postgres@127.0.0.1:5432/test" -tAc "select 1" | grep -qx 1'
echo "== again (nothing to do), then with the server stopped (it starts it)"
run 'bash /root/ensure-system-deps.sh'
run 'pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql)" main stop && bash /root/ensure-system-deps.sh'
run 'psql "postgres://postgres@127.0.0.1:5432/test" -tAc "select 1" | grep -qx 1'
echo "bare Debian: PostgreSQL installed, opened to the tests' login, database test answers"
