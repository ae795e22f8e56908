import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { startServer, type TestServer } from '#tests/helpers/server-process'

// What the real server prints for the person who started it: on the first start the address, the
// administrator's one-time password and, with no mail server, where e-mail goes; on later starts
// without a mail server the address and the outbox again.
// Each test starts the server as a process (about 3 s; past 30 s on a machine loaded by other
// suites, as in a rehearsal beside browser runs).
describe('the start-up notice', { timeout: 90_000 }, () => {
  const dataDirs: string[] = []
  const servers: TestServer[] = []
  const newDataDir = () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'allotment-first-start-'))
    dataDirs.push(dataDir)
    return dataDir
  }
  const firstDataDir = newDataDir()
  const outbox = path.join(firstDataDir, 'outbox')

  // The server answers as soon as it listens; the lines printed just after may arrive a moment later.
  const startAndStop = async (dataDir: string, env: Record<string, string> = {}) => {
    const server = await startServer({ dataDir, env })
    servers.push(server)
    await expect.poll(() => server.output()).toContain('Open http')
    await server.stop()
    return server
  }

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()))
    for (const dataDir of dataDirs) fs.rmSync(dataDir, { recursive: true, force: true })
  })

  it('on the first start names the address, the one-time password and the outbox folder', async () => {
    const server = await startAndStop(firstDataDir)
    const output = server.output()
    expect(server.adminPassword).toMatch(/^\S{12,}$/)
    expect(output).toContain(`  Password:  ${server.adminPassword}\n`)
    expect(output).toContain(
      'This is a one-time password: a new one must be chosen at the first sign-in.',
    )
    expect(output).toContain(`Open http://localhost:${server.port} in a browser.`)
    expect(output).toContain(`e-mail is saved as .eml files in ${outbox}\n`)
  })

  it('on a later start without a mail server names the address and the outbox again', async () => {
    const server = await startAndStop(firstDataDir)
    const output = server.output()
    expect(output).not.toContain('Administrator account created')
    expect(output).toContain(`Open http://localhost:${server.port} in a browser.`)
    expect(output).toContain(`e-mail is saved as .eml files in ${outbox}\n`)
  })

  it('with a mail server names the address on the first start but no outbox', async () => {
    const server = await startAndStop(newDataDir(), { SMTP_URL: 'smtp://127.0.0.1:9' })
    expect(server.output()).toContain('Administrator account created')
    expect(server.output()).not.toContain('outbox')
  })
})
