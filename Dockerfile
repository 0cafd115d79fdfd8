# The member portal's image: the member API (this CMD), the operator console's listener (OPS_PORT),
# the sandbox gateway (`node dist-server/sandbox-gateway/main.js`) and the operators' command line
# (`node dist-server/scripts/ops.js ...`), one image. docs/production.md tells how to run it.
ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS build
# Names this stage's image, which the build leaves untagged, so that a machine building again and
# again can tell it from others (deploy/test/build-image.sh keeps the newest, the layer cache).
LABEL member-portal.build-stage=true
WORKDIR /app
# Dependencies first, in a layer of their own: a change to the sources reuses it.
COPY package.json package-lock.json .npmrc ./
COPY patches ./patches
RUN npm ci --no-audit --no-fund
COPY . .
# The two SPAs (dist/, dist-console/) and the server (dist-server/), then production dependencies
# only: nothing at run time needs tsx, TypeScript or parcel. TypeScript stays after the prune as
# i18next's optional peer (for its types only), and source maps, type declarations and
# documentation are never read at run time: removed, a fifth of the dependencies' size.
RUN npm run build && npm run build:server \
  && npm prune --omit=dev --no-audit --no-fund \
  && rm -rf node_modules/typescript node_modules/.bin/tsc node_modules/.bin/tsserver \
  && find node_modules -type f \( -name '*.map' -o -name '*.d.ts' -o -name '*.d.[cm]ts' \
    -o -iname '*.md' -o -iname '*.markdown' \) -delete

FROM ${NODE_IMAGE}
ENV APP_ENV=production \
    NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/var/lib/portal
WORKDIR /app
# Owned by root and read-only to the server's user: it writes nowhere but DATA_DIR, so the
# container can run with a read-only root filesystem (`docker run --read-only`).
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/locales ./locales
COPY --from=build /app/dist ./dist
COPY --from=build /app/dist-console ./dist-console
COPY --from=build /app/dist-server ./dist-server
# PGlite's directory (when DATABASE_URL is unset). No VOLUME instruction: an anonymous volume
# would hide a forgotten `-v portal-data:/var/lib/portal`, and the data would go with the
# container; without one, `ops.js doctor` finds DATA_DIR off any volume and says so.
# Debian's PostgreSQL client (pg_dump, pg_restore): `ops.js backup` and `restore` on PostgreSQL run
# them (with Debian's perl for its wrappers: about 65 MB). Debian bookworm's is version 15, so it
# dumps servers up to 15 (the compose stack's).
RUN apt-get update \
  && apt-get install -y --no-install-recommends postgresql-client-15 \
  && apt-get clean && rm -rf /var/lib/apt/lists/* /var/cache/apt/*.bin \
  && mkdir -p /var/lib/portal && chown 1000:1000 /var/lib/portal
# The official image's `node` user, by number so that a platform can check it is not root.
USER 1000:1000
EXPOSE 8080 8090
STOPSIGNAL SIGTERM
# Node's fetch, as the image has no curl: healthy once ready (migrated, database reachable, not
# draining).
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/api/health/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The server itself as PID 1: it receives SIGTERM and drains (SHUTDOWN_GRACE_MS).
CMD ["node", "dist-server/server/main.js"]
