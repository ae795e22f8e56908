import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'

// The public site (index.html), built first. Its code is the same React code as the members
// area's, run by Preact's React-compatible runtime (decision 23): the visitor's phone loads about
// a sixth of React's weight, and the members area keeps React itself (vite.members.config.ts).
const preact = (path: string) => new URL(`./node_modules/preact/${path}`, import.meta.url).pathname

export default defineConfig({
  root: 'src/client',
  publicDir: 'public',
  plugins: [react()],
  resolve: {
    alias: [
      { find: /^react-dom\/client$/, replacement: preact('compat/client.mjs') },
      { find: /^react\/jsx(-dev)?-runtime$/, replacement: preact('compat/jsx-runtime.mjs') },
      { find: /^react(-dom)?$/, replacement: preact('compat/dist/compat.mjs') },
    ],
  },
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    // Printed by `npm run build`: the size of every chunk, gzipped.
    reportCompressedSize: true,
    sourcemap: false,
    // Lets the bundle-budget test find which chunks each route loads.
    manifest: true,
    rolldownOptions: {
      // react-router reads React 19's useOptimistic and does without it where it is missing.
      onwarn(warning, warn) {
        if (!(warning.code === 'IMPORT_IS_UNDEFINED' && warning.message.includes('useOptimistic')))
          warn(warning)
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
})
