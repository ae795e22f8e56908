import { useEffect, useRef, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { LEVELS, levelName, maxGrantableLevel } from '#shared/domain/levels'
import { accountMessages } from '#shared/messages/accounts'
import { Alert } from '../../components/ui/alert.tsx'
import { PageHeading } from '../../components/ui/page-heading.tsx'
import { QueryState } from '../../components/ui/query-state.tsx'
import { errorMessage } from '../../lib/api.ts'
import { queryKeys } from '../../lib/query-keys.ts'
import { useViewer } from '../../lib/session.ts'
import { useChange } from '../../lib/use-change.ts'
import {
  accountsQuery,
  clearPendingEmail,
  resetPassword,
  setDisabled,
  setLevel,
  type Account,
} from './api.ts'
import { CardTable } from '../../components/ui/card-table.tsx'
import { PersonLink } from './person-link.tsx'
import type { Site } from '#shared/schemas/site'
import { sitesQuery } from '#client/components/sites/sites-query.ts'
import { AccountSites, sitesText } from './account-sites.tsx'

export function AccountsPage() {
  const accounts = useQuery(accountsQuery)
  const { data: viewer } = useViewer()
  // An account's sites matter only where there are several (issue 46).
  const { data: allSites = [] } = useQuery(sitesQuery)
  const sites = allSites.length > 1 ? allSites : undefined
  const [error, setError] = useState('')
  const change = useChange({
    mutationFn: (action: () => Promise<unknown>) => action(),
    invalidates: [queryKeys.accounts],
    onSuccess: () => setError(''),
    onError: (failure) => setError(errorMessage(failure)),
  })
  // The one-time password exists only in this answer: it stays on screen until the next reset.
  const [oneTime, setOneTime] = useState('')
  const reset = useChange({
    mutationFn: resetPassword,
    invalidates: [queryKeys.accounts],
    onSuccess: (answer) => {
      setError('')
      setOneTime(accountMessages.oneTimePassword(answer.userName, answer.password))
    },
    onError: (failure) => {
      setOneTime('')
      setError(errorMessage(failure))
    },
  })
  const notice = useRef<HTMLDivElement>(null)
  // The button may be far down a long list; the answer is at the top, so bring it into view.
  useEffect(() => {
    if (oneTime) notice.current?.focus()
  }, [oneTime])
  const reach = maxGrantableLevel(viewer?.level ?? 0)
  const canReset = viewer?.level === LEVELS.admin
  const busy = change.isPending || reset.isPending

  return (
    <section>
      <PageHeading>Accounts</PageHeading>
      <p>
        New accounts wait at level 0 until they are approved. Committee members may grant levels up
        to Committee; the administrator may grant any level.
      </p>
      <Alert>{error}</Alert>
      <div ref={notice} tabIndex={-1}>
        <Alert tone="success">{oneTime}</Alert>
      </div>
      <QueryState query={accounts}>
        {(rows) => (
          <CardTable
            caption="User accounts"
            columns={Object.values(COLUMNS).filter(
              (column) => sites !== undefined || column !== COLUMNS.sites,
            )}
          >
            {rows.map((account) => (
              <AccountRow
                key={account.id}
                account={account}
                reach={reach}
                isSelf={account.userName === viewer?.userName}
                sites={sites}
                setsSites={canReset}
                busy={busy}
                run={(action) => change.mutate(action)}
                resetPassword={
                  canReset
                    ? () => {
                        if (window.confirm(accountMessages.confirmReset(account.userName)))
                          reset.mutate(account.id)
                      }
                    : undefined
                }
              />
            ))}
          </CardTable>
        )}
      </QueryState>
    </section>
  )
}

// The headings, also worn by each cell: on a phone the rows are cards that name their fields.
const COLUMNS = {
  userName: 'User name',
  email: 'E-mail Address',
  level: 'Level',
  requested: 'Requested',
  status: 'Status',
  person: 'Person',
  sites: accountMessages.sitesLabel,
  actions: 'Actions',
}

interface RowProps {
  account: Account
  reach: number
  isSelf: boolean
  /** The organisation's sites where there are several; undefined hides the column. */
  sites: readonly Site[] | undefined
  /** Only the administrator limits an account to sites. */
  setsSites: boolean
  busy: boolean
  run: (action: () => Promise<unknown>) => void
  /** Only the administrator resets passwords. */
  resetPassword?: () => void
}

function AccountRow(props: RowProps) {
  const { account, reach, isSelf, sites, setsSites, busy, run, resetPassword } = props
  const [level, setChosen] = useState(String(account.level))
  const manageable = !isSelf && account.level <= reach
  const pending = account.level === 0 && account.requestedLevel > 0 && !account.disabled
  const selectId = `level-${account.id}`
  return (
    <tr>
      <th scope="row">{account.userName}</th>
      <td data-label={COLUMNS.email}>
        {account.email || '—'}
        {account.pendingEmail ? (
          <>
            <br />
            {accountMessages.unconfirmedAddress(account.pendingEmail)}
          </>
        ) : null}
      </td>
      <td data-label={COLUMNS.level}>{levelName(account.level)}</td>
      <td data-label={COLUMNS.requested}>
        {account.requestedLevel ? levelName(account.requestedLevel) : '—'}
      </td>
      <td data-label={COLUMNS.status}>
        {account.disabled ? 'Disabled' : pending ? 'Waiting for approval' : 'Active'}
      </td>
      <td data-label={COLUMNS.person}>
        {manageable ? (
          <PersonLink account={account} busy={busy} run={run} />
        ) : (
          (account.personId ?? '—')
        )}
      </td>
      {sites ? (
        <td data-label={COLUMNS.sites}>
          {setsSites && !isSelf ? (
            <AccountSites account={account} sites={sites} />
          ) : (
            sitesText(account, sites)
          )}
        </td>
      ) : null}
      <td data-label={COLUMNS.actions}>
        {manageable ? (
          <div className="row-actions">
            {pending && account.requestedLevel <= reach ? (
              <button
                type="button"
                className="button"
                disabled={busy}
                onClick={() => run(() => setLevel(account.id, account.requestedLevel))}
              >
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
            <button
              type="button"
              className="button button--quiet"
              disabled={busy}
              onClick={() => run(() => setLevel(account.id, Number(level)))}
            >
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
            {account.pendingEmail ? (
              <button
                type="button"
                className="button button--quiet"
                disabled={busy}
                onClick={() => run(() => clearPendingEmail(account.id))}
              >
                Clear unconfirmed address
                <span className="visually-hidden"> of {account.userName}</span>
              </button>
            ) : null}
            {resetPassword ? (
              <button
                type="button"
                className="button button--quiet"
                disabled={busy}
                onClick={resetPassword}
              >
                Reset password<span className="visually-hidden"> for {account.userName}</span>
              </button>
            ) : null}
          </div>
        ) : null}
      </td>
    </tr>
  )
}
