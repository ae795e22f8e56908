import fs from 'node:fs'
import path from 'node:path'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { VitePWA } from 'vite-plugin-pwa'
import { OFFLINE_CACHES } from './src/client/lib/offline.ts'

const outDir = path.resolve('dist/client')
const manifestFile = '.vite/members-manifest.json'

// The screens that must open with no signal (issue 32): a round is walked where phones have none.
const OFFLINE_SCREENS = [
  'members.html',
  'features/inspections/screens.ts',
  'features/work-hours/screens.ts',
]

/**
 * The files of the offline screens: their chunks, and every chunk and stylesheet they import
 * statically, as the members build's manifest lists them. The public site's files, built into
 * the same folder, are never among them, and neither are the members screens walked online.
 */
function offlineFiles(): Set<string> {
  type Chunk = { file: string; imports?: string[]; css?: string[]; assets?: string[] }
  const manifest = JSON.parse(fs.readFileSync(path.join(outDir, manifestFile), 'utf8')) as Record<
    string,
    Chunk
  >
  // The page itself, which every members address is answered with offline.
  const files = new Set<string>(['members.html'])
  const visit = (key: string) => {
    const chunk = manifest[key]
    if (!chunk || files.has(chunk.file)) return
    files.add(chunk.file)
    for (const file of [...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(file)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  OFFLINE_SCREENS.forEach(visit)
  return files
}

// The members area (members.html), built after the public site into the same folder, with React.
// Its service worker (Workbox, through vite-plugin-pwa) keeps the offline screens and the data
// they were last shown with; it is registered by those screens, so that the public site, and a
// plot holder who never walks a round, carry none of it (decision 29).
export default defineConfig({
  root: 'src/client',
  publicDir: false,
  plugins: [
    react(),
    VitePWA({
      injectRegister: false,
      filename: 'members-sw.js',
      manifestFilename: 'members.webmanifest',
      scope: '/members/',
      includeManifestIcons: false,
      manifest: {
        name: 'Allotment association: members',
        short_name: 'Allotments',
        description:
          'The members area of the allotment association, with inspections that work on site with no signal.',
        start_url: '/members/',
        scope: '/members/',
        display: 'standalone',
        background_color: '#fbfaf6',
        theme_color: '#1f3d27',
        icons: [
          { src: '/app-icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/app-icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        ],
      },
      workbox: {
        globDirectory: outDir,
        globPatterns: ['members.html', 'assets/*.{js,css}'],
        manifestTransforms: [
          (entries) => {
            const wanted = offlineFiles()
            return { manifest: entries.filter((entry) => wanted.has(entry.url)), warnings: [] }
          },
        ],
        // Hashed names already tell versions apart.
        dontCacheBustURLsMatching: /^assets\//,
        navigateFallback: '/members.html',
        navigateFallbackAllowlist: [/^\/members(\/|$)/],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
        runtimeCaching: [
          {
            // What the offline screens read, and nothing else: who is signed in, the association,
            // the site map, the rounds and a round. Never a member's own answers (/api/me/…: their
            // details, rent, letters, offers), which Workbox would keep despite their no-store.
            // The network first; the last answer when there is none. Emptied at sign-in and
            // sign-out, so one session's copies are never shown to the next.
            urlPattern: ({ url, request }) =>
              request.method === 'GET' &&
              /^\/api\/(me|site|site-map|inspection-rounds(\/\d+)?|work-hours\/events\/\d+)$/.test(
                url.pathname,
              ),
            handler: 'NetworkFirst',
            options: {
              cacheName: OFFLINE_CACHES.data,
              networkTimeoutSeconds: 5,
              expiration: { maxEntries: 200 },
            },
          },
          {
            // A photo or a drawing never changes under its address.
            urlPattern: ({ url }) =>
              /^\/api\/(inspection-photos|site-map\/backgrounds|site\/images)\//.test(url.pathname),
            handler: 'CacheFirst',
            options: { cacheName: OFFLINE_CACHES.pictures, expiration: { maxEntries: 1000 } },
          },
        ],
      },
    }),
  ],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: false,
    reportCompressedSize: true,
    sourcemap: false,
    manifest: manifestFile,
    rolldownOptions: { input: 'src/client/members.html' },
  },
})
