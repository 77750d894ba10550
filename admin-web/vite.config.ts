import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'

const shared = fileURLToPath(new URL('../web-shared/src/index.ts', import.meta.url))
const api = 'http://localhost:8080'

export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  resolve: { alias: { '@shop/shared': shared } },
  server: {
    proxy: { '/api': api, '/media': api },
    fs: { allow: ['..'] },
  },
  build: { outDir: 'dist', emptyOutDir: true },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test-setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', '../web-shared/src/**/*.test.ts'],
  },
})
