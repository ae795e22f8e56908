import type { Db } from '#server/core/db/database'
import { Client } from './http.ts'
import { newPerson } from './load.ts'

// The message phase of the crash test: a message to 1,000 members is queued (acknowledged), the
// server is killed while their e-mails go out, and restarted. Every copy must end sent or shown
// as interrupted (nothing lost), and no e-mail may reach the mail server twice.

export const COPIES = 1_000

/**
 * Creates the members (`mail-0`… or the prefix given) and queues the message; its id once the
 * server has acknowledged it.
 */
export async function queueMessage(
  admin: Client,
  { prefix = 'mail', copies = COPIES } = {},
): Promise<number> {
  const ids = Array.from({ length: copies }, (_, n) => `${prefix}-${n}`)
  for (let n = 0; n < ids.length; n += 25) {
    const made = await Promise.all(
      ids.slice(n, n + 25).map((id) =>
        admin.call('POST', '/api/people', {
          ...newPerson(id),
          email: `${id}@example.org`,
          contactBy: 'email',
        }),
      ),
    )
    const refused = made.find((answer) => answer.status !== 201)
    if (refused) throw new Error(`creating a member: ${JSON.stringify(refused.body)}`)
  }
  const draft = {
    audience: { kind: 'people', ids },
    subject: 'Crash test {firstName}',
    body: 'Dear {firstName}, this e-mail must arrive once.',
  }
  // Sent as the screen sends it: previewed, then confirmed (issue 44).
  const plan = await admin.call('POST', '/api/messages/plan', draft)
  if (plan.status !== 200) throw new Error(`previewing: ${JSON.stringify(plan.body)}`)
  const { confirmation } = plan.body as { confirmation: string }
  const answer = await admin.call('POST', '/api/messages', { ...draft, confirmation })
  if (answer.status !== 201) throw new Error(`queueing: ${JSON.stringify(answer.body)}`)
  return (answer.body as { batchId: number }).batchId
}

/** The copies' states once none is waiting or under way, read from the database. */
export async function settledCopies(db: Db, batchId: number, seconds = 120) {
  const deadline = Date.now() + seconds * 1000
  for (;;) {
    const copies = await db.kysely
      .selectFrom('messages')
      .select(['id', 'status'])
      .where('batchId', '=', batchId)
      .execute()
    if (copies.every((copy) => copy.status === 'sent' || copy.status === 'interrupted'))
      return copies
    if (Date.now() > deadline)
      throw new Error(`copies still unsettled: ${copies.filter((c) => c.status !== 'sent').length}`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

/** What went wrong, if anything: a copy lost, or an e-mail received twice. */
export function checkCopies(
  copies: Array<{ id: number; status: string }>,
  received: string[],
  expected = COPIES,
) {
  const times = new Map<string, number>()
  for (const id of received) times.set(id, (times.get(id) ?? 0) + 1)
  const problems: string[] = []
  if (copies.length !== expected) problems.push(`${copies.length} copies stored, not ${expected}`)
  for (const [id, count] of times) if (count > 1) problems.push(`${id} received ${count} times`)
  for (const copy of copies) {
    const arrived = times.get(`copy-${copy.id}@allotment.invalid`) ?? 0
    if (copy.status === 'sent' && arrived !== 1)
      problems.push(`copy ${copy.id} is sent but arrived ${arrived} times`)
  }
  const interrupted = copies.filter((copy) => copy.status === 'interrupted')
  const arrivedAnyway = interrupted.filter((c) =>
    times.has(`copy-${c.id}@allotment.invalid`),
  ).length
  return { problems, interrupted: interrupted.length, arrivedAnyway }
}
