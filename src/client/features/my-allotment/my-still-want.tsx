import { useQuery } from '@tanstack/react-query'
import { myAllotmentMessages } from '#shared/messages/my-allotment'
import { offerMessages } from '#shared/messages/offers'
import { Alert } from '../../components/ui/alert.tsx'
import { errorMessage } from '../../lib/api.ts'
import { myStillWantQuery, useStayOnList } from './api.ts'

/** The yearly "do you still want a plot?", answered here as by the e-mailed link. */
export function MyStillWant() {
  const question = useQuery(myStillWantQuery).data
  const stay = useStayOnList()
  if (!question) return null
  if (question.answered) return <p>{offerMessages.stillWantDone}</p>
  return (
    <div className="my-allotment__offer">
      <h3>{offerMessages.stillWantSubject}</h3>
      <p>{myAllotmentMessages.stillWantAsked(question.closesOn)}</p>
      <Alert>{stay.isError ? errorMessage(stay.error) : ''}</Alert>
      <button
        type="button"
        className="button"
        disabled={stay.isPending}
        onClick={() => stay.mutate()}
      >
        {offerMessages.stillWantButton}
      </button>
    </div>
  )
}
