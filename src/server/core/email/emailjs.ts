import type { EmailTransport } from '#server/core/email/transport'

export interface EmailjsSettings {
  serviceId: string
  templateId: string
  publicKey: string
  url: string
}

const LIB_VERSION = '4.2.0'

// The hosted email API of spec section 7, called from the server with its form variant and the
// spec's error catalogue. Its errors become the text of the enquiry's last error.
const statusMessages: Record<number, string> = {
  451: 'Unavailable For Headless Browser',
  403: 'Forbidden',
  429: 'Too Many Requests',
}

export function emailjsTransport(settings: EmailjsSettings): EmailTransport {
  return {
    kind: 'emailjs',
    async send(enquiry) {
      const form = new FormData()
      form.set('name', enquiry.name)
      form.set('email', enquiry.email)
      form.set('enquiry', enquiry.enquiry)
      form.set('lib_version', LIB_VERSION)
      form.set('service_id', settings.serviceId)
      form.set('template_id', settings.templateId)
      form.set('user_id', settings.publicKey)
      let response: Response
      try {
        response = await fetch(new URL('/api/v1.0/email/send-form', settings.url), {
          method: 'POST',
          body: form,
          signal: AbortSignal.timeout(15_000),
        })
      } catch {
        throw new Error('Network Error')
      }
      if (response.ok) return
      const text = await response.text()
      throw new Error(statusMessages[response.status] ?? (text || `Status ${response.status}`))
    },
  }
}
