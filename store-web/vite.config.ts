/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { routePatterns } from './src/routes/paths'

const shared = fileURLToPath(new URL('../web-shared/src', import.meta.url))
// The Go server in development; SHOP_DEV_API points the proxy at another instance.
const api = process.env.SHOP_DEV_API ?? 'http://localhost:8080'

// routes.json tells the Go server which paths are pages (the rest answer 404).
function storefrontRoutes(): Plugin {
  return {
    name: 'storefront-routes',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'routes.json', source: JSON.stringify(routePatterns) })
    },
  }
}

export default defineConfig({
  base: '/',
  plugins: [react(), storefrontRoutes()],
  resolve: { alias: { '@shop/shared': shared } },
  server: {
    // web-shared lives beside the app, outside Vite's root.
    fs: { allow: ['..'] },
    proxy: { '/api': api, '/media': api },
  },
  build: { outDir: 'dist', emptyOutDir: true },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    // Vitest's default keeps a core for its main thread, which mostly idles: on two cores the
    // files would run one at a time. A worker per core.
    maxWorkers: '100%',
    include: ['src/**/*.test.{ts,tsx}'],
  },
})
