import { useId, useState, type FormEvent } from 'react'
import { errorMessage } from '../../lib/api.ts'
import { Alert } from './alert.tsx'
import { TextAreaField } from './field.tsx'
import { Spinner } from './spinner.tsx'

interface Props {
  heading: string
  /** The heading's level where the form stands: below a page's h1, or inside a section. */
  level: 2 | 3
  label: string
  hint?: string
  submitLabel: string
  /** What the spinner says while the reason is sent. */
  pendingLabel: string
  pending: boolean
  /** Sends the reason; what the server refuses is shown above the field, and the form stays. */
  send: (reason: string) => Promise<void>
  onCancel: () => void
}

// A change that needs a reason, which the server requires and logs (withdrawing an offer, holding
// someone back from erasure): the reason, the button that makes the change, and Cancel.
export function ReasonForm(props: Props) {
  const { heading, level, label, hint, submitLabel, pendingLabel, pending, send, onCancel } = props
  const headingId = useId()
  const [reason, setReason] = useState('')
  const [error, setError] = useState('')
  const Heading = level === 2 ? 'h2' : 'h3'

  async function submit(event: FormEvent) {
    event.preventDefault()
    setError('')
    try {
      await send(reason)
    } catch (failure) {
      setError(errorMessage(failure))
    }
  }

  return (
    <form
      className="form"
      aria-labelledby={headingId}
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <Heading id={headingId}>{heading}</Heading>
      <Alert>{error}</Alert>
      <TextAreaField
        label={label}
        hint={hint}
        name="reason"
        rows={3}
        maxLength={500}
        required
        autoFocus
        value={reason}
        onChange={(event) => setReason(event.target.value)}
      />
      <div className="button-row">
        <button type="submit" className="button" disabled={pending}>
          {submitLabel}
        </button>
        <button type="button" className="button button--quiet" onClick={onCancel}>
          Cancel
        </button>
        {pending ? <Spinner label={pendingLabel} /> : null}
      </div>
    </form>
  )
}
