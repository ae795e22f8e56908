import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'

interface ManifestChunk {
  file: string
  src?: string
  imports?: string[]
  isDynamicEntry?: boolean
}

const clientDir = path.resolve(import.meta.dirname, '../../dist/client')

export function readManifest(): Record<string, ManifestChunk> {
  const file = path.join(clientDir, '.vite/manifest.json')
  if (!fs.existsSync(file)) throw new Error('No build found: run `npm run build` first.')
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, ManifestChunk>
}

/** The JavaScript files a chunk loads, itself and its static imports, transitively. */
export function closure(
  manifest: Record<string, ManifestChunk>,
  key: string,
  seen = new Set<string>(),
) {
  const chunk = manifest[key]
  if (!chunk || seen.has(chunk.file)) return seen
  seen.add(chunk.file)
  for (const imported of chunk.imports ?? []) closure(manifest, imported, seen)
  return seen
}

export function gzipKb(files: Iterable<string>): number {
  let bytes = 0
  for (const file of files) {
    if (file.endsWith('.js'))
      bytes += zlib.gzipSync(fs.readFileSync(path.join(clientDir, file))).length
  }
  return bytes / 1024
}

/** The home page's JavaScript, and for each lazily loaded screen what it adds on top. */
export function bundleSizes() {
  const manifest = readManifest()
  const home = closure(manifest, 'index.html')
  const routes = Object.entries(manifest)
    .filter(([key, chunk]) => chunk.isDynamicEntry && key.startsWith('features/'))
    .map(([key]) => {
      const extra = [...closure(manifest, key)].filter((file) => !home.has(file))
      return { screen: key, kb: gzipKb(extra) }
    })
  return { homeKb: gzipKb(home), routes }
}
