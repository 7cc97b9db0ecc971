#!/usr/bin/env bash
# Nightly database backup: dump, compress, encrypt, upload, prune old copies.
# Usage: backup.sh [-n] [-k keep_days] database...

set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
readonly SCRIPT_DIR
readonly BACKUP_ROOT="${BACKUP_ROOT:-/var/backups/db}"
declare -r S3_BUCKET="s3://acme-db-backups"
export PGCONNECT_TIMEOUT=10
KEEP_DAYS=14
DRY_RUN=0
log_file=""

# shellcheck source=lib/logging.sh
source "$SCRIPT_DIR/lib/logging.sh"
. "${SCRIPT_DIR}/lib/notify.sh"
source ./config.env

usage() {
  cat <<EOF
Usage: $(basename "$0") [-n] [-k keep_days] database...
  -n            dry run: print what would be done
  -k keep_days  delete backups older than this (default: $KEEP_DAYS)
EOF
}

function die {
  log_error "$*"
  notify_failure "backup failed: $*"
  exit 1
}

function require_tools() {
  local tool
  for tool in pg_dump gzip gpg aws; do
    command -v "$tool" >/dev/null 2>&1 || die "missing tool: $tool"
  done
}

run() {
  if (( DRY_RUN )); then
    echo "[dry-run] $*"
  else
    "$@"
  fi
}

backup_one() {
  local db="$1"
  local stamp target
  stamp="$(date -u +%Y%m%dT%H%M%SZ)"
  target="$BACKUP_ROOT/$db/$db-$stamp.sql.gz.gpg"

  cleanup_partial() {
    rm -f "$target.partial"
  }
  trap cleanup_partial ERR

  run mkdir -p "$(dirname "$target")"
  log_info "dumping $db to $target"
  run pg_dump --no-owner "$db" \
    | run gzip -9 \
    | run gpg --encrypt --recipient backups@acme.example >"$target.partial"
  run mv "$target.partial" "$target"
  run aws s3 cp "$target" "$S3_BUCKET/$db/"
  trap - ERR
}

prune() (
  # Runs in a subshell so the cd does not leak.
  cd "$BACKUP_ROOT" || exit 0
  find . -name '*.sql.gz.gpg' -mtime "+$KEEP_DAYS" -print | while read -r old; do
    log_info "pruning $old"
    run rm -f "$old"
  done
)

main() {
  while getopts ":nk:" opt; do
    case "$opt" in
      n) DRY_RUN=1 ;;
      k) KEEP_DAYS="$OPTARG" ;;
      *) usage; exit 2 ;;
    esac
  done
  shift $((OPTIND - 1))
  (( $# > 0 )) || { usage; exit 2; }

  require_tools
  log_file="$(mktemp)"
  local db
  for db in "$@"; do
    backup_one "$db" 2>>"$log_file" || die "$db: $(tail -n 1 "$log_file")"
  done
  prune
  notify_success "backed up: $*"
}

main "$@"
