import { lazy, Suspense, useCallback, useMemo, useRef, useState } from 'react'
import { useNavigate, useParams } from 'react-router'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { addTenant } from '#shared/domain/plots'
import { plotMessages } from '#shared/messages/plots'
import type { Plot } from '#shared/schemas/plot'
import { Alert } from '../../components/ui/alert.tsx'
import { PageHeading } from '../../components/ui/page-heading.tsx'
import { QueryState } from '../../components/ui/query-state.tsx'
import { errorMessage } from '../../lib/api.ts'
import { queryKeys } from '../../lib/query-keys.ts'
import { useChange } from '../../lib/use-change.ts'
import { everyoneQuery, plotQuery, putTenant } from './api.ts'
import { CommitteeOnly } from './committee-only.tsx'
import { usePlotNames } from '#client/components/sites/plot-names.ts'
import type { TenancyEnded } from '#client/components/tenancy/tenancy-api.ts'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { CurrentTenants } from './current-tenants.tsx'
import { PeopleToAdd } from './people-to-add.tsx'
import { fullName } from './person-button.tsx'
import './plot-screens.css'

// Loaded when a tenant is taken off: the leaving's questions and what follows them.
const EndTenancyForm = lazy(() =>
  import('#client/components/tenancy/end-tenancy-form.tsx').then((m) => ({
    default: m.EndTenancyForm,
  })),
)
const TenancyEndedNext = lazy(() =>
  import('#client/components/tenancy/tenancy-ended.tsx').then((m) => ({
    default: m.TenancyEndedNext,
  })),
)

export function AddTenantsPage() {
  const id = useParams().id ?? ''
  return (
    <CommitteeOnly title={`Tenants of plot ${id}`}>
      <AddTenants id={id} />
    </CommitteeOnly>
  )
}

function AddTenants({ id }: { id: string }) {
  const plot = useQuery(plotQuery(id))
  const plotNames = usePlotNames()
  const people = useQuery(everyoneQuery)
  const client = useQueryClient()
  const navigate = useNavigate()
  const columns = useRef<HTMLDivElement>(null)
  const [error, setError] = useState('')
  const [notice, setNotice] = useState('')
  const names = useMemo(
    () => new Map((people.data ?? []).map((person) => [person.id, fullName(person)])),
    [people.data],
  )

  // The plot with its tenants as they now are, shown with the notice at once.
  const changed = useCallback(
    (plotNow: Plot, said: string) => {
      client.setQueryData(plotQuery(id).queryKey, plotNow)
      setError('')
      setNotice(said)
      // A tenancy's end takes the focus to what follows it (TenancyEndedNext).
      if (!said) return
      // The pressed button has moved to the other list; keep keyboard users in the screen.
      requestAnimationFrame(() => {
        if (!columns.current?.contains(document.activeElement)) {
          columns.current?.querySelector<HTMLInputElement>('input[type="search"]')?.focus()
        }
      })
    },
    [client, id],
  )

  // Refreshed in the background: the list of everyone may be 10,000 people long, and the buttons
  // stay usable meanwhile. A refusal is followed by a refresh too: the server has the last word,
  // e.g. when someone else filled the plot meanwhile.
  const { mutate, isPending: busy } = useChange({
    mutationFn: (personId: string) => putTenant(id, personId),
    invalidates: [queryKeys.plots, queryKeys.people, queryKeys.rent],
    refresh: 'background',
    onSuccess: (tenancy, personId) => {
      setEnded(undefined)
      changed(tenancy.plot, plotMessages.tenantAdded(personId, id))
    },
    onError: (failure) => {
      setNotice('')
      setError(errorMessage(failure))
    },
  })

  const add = useCallback(
    (personId: string) => {
      if (!plot.data) return
      // Spec section 5: a fifth tenant is refused here with the same rule the server runs.
      const outcome = addTenant(plot.data, personId)
      if (!outcome.ok) {
        setNotice('')
        return setError(outcome.message)
      }
      mutate(personId)
    },
    [plot.data, mutate],
  )
  // A tenant who leaves is asked the day, why, and about their invoice first (issues 43 and 44);
  // then the plot, if vacant, is offered to the waiting list.
  const [leaving, setLeaving] = useState('')
  const [ended, setEnded] = useState<Required<TenancyEnded>>()
  const left = useCallback(
    (tenancy: TenancyEnded) => {
      setLeaving('')
      if (tenancy.ending) {
        setEnded({ ...tenancy, ending: tenancy.ending })
        changed(tenancy.plot, '')
      } else {
        setEnded(undefined)
        changed(tenancy.plot, plotMessages.tenantRemoved(tenancy.person.id, id))
      }
    },
    [changed, id],
  )
  const nameOf = (personId: string) => names.get(personId) || personId

  return (
    <section>
      <PageHeading>{`Tenants of plot ${plot.data ? plotNames.of(plot.data) : id}`}</PageHeading>
      <Alert>{error}</Alert>
      <Alert tone="success">{notice}</Alert>
      {/* Done and the current tenants first: on a phone the people to choose from run long. */}
      <div className="button-row">
        <button type="button" className="button" onClick={() => navigate('/members/plots')}>
          Done
        </button>
      </div>
      <Suspense fallback={<Spinner />}>
        {leaving ? (
          <EndTenancyForm
            key={leaving}
            plotId={id}
            personId={leaving}
            name={nameOf(leaving)}
            allowMistake
            onEnded={left}
            onCancel={() => setLeaving('')}
          />
        ) : ended ? (
          <TenancyEndedNext ended={ended} name={nameOf(ended.person.id)} />
        ) : null}
      </Suspense>
      <QueryState query={plot}>
        {(current) => (
          <div ref={columns} className="tenants-split">
            <CurrentTenants
              tenants={current.tenants}
              names={names}
              busy={busy || leaving !== ''}
              onRemove={setLeaving}
            />
            <QueryState query={people}>
              {(everyone) => (
                <PeopleToAdd people={everyone} tenants={current.tenants} busy={busy} onAdd={add} />
              )}
            </QueryState>
          </div>
        )}
      </QueryState>
    </section>
  )
}
