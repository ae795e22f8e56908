import type { ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { ourSitesMessages } from '#shared/messages/our-sites'
import { siteMessages } from '#shared/messages/sites'
import type { PublicSite } from '#shared/schemas/site'
import { PageHeading } from '../../components/ui/page-heading.tsx'
import { QueryState } from '../../components/ui/query-state.tsx'
import { publicSitesQuery } from './api.ts'
import './our-sites.css'

const words = ourSitesMessages

/** The public's "Our sites" (issue 46, decision 51): each open site, what it has and its wait. */
export function OurSitesPage() {
  const sites = useQuery(publicSitesQuery)
  return (
    <article>
      <PageHeading>{words.heading}</PageHeading>
      <p>{words.intro}</p>
      <QueryState query={sites}>
        {(list) => (
          <ul className="our-sites">
            {list.map((site) => (
              <SiteCard key={site.id} site={site} />
            ))}
          </ul>
        )}
      </QueryState>
    </article>
  )
}

function SiteCard({ site }: { site: PublicSite }) {
  const facilities = site.facilities.map((facility) => siteMessages.facilities[facility])
  return (
    <li className="card our-sites__site">
      <h2>{site.name}</h2>
      {site.description ? <p>{site.description}</p> : null}
      <dl className="our-sites__facts">
        {site.address ? <Fact term={words.address}>{site.address}</Fact> : null}
        <Fact term={words.facilities}>
          {facilities.length ? facilities.join(', ') : siteMessages.noFacilities}
        </Fact>
        <Fact term={words.plotsLet}>{site.plotsLet}</Fact>
        <Fact term={words.plotsVacant}>{site.plotsVacant}</Fact>
        <Fact term={words.waiting}>{site.waiting}</Fact>
        <Fact term={words.typicalWait}>
          {site.typicalWaitMonths === null
            ? words.notEnoughLettings
            : words.months(site.typicalWaitMonths)}
        </Fact>
      </dl>
      <p className="field__hint">{words.waitHint}</p>
    </li>
  )
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="our-sites__fact">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  )
}
