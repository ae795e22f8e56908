import fs from 'node:fs/promises'
import path from 'node:path'
import nodemailer, { type SendMailOptions } from 'nodemailer'
import type { Delivery } from '#shared/schemas/contact'
import type { Config } from '#server/core/config'
import { senderOf, type MailSettings } from '#server/core/db/association-settings'
import { emailjsTransport } from '#server/core/email/emailjs'

export interface Mail {
  to: string
  subject: string
  text: string
  replyTo?: { name: string; address: string }
  /** Ties the e-mail to its record, for the receiving side and for us; nodemailer's otherwise. */
  messageId?: string
  attachments?: Array<{ filename: string; content: Buffer; contentType: string }>
  /** When it was written: now, unless an e-mail is written again as it first went. */
  date?: Date
}

/** Whom the association's e-mails come from and where replies go, as the settings say. */
export interface Sender {
  from: string | { name: string; address: string }
  replyTo?: string
}

/** Sends one e-mail: through the mail server, or, without one, into the outbox folder. */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox'
  /** The sender as the settings say now: read once for many e-mails, and given to each send. */
  sender(): Promise<Sender>
  /** `reference` names the outbox file (`enquiry-12`, `message-345`); without a sender, it is read. */
  send(mail: Mail, reference: string, sender?: Sender): Promise<void>
  close(): void
}

export interface EnquiryEmail {
  name: string
  email: string
  enquiry: string
}

export interface EmailTransport {
  readonly kind: Delivery
  send(enquiry: EnquiryEmail, reference: string): Promise<void>
}

// Pooled: a message to every member goes over kept-open connections, not one each. nodemailer
// leaves Nagle's algorithm on, so each e-mail waits about 40 ms for the server's delayed
// acknowledgement (22 a second on one connection to a local server); ten side by side make
// 200 a second. (A socket without the delay sent 522 a second on one connection, but nodemailer's
// pool loses a connection whose own socket fails to connect, so that is left for later.)
export const SMTP_CONNECTIONS = 10

/** How the association's e-mails go, as the administrator last saved it (the settings page). */
export type ReadMailSettings = () => Promise<MailSettings>

export function createMailer(config: Config['email'], readSettings: ReadMailSettings): Mailer {
  // The address stays the server's own (MAIL_FROM), which its mail domain vouches for; the name
  // and where replies go are the association's to choose.
  const { address } = senderOf(config.from)
  const sender = async (): Promise<Sender> => {
    const { senderName, replyTo } = await readSettings()
    return {
      from: senderName ? { name: senderName, address } : config.from,
      ...(replyTo ? { replyTo } : {}),
    }
  }
  const envelope = async (mail: Mail, given?: Sender) => ({
    ...(given ?? (await sender())),
    ...mail,
  })
  if (config.smtpUrl) {
    const smtp = nodemailer.createTransport(pooled(config.smtpUrl))
    return {
      kind: 'smtp',
      sender,
      send: async (mail, _reference, given) =>
        void (await smtp.sendMail(await envelope(mail, given))),
      close: () => smtp.close(),
    }
  }
  // Without SMTP the message is written where a person can find it, never dropped.
  const write = outboxWriter(config.outboxDir)
  return {
    kind: 'outbox',
    sender,
    send: async (mail, reference, given) => write(await envelope(mail, given), reference),
    close: () => undefined,
  }
}

/** Writes an e-mail into the outbox folder as `reference.eml`, over any of that name. */
export function outboxWriter(outboxDir: string) {
  const writer = nodemailer.createTransport({ streamTransport: true, buffer: true })
  return async (mail: SendMailOptions, reference: string) => {
    const info = await writer.sendMail(mail)
    await fs.mkdir(outboxDir, { recursive: true })
    await fs.writeFile(path.join(outboxDir, `${reference}.eml`), info.message as Buffer)
  }
}

// nodemailer takes its options from the address's query, so the pool is asked for there; an
// SMTP_URL that says otherwise (`?pool=false`, `?maxConnections=2`) wins.
function pooled(smtpUrl: string): string {
  const url = new URL(smtpUrl)
  if (!url.searchParams.has('pool')) url.searchParams.set('pool', 'true')
  if (!url.searchParams.has('maxConnections'))
    url.searchParams.set('maxConnections', String(SMTP_CONNECTIONS))
  return url.toString()
}

function enquiryMail(committeeEmail: string, enquiry: EnquiryEmail): Mail {
  return {
    to: committeeEmail,
    replyTo: { name: enquiry.name, address: enquiry.email },
    subject: `Website enquiry from ${enquiry.name}`,
    text: `Name: ${enquiry.name}\nE-mail Address: ${enquiry.email}\n\n${enquiry.enquiry}\n`,
  }
}

/** How enquiries reach the committee: the EmailJS API when it is set up, else the mailer. */
export function createTransport(
  config: Config['email'],
  mailer: Mailer,
  readSettings: ReadMailSettings,
): EmailTransport {
  if (config.emailjs) return emailjsTransport(config.emailjs)
  return {
    kind: mailer.kind,
    send: async (enquiry, reference) =>
      mailer.send(
        enquiryMail((await readSettings()).committeeEmail, enquiry),
        `enquiry-${reference}`,
      ),
  }
}
