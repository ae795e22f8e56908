import net from 'node:net'
import { startMessageIdServer } from '#tests/helpers/smtp'
import { startServer, type TestServer } from '#tests/helpers/server-process'
import { Client } from './http.ts'
import { Ledger } from './ledger.ts'
import { fire } from './load.ts'
import { checkCopies, queueMessage, settledCopies } from './messages.ts'
import type { RentTarget } from './rent.ts'
import { checkDatabase, checkInvariants } from './verify.ts'
import { until } from './wait.ts'

// The stop phase of the crash test (issue 45): SIGTERM, as a service manager stops the app, not
// SIGKILL. It comes while writes pour in, a message to 300 members is going out and an
// enquiry's body is still arriving. The process must exit by itself, cleanly and in under 10 s;
// the enquiry under way is answered; /health, asked while it stops (the last line of the request
// sent after the port has closed), answers 503. After the restart every
// acknowledged write is there, and the message's copies handed back are sent by the next
// instance at once, its jobs' two-minute lease not waited out: every copy sent once, none cut off.

const EXIT_WITHIN_MS = 10_000
// Enough that the message is still going out when the stop comes, few enough to make quickly.
const COPIES = 300

/** A request written by hand on its own connection, so that it can be sent a part at a time. */
function rawRequest(port: number, head: string) {
  const socket = net.connect(port, '127.0.0.1')
  let answer = ''
  socket.on('data', (chunk: Buffer) => (answer += chunk.toString()))
  // A reset from the stopping server shows as no answer, which the checks report.
  socket.on('error', () => undefined)
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()))
  socket.write(head)
  return {
    send: (rest: string) => socket.write(rest),
    /** The status line's code once the server has closed the connection; 0 for none. */
    status: async () => {
      await closed
      return Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0)
    },
  }
}

/** Whether the server still accepts connections on its port. */
const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = net.connect(port, '127.0.0.1')
    probe.once('connect', () => {
      probe.destroy()
      resolve(true)
    })
    probe.once('error', () => resolve(false))
  })

export async function stopWhileBusy(
  target: RentTarget,
  dataDir: string,
  password: string,
  earlier: Ledger,
  replaced: (server: TestServer) => void,
): Promise<boolean> {
  const smtp = await startMessageIdServer()
  const env = { ...target.env, SMTP_URL: smtp.url, JOB_POLL_MS: '100' }
  try {
    let server = await startServer({ dataDir, env })
    replaced(server)
    const admin = new Client(server.url)
    await admin.signIn('admin', password)
    const batchId = await queueMessage(admin, { prefix: 'stop', copies: COPIES })
    const host = `Host: 127.0.0.1:${server.port}\r\n`
    const enquiry = `stop-test enquiry ${batchId}`
    const body = JSON.stringify({ name: 'Stop', email: 'stop@example.org', enquiry })
    // This phase's writes alone are looked for afterwards: the retention phase before it has
    // rightly deleted old enquiries. Tenants are added from the plots and people made earlier.
    const ledger = new Ledger()
    const chosen = { plots: [...earlier.plots], people: [...earlier.people] }
    for (const plot of chosen.plots) ledger.plots.add(plot)
    for (const person of chosen.people) ledger.people.add(person)
    const acknowledged = () => ledger.size - chosen.plots.length - chosen.people.length
    let gone = false
    const firing = fire({ admin, visitor: new Client(server.url) }, ledger, () => gone)
    await until(
      () => smtp.received.length >= COPIES / 10 && acknowledged() >= 50,
      'e-mails to go out and writes to be acknowledged',
    )

    const underWay = rawRequest(
      server.port,
      `POST /api/contact HTTP/1.1\r\n${host}Content-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 20)}`,
    )
    const lateHealth = rawRequest(server.port, `GET /health HTTP/1.1\r\n${host}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
    const started = performance.now()
    const exited = new Promise<number | null>((resolve) =>
      server.process.once('exit', (code) => resolve(code)),
    )
    server.process.kill('SIGTERM')
    for (let tries = 0; (await listening(server.port)) && tries < 100; tries++)
      await new Promise((resolve) => setTimeout(resolve, 20))
    lateHealth.send('\r\n')
    const healthStatus = await lateHealth.status()
    underWay.send(body.slice(20))
    const underWayStatus = await underWay.status()
    if (underWayStatus === 201) ledger.enquiries.add(enquiry)
    const code = await exited
    const seconds = (performance.now() - started) / 1000
    gone = true
    const fired = await firing
    const sentBeforeStop = smtp.received.length
    for (const plot of chosen.plots) ledger.plots.delete(plot)
    for (const person of chosen.people) ledger.people.delete(person)
    for (const kind of ['enquiries', 'accounts', 'people', 'plots', 'tenancies'] as const)
      for (const item of ledger[kind]) earlier[kind].add(item)

    server = await startServer({ dataDir, env })
    replaced(server)
    const db = target.open(dataDir)
    const [findings, copies] = await Promise.all([
      checkDatabase(db, ledger),
      settledCopies(db, batchId, 30),
    ]).finally(() => db.destroy())
    const sent = checkCopies(copies, smtp.received, COPIES)
    const signedIn = new Client(server.url)
    await signedIn.signIn('admin', password)
    const problems = [...findings.problems, ...sent.problems, ...(await checkInvariants(signedIn))]
    if (code !== 0) problems.push(`the process exited with ${code}, not 0: it did not stop cleanly`)
    if (seconds * 1000 >= EXIT_WITHIN_MS)
      problems.push(`the process took ${seconds.toFixed(1)} s to exit`)
    if (underWayStatus !== 201)
      problems.push(`the enquiry under way was answered ${underWayStatus}, not 201`)
    if (healthStatus !== 503) problems.push(`/health while stopping answered ${healthStatus}`)
    if (sent.interrupted > 0) problems.push(`${sent.interrupted} copies cut off mid-send`)
    if (sentBeforeStop >= COPIES) problems.push('the message had gone before the stop: no job ran')
    const refused = Object.entries(fired.refused).map(([status, n]) => `${n}×${status}`)
    console.log(
      `stop: SIGTERM with writes, an enquiry and a message under way; exited ${code} in ` +
        `${seconds.toFixed(1)} s. ${ledger.size} writes acknowledged, ` +
        `${findings.found} found after restart (refused while stopping: ` +
        `${refused.join(', ') || 'none'}); the enquiry under way ${underWayStatus}, /health ` +
        `${healthStatus}; ${sentBeforeStop} of ${COPIES} e-mails before the stop, the rest ` +
        `sent by the next instance, ${sent.interrupted} cut off`,
    )
    for (const item of findings.missing.slice(0, 20)) console.log(`  LOST: ${item}`)
    for (const problem of problems.slice(0, 20)) console.log(`  BROKEN: ${problem}`)
    return findings.missing.length === 0 && problems.length === 0
  } finally {
    await smtp.close()
  }
}
