import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'

export default defineConfig({
  root: 'src/client',
  publicDir: 'public',
  plugins: [react()],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    // Printed by `npm run build`: the size of every chunk, gzipped.
    reportCompressedSize: true,
    sourcemap: false,
    // Lets the bundle-budget test find which chunks each route loads.
    manifest: true,
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
})
