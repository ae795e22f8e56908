import { useState, type FormEvent } from 'react'
import { Link, useNavigate } from 'react-router'
import { contactSchema, type Contact } from '#shared/schemas/contact'
import { commonMessages } from '#shared/messages/common'
import { contactMessages } from '#shared/messages/contact'
import { Alert } from '../../components/ui/alert.tsx'
import { TextAreaField, TextField } from '../../components/ui/field.tsx'
import { PageHeading } from '../../components/ui/page-heading.tsx'
import { Spinner } from '../../components/ui/spinner.tsx'
import { isTooManyAttempts } from '../../lib/api.ts'
import { sendEnquiry } from './api.ts'

type Sent = null | 'sending' | 'success' | 'failure'
const blank: Contact = { name: '', email: '', enquiry: '' }

export function ContactPage() {
  const [form, setForm] = useState<Contact>(blank)
  const [sent, setSent] = useState<Sent>(null)
  const [invalid, setInvalid] = useState('')
  const navigate = useNavigate()
  const set = (field: keyof Contact) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: event.target.value }))

  async function submit(event: FormEvent) {
    event.preventDefault()
    const parsed = contactSchema.safeParse(form)
    if (!parsed.success)
      return setInvalid(parsed.error.issues[0]?.message ?? commonMessages.invalidEmail)
    setInvalid('')
    setSent('sending')
    try {
      await sendEnquiry(parsed.data)
      setSent('success')
    } catch (error) {
      // Too many enquiries from here: say how long to wait, and keep the form as it was typed.
      if (isTooManyAttempts(error)) {
        setSent(null)
        return setInvalid(error.detail)
      }
      setSent('failure')
    }
  }

  if (sent === 'success') {
    return (
      <section>
        <PageHeading>Contact</PageHeading>
        <Alert tone="success">{contactMessages.contactSent}</Alert>
        <button type="button" className="button" onClick={() => navigate('/')}>
          Return to home page
        </button>
      </section>
    )
  }

  return (
    <section>
      <PageHeading>Contact</PageHeading>
      <p>
        Ask us about renting a plot, joining the waiting list or visiting the site. A member of the
        committee will reply by e-mail.
      </p>
      <p>
        <Link className="link-target" to="/apply">
          Apply for a plot
        </Link>
      </p>
      {sent === 'failure' ? (
        // The link returns to the form; what the person typed stays, so nothing is lost.
        <div role="alert" className="alert alert--error">
          Something went wrong.{' '}
          <a
            href="/contact"
            onClick={(event) => {
              event.preventDefault()
              setSent(null)
            }}
          >
            Click here to try again.
          </a>
        </div>
      ) : (
        <form className="form" onSubmit={submit} noValidate>
          <Alert>{invalid}</Alert>
          <TextField
            label="Name"
            name="name"
            autoComplete="name"
            value={form.name}
            onChange={set('name')}
            required
          />
          <TextField
            label="E-mail Address"
            name="email"
            type="email"
            autoComplete="email"
            value={form.email}
            onChange={set('email')}
            required
          />
          <TextAreaField
            label="Your Enquiry"
            name="enquiry"
            rows={15}
            value={form.enquiry}
            onChange={set('enquiry')}
            required
          />
          <button type="submit" className="button" disabled={sent === 'sending'}>
            Send
          </button>
          {sent === 'sending' ? <Spinner label="Sending" /> : null}
        </form>
      )}
    </section>
  )
}
