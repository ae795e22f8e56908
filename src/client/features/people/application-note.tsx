import { useQuery } from '@tanstack/react-query'
import { ApplicantNote } from '../../components/letting/applicant-note.tsx'
import { personApplicationQuery } from './api.ts'

// For the committee: what someone who applied on the website wrote to it. Nothing shows for
// those the committee added or imported, or who wrote no note.
export function ApplicationNote({ id }: { id: string }) {
  const application = useQuery(personApplicationQuery(id))
  const note = application.data?.note ?? ''
  if (!note) return null
  return (
    <div className="card">
      <ApplicantNote note={note} />
    </div>
  )
}
