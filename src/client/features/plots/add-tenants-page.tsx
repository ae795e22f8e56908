import { useCallback, useMemo, useRef, useState } from 'react'
import { useNavigate, useParams } from 'react-router'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { addTenant } from '#shared/domain/plots'
import { plotMessages } from '#shared/messages/plots'
import { Alert } from '../../components/ui/alert.tsx'
import { PageHeading } from '../../components/ui/page-heading.tsx'
import { QueryState } from '../../components/ui/query-state.tsx'
import { errorMessage } from '../../lib/api.ts'
import { queryKeys } from '../../lib/query-keys.ts'
import { useChange } from '../../lib/use-change.ts'
import { deleteTenant, everyoneQuery, plotQuery, putTenant } from './api.ts'
import { CommitteeOnly } from './committee-only.tsx'
import { LeaverInvoice, useOpenInvoices } from '#client/components/rent/leaver-invoice.tsx'
import type { LeavingChoice } from '#shared/domain/part-year'
import { CurrentTenants } from './current-tenants.tsx'
import { PeopleToAdd } from './people-to-add.tsx'
import { fullName } from './person-button.tsx'
import './plot-screens.css'

type Change = { action: 'add' | 'remove'; personId: string; invoice?: LeavingChoice }

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

  // Refreshed in the background: the list of everyone may be 10,000 people long, and the buttons
  // stay usable meanwhile. A refusal is followed by a refresh too: the server has the last word,
  // e.g. when someone else filled the plot meanwhile.
  const { mutate, isPending: busy } = useChange({
    mutationFn: ({ action, personId, invoice }: Change) =>
      action === 'add' ? putTenant(id, personId) : deleteTenant(id, personId, invoice),
    invalidates: [queryKeys.plots, queryKeys.people, queryKeys.rent],
    refresh: 'background',
    onSuccess: (tenancy, { action, personId }) => {
      // The answer is the plot with its tenants as they now are: shown with the notice at once.
      client.setQueryData(plotQuery(id).queryKey, tenancy.plot)
      setLeaving('')
      setError('')
      setNotice(
        action === 'add'
          ? plotMessages.tenantAdded(personId, id)
          : plotMessages.tenantRemoved(personId, id),
      )
      // The pressed button has moved to the other list; keep keyboard users in the screen.
      requestAnimationFrame(() => {
        if (!columns.current?.contains(document.activeElement)) {
          columns.current?.querySelector<HTMLInputElement>('input[type="search"]')?.focus()
        }
      })
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
      mutate({ action: 'add', personId })
    },
    [plot.data, mutate],
  )
  // A leaver whose invoice for the plot still owes is asked about first (issue 43).
  const openInvoices = useOpenInvoices(id)
  const [leaving, setLeaving] = useState('')
  const remove = useCallback(
    (personId: string) =>
      openInvoices.has(personId) ? setLeaving(personId) : mutate({ action: 'remove', personId }),
    [mutate, openInvoices],
  )
  const leaverInvoice = openInvoices.get(leaving)

  return (
    <section>
      <PageHeading>{`Tenants of plot ${id}`}</PageHeading>
      <Alert>{error}</Alert>
      <Alert tone="success">{notice}</Alert>
      {/* Done and the current tenants first: on a phone the people to choose from run long. */}
      <div className="button-row">
        <button type="button" className="button" onClick={() => navigate('/members/plots')}>
          Done
        </button>
      </div>
      {leaverInvoice ? (
        <LeaverInvoice
          invoice={leaverInvoice}
          name={names.get(leaving) || leaving}
          busy={busy}
          onDecide={(invoice) => mutate({ action: 'remove', personId: leaving, invoice })}
          onCancel={() => setLeaving('')}
        />
      ) : null}
      <QueryState query={plot}>
        {(current) => (
          <div ref={columns} className="tenants-split">
            <CurrentTenants tenants={current.tenants} names={names} busy={busy} onRemove={remove} />
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
