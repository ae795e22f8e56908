import { personalDataMessages } from '#shared/messages/personal-data'

interface Props {
  /** The committee's copy of a person's data, or the member's own. */
  personId?: string
  /** The heading's level where the section stands on its page. */
  heading: 'h2' | 'h3'
}

/** Everything kept about a person, in one ZIP (issue 30): on their page, and on My allotment. */
export function PersonalDataDownload({ personId, heading: Heading }: Props) {
  const href = personId
    ? `/api/people/${encodeURIComponent(personId)}/personal-data`
    : '/api/me/personal-data'
  return (
    <section aria-labelledby="personal-data">
      <Heading id="personal-data">Personal data</Heading>
      <p className="field__hint">
        {personId ? personalDataMessages.downloadHint : personalDataMessages.downloadMineHint}
      </p>
      <a className="button button--quiet" href={href} download>
        {personId ? personalDataMessages.downloadTheirs : personalDataMessages.downloadMine}
      </a>
    </section>
  )
}
