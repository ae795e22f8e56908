import { useState, type FormEvent } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { applicationSchema } from '#shared/schemas/letting'
import { lettingMessages } from '#shared/messages/letting'
import { commonMessages } from '#shared/messages/common'
import { waitingListMessages } from '#shared/messages/waiting-list'
import { ourSitesMessages } from '#shared/messages/our-sites'
import { Alert } from '../../components/ui/alert.tsx'
import { CheckboxField, TextAreaField, TextField } from '../../components/ui/field.tsx'
import { PageHeading } from '../../components/ui/page-heading.tsx'
import { Spinner } from '../../components/ui/spinner.tsx'
import { errorMessage } from '../../lib/api.ts'
import { apply } from './api.ts'
import { SiteChoices } from '#client/features/apply/site-choices.tsx'
import { privacyNoticeQuery } from '../../lib/privacy.ts'
import './apply.css'

interface Form {
  firstName: string
  lastName: string
  email: string
  phoneNumber: string
  address: string
  note: string
  consent: boolean
  sites: number[]
  website: string
}

type TextFieldName = Exclude<keyof Form, 'consent' | 'sites'>

const blank: Form = {
  firstName: '',
  lastName: '',
  email: '',
  phoneNumber: '',
  address: '',
  note: '',
  consent: false,
  sites: [],
  website: '',
}

export function ApplyPage() {
  const [form, setForm] = useState<Form>(blank)
  const [sending, setSending] = useState(false)
  const [refusal, setRefusal] = useState('')
  const [appliedAs, setAppliedAs] = useState<string | null>(null)
  // The administrator's notice; the fixed one while it loads, or if it cannot be had.
  const notice = useQuery(privacyNoticeQuery)
  const privacyNotice = notice.data?.privacyNotice || lettingMessages.privacyNotice
  const set = (field: TextFieldName) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: event.target.value }))

  async function submit(event: FormEvent) {
    event.preventDefault()
    const parsed = applicationSchema.safeParse(form)
    if (!parsed.success)
      return setRefusal(parsed.error.issues[0]?.message ?? commonMessages.somethingWentWrong)
    setRefusal('')
    setSending(true)
    try {
      await apply(parsed.data)
      setAppliedAs(parsed.data.email)
    } catch (error) {
      // Refused (too many attempts, invalid): what was typed stays. An address already on record
      // is answered like any other: its owner hears of it by e-mail.
      setRefusal(errorMessage(error))
    } finally {
      setSending(false)
    }
  }

  return (
    <section>
      <PageHeading>Apply for a plot</PageHeading>
      {appliedAs !== null ? (
        <Alert tone="success">{lettingMessages.applied(appliedAs)}</Alert>
      ) : (
        <>
          <p>{lettingMessages.applyIntro}</p>
          <form className="form" onSubmit={submit} noValidate>
            <Alert>{refusal}</Alert>
            <TextField
              label="First name"
              name="firstName"
              autoComplete="given-name"
              value={form.firstName}
              onChange={set('firstName')}
              required
            />
            <TextField
              label="Last name"
              name="lastName"
              autoComplete="family-name"
              value={form.lastName}
              onChange={set('lastName')}
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
            <TextField
              label="Phone number"
              name="phoneNumber"
              type="tel"
              autoComplete="tel"
              value={form.phoneNumber}
              onChange={set('phoneNumber')}
            />
            <TextAreaField
              label="Address"
              name="address"
              autoComplete="street-address"
              rows={4}
              value={form.address}
              onChange={set('address')}
            />
            <TextAreaField
              label={waitingListMessages.noteForCommittee}
              name="note"
              rows={5}
              value={form.note}
              onChange={set('note')}
            />
            <SiteChoices
              chosen={form.sites}
              most={notice.data?.sitesPerApplicant ?? 3}
              onChange={(sites) => setForm((current) => ({ ...current, sites }))}
            />
            <CheckboxField
              label={lettingMessages.consentLabel}
              hint={<span className="apply-privacy">{privacyNotice}</span>}
              name="consent"
              checked={form.consent}
              onChange={(event) =>
                setForm((current) => ({ ...current, consent: event.target.checked }))
              }
              required
            />
            {/* Only a script fills this in; the server quietly drops an application that does. */}
            <div className="apply-honeypot" aria-hidden="true">
              <label htmlFor="apply-website">Website</label>
              <input
                id="apply-website"
                name="website"
                type="text"
                tabIndex={-1}
                autoComplete="off"
                value={form.website}
                onChange={set('website')}
              />
            </div>
            <button type="submit" className="button" disabled={sending}>
              Apply
            </button>
            {sending ? <Spinner label="Sending" /> : null}
          </form>
        </>
      )}
      <p className="apply-links">
        <Link className="link-target" to="/apply/position">
          {lettingMessages.whereAmI}
        </Link>
      </p>
      <p>
        <Link className="link-target" to="/sites">
          {ourSitesMessages.fromApply}
        </Link>
      </p>
    </section>
  )
}
