import { useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import type { Place } from '#shared/schemas/letting'
import { positionQuerySchema } from '#shared/schemas/letting'
import { lettingMessages } from '#shared/messages/letting'
import { commonMessages } from '#shared/messages/common'
import { Alert } from '../../components/ui/alert.tsx'
import { TextField } from '../../components/ui/field.tsx'
import { PageHeading } from '../../components/ui/page-heading.tsx'
import { Spinner } from '../../components/ui/spinner.tsx'
import { errorMessage } from '../../lib/api.ts'
import { findPosition } from './api.ts'
import { PlaceLines } from '#client/features/apply/place-lines.tsx'
import './apply.css'

// An applicant looks up their place with the reference and e-mail address of their confirmation.
export function PositionPage() {
  const [form, setForm] = useState({ reference: '', email: '' })
  const [sending, setSending] = useState(false)
  const [refusal, setRefusal] = useState('')
  const [place, setPlace] = useState<Place | null>(null)
  const set = (field: 'reference' | 'email') => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: event.target.value }))

  async function submit(event: FormEvent) {
    event.preventDefault()
    setPlace(null)
    const parsed = positionQuerySchema.safeParse(form)
    if (!parsed.success)
      return setRefusal(parsed.error.issues[0]?.message ?? commonMessages.somethingWentWrong)
    setRefusal('')
    setSending(true)
    try {
      setPlace(await findPosition(parsed.data))
    } catch (error) {
      setRefusal(errorMessage(error))
    } finally {
      setSending(false)
    }
  }

  return (
    <section>
      <PageHeading>{lettingMessages.whereAmI}</PageHeading>
      <form className="form" onSubmit={submit} noValidate>
        <Alert>{refusal}</Alert>
        <TextField
          label="Reference"
          name="reference"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={form.reference}
          onChange={set('reference')}
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
        <button type="submit" className="button" disabled={sending}>
          Find my place
        </button>
        {sending ? <Spinner label="Searching" /> : null}
      </form>
      {place ? (
        <Alert tone="success">
          <PlaceLines place={place} />
        </Alert>
      ) : null}
      <p className="apply-links">
        <Link className="link-target" to="/apply">
          Apply for a plot
        </Link>
      </p>
    </section>
  )
}
