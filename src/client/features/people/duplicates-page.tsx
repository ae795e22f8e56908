import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { mergeMessages as words } from '#shared/messages/merge'
import type { DuplicateGroupAnswer } from '#shared/schemas/people-merge'
import { PageHeading } from '#client/components/ui/page-heading.tsx'
import { QueryState } from '#client/components/ui/query-state.tsx'
import { duplicatesQuery } from './merge-api.ts'
import { displayName, mergePath, personPath, statusText } from './mode.ts'
import './people.css'
import './merge.css'

type Member = DuplicateGroupAnswer['people'][number]

/** Where the person's page is: the list they are on (a plot holder's first). */
const pageOf = (member: Member) =>
  personPath(
    member.isPlotHolder || !member.onWaitingList ? 'plotholders' : 'waitinglist',
    member.id,
  )

const listsOf = (member: Member) =>
  [statusText(member), member.plots.length ? `plots ${member.plots.join(', ')}` : '']
    .filter(Boolean)
    .join(' · ')

// Possible duplicates (issue 46): records likely to be one person, each group with why, and a
// way to compare each record with the group's first, where the committee chooses what to keep.
export function DuplicatesPage() {
  const query = useQuery(duplicatesQuery)
  return (
    <section>
      <PageHeading>{words.duplicatesHeading}</PageHeading>
      <p>{words.duplicatesIntro}</p>
      <p className="field__hint">{words.sharedAddressHint}</p>
      <QueryState query={query}>
        {(groups) =>
          groups.length === 0 ? (
            <p>{words.noDuplicates}</p>
          ) : (
            <ul className="duplicates">
              {groups.map((group) => (
                <DuplicateGroup
                  key={group.people.map((member) => member.id).join('\n')}
                  group={group}
                />
              ))}
            </ul>
          )
        }
      </QueryState>
    </section>
  )
}

function DuplicateGroup({ group }: { group: DuplicateGroupAnswer }) {
  const [first, ...others] = group.people
  const names = group.people.map((member) => displayName(member)).join(', ')
  return (
    <li className="card duplicates__group" aria-label={words.groupLabel(names)}>
      <p className="duplicates__reasons">
        {group.reasons.map((reason) => words.reasons[reason]).join(' · ')}
      </p>
      <ul className="duplicates__people">
        {group.people.map((member) => (
          <li key={member.id}>
            <Link to={pageOf(member)}>{displayName(member)}</Link>{' '}
            <span className="people__nickname">({member.id})</span>
            <span className="duplicates__detail">
              {[member.email, member.altEmail, member.postcode].filter(Boolean).join(' · ')}
            </span>
            <span className="duplicates__detail">{listsOf(member)}</span>
          </li>
        ))}
      </ul>
      <div className="button-row">
        {others.map((other) => (
          <Link key={other.id} className="button" to={mergePath(first!.id, other.id)}>
            {words.compareWith(first!.id, other.id)}
          </Link>
        ))}
      </div>
    </li>
  )
}
