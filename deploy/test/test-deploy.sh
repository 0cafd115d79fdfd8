#!/usr/bin/env bash
# `npm run test:deploy [jest args]`: builds the image (unless PORTAL_IMAGE names one built
# already, as `.ci/run` does in the background) and runs the suites that need Docker
# (deploy/test/jest.config.js). Without a Docker daemon it stops there: a skip, or with CI set a
# failure.
set -euo pipefail
cd "$(dirname "$0")/../.."

if ! docker info >/dev/null 2>&1; then
  if [ -n "${CI:-}" ]; then
    echo 'test:deploy: Docker cannot run here, and CI is set: failing' >&2
    exit 1
  fi
  echo 'test:deploy: no Docker daemon answers: skipped (CI would fail)' >&2
  exit 0
fi
if [ -z "${PORTAL_IMAGE:-}" ]; then
  export PORTAL_IMAGE=member-portal:deploy-test
  deploy/test/build-image.sh "$PORTAL_IMAGE"
fi
exec node_modules/.bin/jest --config deploy/test/jest.config.js "$@"
