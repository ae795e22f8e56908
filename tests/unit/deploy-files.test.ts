import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { MAX_PDF_BYTES } from '#shared/schemas/land-documents'
import { IMPORT_MAX_BYTES } from '#shared/schemas/spreadsheet-import'
import { SITE_MAP_MAX_BYTES } from '#shared/schemas/site-map'
import { STATEMENT_MAX_BYTES } from '#server/features/rent/statement-routes'
import { PHOTO_MAX_BYTES } from '#server/features/inspections/record'
import { loadConfig } from '#server/core/config'

// What of deploy/ the proxy test (tests/api/behind-a-proxy.test.ts) cannot show: the service
// unit, which needs a running systemd, and nginx's body limit against the app's largest upload.
// The example settings are loaded as the server would load them.

const root = path.resolve(import.meta.dirname, '../..')
const read = (file: string) => fs.readFileSync(path.join(root, 'deploy', file), 'utf8')
const hasSystemdAnalyze = spawnSync('sh', ['-c', 'command -v systemd-analyze']).status === 0

describe('deploy/allotments.service', () => {
  const unit = read('allotments.service')
  const setting = (key: string) =>
    unit
      .split('\n')
      .filter((line) => line.startsWith(`${key}=`))
      .map((line) => line.slice(key.length + 1))

  // systemd-analyze is part of Debian's systemd; it checks every key and that the program exists.
  it.runIf(hasSystemdAnalyze)('passes systemd-analyze verify', () => {
    const checked = spawnSync('systemd-analyze', [
      'verify',
      path.join(root, 'deploy/allotments.service'),
    ])
    expect(checked.stderr.toString()).toBe('')
    expect(checked.status).toBe(0)
  })

  it('lets the service write to its data folder and nowhere else', () => {
    expect(setting('ProtectSystem')).toEqual(['strict'])
    expect(setting('ProtectHome')).toEqual(['true'])
    expect(setting('NoNewPrivileges')).toEqual(['true'])
    // The example settings' data folder (deploy/allotments.env), which the README copies.
    const dataDir = /^DATA_DIR=(\S+)$/m.exec(read('allotments.env'))?.[1]
    expect(dataDir).toBeDefined()
    expect(setting('ReadWritePaths')).toEqual([dataDir])
    expect(setting('EnvironmentFile')).toEqual(['/etc/allotments/allotments.env'])
  })

  it('restarts after a failure, within a memory ceiling, and waits for a graceful stop', () => {
    expect(setting('Restart')).toEqual(['on-failure'])
    expect(setting('MemoryMax')).toHaveLength(1)
    // The app exits within 10 s of SIGTERM; systemd must not kill it before.
    expect(Number(setting('TimeoutStopSec')[0])).toBeGreaterThan(10)
  })
})

describe('deploy/allotments.env', () => {
  it('is settings the server starts with', () => {
    const env = Object.fromEntries(
      read('allotments.env')
        .split('\n')
        .filter((line) => /^[A-Z_]+=/.test(line))
        .map((line) => {
          const [key, ...value] = line.split('=')
          return [key!, value.join('=').replace(/^"(.*)"$/, '$1')]
        }),
    )
    const config = loadConfig(env)
    expect(config.trustedProxies).toEqual(['127.0.0.1'])
    expect(config.origins).toEqual(['https://allotments.example.org'])
    expect(config.host).toBe('127.0.0.1')
  })
})

describe('deploy/nginx.conf', () => {
  it("passes on the app's largest upload, so that the app and not nginx answers one too large", () => {
    const limit = /client_max_body_size (\d+)m;/.exec(read('nginx.conf'))?.[1]
    const largest = Math.max(
      MAX_PDF_BYTES,
      IMPORT_MAX_BYTES,
      SITE_MAP_MAX_BYTES,
      STATEMENT_MAX_BYTES,
      PHOTO_MAX_BYTES,
    )
    // Room for the form's other fields and its boundaries besides the file.
    expect(Number(limit) * 1024 * 1024).toBeGreaterThan(largest + 1024 * 1024)
  })
})
