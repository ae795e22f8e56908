import { strToU8, zipSync } from 'fflate'
import type { Config } from '#server/core/config'
import { associationDetails } from '#server/core/db/association-settings'
import { runEach } from '#server/core/hooks'
import { logEvent } from '#server/core/logged-change'
import type { Viewer } from '#server/core/viewer'
import type { SiteScope } from '#server/core/site-scope'
import { entriesAbout } from '#server/features/logs/sql'
import { emailChangesOf } from '#server/features/people/email-changes-sql'
import { summaryHtml } from '#server/features/people/personal-data-summary'
import type { People } from '#server/features/people/service'
import * as peopleRepo from '#server/features/people/sql'
import { tenancyEndsOf } from '#server/features/people/tenancy-ends-sql'
import { waitingListHistory } from '#server/features/people/waiting-list-sql'

// Everything the association keeps about one person (issue 30, a subject access request), as
// one ZIP: summary.html to read and data.json for a computer. The people feature gives the
// record and its history; every feature built on it adds its part through the describingPerson
// hook, so no feature reads another's tables. Each download is logged as an access to the record.

export async function personalDataZip(
  { db, clock, hooks, config }: People & { config: Config },
  viewer: Viewer,
  scope: SiteScope,
  id: string,
): Promise<{ fileName: string; zip: Uint8Array }> {
  const tx = db.kysely
  const { person } = await peopleRepo.requirePersonInScope(tx, scope, id)
  const data = {
    person,
    waitingListHistory: await waitingListHistory(tx, id),
    tenancyEnds: await tenancyEndsOf(tx, id),
    emailChanges: await emailChangesOf(tx, id),
    ...(await runEach(hooks.describingPerson, tx, {
      id,
      email: person.email,
      altEmail: person.altEmail,
    })),
    log: await entriesAbout(tx, { eventCollection: 'people', docId: id }),
  }
  const madeOn = clock.today()
  const association = (await associationDetails(tx, config)).name
  const name = `${person.firstName} ${person.lastName}`.trim() || id
  await logEvent(db, {
    methodName: 'downloadPersonalData',
    eventCollection: 'people',
    docId: id,
    userName: viewer.userName,
  })
  const zip = zipSync({
    'summary.html': strToU8(summaryHtml({ name, association, madeOn, data })),
    'data.json': strToU8(JSON.stringify({ association, madeOn, ...data }, null, 2)),
  })
  return { fileName: `personal-data-${id}-${madeOn}.zip`, zip }
}
