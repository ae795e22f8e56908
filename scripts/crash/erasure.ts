import { randomInt } from 'node:crypto'
import type { Db } from '#server/core/db/database'
import { startServer, type TestServer } from '#tests/helpers/server-process'
import { Client } from './http.ts'
import type { RentTarget } from './rent.ts'

// The erasure phase of the crash test (issue 30): the members the message phase wrote to are
// erased, a few at a time, and the server is killed while erasures are under way. After the
// restart each is erased whole or not at all: their record under their own id with their copy,
// log entries and details, or none of these under that id and a former member's record in its
// place. Every erasure acknowledged before the kill is whole.

const TRIED = 120
const AT_ONCE = 4
const ERASED_BEFORE_KILL = 20

export async function crashWhileErasing(
  target: RentTarget,
  dataDir: string,
  password: string,
  replaced: (server: TestServer) => void,
): Promise<boolean> {
  let server = await startServer({ dataDir, env: target.env })
  replaced(server)
  const admin = new Client(server.url)
  await admin.signIn('admin', password)
  const ids = Array.from({ length: TRIED }, (_, n) => `mail-${n}`)
  const acknowledged: string[] = []
  let killed = false
  const erasing = (async () => {
    for (let start = 0; start < ids.length && !killed; start += AT_ONCE) {
      await Promise.all(
        ids.slice(start, start + AT_ONCE).map(async (id) => {
          const answer = await admin.call('POST', `/api/people/${id}/erasure`).catch(() => null)
          if (answer?.status === 200) acknowledged.push(id)
        }),
      )
    }
  })()
  const deadline = Date.now() + 120_000
  while (acknowledged.length < ERASED_BEFORE_KILL) {
    if (Date.now() > deadline) throw new Error('timed out waiting for erasures to be acknowledged')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  await new Promise((resolve) => setTimeout(resolve, randomInt(0, 200)))
  const killing = server.stop('SIGKILL')
  killed = true
  await killing
  await erasing
  server = await startServer({ dataDir, env: target.env })
  replaced(server)
  const db = target.open(dataDir)
  const { problems, erased } = await checkErasures(db, ids, acknowledged).finally(() =>
    db.destroy(),
  )
  console.log(
    `erasures: ${acknowledged.length} acknowledged before the kill, ${erased} of ${TRIED} tried ` +
      `found erased whole after restart, ${problems.length ? `${problems.length} problems` : 'none half done'}`,
  )
  for (const problem of problems.slice(0, 20)) console.log(`  BROKEN: ${problem}`)
  return problems.length === 0
}

/** Each person tried: whole, or erased whole; an acknowledged erasure, erased. */
async function checkErasures(db: Db, ids: readonly string[], acknowledged: readonly string[]) {
  const problems: string[] = []
  const people = new Set(
    (await db.kysely.selectFrom('people').select('id').where('id', 'in', ids).execute()).map(
      (row) => row.id,
    ),
  )
  const copies = await db.kysely
    .selectFrom('messages')
    .select('personId')
    .where('personId', 'in', ids)
    .execute()
  const logged = await db.kysely
    .selectFrom('logs')
    .select('docId')
    .where('eventCollection', '=', 'people')
    .where('docId', 'in', ids)
    .execute()
  const count = (rows: Array<{ personId?: string; docId?: string }>, id: string) =>
    rows.filter((row) => (row.personId ?? row.docId) === id).length
  for (const id of ids) {
    const copiesLeft = count(copies, id)
    const entriesLeft = count(logged, id)
    if (people.has(id)) {
      if (acknowledged.includes(id))
        problems.push(`${id}: erasure acknowledged, record still there`)
      if (copiesLeft !== 1) problems.push(`${id}: record there but ${copiesLeft} copies under it`)
      if (entriesLeft === 0) problems.push(`${id}: record there but its log entries moved`)
    } else if (copiesLeft > 0 || entriesLeft > 0) {
      problems.push(`${id}: record gone but ${copiesLeft} copies and ${entriesLeft} entries left`)
    }
  }
  const { formers } = await db.kysely
    .selectFrom('people')
    .select((eb) => eb.fn.countAll<number>().as('formers'))
    .where('erasedOn', 'is not', null)
    .executeTakeFirstOrThrow()
  const erased = ids.length - people.size
  if (Number(formers) !== erased)
    problems.push(`${erased} people gone but ${formers} former members' records`)
  return { problems, erased }
}
