#!/bin/sh
# The container's first step (the nginx image runs /docker-entrypoint.d/ before nginx): writes
# the portal's server block (tools/deploy/nginx-conf.ts) from the config.json it serves, which is
# mounted per environment, so the Content-Security-Policy names that environment's identity
# provider and API. A config the generator refuses (the dev stack's, an unsafe URL) stops the
# container with the reason. The PORTAL_* paths have the image's values; tools/deploy/container.test.ts
# runs this outside the image with its own.
#
#   API_UPSTREAM   where /api goes, e.g. http://backend:8080 (none: another proxy routes /api)
#   SERVER_NAME    the server_name (default _)
set -eu
root="${PORTAL_ROOT:-/usr/share/nginx/html}"
block="${PORTAL_SERVER_BLOCK:-/etc/nginx/conf.d/portal.conf}"
generator="${PORTAL_GENERATOR:-/opt/portal/deploy/nginx-conf.ts}"
modules="${PORTAL_NGINX_MODULES:-/etc/nginx/modules}"

set -- --config "$root/config.json" --root "$root" --listen 8080 --server-name "${SERVER_NAME:-_}"
if [ -n "${API_UPSTREAM:-}" ]; then set -- "$@" --api-upstream "$API_UPSTREAM"; fi
# The build's .br copies go out only where the image has ngx_brotli's static module (the
# Dockerfile loads it when it is there).
if [ -e "$modules/ngx_http_brotli_static_module.so" ]; then set -- "$@" --brotli; fi

node "$generator" "$@" >"$block.new"
mv "$block.new" "$block"
echo "$0: wrote $block from $root/config.json"
