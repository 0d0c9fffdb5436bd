# One image for the three services (the command differs), plus an nginx gateway that serves the built web app.
# The services run compiled JavaScript (npm run build:services) on a production install of node_modules.

# The workspaces' manifests alone, so that both installs below are cached until a dependency changes.
FROM node:20-bookworm-slim AS manifests
WORKDIR /app
COPY package.json package-lock.json ./
COPY domain/package.json domain/
COPY infrastructure/package.json infrastructure/
COPY command-api/package.json command-api/
COPY projections/package.json projections/
COPY query-api/package.json query-api/
COPY web/package.json web/

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY --from=manifests /app ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build -w web && npm run build:services

# What the compiled services import at run time: dependencies only (scripts/build-services.int.test.ts checks
# that no service imports a devDependency).
FROM node:20-bookworm-slim AS production-dependencies
WORKDIR /app
COPY --from=manifests /app ./
RUN npm ci --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim AS service
WORKDIR /app
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
COPY --from=production-dependencies /app /app
COPY --from=build /app/dist /app/dist
USER node
EXPOSE 3000
# docker-compose.yml sets the command per service, e.g. ["node", "--enable-source-maps", "dist/command-api.mjs"].

FROM nginx:1.28-alpine AS gateway
COPY infrastructure/docker/nginx.conf /etc/nginx/conf.d/default.conf
COPY --from=build /app/web/dist /usr/share/nginx/html
