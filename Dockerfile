# One image for the three services (the command differs), plus an nginx gateway that serves the built web app.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY domain/package.json domain/
COPY infrastructure/package.json infrastructure/
COPY command-api/package.json command-api/
COPY projections/package.json projections/
COPY query-api/package.json query-api/
COPY web/package.json web/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build -w web

FROM node:20-bookworm-slim AS service
WORKDIR /app
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
COPY --from=build /app /app
USER node
EXPOSE 3000
# docker-compose.yml sets the command per service, e.g. ["npx", "tsx", "command-api/src/main.ts"].

FROM nginx:1.27-alpine AS gateway
COPY infrastructure/docker/nginx.conf /etc/nginx/conf.d/default.conf
COPY --from=build /app/web/dist /usr/share/nginx/html
