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

type Manifest = Record<string, ManifestChunk>

// Each app has its own build and manifest (decision 23).
export function readManifest(name = 'manifest.json'): Manifest {
  const file = path.join(clientDir, '.vite', name)
  if (!fs.existsSync(file)) throw new Error('No build found: run `npm run build` first.')
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest
}

/** The JavaScript files a chunk loads, itself and its static imports, transitively. */
export function closure(manifest: Manifest, key: string, seen = new Set<string>()) {
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

/** An app's first page's JavaScript, and for each lazily loaded screen what it adds on top. */
function appSizes(manifestName: string, page: string) {
  const manifest = readManifest(manifestName)
  const first = closure(manifest, page)
  const routes = Object.entries(manifest)
    .filter(([key, chunk]) => chunk.isDynamicEntry && key.startsWith('features/'))
    .map(([key]) => {
      const extra = [...closure(manifest, key)].filter((file) => !first.has(file))
      return { screen: key, kb: gzipKb(extra) }
    })
  return { kb: gzipKb(first), routes }
}

/** The public site's home page and the members area's first screen, and every lazy screen. */
export function bundleSizes() {
  const site = appSizes('manifest.json', 'index.html')
  const members = appSizes('members-manifest.json', 'members.html')
  return { homeKb: site.kb, membersKb: members.kb, routes: [...site.routes, ...members.routes] }
}
