# Production image of Prospectie: the web app built once, the server run by Node with tsx (a runtime
# dependency: the server runs its TypeScript as is), only production dependencies, a non-root user.
# Build: docker build -t prospectie .   Run for a team: see compose.yaml and the README.
# The start command is the one server/src/ops/process.test.ts starts the server with.

# The workspaces' manifests alone, so the installs below are cached until a dependency changes.
FROM node:20-bookworm-slim AS manifests
WORKDIR /app
COPY package.json package-lock.json ./
COPY contract/package.json contract/
COPY server/package.json server/
COPY web/package.json web/
COPY e2e/package.json e2e/

FROM manifests AS build
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM manifests AS deps
RUN npm ci --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
# jemalloc instead of glibc's allocator: glibc keeps what the photo re-encoding's threads free, so 100 uploads at once
# add about 180-230 MB to the server instead of about 90-116 MB (docs/configuration.md; docs/decisions/035-photo-storage.md).
# Linked under one path whatever the architecture (x86_64 or aarch64), so LD_PRELOAD names it once.
RUN apt-get update \
 && apt-get install -y --no-install-recommends libjemalloc2 \
 && rm -rf /var/lib/apt/lists/* \
 && ln -s "/usr/lib/$(uname -m)-linux-gnu/libjemalloc.so.2" /usr/local/lib/libjemalloc.so.2
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/app/data \
    LD_PRELOAD=/usr/local/lib/libjemalloc.so.2
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY package.json tsconfig.base.json ./
COPY contract ./contract
COPY server/package.json server/tsconfig.json ./server/
COPY server/src ./server/src
COPY server/drizzle ./server/drizzle
COPY --from=build /app/web/dist ./web/dist
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# Alive and the database answers; readiness for a load balancer is GET /api/ready.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Node is PID 1 and gets SIGTERM itself (no npm in between): it drains, closes the pool and exits 0.
STOPSIGNAL SIGTERM
CMD ["node", "--import", "tsx", "server/src/main.ts"]
