#!/usr/bin/env bash
# Installs the Debian packages the tests need when they are missing (Chromium for browser tests,
# poppler-utils to look at PDFs, nginx for the two-process deployment test, PostgreSQL's server
# when none answers) and makes sure the local PostgreSQL server answers on 127.0.0.1:5432 with
# the tests' login (user postgres, no password, database test). On a bare Debian machine this is
# all `npm test` needs; on a machine that already runs PostgreSQL it changes nothing there.
set -euo pipefail

pg_answers() { command -v pg_isready >/dev/null 2>&1 && pg_isready -h 127.0.0.1 -p 5432 -q; }
has_cluster() { compgen -G '/etc/postgresql/*/main' >/dev/null; }

missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
command -v pdftoppm >/dev/null 2>&1 || missing+=(poppler-utils)
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || missing+=(nginx-light)
fresh_postgres=false
if ! pg_answers && ! has_cluster; then
  missing+=(postgresql)
  fresh_postgres=true
fi

if [ ${#missing[@]} -gt 0 ]; then
  echo "== installing ${missing[*]} from Debian"
  # packages must not start their services here (nginx would take port 80): the tests start
  # what they use. policy-rc.d is Debian's switch for that; an existing one is left as it is.
  made_policy=false
  if [ ! -e /usr/sbin/policy-rc.d ]; then
    printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d
    chmod +x /usr/sbin/policy-rc.d
    made_policy=true
  fi
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  if $made_policy; then rm -f /usr/sbin/policy-rc.d; fi
fi

cluster_version() { basename "$(compgen -G '/etc/postgresql/*/main' | head -n 1 | xargs dirname)"; }

if $fresh_postgres && ! has_cluster; then
  # Debian's package makes the "main" cluster itself; where that step did not run, make it here
  pg_createcluster "$(ls /usr/lib/postgresql | sort -V | tail -n 1)" main >/dev/null
fi

if $fresh_postgres; then
  # the cluster Debian's package just created: the tests' login is user postgres without a
  # password over 127.0.0.1, which a fresh cluster refuses (scram). Only this cluster, made by
  # this script on a test machine, is opened up so.
  version=$(cluster_version)
  hba="/etc/postgresql/$version/main/pg_hba.conf"
  sed -i '1i host all all 127.0.0.1/32 trust\nhost all all ::1/128 trust' "$hba"
fi

if ! pg_answers; then
  echo "== starting PostgreSQL"
  pg_ctlcluster --skip-systemctl-redirect "$(cluster_version)" main start || true
  for _ in $(seq 1 30); do pg_answers && break; sleep 1; done
fi
pg_answers || { echo "PostgreSQL does not answer on 127.0.0.1:5432" >&2; exit 1; }

if $fresh_postgres; then
  psql -h 127.0.0.1 -U postgres -d postgres -qtAc "SELECT 1 FROM pg_database WHERE datname = 'test'" | grep -q 1 ||
    psql -h 127.0.0.1 -U postgres -d postgres -qc 'CREATE DATABASE test'
fi
