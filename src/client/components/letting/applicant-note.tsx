import { waitingListMessages } from '#shared/messages/waiting-list'
import './applicant-note.css'

/**
 * The note someone wrote to the committee when they applied on the website, as the person's page
 * and the offers screens show it; nothing when they wrote none. Spans, so that it can be a
 * field's hint (a paragraph) too.
 */
export function ApplicantNote({ note }: { note: string }) {
  if (!note) return null
  return (
    <span className="applicant-note">
      <span className="applicant-note__label">{waitingListMessages.noteForCommittee}:</span>
      {'\n'}
      {note}
    </span>
  )
}
