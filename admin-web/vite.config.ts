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
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // the libraries change less often than the app: separate files stay cached across releases
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'antd', test: /node_modules[\\/](antd|@ant-design|rc-[^\\/]+|@rc-component)[\\/]/, priority: 2 },
            { name: 'vendor', test: /node_modules[\\/]/, priority: 1 },
          ],
        },
      },
    },
    // antd alone is about 1.3 MB minified (350 kB gzipped) once the lists use the drawer, date
    // pickers, uploads and the virtual table; the admin is an internal tool
    chunkSizeWarningLimit: 1400,
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test-setup.ts'],
    // a file's first antd render (cold imports) takes seconds on a busy shared machine
    testTimeout: 20_000,
    include: ['src/**/*.test.{ts,tsx}', '../web-shared/src/**/*.test.ts'],
  },
})
