import { Fragment, useMemo, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link, useNavigate, useParams } from 'react-router'
import { longDate } from '#shared/domain/dates'
import {
  altEmailOptions,
  defaultMerge,
  fieldsToChoose,
  mergedPerson,
  mergeOptions,
  type MergeField,
  type MergeFields,
} from '#shared/domain/people-merge'
import { mergeMessages as words } from '#shared/messages/merge'
import { peopleMessages } from '#shared/messages/people'
import type { MergePreview } from '#shared/schemas/people-merge'
import type { Person } from '#shared/schemas/person'
import { Alert } from '#client/components/ui/alert.tsx'
import { RadioGroup } from '#client/components/ui/field.tsx'
import { PageHeading } from '#client/components/ui/page-heading.tsx'
import { QueryState } from '#client/components/ui/query-state.tsx'
import { errorMessage } from '#client/lib/api.ts'
import { queryKeys } from '#client/lib/query-keys.ts'
import { mergePeople, mergePreviewQuery } from './merge-api.ts'
import { displayName, DUPLICATES_PATH, mergePath, personPath, statusText } from './mode.ts'
import { usePeopleChange } from './people-change.ts'
import './people.css'
import './merge.css'

// Merging two records of one person (issue 46): the two side by side (one above the other on a
// phone), which stays, a choice for each detail they hold differently, what follows from both,
// and the button that merges them. The server checks it all again.
export function MergePage() {
  const { kept = '', merged = '' } = useParams()
  const query = useQuery(mergePreviewQuery(kept, merged))
  return (
    <section className="merge">
      <PageHeading>{words.mergeHeading}</PageHeading>
      <p>{words.mergeIntro}</p>
      <QueryState query={query}>
        {(preview) => (
          <MergeForm
            // Choices start afresh for another pair, or either record saved meanwhile.
            key={[
              preview.kept.id,
              preview.kept.version,
              preview.merged.id,
              preview.merged.version,
            ].join('\n')}
            preview={preview}
          />
        )}
      </QueryState>
      <div className="button-row">
        <Link className="button button--quiet" to={DUPLICATES_PATH}>
          {words.backToDuplicates}
        </Link>
      </div>
    </section>
  )
}

/** The page of the person on the list they belong to (a plot holder's first). */
const pageOf = (person: Pick<Person, 'id' | 'isPlotHolder' | 'onWaitingList'>) =>
  personPath(
    person.isPlotHolder || !person.onWaitingList ? 'plotholders' : 'waitinglist',
    person.id,
  )

