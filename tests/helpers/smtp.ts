import type { AddressInfo } from 'node:net'
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { expect } from 'vitest'

export interface ReceivedMail {
  from: string
  to: string[]
  raw: string
  /** Decoded by a real mail parser, as a mail program would show them. */
  subject: string
  text: string
  attachments: Array<{ filename: string; contentType: string; content: Buffer }>
}

export interface SmtpOptions {
  /** Recipients the server refuses, with its answer (a 550), as a mail server refuses a mailbox. */
  refuse?: ReadonlySet<string>
  /** How long it takes to accept each e-mail, as a distant mail server does. */
  delayMs?: number
}

// A real SMTP server on loopback that keeps what it receives.
export async function startSmtpServer(port = 0, options: SmtpOptions = {}) {
  const received: ReceivedMail[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // The app keeps pooled connections open; closing the server ends them after this wait.
    closeTimeout: 200,
    onRcptTo(address, _session, callback) {
      if (!options.refuse?.has(address.address)) return callback()
      const refusal = Object.assign(
        new Error(`5.1.1 <${address.address}>: Recipient address rejected`),
        {
          responseCode: 550,
        },
      )
      callback(refusal)
    },
    onData(stream, session, callback) {
      let raw = ''
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()))
      stream.on('end', () => {
        simpleParser(raw).then((parsed) => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
            subject: parsed.subject ?? '',
            text: (parsed.text ?? '').trimEnd(),
            attachments: parsed.attachments.map((a) => ({
              filename: a.filename ?? '',
              contentType: a.contentType,
              content: a.content,
            })),
          })
          setTimeout(callback, options.delayMs ?? 0)
        }, callback)
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const bound = (server.server.address() as AddressInfo).port
  return {
    url: `smtp://127.0.0.1:${bound}`,
    port: bound,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/**
 * A mail server for volume (the crash test, the benchmarks): it keeps only the Message-ID of each
 * e-mail it accepts, so that its own work stays small beside the app's.
 */
export async function startMessageIdServer() {
  const received: string[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 200,
    onData(stream, _session, callback) {
      let head = ''
      stream.on('data', (chunk: Buffer) => {
        if (head.length < 4096) head += chunk.toString()
      })
      stream.on('end', () => {
        received.push(/^Message-ID:\s*<([^>]+)>/im.exec(head)?.[1] ?? '?')
        callback()
      })
    },
  })
  // A client killed mid-send (the crash test) resets its connection: that is expected here.
  server.on('error', () => undefined)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** The e-mails to the address with the subject, once at least `count` have come, oldest first. */
export async function mailsTo(
  smtp: { received: ReceivedMail[] },
  email: string,
  subject: string,
  count = 1,
): Promise<ReceivedMail[]> {
  const found = () => smtp.received.filter((m) => m.to.includes(email) && m.subject === subject)
  await expect.poll(() => found().length, { timeout: 15_000 }).toBeGreaterThanOrEqual(count)
  return found()
}

/** The tokens of the `path?token=` links e-mailed to the address, once `count` have come. */
export async function linkTokens(
  smtp: { received: ReceivedMail[] },
  email: string,
  subject: string,
  path: string,
  count = 1,
): Promise<string[]> {
  const link = new RegExp(`${path.replace(/[/?]/g, '\\$&')}\\?token=([\\w-]+)`)
  return (await mailsTo(smtp, email, subject, count)).map((mail) => link.exec(mail.text)![1]!)
}
