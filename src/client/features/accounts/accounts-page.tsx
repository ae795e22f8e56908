import { useState } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { levelName, maxGrantableLevel } from '#shared/domain/levels'
import { Alert } from '../../components/ui/alert.tsx'
import { PageHeading } from '../../components/ui/page-heading.tsx'
import { QueryState } from '../../components/ui/query-state.tsx'
import { errorMessage } from '../../lib/api.ts'
import { useViewer } from '../../lib/session.ts'
import { accountsQueryKey, fetchAccounts, setDisabled, setLevel, type Account } from './api.ts'

export function AccountsPage() {
  const accounts = useQuery({ queryKey: accountsQueryKey, queryFn: fetchAccounts })
  const { data: viewer } = useViewer()
  const client = useQueryClient()
  const [error, setError] = useState('')
  const change = useMutation({
    mutationFn: (action: () => Promise<unknown>) => action(),
    onSuccess: () => {
      setError('')
      return client.invalidateQueries({ queryKey: accountsQueryKey })
    },
    onError: (failure) => setError(errorMessage(failure)),
  })
  const reach = maxGrantableLevel(viewer?.level ?? 0)

  return (
    <section>
      <PageHeading>Accounts</PageHeading>
      <p>
        New accounts wait at level 0 until they are approved. Committee members may grant levels up
        to Committee; the administrator may grant any level.
      </p>
      <Alert>{error}</Alert>
      <QueryState query={accounts}>
        {(rows) => (
          <div className="table-scroll">
            <table className="table">
              <caption className="visually-hidden">User accounts</caption>
              <thead>
                <tr>
                  <th scope="col">User name</th>
                  <th scope="col">E-mail Address</th>
                  <th scope="col">Level</th>
                  <th scope="col">Requested</th>
                  <th scope="col">Status</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((account) => (
                  <AccountRow
                    key={account.id}
                    account={account}
                    reach={reach}
                    isSelf={account.userName === viewer?.userName}
                    busy={change.isPending}
                    run={(action) => change.mutate(action)}
                  />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryState>
    </section>
  )
}

interface RowProps {
  account: Account
  reach: number
  isSelf: boolean
  busy: boolean
  run: (action: () => Promise<unknown>) => void
}

function AccountRow({ account, reach, isSelf, busy, run }: RowProps) {
  const [level, setChosen] = useState(String(account.level))
  const manageable = !isSelf && account.level <= reach
  const pending = account.level === 0 && account.requestedLevel > 0 && !account.disabled
  const selectId = `level-${account.id}`
  return (
    <tr>
      <th scope="row">{account.userName}</th>
      <td>{account.email}</td>
      <td>{levelName(account.level)}</td>
      <td>{account.requestedLevel ? levelName(account.requestedLevel) : '—'}</td>
      <td>{account.disabled ? 'Disabled' : pending ? 'Waiting for approval' : 'Active'}</td>
      <td>
        {manageable ? (
          <div className="row-actions">
            {pending && account.requestedLevel <= reach ? (
              <button type="button" className="button" disabled={busy} onClick={() => run(() => setLevel(account.id, account.requestedLevel))}>
                Approve {account.userName}
              </button>
            ) : null}
            <label className="visually-hidden" htmlFor={selectId}>
              Level for {account.userName}
            </label>
            <select id={selectId} value={level} onChange={(e) => setChosen(e.target.value)}>
              {Array.from({ length: reach + 1 }, (_, value) => (
                <option key={value} value={value}>
                  {levelName(value)}
                </option>
              ))}
            </select>
            <button type="button" className="button button--quiet" disabled={busy} onClick={() => run(() => setLevel(account.id, Number(level)))}>
              Set level
            </button>
            <button
              type="button"
              className="button button--quiet"
              disabled={busy}
              onClick={() => run(() => setDisabled(account.id, !account.disabled))}
            >
              {account.disabled ? 'Enable' : 'Disable'}
            </button>
          </div>
        ) : null}
      </td>
    </tr>
  )
}
