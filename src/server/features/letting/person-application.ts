import type { PersonApplication } from '#shared/schemas/letting'
import type { SiteScope } from '#server/core/site-scope'
import { requirePersonInScope } from '#server/features/people/sql'
import { confirmedApplicationsOf } from '#server/features/letting/applications-sql'
import type { Letting } from '#server/features/letting/context'

/**
 * The application on the website a person came from, with the note they wrote to the committee;
 * null for someone the committee added or imported. 404 when there is no such person, 403 when
 * the scope does not reach them.
 */
export async function personApplication(
  { db }: Pick<Letting, 'db'>,
  scope: SiteScope,
  id: string,
): Promise<PersonApplication | null> {
  await requirePersonInScope(db.kysely, scope, id)
  const [application] = await confirmedApplicationsOf(db.kysely, [id])
  if (!application?.confirmedAt) return null
  const { reference, note, confirmedAt } = application
  return { reference, note, confirmedAt }
}
