import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'

const shared = fileURLToPath(new URL('../web-shared/src/index.ts', import.meta.url))
const api = 'http://localhost:8080'
// src/i18n/<area>.<lang>.json (not the core sr.json / en.json)
const areaTexts = /[\\/]src[\\/]i18n[\\/]\w+\.(sr|en)\.json$/

export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  resolve: { alias: { '@shop/shared': shared } },
  server: {
    proxy: { '/api': api, '/media': api },
    fs: { allow: ['..'] },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Split by route: every page is a lazy chunk (src/lazyPage.tsx) and antd is
    // left to the bundler, which puts each component with the pages that use it, so the login
    // screen does not load the tables, date pickers and uploads of the lists. Only the core that
    // every screen needs (React, the router, React Query, i18next) is one named chunk, which stays
    // cached across releases because it changes less often than the app; and the area texts of
    // each language are one chunk (below).
    rolldownOptions: {
      // antd's rc-* packages do not declare themselves free of side effects (no "sideEffects":
      // false), so the bundler keeps every module a barrel file imports even when nothing uses it:
      // ConfigProvider's form context alone brought the whole form engine and its validator into
      // every screen. They have none (they define components), so unused modules are dropped.
      treeshake: {
        moduleSideEffects: (id: string) => !/node_modules[\\/](rc-[^\\/]+|@rc-component[\\/][^\\/]+)[\\/]/.test(id),
      },
      output: {
        codeSplitting: {
          groups: [
            { name: 'vendor', test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|i18next|react-i18next)[\\/]/ },
            // the back office's area texts (src/i18n/<area>.<lang>.json) load together, so one
            // chunk per language: fewer files, and gzip finds the repeats across areas (about a
            // quarter smaller than one chunk per file)
            { name: (id: string) => `areas.${areaTexts.exec(id)?.[1]}`, test: areaTexts },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test-setup.ts'],
    // a file's first antd render (cold imports) takes seconds on a busy shared machine
    testTimeout: 20_000,
    // Vitest's default keeps a core for its main thread, which mostly idles: on two cores the
    // files would run one at a time. A worker per core.
    maxWorkers: '100%',
    include: ['src/**/*.test.{ts,tsx}', '../web-shared/src/**/*.test.ts'],
  },
})
