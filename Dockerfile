# The portal in a container: the build, served by nginx's unprivileged image (nginx as user 101,
# never root) with the server block of tools/deploy/nginx-conf.ts. One image for every
# environment: its config.json is mounted per environment. The build stage writes the server
# block as templates; as the container starts, tools/deploy/container-settings.envsh reads and
# checks the mounted config.json and the environment, and the image's own step fills the
# templates in (envsubst). docs/deploying.md, "Container", says how to run it;
# tools/deploy/kubernetes/ runs it on a cluster.
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
RUN node tools/deploy/nginx-conf.ts --template-dir /portal/templates --root /usr/share/nginx/html --listen 8080

# The unprivileged variant of the official image: it listens on 8080, keeps its pid and temporary
# files in /tmp, and lets its user write /etc/nginx/conf.d, where the filled-in templates go.
FROM nginxinc/nginx-unprivileged:1.30-trixie
# The image's own files are root's: the steps below change them as root, and nginx runs as 101.
USER root
COPY --from=build /portal/templates/ /etc/nginx/portal-templates/
COPY --chmod=755 tools/deploy/container-settings.envsh /docker-entrypoint.d/18-portal-settings.envsh
# The build replaces the image's welcome page and default server. Its config.json is the dev
# stack's, which the settings step refuses: mount the environment's own. The number of worker
# processes comes from a template too (WORKER_PROCESSES), as nginx.conf itself is read-only.
RUN rm -rf /usr/share/nginx/html/* /etc/nginx/conf.d/default.conf \
  && sed -i 's|^worker_processes .*|include /etc/nginx/conf.d/portal-main/*.conf;|' /etc/nginx/nginx.conf \
  && grep -q '^include /etc/nginx/conf.d/portal-main/\*.conf;$' /etc/nginx/nginx.conf
COPY --from=build /portal/dist /usr/share/nginx/html
# envsubst replaces the templates' PORTAL_* names only, never one of nginx's own $variables.
ENV NGINX_ENVSUBST_FILTER=^PORTAL_
# By number, so a runtime (Kubernetes' runAsNonRoot) can tell that it is not root.
USER 101
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=3s --start-period=10s CMD curl -fsS http://127.0.0.1:8080/healthz || exit 1
