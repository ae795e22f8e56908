import { Outlet, useLocation } from 'react-router'
import { Alert } from '../../components/ui/alert.tsx'
import { PageHeading } from '../../components/ui/page-heading.tsx'
import { usePeople } from './api.ts'
import { usePeopleMode } from './mode-context.tsx'
import { modeText, type PeopleLocationState } from './mode.ts'
import { PeopleList } from './people-list.tsx'
import './people.css'

export function PeoplePage() {
  const mode = usePeopleMode()
  const text = modeText[mode]
  const state = useLocation().state as PeopleLocationState | null
  // The pane waits for the list, so that the form is not pushed down when the list arrives.
  const listReady = usePeople(mode).isSuccess
  return (
    <>
      <PageHeading>{text.heading}</PageHeading>
      <Alert tone="success">{state?.notice}</Alert>
      <div className="split people">
        <section className="people__list" aria-label={text.listLabel}>
          <PeopleList key={mode} mode={mode} />
        </section>
        <div className="people__pane">{listReady ? <Outlet /> : null}</div>
      </div>
    </>
  )
}
