#!/usr/bin/env bash
# A throwaway PostgreSQL 15 + pgvector server on 127.0.0.1 for the Postgres half of the engine contract tests
# (test/core/engine/postgres-contract.test.ts). Prints one line for the caller to eval:
#   eval "$(scripts/ci-postgres.sh)"   ->   export VAULT_BRAIN_TEST_DATABASE_URL=postgres://...
# Everything else goes to stderr. Safe to re-run: installed parts are kept, a running cluster is reused.
#
# pgvector comes from Debian's own source package (trixie's 0.8.0 builds against bookworm's PostgreSQL 15 in
# about a minute). The deb-src entry is derived from this machine's apt sources (same URIs and keyring, suite
# trixie) into a private apt configuration, so the system's source lists and package lists are never changed
# and no archive host name is written here.
set -euo pipefail

PG_MAJOR=15
PG_BIN=/usr/lib/postgresql/$PG_MAJOR/bin
STATE=${VAULT_BRAIN_PG_STATE:-/tmp/vault-brain-pg}
PORT=${VAULT_BRAIN_PG_PORT:-55432}
DB=vault_brain_test
log() { echo "ci-postgres: $*" >&2; }

export DEBIAN_FRONTEND=noninteractive
need=()
[ -x "$PG_BIN/postgres" ] || need+=("postgresql-$PG_MAJOR")
[ -e "/usr/include/postgresql/$PG_MAJOR/server/postgres.h" ] || need+=("postgresql-server-dev-$PG_MAJOR")
command -v make >/dev/null 2>&1 && command -v gcc >/dev/null 2>&1 || need+=(build-essential)
if [ ${#need[@]} -gt 0 ]; then
  log "installing ${need[*]}"
  apt-get update -qq >&2
  apt-get install -y -qq --no-install-recommends "${need[@]}" >&2
fi
PG_CONFIG=$PG_BIN/pg_config
[ -x "$PG_CONFIG" ] || PG_CONFIG=$(command -v pg_config)

# ---- pgvector from Debian's trixie source package ---------------------------------------------------------
if [ ! -e "$("$PG_CONFIG" --sharedir)/extension/vector.control" ]; then
  work=$(mktemp -d)
  mkdir -p "$work/lists/partial" "$work/cache/archives/partial" "$work/parts" "$work/src"
  # The first deb822 stanza or one-line entry of the main archive (the one carrying the release's own suite,
  # not -security or -updates): its URIs and Signed-By keyring, with the suite replaced by trixie.
  codename=$(. /etc/os-release && echo "${VERSION_CODENAME:-}")
  {
    # deb822 stanzas (paragraph mode), then one-line entries; the first whose suites include $codename wins.
    for f in /etc/apt/sources.list.d/*.sources; do [ -e "$f" ] && awk -v RS= -v c="$codename" '
      { u = ""; s = ""; k = ""; off = 0; n = split($0, L, "\n")
        for (i = 1; i <= n; i++) { line = L[i]; if (line ~ /^#/) continue
          key = tolower(line); sub(/:.*/, "", key); val = line; sub(/^[^:]*:[ \t]*/, "", val)
          if (key == "uris") { split(val, a, " "); u = a[1] } else if (key == "suites") s = " " val " "
          else if (key == "signed-by") k = val; else if (key == "enabled" && val == "no") off = 1 }
        if (!off && u != "" && index(s, " " c " ")) print u "|" k }' "$f"; done
    for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do [ -e "$f" ] && awk -v c="$codename" '
      $1 == "deb" { k = ""; i = 2
        if ($2 ~ /^\[/) { while (i <= NF) { if ($i ~ /signed-by=/) { k = $i; sub(/.*signed-by=/, "", k); sub(/\]$/, "", k) }
                                           if ($i ~ /\]$/) { i++; break } ; i++ } }
        if ($(i + 1) == c) print $i "|" k }' "$f"; done
    true
  } >"$work/found"
  entry=$(head -n1 "$work/found")
  [ -n "$entry" ] || { log "no apt source for suite '$codename' to derive a deb-src entry from"; exit 1; }
  uri=${entry%%|*}
  keyring=${entry#*|}
  echo "deb-src${keyring:+ [signed-by=$keyring]} $uri trixie main" >"$work/sources.list"
  apt_private=(-o "Dir::Etc::SourceList=$work/sources.list" -o "Dir::Etc::SourceParts=$work/parts"
    -o "Dir::State::Lists=$work/lists" -o "Dir::Cache=$work/cache" -o "Dir::Cache::pkgcache=" -o "Dir::Cache::srcpkgcache="
    -o "APT::Sandbox::User=root")
  log "fetching the pgvector source package (trixie)"
  apt-get "${apt_private[@]}" update -qq >&2
  (cd "$work/src" && apt-get "${apt_private[@]}" source --download-only pgvector >&2)
  orig=$(ls "$work/src"/pgvector_*.orig.tar.* | head -n1)
  tar -xf "$orig" -C "$work/src"
  dir=$(find "$work/src" -mindepth 1 -maxdepth 1 -type d | head -n1)
  log "building $(basename "$dir") against PostgreSQL $("$PG_CONFIG" --version)"
  make -C "$dir" -s PG_CONFIG="$PG_CONFIG" OPTFLAGS="" >&2
  make -C "$dir" -s PG_CONFIG="$PG_CONFIG" install >&2
  rm -rf "$work"
fi

# ---- a cluster on 127.0.0.1 -------------------------------------------------------------------------------
# Postgres refuses to run as root, so the cluster belongs to the distribution's postgres user when we are root.
run_pg() { if [ "$(id -u)" = 0 ]; then su postgres -s /bin/sh -c "$*"; else sh -c "$*"; fi; }
mkdir -p "$STATE"
[ "$(id -u)" = 0 ] && chown postgres "$STATE"
if [ ! -s "$STATE/password" ]; then
  umask 077
  head -c 18 /dev/urandom | base64 | tr -d '/+=' >"$STATE/password"
  [ "$(id -u)" = 0 ] && chown postgres "$STATE/password"
fi
PASSWORD=$(cat "$STATE/password")
if [ ! -s "$STATE/data/PG_VERSION" ]; then
  log "initdb in $STATE/data"
  run_pg "'$PG_BIN/initdb' -D '$STATE/data' -U vault_brain --pwfile='$STATE/password' -A scram-sha-256 -E UTF8 --locale=C.UTF-8" >&2
fi
if ! run_pg "'$PG_BIN/pg_ctl' -D '$STATE/data' status" >/dev/null 2>&1; then
  log "starting on 127.0.0.1:$PORT"
  run_pg "'$PG_BIN/pg_ctl' -D '$STATE/data' -l '$STATE/server.log' -w -o \"-c listen_addresses=127.0.0.1 -p $PORT -k '$STATE' -c fsync=off\" start" >&2
fi
export PGPASSWORD=$PASSWORD
if ! psql -h 127.0.0.1 -p "$PORT" -U vault_brain -d postgres -tAc "select 1 from pg_database where datname = '$DB'" | grep -q 1; then
  psql -h 127.0.0.1 -p "$PORT" -U vault_brain -d postgres -qc "create database $DB" >&2
fi
echo "export VAULT_BRAIN_TEST_DATABASE_URL=postgres://vault_brain:$PASSWORD@127.0.0.1:$PORT/$DB"
