import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'

// The members area (members.html), built after the public site into the same folder, with React.
export default defineConfig({
  root: 'src/client',
  publicDir: false,
  plugins: [react()],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: false,
    reportCompressedSize: true,
    sourcemap: false,
    manifest: '.vite/members-manifest.json',
    rolldownOptions: { input: 'src/client/members.html' },
  },
})
