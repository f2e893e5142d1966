# Kabuto's production image: build everything in one stage, run the compiled server with production
# dependencies only, as a non-root user. `docker build -t kabuto .`; see compose.yaml and docs/deploy.md.

# ---- build: the web apps (static files) and the server (apps/server/dist)
FROM node:24-bookworm-slim AS build
WORKDIR /src
COPY package.json package-lock.json .npmrc ./
COPY apps/web/package.json apps/web/
COPY apps/admin/package.json apps/admin/
COPY apps/server/package.json apps/server/
COPY packages/domain/package.json packages/domain/
COPY packages/contract/package.json packages/contract/
COPY packages/client/package.json packages/client/
COPY packages/db/package.json packages/db/
COPY packages/ledger/package.json packages/ledger/
COPY packages/market/package.json packages/market/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm run build:server

# ---- production dependencies only (the workspace packages are compiled into the server bundle)
FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY apps/web/package.json apps/web/
COPY apps/admin/package.json apps/admin/
COPY apps/server/package.json apps/server/
COPY packages/domain/package.json packages/domain/
COPY packages/contract/package.json packages/contract/
COPY packages/client/package.json packages/client/
COPY packages/db/package.json packages/db/
COPY packages/ledger/package.json packages/ledger/
COPY packages/market/package.json packages/market/
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# ---- run
FROM node:24-bookworm-slim
# the reports' (PDF) Japanese font: REPORT_FONT's default, /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc
RUN apt-get update -qq && apt-get install -y -qq --no-install-recommends fonts-noto-cjk \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production KABUTO_MODE=production PORT=3000 HOST=0.0.0.0 DATA_DIR=/var/lib/kabuto
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=deps /app/package.json ./package.json
COPY --from=build /src/apps/server/package.json apps/server/package.json
COPY --from=build /src/apps/server/dist apps/server/dist
COPY --from=build /src/apps/web/dist apps/web/dist
COPY --from=build /src/apps/admin/dist apps/admin/dist
COPY --from=build /src/scripts/server-tool.mjs /src/scripts/runtime.mjs scripts/
COPY LICENSE THIRD-PARTY-NOTICES.md ./
RUN mkdir -p /var/lib/kabuto && chown node:node /var/lib/kabuto
USER node
EXPOSE 3000 9464
HEALTHCHECK --interval=10s --timeout=6s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "--enable-source-maps", "--max-semi-space-size=16", "apps/server/dist/server.js"]
