import { useId, type ReactNode } from 'react'
import { mailMessages } from '#shared/messages/mail'
import type { SampleCopy } from '#shared/schemas/messages'
import { Alert } from '#client/components/ui/alert.tsx'
import './before-sending.css'

interface Sample {
  /** Whose copies these are, and of what: "As Ann Lovelace will read it:". */
  intro: string
  copies: SampleCopy[]
  /** What goes with a copy sent that way, if anything (a notice's findings). */
  withCopy?: (channel: SampleCopy['channel']) => string
}

/**
 * What is about to be sent, before it is (issue 44): how many people it reaches and by which way,
 * and the first person's copies as they will have them, the e-mail to their address and the
 * letter made out to them, merge fields filled in. `actions` confirm it; nothing is sent before.
 */
export function BeforeSending({
  summary,
  reach,
  mailServer,
  sample,
  actions,
}: {
  /** What else the preview says first (the notices, plot by plot). */
  summary?: ReactNode
  reach: { people: number; email: number; post: number }
  mailServer: boolean
  sample: Sample | null
  actions: ReactNode
}) {
  const heading = useId()
  return (
    <section className="card" aria-labelledby={heading}>
      <h3 id={heading}>Before sending</h3>
      {summary}
      {reach.people > 0 ? (
        <p>{mailMessages.goesTo(reach.people, reach.email, reach.post)}</p>
      ) : null}
      {reach.email > 0 && !mailServer ? (
        <Alert tone="info">{mailMessages.mailToOutbox}</Alert>
      ) : null}
      {sample ? <LetterSample {...sample} /> : null}
      <div className="button-row">{actions}</div>
    </section>
  )
}

function LetterSample({ intro, copies, withCopy }: Sample) {
  return (
    <>
      <p>{intro}</p>
      {copies.map((copy) => {
        const way =
          copy.channel === 'email'
            ? mailMessages.sampleByEmail(copy.recipient)
            : mailMessages.sampleAsLetter
        return (
          <div key={copy.channel} className="message-sample" role="group" aria-label={way}>
            <p className="message-sample__way">{way}</p>
            {copy.channel === 'post' ? (
              <p className="message-sample__address">{copy.recipient}</p>
            ) : null}
            <p className="message-sample__subject">{copy.subject}</p>
            <p className="message-sample__body">{copy.body}</p>
            {withCopy ? <p className="message-sample__with">{withCopy(copy.channel)}</p> : null}
          </div>
        )
      })}
    </>
  )
}
