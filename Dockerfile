# syntax=docker/dockerfile:1
# The long-lived server (server.ts): Next's handler, the WebSockets and the call scheduler.
#   docker build -t voiceai .
#   docker run -p 3000:3000 -v voiceai-data:/data voiceai      # embedded defaults
#   docker compose up                                           # three instances, Redis, Postgres
ARG NODE_IMAGE=node:22-bookworm-slim

FROM ${NODE_IMAGE} AS base
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1

# Every dependency, for the build.
FROM base AS deps
COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-audit --no-fund

# Only what runs: tsx is a runtime dependency (server.ts is TypeScript), dev tools are left out.
FROM base AS prod-deps
COPY package.json package-lock.json .npmrc ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM base AS build
# Inlined into the client bundle at build time (the Turnstile widget); empty: no widget.
ARG NEXT_PUBLIC_TURNSTILE_SITE_KEY=""
ENV NEXT_PUBLIC_TURNSTILE_SITE_KEY=${NEXT_PUBLIC_TURNSTILE_SITE_KEY}
COPY --from=deps /app/node_modules ./node_modules
COPY . .
RUN npm run build && rm -rf .next/cache

FROM base AS runtime
ENV NODE_ENV=production \
    HOSTNAME=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
COPY --from=prod-deps --chown=node:node /app/node_modules ./node_modules
# Next writes regenerated pages and its fetch cache under .next: the app user owns it.
COPY --from=build --chown=node:node /app/.next ./.next
# dist/ is server.ts bundled with lib/ (npm run build); the PGlite, eSpeak-NG and VAD workers
# (lib/**/*.mjs) and the migrations are read from disk relative to the working directory;
# content/ is the embedded CMS.
COPY --from=build --chown=node:node /app/dist ./dist
COPY --chown=node:node package.json tsconfig.json next.config.ts server.ts ./
COPY --chown=node:node lib ./lib
COPY --chown=node:node schemas ./schemas
COPY --chown=node:node content ./content
COPY --chown=node:node public ./public
COPY --chown=node:node scripts ./scripts
# The embedded store (store.json) and PGlite live here when REDIS_URL / DATABASE_URL are unset.
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 3000
# /healthz is public and names nothing: 200 when the store and the database answer, else 503.
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Node itself is PID 1 (not npm): SIGTERM reaches server.ts, which drains and closes cleanly.
CMD ["node", "--enable-source-maps", "dist/server.mjs"]
