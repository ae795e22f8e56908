import fs from 'node:fs/promises'
import path from 'node:path'
import nodemailer from 'nodemailer'
import type { Delivery } from '#shared/schemas/contact'
import type { Config } from '#server/core/config'
import { emailjsTransport } from '#server/core/email/emailjs'

export interface EnquiryEmail {
  name: string
  email: string
  enquiry: string
}

export interface EmailTransport {
  readonly kind: Delivery
  send(enquiry: EnquiryEmail, reference: string): Promise<void>
}

function message(config: Config['email'], enquiry: EnquiryEmail) {
  return {
    from: config.from,
    to: config.contactTo,
    replyTo: { name: enquiry.name, address: enquiry.email },
    subject: `Website enquiry from ${enquiry.name}`,
    text: `Name: ${enquiry.name}\nE-mail Address: ${enquiry.email}\n\n${enquiry.enquiry}\n`,
  }
}

export function createTransport(config: Config['email']): EmailTransport {
  if (config.emailjs) return emailjsTransport(config.emailjs)
  if (config.smtpUrl) {
    const smtp = nodemailer.createTransport(config.smtpUrl)
    return {
      kind: 'smtp',
      send: async (enquiry) => {
        await smtp.sendMail(message(config, enquiry))
      },
    }
  }
  // Without SMTP the message is written where a person can find it, never dropped.
  const writer = nodemailer.createTransport({ streamTransport: true, buffer: true })
  return {
    kind: 'outbox',
    send: async (enquiry, reference) => {
      const info = await writer.sendMail(message(config, enquiry))
      await fs.mkdir(config.outboxDir, { recursive: true })
      const file = path.join(config.outboxDir, `enquiry-${reference}.eml`)
      await fs.writeFile(file, info.message as Buffer)
    },
  }
}
