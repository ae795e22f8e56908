import { useEffect, useRef } from 'react'
import { Link } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import { inWords } from '#shared/domain/text'
import { tenancyEndMessages as words } from '#shared/messages/tenancy-end'
import { Alert } from '#client/components/ui/alert.tsx'
import { newOfferHref } from '#client/lib/new-offer-href.ts'
import { plotPath } from '#client/lib/paths.ts'
import { tenantNamesQuery, type TenancyEnded } from '#client/components/tenancy/tenancy-api.ts'
import { usePlotNames } from '#client/components/sites/plot-names.ts'

const plotsWords = (plots: readonly string[]) => inWords(plots.map((plot) => `plot ${plot}`))

// After a tenancy ends (issue 44): said, and what comes next. A plot left vacant leads straight to
// offering it to the waiting list (the offers' own form, the plot chosen), or to its page, vacant.
export function TenancyEndedNext({ ended, name }: { ended: Required<TenancyEnded>; name: string }) {
  const { plot, person, ending } = ended
  const names = useQuery({ ...tenantNamesQuery, enabled: plot.occupied }).data ?? []
  const nameOf = (id: string) => {
    const tenant = names.find((named) => named.id === id)
    return (tenant && `${tenant.firstName} ${tenant.lastName}`.trim()) || id
  }
  const plotNames = usePlotNames()
  const plotName = plotNames.of(plot)
  const section = useRef<HTMLElement>(null)
  // Keyboard and screen reader go on to what comes next: offering the plot, where it is vacant.
  useEffect(() => (section.current?.querySelector('a') ?? section.current)?.focus(), [])
  return (
    <section ref={section} className="card ending" tabIndex={-1}>
      <Alert tone="success">{words.ended(name, plotName, ending.endedOn)}</Alert>
      {person.plots.length > 0 ? (
        <p>{words.stillHolds(name, plotsWords(person.plots.map(plotNames.ofKey)))}</p>
      ) : null}
      {plot.occupied ? (
        <p>{words.stillLet(plotName, plot.tenants.map(nameOf).join(' and '))}</p>
      ) : (
        <>
          <p>{words.nowVacant(plotName)}</p>
          <div className="button-row">
            <Link className="button" to={newOfferHref({ plot: plot.id })}>
              {words.offerToList(plotName)}
            </Link>
            <Link className="button button--quiet" to={plotPath(plot.id)}>
              {words.keepVacant(plotName)}
            </Link>
          </div>
        </>
      )}
    </section>
  )
}
