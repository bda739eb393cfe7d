import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Content outputs are written into dist/ after the app build (content-build),
    // so the app build must not rely on them existing.
    // Hashed bundles live apart from public/ files so they can be cached as immutable.
    assetsDir: '_app',
  },
  server: { host: '127.0.0.1', port: 3000 },
  preview: { host: '127.0.0.1', port: 3000 },
})
