# The portal in a container: the build, served by nginx's unprivileged image (nginx as user 101,
# never root) with the server block of tools/deploy/nginx-conf.ts. One image for every
# environment: its config.json is mounted per environment, and the server block is written from
# it each time the container starts (tools/deploy/container-server-block.sh). docs/deploying.md,
# "Container", says how to run it; tools/deploy/kubernetes/ runs it on a cluster.
#
#   docker build -t account-portal .
#   docker run -p 8080:8080 -v "$PWD/config.json:/usr/share/nginx/html/config.json:ro" \
#     -e API_UPSTREAM=https://api.internal.example.edu.hk account-portal
#
# The base images are named by tag here; Renovate (renovate.json, pinDigests) pins each to its
# digest, so a tag moved to other contents changes nothing unseen, and keeps the digests current.

FROM node:24-trixie-slim AS build
WORKDIR /portal
COPY package.json package-lock.json .npmrc ./
# No dependency's install script runs, whatever npm the image has (package.json denies the ones
# there are; an npm older than its allowScripts would run them).
RUN npm ci --no-audit --no-fund --ignore-scripts
COPY . .
RUN npm run build

# Debian trixie, like the build stage: the node binary below runs on the same C library. The
# unprivileged variant of the official image: it listens on 8080, keeps its pid and temporary
# files in /tmp, and lets its user write /etc/nginx/conf.d, where the server block goes.
FROM nginxinc/nginx-unprivileged:1.30-trixie
# The image's own files are root's: the steps below change them as root, and nginx runs as 101.
USER root
# Node only writes the server block as the container starts.
COPY --from=build /usr/local/bin/node /usr/local/bin/node
COPY --from=build /portal/tools/deploy/nginx-conf.ts /portal/tools/deploy/headers.ts /opt/portal/deploy/
COPY --chmod=755 tools/deploy/container-server-block.sh /docker-entrypoint.d/40-portal-server-block.sh
# The build replaces the image's welcome page and default server. Its config.json is the dev
# stack's, which the server block refuses outside this machine: mount the environment's own.
RUN rm -rf /usr/share/nginx/html/* /etc/nginx/conf.d/default.conf \
  && if [ -e /etc/nginx/modules/ngx_http_brotli_static_module.so ]; then \
       sed -i '1i load_module modules/ngx_http_brotli_static_module.so;' /etc/nginx/nginx.conf; \
     fi
COPY --from=build /portal/dist /usr/share/nginx/html
# By number, so a runtime (Kubernetes' runAsNonRoot) can tell that it is not root.
USER 101
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=3s --start-period=10s CMD curl -fsS http://127.0.0.1:8080/healthz || exit 1