function MergeForm({ preview }: { preview: MergePreview }) {
  const { kept, merged, blockers } = preview
  const navigate = useNavigate()
  const options = useMemo(() => mergeOptions(kept, merged), [kept, merged])
  const [fields, setFields] = useState<MergeFields>(() => defaultMerge(kept, merged))
  const result = mergedPerson(kept, merged, fields)
  const merging = usePeopleChange({
    mutationFn: () =>
      mergePeople({
        keptId: kept.id,
        mergedId: merged.id,
        keptVersion: kept.version,
        mergedVersion: merged.version,
        fields,
      }),
    shows: ({ person }) => [{ saved: person }, { removed: merged.id }],
    // What moved onto the record that stays: its invoices, letters, account, offers, notices, log.
    alsoInvalidates: [
      queryKeys.rent,
      queryKeys.messages,
      queryKeys.accounts,
      queryKeys.offers,
      queryKeys.letting,
      queryKeys.inspections,
      queryKeys.logs,
    ],
    onSuccess: ({ person }) =>
      navigate(pageOf(person), { state: { notice: words.merged(merged.id, kept.id) } }),
  })

  const choose = (field: MergeField, value: MergeFields[MergeField]) =>
    setFields((current) => {
      const next = { ...current, [field]: value }
      // The address chosen first was the other address: the two change places.
      if (field === 'email' && current.altEmail.toLowerCase() === String(value).toLowerCase())
        next.altEmail = current.email
      return next
    })
  const toChoose = fieldsToChoose(options, fields.email)
  const holders = (field: MergeField, value: unknown) => {
    const holds = (person: Person) =>
      field === 'email' || field === 'altEmail'
        ? [person.email, person.altEmail].some(
            (address) => address !== '' && address.toLowerCase() === String(value).toLowerCase(),
          )
        : person[field] === value
    const ids = [kept, merged].filter(holds).map((person) => person.id)
    return ids.length ? words.fromRecord(ids.join(' and ')) : words.bothNotes
  }

  return (
    <>
      <RadioGroup
        legend={words.whichStays}
        name="stays"
        className="merge__stays"
        options={[kept, merged].map((person) => ({
          value: person.id,
          label: `${displayName(person)} (${person.id})`,
        }))}
        value={kept.id}
        onChange={(id) => {
          if (id !== kept.id) navigate(mergePath(merged.id, kept.id), { replace: true })
        }}
      />
      <section className="merge__records" aria-label={words.recordsLabel}>
        <RecordCard person={kept} tag={words.staysTag} />
        <RecordCard person={merged} tag={words.goesTag} />
      </section>
      <section className="merge__choices" aria-labelledby="merge-choices">
        <h2 id="merge-choices">{words.choicesHeading}</h2>
        {toChoose.length === 0 ? (
          <p>{words.nothingToChoose}</p>
        ) : (
          <p className="field__hint">{words.choicesHint}</p>
        )}
        {toChoose.map((field) => {
          const values: ReadonlyArray<MergeFields[MergeField]> =
            field === 'altEmail' ? altEmailOptions(options, fields.email) : options[field]
          return (
            <RadioGroup
              key={field}
              legend={words.fieldLabels[field]}
              name={`merge-${field}`}
              options={values.map((value, index) => ({
                value: String(index),
                label: `${shown(field, value)} (${holders(field, value)})`,
              }))}
              value={String(values.indexOf(fields[field]))}
              onChange={(index) => choose(field, values[Number(index)]!)}
            />
          )
        })}
      </section>
      {result.ok ? (
        <section aria-labelledby="merge-follows">
          <h2 id="merge-follows">{words.followsHeading}</h2>
          <ul>
            <li>
              {result.value.plots.length
                ? words.followsPlots(result.value.plots.join(', '))
                : words.followsNoPlots}
            </li>
            <li>{words.followsLists(statusText(result.value))}</li>
            {result.value.onWaitingList ? (
              <li>{words.followsPlace(result.value.joinedWaitingList)}</li>
            ) : null}
          </ul>
        </section>
      ) : null}
      {blockers.length ? <Alert>{words.cannotMerge(blockers)}</Alert> : null}
      <div className="button-row">
        <button
          type="button"
          className="button"
          disabled={merging.isPending || blockers.length > 0 || !result.ok}
          onClick={() => merging.mutate()}
        >
          {merging.isPending ? words.merging : words.mergeButton(kept.id)}
        </button>
      </div>
      <Alert>{merging.isError ? errorMessage(merging.error) : ''}</Alert>
    </>
  )
}

/** A detail as the page shows it: "(none)" for one left empty, yes or no, a way in words. */
function shown(field: MergeField, value: unknown): string {
  if (field === 'concession') return value ? words.yes : words.no
  if (field === 'contactBy') return peopleMessages.contactBy[value as Person['contactBy']]
  return String(value) || words.empty
}

function RecordCard({ person, tag }: { person: Person; tag: string }) {
  const facts: Array<[string, string]> = [
    [words.statusLabel, statusText(person)],
    [words.plotsLabel, person.plots.join(', ') || words.empty],
    [words.dateJoinedLabel, longDate(person.dateJoined)],
    [words.joinedListLabel, longDate(person.joinedWaitingList)],
    ...(
      [
        'title',
        'address',
        'phoneNumber',
        'email',
        'altEmail',
        'contactBy',
        'concession',
        'notes',
        'reference',
      ] as const
    ).map((field): [string, string] => [words.fieldLabels[field], shown(field, person[field])]),
  ]
  return (
    <article className="card">
      <h2>
        <Link to={pageOf(person)}>{displayName(person)}</Link>{' '}
        <span className="people__nickname">({person.id})</span>
      </h2>
      <p className="merge__tag">{tag}</p>
      <dl className="merge__facts">
        {facts.map(([label, value]) => (
          <Fragment key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </Fragment>
        ))}
      </dl>
    </article>
  )
}
