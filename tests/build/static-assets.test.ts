import fs from 'node:fs'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '#tests/helpers/test-app'

// The built client as the server hands it out: hashed assets cached for good and sent
// precompressed, the pages always revalidated (they name the assets of the current build).
describe('static assets of the build', () => {
  let t: TestApp
  const assetsDir = path.resolve(import.meta.dirname, '../../dist/client/assets')
  const script = fs.readdirSync(assetsDir).find((name) => name.endsWith('.js'))!
  const original = fs.readFileSync(path.join(assetsDir, script))
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers })

  beforeAll(async () => {
    t = await createTestApp('sqlite')
  })
  afterAll(() => t.close())

  it('sends hashed assets with an immutable, year-long cache header', async () => {
    const response = await get(`/assets/${script}`)
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(response.rawPayload.equals(original)).toBe(true)
  })

  it('sends brotli to browsers that accept it, and gzip to those that only accept gzip', async () => {
    const br = await get(`/assets/${script}`, { 'accept-encoding': 'gzip, deflate, br' })
    expect(br.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(br.rawPayload).equals(original)).toBe(true)
    const gzip = await get(`/assets/${script}`, { 'accept-encoding': 'gzip' })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gzip.rawPayload).equals(original)).toBe(true)
    expect(gzip.headers['cache-control']).toContain('immutable')
  })

  it('serves the home page and deep links to any client, revalidated every time', async () => {
    for (const url of ['/', '/members/plotholders']) {
      for (const headers of [{}, { 'accept-encoding': 'gzip, deflate, br' }] as Array<
        Record<string, string>
      >) {
        const response = await get(url, headers)
        expect(response.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(200)
        expect(response.headers['content-type']).toMatch(/^text\/html/)
        expect(response.headers['cache-control']).toBe('no-cache')
      }
    }
  })

  it('serves the members area its service worker and web manifest, and the public site neither', async () => {
    const worker = await get('/members-sw.js')
    expect(worker.statusCode).toBe(200)
    expect(worker.headers['content-type']).toMatch(/javascript/)
    const manifest = await get('/members.webmanifest')
    expect(manifest.statusCode).toBe(200)
    expect(manifest.json()).toMatchObject({ scope: '/members/', start_url: '/members/' })
    for (const icon of manifest.json<{ icons: Array<{ src: string }> }>().icons)
      expect((await get(icon.src)).statusCode, icon.src).toBe(200)
    expect((await get('/members/plotholders')).body).toContain('members.webmanifest')

    // Nothing of it reaches a public page: not its link, not its registration, not its files.
    const clientDir = path.dirname(assetsDir)
    const publicBuild = JSON.parse(
      fs.readFileSync(path.join(clientDir, '.vite/manifest.json'), 'utf8'),
    ) as Record<string, { file: string; css?: string[] }>
    const publicFiles = Object.values(publicBuild).flatMap((c) => [c.file, ...(c.css ?? [])])
    expect((await get('/')).body).not.toMatch(/webmanifest|members-sw/)
    for (const file of publicFiles)
      expect(fs.readFileSync(path.join(clientDir, file), 'utf8'), file).not.toContain('members-sw')
    for (const file of publicFiles) expect(worker.body, file).not.toContain(file)
    // What it keeps for offline use: the members page and the inspections screens.
    expect(worker.body).toContain('"members.html"')
  })
})
