import { useId, useState, type FormEvent } from 'react'
import { accountMessages as m } from '#shared/messages/accounts'
import { siteMessages } from '#shared/messages/sites'
import type { Site } from '#shared/schemas/site'
import { Alert } from '#client/components/ui/alert.tsx'
import { CheckboxField, RadioGroup } from '#client/components/ui/field.tsx'
import { SavedNote } from '#client/components/ui/saved-note.tsx'
import { errorMessage } from '#client/lib/api.ts'
import { queryKeys } from '#client/lib/query-keys.ts'
import { useChange } from '#client/lib/use-change.ts'
import { setSites, type Account } from './api.ts'

/** An account's sites as the list says them: "Every site", or their names. */
export function sitesText(account: Account, sites: readonly Site[]): string {
  if (account.sites === null) return m.everySite
  const names = new Map(sites.map((site) => [site.id, site.name]))
  return account.sites.map((id) => names.get(id) ?? String(id)).join(', ')
}

type Reach = 'every' | 'only'

// The administrator limits an account to some sites (issue 46, decision 46): a site
// representative sees only their sites' plots, tenants and lists. The limit takes effect at the
// account's next request.
export function AccountSites({ account, sites }: { account: Account; sites: readonly Site[] }) {
  const [reach, setReach] = useState<Reach>(account.sites === null ? 'every' : 'only')
  const [chosen, setChosen] = useState<ReadonlySet<number>>(() => new Set(account.sites ?? []))
  const [problem, setProblem] = useState('')
  const [saved, setSaved] = useState('')
  const id = useId()
  const save = useChange({
    mutationFn: (limit: number[] | null) => setSites(account.id, limit),
    invalidates: [queryKeys.accounts],
    onSuccess: () => setSaved(m.sitesSaved(account.userName)),
    onError: (failure) => setProblem(errorMessage(failure)),
  })

  function toggle(site: number, on: boolean) {
    const next = new Set(chosen)
    if (on) next.add(site)
    else next.delete(site)
    setChosen(next)
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    setSaved('')
    const limit =
      reach === 'every' ? null : sites.map((site) => site.id).filter((site) => chosen.has(site))
    if (limit !== null && limit.length === 0) return setProblem(m.chooseASite)
    setProblem('')
    save.mutate(limit)
  }

  return (
    <form
      className="account-sites"
      onSubmit={submit}
      noValidate
      aria-label={m.sitesOf(account.userName)}
    >
      <Alert>{problem}</Alert>
      <RadioGroup<Reach>
        legend={
          <>
            {m.sitesLabel}
            <span className="visually-hidden"> of {account.userName}</span>
          </>
        }
        name={`${id}-reach`}
        options={[
          { value: 'every', label: m.everySite },
          { value: 'only', label: m.onlySites },
        ]}
        value={reach}
        onChange={setReach}
      />
      {reach === 'only'
        ? sites.map((site) => (
            <CheckboxField
              key={site.id}
              label={site.retiredOn ? siteMessages.retiredOption(site.name) : site.name}
              checked={chosen.has(site.id)}
              onChange={(event) => toggle(site.id, event.target.checked)}
            />
          ))
        : null}
      <button type="submit" className="button button--quiet" disabled={save.isPending}>
        {m.saveSites}
        <span className="visually-hidden"> of {account.userName}</span>
      </button>
      <SavedNote>{saved}</SavedNote>
    </form>
  )
}
