#!/bin/sh
# The container's first step (the nginx image runs /docker-entrypoint.d/ before nginx): writes
# the portal's server block (tools/deploy/nginx-conf.ts) from the config.json it serves, which is
# mounted per environment, so the Content-Security-Policy names that environment's identity
# provider and API. A config the generator refuses (the dev stack's, an unsafe URL) stops the
# container with the reason. The PORTAL_* paths have the image's values; tools/deploy/container.test.ts
# runs this outside the image with its own.
#
#   API_UPSTREAM         where /api goes, e.g. https://api.internal.example.edu.hk (none: another
#                        proxy routes /api); nginx verifies an https upstream's certificate
#   API_CA_FILE          the CA certificates it must chain to (default: the image's bundle)
#   ALLOW_HTTP_UPSTREAM  true: API_UPSTREAM may be plain http off this machine (a network of the
#                        deployment's own, such as a pod's); the bearer tokens cross it unencrypted
#   SERVER_NAME          the server_name (default _)
set -eu
root="${PORTAL_ROOT:-/usr/share/nginx/html}"
block="${PORTAL_SERVER_BLOCK:-/etc/nginx/conf.d/portal.conf}"
generator="${PORTAL_GENERATOR:-/opt/portal/deploy/nginx-conf.ts}"
modules="${PORTAL_NGINX_MODULES:-/etc/nginx/modules}"

set -- --config "$root/config.json" --root "$root" --listen 8080 --server-name "${SERVER_NAME:-_}"
if [ -n "${API_UPSTREAM:-}" ]; then set -- "$@" --api-upstream "$API_UPSTREAM"; fi
if [ -n "${API_CA_FILE:-}" ]; then set -- "$@" --api-ca-file "$API_CA_FILE"; fi
if [ "${ALLOW_HTTP_UPSTREAM:-}" = true ]; then set -- "$@" --allow-http-upstream; fi
# The build's .br copies go out only where the image has ngx_brotli's static module (the
# Dockerfile loads it when it is there).
if [ -e "$modules/ngx_http_brotli_static_module.so" ]; then set -- "$@" --brotli; fi

node "$generator" "$@" >"$block.new"
mv "$block.new" "$block"
echo "$0: wrote $block from $root/config.json"
