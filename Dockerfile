# 밥상친구: the app server (API, live channel, built client) as a container (issue #20 item 3).
# Build: docker build -t bapsang . — run as in compose.yaml (PostgreSQL + Redis, or alone on the
# embedded PGlite with a volume on /data). Non-root; health check on /healthz.

FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# Client (dist/) and compiled server (build/).
RUN npm run build

FROM node:24-bookworm-slim
ENV NODE_ENV=production PORT=8080 HOST=0.0.0.0 DATA_DIR=/data STATIC_DIR=/app/dist
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force \
  && mkdir -p /data/uploads && chown -R node:node /data
COPY --from=build /app/build ./build
COPY --from=build /app/dist ./dist
USER node
VOLUME ["/data"]
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# SIGTERM drains HTTP and closes the live sessions (server/main.ts).
STOPSIGNAL SIGTERM
CMD ["node", "build/server/main.js"]
