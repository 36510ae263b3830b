# PaperKnife production image: the built site and API with every engine installed.
# Build: docker build -t paperknife .   Run: docker run -p 3000:3000 paperknife
# Prometheus metrics (off by default, never on the public port): add -e PAPERKNIFE_METRICS_PORT=9464
# -e PAPERKNIFE_METRICS_HOST=0.0.0.0 -p 127.0.0.1:9464:9464 and scrape http://127.0.0.1:9464/metrics.

FROM node:20-bookworm-slim AS build
WORKDIR /app
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json .npmrc ./
COPY packages/catalog/package.json packages/catalog/
COPY packages/engine/package.json packages/engine/
COPY packages/qpdf-jobs/package.json packages/qpdf-jobs/
COPY packages/mupdf-jobs/package.json packages/mupdf-jobs/
COPY packages/i18n/package.json packages/i18n/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY . .
# What the site shows is fixed at build time: pass the public origin and any non-default limits as build args.
ARG PAPERKNIFE_SITE_URL=http://localhost:3000
ARG PAPERKNIFE_SOURCE_URL
ARG PAPERKNIFE_SUPPORT_EMAIL
ARG PAPERKNIFE_MAX_FILE_MB
ARG PAPERKNIFE_MAX_FILES
ARG PAPERKNIFE_MAX_REQUEST_MB
ARG PAPERKNIFE_MAX_PAGES
ARG PAPERKNIFE_JOB_TIMEOUT_S
ARG PAPERKNIFE_OCR_MAX_PAGES
RUN npx tsc -b apps/server && npm run build --workspace apps/web \
 && npm prune --omit=dev

FROM node:20-bookworm-slim
# Everything the server and its engines write goes to /tmp (uploads, LibreOffice's profile under HOME, OCRmyPDF's
# and Ghostscript's temporary files) or /data (the contact database), so the root filesystem can be read-only:
#   docker run --read-only --mount type=tmpfs,destination=/tmp,tmpfs-size=2g -v paperknife-data:/data -p 3000:3000 paperknife
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 PAPERKNIFE_DATA_DIR=/data TMPDIR=/tmp HOME=/tmp XDG_CACHE_HOME=/tmp/.cache
# Memory handed back after big jobs, as `npm start` sets it from scripts/server-memory-environment.json (a test
# compares them; docs/decisions/025): two malloc arenas, big blocks mapped apart so freeing them returns them, a
# small young generation.
ENV MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=131072 NODE_OPTIONS=--max-semi-space-size=1
RUN apt-get update \
 && apt-get install -y --no-install-recommends \
      tini qpdf ghostscript chromium libreoffice-writer-nogui libreoffice-calc-nogui libreoffice-impress-nogui python3 python3-uno \
      fonts-dejavu-core fonts-liberation fonts-noto-core fonts-noto-cjk \
      ocrmypdf tesseract-ocr unpaper jbig2dec \
      tesseract-ocr-eng tesseract-ocr-deu tesseract-ocr-fra tesseract-ocr-spa tesseract-ocr-ita tesseract-ocr-por tesseract-ocr-nld tesseract-ocr-pol tesseract-ocr-rus \
      tesseract-ocr-ukr tesseract-ocr-tur tesseract-ocr-chi-sim tesseract-ocr-chi-tra tesseract-ocr-jpn tesseract-ocr-kor tesseract-ocr-ara tesseract-ocr-hin \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --create-home --uid 10001 paperknife \
 && mkdir -p /data && chown paperknife /data
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/packages/catalog/package.json packages/catalog/
COPY --from=build /app/packages/catalog/dist packages/catalog/dist
COPY --from=build /app/packages/engine/package.json packages/engine/
COPY --from=build /app/packages/engine/dist packages/engine/dist
COPY --from=build /app/packages/qpdf-jobs/package.json packages/qpdf-jobs/
COPY --from=build /app/packages/qpdf-jobs/dist packages/qpdf-jobs/dist
COPY --from=build /app/packages/mupdf-jobs/package.json packages/mupdf-jobs/
COPY --from=build /app/packages/mupdf-jobs/dist packages/mupdf-jobs/dist
COPY --from=build /app/packages/i18n/package.json packages/i18n/
COPY --from=build /app/packages/i18n/dist packages/i18n/dist
COPY --from=build /app/packages/i18n/messages packages/i18n/messages
COPY --from=build /app/apps/server/package.json apps/server/
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/build/client apps/web/build/client
USER paperknife
VOLUME /data /tmp
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s CMD node -e "fetch('http://127.0.0.1:3000/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# tini as PID 1 reaps the processes a cancelled job leaves orphaned (OCRmyPDF's workers, Ghostscript): Node does
# not, so they would stay as zombies for the container's life. It passes SIGTERM on, for the graceful drain.
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "apps/server/dist/server.js"]
