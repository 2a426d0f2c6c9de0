# syntax=docker/dockerfile:1
# Keydesk (web app and API, one process) on Node 24. The build stage is the production install (README: Production):
# `npm ci`, `npm run build`, `npm prune --omit=dev`, which also removes the project's own Node 24 (the `node`
# devDependency), so the image runs its base image's Node 24; the image then runs scripts/start.mjs (what `npm start`
# runs) with NODE_ENV=production, which only runs what was built. It runs the script itself, not `npm start`: npm runs
# it through `sh -c`, and that shell dies of `docker stop`'s SIGTERM before the server hears it (decision 042).
# .ci/run proves both (scripts/container-check.sh).
# compose.yaml runs it with PostgreSQL, Redis, an S3-compatible store and an SMTP catcher (README: Production).

FROM node:24-bookworm-slim AS build
WORKDIR /app
# The manifests first, so a change to the source alone reuses the installed dependencies.
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
RUN npm ci --no-audit --no-fund
COPY . .
# The support contact is compiled into the web app (README: Keycode delivery).
ARG VITE_SUPPORT_EMAIL
ARG VITE_SUPPORT_PHONE
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data \
    NPM_CONFIG_UPDATE_NOTIFIER=false
WORKDIR /app
# Owned by root and read-only to the app's user: the running server cannot change its own code or build.
COPY --from=build /app /app
# DATA_DIR holds uploaded files when S3_BUCKET is unset and the embedded database when DATABASE_URL is.
RUN mkdir /data && chown node:node /data
VOLUME /data
USER node
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "scripts/start.mjs"]
