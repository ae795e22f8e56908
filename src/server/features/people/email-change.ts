import { z } from 'zod'
import { myAllotmentMessages } from '#shared/messages/my-allotment'
import type { Person } from '#shared/schemas/person'
import type { Clock } from '#server/core/clock'
import type { Config } from '#server/core/config'
import type { Db } from '#server/core/db/database'
import type { Mailer } from '#server/core/email/transport'
import { badRequest, unprocessable } from '#server/core/errors'
import { doubling, type JobKind, type JobRunner } from '#server/core/jobs/runner'
import { hashOf, mailLink } from '#server/core/link-tokens'
import { loggedChange } from '#server/core/logged-change'
import type { Viewer } from '#server/core/viewer'
import * as changesSql from '#server/features/people/email-changes-sql'
import * as peopleRepo from '#server/features/people/sql'
import { OWN_CHANGES } from '#server/features/people/service'

// A member's new e-mail address (issue 29) takes effect only once a link sent to it is followed,
// so nobody can point someone's letters at an address that is not theirs. The pattern of the
// forgotten password's link (decision 24): a job makes the token as it sends and keeps only its
// hash; the link works once, for a day, and only the newest works.

const LINK_MS = 24 * 60 * 60 * 1000

/** What the e-mail change takes from the core. */
export interface EmailChanges {
  db: Db
  clock: Clock
  config: Config
  jobs: JobRunner
  mailer: Mailer
  email: JobKind<{ changeId: number }>
}

/** The services, their job kind defined on the app's runner. */
export function emailChanges(app: Omit<EmailChanges, 'email'>): EmailChanges {
  // Named one by one: the app's decorators are not its own properties, which a spread would copy.
  const { db, clock, config, jobs, mailer } = app
  const core = { db, clock, config, jobs, mailer }
  const email: JobKind<{ changeId: number }> = {
    kind: 'email-change-link',
    payload: z.object({ changeId: z.number().int() }),
    maxAttempts: 5,
    backOffMs: doubling(60_000, 60 * 60_000),
    run: ({ changeId }) => sendLink(core, changeId),
  }
  jobs.define(email)
  return { ...core, email }
}

/** Sends a link to the new address; the record keeps the old one until it is followed. */
export async function requestEmailChange(
  { db, clock, jobs, email }: EmailChanges,
  viewer: Viewer,
  personId: string,
  newEmail: string,
) {
  const change = {
    methodName: 'requestEmailChange',
    eventCollection: 'people',
    docId: personId,
    userName: viewer.userName,
  }
  await loggedChange(
    db,
    change,
    async (tx) => {
      const person = await peopleRepo.requirePerson(tx, personId)
      if (person.email.toLowerCase() === newEmail.toLowerCase())
        throw unprocessable(myAllotmentMessages.emailUnchanged)
      const now = clock.now()
      const { id } = await changesSql.insertEmailChange(tx, {
        personId,
        newEmail,
        requestedBy: viewer.userName,
        createdAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + LINK_MS).toISOString(),
      })
      await jobs.enqueue(tx, email, { changeId: id })
      return { newEmail }
    },
    { newEmail },
  )
  jobs.wake()
}

async function sendLink(changes: Omit<EmailChanges, 'email'>, id: number) {
  const change = await changesSql.emailChangeToSend(
    changes.db.kysely,
    id,
    changes.clock.now().toISOString(),
  )
  if (!change) return
  await mailLink(changes, {
    path: '/confirm-email',
    store: (tx, tokenHash) => changesSql.setEmailChangeToken(tx, id, tokenHash),
    mail: (link, association) => ({
      to: change.newEmail,
      subject: myAllotmentMessages.emailChangeSubject,
      text: myAllotmentMessages.emailChangeText(change.firstName, link, association),
    }),
    reference: `email-change-${id}`,
  })
}

/**
 * The link followed: the person's address changes, at their record's next version, logged as the
 * member who asked. Open to anyone with the link (it may be opened on another device); a link
 * used, replaced, expired or forged changes nothing.
 */
export async function confirmEmailChange(
  { db, clock }: Pick<EmailChanges, 'db' | 'clock'>,
  token: string,
): Promise<Pick<Person, 'email'>> {
  const change = await changesSql.emailChangeWithToken(db.kysely, hashOf(token))
  if (!change || change.endedAt) throw badRequest(myAllotmentMessages.emailLinkUnknown)
  const now = clock.now().toISOString()
  if (change.expiresAt <= now) throw badRequest(myAllotmentMessages.emailLinkExpired)
  const logged = {
    methodName: OWN_CHANGES.email,
    eventCollection: 'people',
    docId: change.personId,
    userName: change.requestedBy,
  }
  return loggedChange(db, logged, async (tx) => {
    if (!(await changesSql.endEmailChange(tx, change.id, now)))
      throw badRequest(myAllotmentMessages.emailLinkUnknown)
    const person = await peopleRepo.findPerson(tx, change.personId)
    if (!person) throw badRequest(myAllotmentMessages.emailLinkUnknown)
    const saved = await peopleRepo.updatePerson(tx, { ...person, email: change.newEmail })
    return { email: saved.email }
  })
}
