import { Link, Outlet, useLocation, useParams } from 'react-router'
import { Alert } from '../../components/ui/alert.tsx'
import { PageHeading } from '../../components/ui/page-heading.tsx'
import { useChosenSite } from '#client/components/sites/chosen-site.ts'
import { SiteChooser } from '#client/components/sites/site-chooser.tsx'
import { usePeople } from './api.ts'
import { usePeopleMode } from './mode-context.tsx'
import { listPath, modeText, type PeopleLocationState } from './mode.ts'
import { PeopleList } from './people-list.tsx'
import './people.css'

// On a wide screen the list and the open record stand side by side. On a phone they are two
// steps: the list, then the record (a person, or the Add form) with a way back; one column of
// both put a person's form below the whole list.
export function PeoplePage() {
  const mode = usePeopleMode()
  const text = modeText[mode]
  const state = useLocation().state as PeopleLocationState | null
  const { id } = useParams()
  const step = id !== undefined || state?.add ? 'record' : 'list'
  // The waiting list is a site's (issue 46), chosen above it where the viewer sees several.
  const chosen = useChosenSite()
  const site = mode === 'waitinglist' ? chosen.query : ''
  // The pane waits for the list, so that the form is not pushed down when the list arrives.
  const listReady = usePeople(mode, site).isSuccess
  return (
    <>
      <PageHeading>{text.heading}</PageHeading>
      <Alert tone="success">{state?.notice}</Alert>
      <div className={`split split--${step} people`}>
        <section className="people__list" aria-label={text.listLabel}>
          {mode === 'waitinglist' ? <SiteChooser chosen={chosen} /> : null}
          <PeopleList key={mode} mode={mode} site={site} />
        </section>
        <div className="people__pane">
          <Link className="split__back" to={listPath(mode)}>
            Back to {text.listLabel.toLowerCase()}
          </Link>
          {listReady ? <Outlet /> : null}
        </div>
      </div>
    </>
  )
}
