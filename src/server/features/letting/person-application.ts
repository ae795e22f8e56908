import type { PersonApplication } from '#shared/schemas/letting'
import { requirePerson } from '#server/features/people/sql'
import { confirmedApplicationsOf } from '#server/features/letting/applications-sql'
import type { Letting } from '#server/features/letting/context'

/**
 * The application on the website a person came from, with the note they wrote to the committee;
 * null for someone the committee added or imported. 404 when there is no such person.
 */
export async function personApplication(
  { db }: Pick<Letting, 'db'>,
  id: string,
): Promise<PersonApplication | null> {
  await requirePerson(db.kysely, id)
  const [application] = await confirmedApplicationsOf(db.kysely, [id])
  if (!application?.confirmedAt) return null
  const { reference, note, confirmedAt } = application
  return { reference, note, confirmedAt }
}
