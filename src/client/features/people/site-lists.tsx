import { useState } from 'react'
import { lettingMessages } from '#shared/messages/letting'
import { waitingListMessages as words } from '#shared/messages/waiting-list'
import type { WaitingPlace } from '#shared/schemas/person'
import { useViewersSites } from '../../components/sites/chosen-site.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { SelectField } from '../../components/ui/field.tsx'
import { api, errorMessage } from '../../lib/api.ts'
import { useChange } from '../../lib/use-change.ts'
import { peopleKeys, waitingListHistoryQuery, waitingPlaceQuery } from './api.ts'

type Places = NonNullable<WaitingPlace['places']>

const placesUrl = (id: string) => `/api/people/${encodeURIComponent(id)}/waiting-places`

// Issue 46 (decision 47): the person's place on each site's list, each of several left on its own,
// and one more site's list joined, at its end. The last list is left on the person's form.
export function SiteLists({ personId, places }: { personId: string; places: Places }) {
  const { sites } = useViewersSites()
  const [notice, setNotice] = useState('')
  const [chosen, setChosen] = useState('')
  const change = useChange({
    mutationFn: ({ siteId, leave }: { siteId: number; leave: boolean }) =>
      leave
        ? api<WaitingPlace | null>(`${placesUrl(personId)}/${siteId}`, { method: 'DELETE' })
        : api<WaitingPlace | null>(placesUrl(personId), { method: 'POST', json: { siteId } }),
    invalidates: [
      waitingPlaceQuery(personId).queryKey,
      waitingListHistoryQuery(personId).queryKey,
      peopleKeys.lists,
    ],
    refresh: 'background',
  })
  const on = new Set(places.map((place) => place.siteId))
  const joinable = sites.filter((site) => !site.retiredOn && !on.has(site.id))
  const nameOf = (siteId: number) => sites.find((site) => site.id === siteId)?.name ?? ''
  if (sites.length < 2) return null

  function run(siteId: number, leave: boolean) {
    setNotice('')
    change.mutate(
      { siteId, leave },
      {
        onSuccess: () => {
          setChosen('')
          setNotice(
            leave ? words.leftSiteList(nameOf(siteId)) : words.joinedSiteList(nameOf(siteId)),
          )
        },
      },
    )
  }

  return (
    <>
      <Alert tone="success">{notice}</Alert>
      <Alert>{change.isError ? errorMessage(change.error) : ''}</Alert>
      <ul className="person-messages site-lists" aria-label={words.placesLabel}>
        {places.map((place) => (
          <li key={place.siteId}>
            {lettingMessages.positionAt(place.siteName, place.position, place.total)}
            {places.length > 1 && on.has(place.siteId) ? (
              <button
                type="button"
                className="button button--quiet"
                disabled={change.isPending}
                onClick={() => run(place.siteId, true)}
              >
                {words.leaveSiteList(place.siteName)}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      {joinable.length > 0 ? (
        <form
          className="site-lists__join"
          aria-label={words.joinSiteListLabel}
          onSubmit={(event) => {
            event.preventDefault()
            if (chosen) run(Number(chosen), false)
          }}
        >
          <SelectField
            label={words.joinSiteListLabel}
            value={chosen}
            onChange={(event) => setChosen(event.target.value)}
            required
          >
            <option value="" />
            {joinable.map((site) => (
              <option key={site.id} value={site.id}>
                {site.name}
              </option>
            ))}
          </SelectField>
          <button type="submit" className="button button--quiet" disabled={change.isPending}>
            {words.joinSiteListButton}
          </button>
        </form>
      ) : null}
    </>
  )
}
