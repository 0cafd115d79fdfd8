#!/usr/bin/env bash
# `deploy/test/build-image.sh [tag]`: the offline base (base-image.sh, kept between runs), then
# the root Dockerfile built on it as a user builds it, tagged `tag` (member-portal:deploy-test).
# Prints the build time and the image's size.
set -euo pipefail
cd "$(dirname "$0")/../.."

tag="${1:-member-portal:deploy-test}"
deploy/test/base-image.sh
previous="$(docker image inspect --format '{{.Id}}' "$tag" 2>/dev/null || true)"
started=$SECONDS
build_log="$(mktemp /tmp/portal-image-build.XXXXXX)"
# The classic builder: the one Debian's docker.io has; the Dockerfile builds under BuildKit too.
if ! DOCKER_BUILDKIT=0 docker build --network host --tag "$tag" . >"$build_log" 2>&1; then
  tail -n 60 "$build_log" >&2
  echo "[image] the build of $tag failed (log: $build_log)" >&2
  exit 1
fi
rm -f "$build_log"
# A machine that builds on every run would fill its disk: the image the tag left, and every
# untagged build stage but the newest (the next build's layer cache), are removed. One in use
# by a container stays.
if [ -n "$previous" ] && [ "$previous" != "$(docker image inspect --format '{{.Id}}' "$tag")" ]; then
  docker rmi "$previous" >/dev/null 2>&1 || true
fi
docker images --quiet --no-trunc --filter dangling=true --filter label=member-portal.build-stage=true |
  tail -n +2 | xargs -r docker rmi >/dev/null 2>&1 || true
size="$(docker image inspect --format '{{.Size}}' "$tag")"
printf '[image] %s built in %d s, %d MB\n' "$tag" "$((SECONDS - started))" "$((size / 1000000))" >&2
