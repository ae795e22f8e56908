import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import type { SetupStepId, SetupStepState } from '#shared/schemas/setup'
import { setupMessages } from '#shared/messages/setup'
import { Alert } from '../../components/ui/alert.tsx'
import { PageHeading } from '../../components/ui/page-heading.tsx'
import { QueryState } from '../../components/ui/query-state.tsx'
import { errorMessage } from '../../lib/api.ts'
import { useSkipStep } from './api.ts'
import { setupQuery } from './setup-query.ts'
import { STEPS } from './steps.tsx'
import './setup.css'

const STATE_TEXT: Record<SetupStepState, string> = {
  done: 'Done',
  skipped: 'Skipped',
  'to do': 'To do',
}

function Step({ id, state, number }: { id: SetupStepId; state: SetupStepState; number: number }) {
  const step = STEPS[id]
  const skip = useSkipStep()
  return (
    <li className={`setup-step setup-step--${state.replace(' ', '-')}`}>
      <h2 className="setup-step__title">
        {number}. {step.title} <span className="setup-step__state">{STATE_TEXT[state]}</span>
      </h2>
      <p>{step.text}</p>
      <Alert>{skip.isError ? errorMessage(skip.error) : ''}</Alert>
      <div className="button-row">
        {step.links.map((link) => (
          <Link key={link.to} className="button" to={link.to}>
            {link.label}
          </Link>
        ))}
        {state === 'done' ? null : (
          <button
            type="button"
            className="button button--quiet"
            disabled={skip.isPending}
            onClick={() => skip.mutate({ id, skipped: state !== 'skipped' })}
          >
            {state === 'skipped' ? 'Take up again' : 'Skip this step'}
          </button>
        )}
      </div>
    </li>
  )
}

// The first-run steps: an empty database leads the administrator here on signing in, and
// Settings links here for later. A step is done when its work shows in the data.
export function SetupPage() {
  const setup = useQuery(setupQuery)
  return (
    <section>
      <PageHeading>Getting started</PageHeading>
      <QueryState query={setup}>
        {({ steps }) => (
          <>
            <p>{setupMessages.stepsIntro(steps.length)}</p>
            <ol className="setup-steps">
              {steps.map((step, index) => (
                <Step key={step.id} id={step.id} state={step.state} number={index + 1} />
              ))}
            </ol>
          </>
        )}
      </QueryState>
    </section>
  )
}
