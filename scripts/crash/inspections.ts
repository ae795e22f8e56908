import { randomInt, randomUUID } from 'node:crypto'
import type { Db } from '#server/core/db/database'
import { cameraPhoto } from '#tests/helpers/sample-image'
import { startServer, type TestServer } from '#tests/helpers/server-process'
import { Client } from './http.ts'
import type { RentTarget } from './rent.ts'

// The inspections phase of the crash test (issue 32): a phone sends a round's records, each with
// its photo, four at a time; the server is killed mid-sync. Restarted, the phone sends them all
// again, as one whose answers were lost does. Every record and every photo must then be there
// exactly once, and no record without its photo nor photo without its record.

const RECORDS = 120
const AT_ONCE = 4

function recordForm(
  record: { id: string; photoId: string; plotId: string },
  roundId: number,
  photo: Buffer,
) {
  const form = new FormData()
  form.append(
    'inspection',
    JSON.stringify({
      id: record.id,
      roundId,
      plotId: record.plotId,
      grade: 'Needs work',
      cultivated: 40,
      notes: 'Brambles along the path.',
      recordedAt: new Date().toISOString(),
      photoIds: [record.photoId],
    }),
  )
  form.append('photos', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg')
  return form
}

/** Sends every record, AT_ONCE at a time, until all are answered or `stopped` says so. */
async function sync(
  client: Client,
  records: readonly { id: string; photoId: string; plotId: string }[],
  roundId: number,
  photo: Buffer,
  acknowledged: Set<string>,
  stopped: () => boolean,
) {
  let next = 0
  const refused: string[] = []
  const phone = async () => {
    while (next < records.length && !stopped()) {
      const record = records[next++]!
      try {
        const answer = await client.send('/api/inspections', recordForm(record, roundId, photo))
        if (answer.status === 200 || answer.status === 201) acknowledged.add(record.id)
        else refused.push(`${record.id}: ${answer.status} ${JSON.stringify(answer.body)}`)
      } catch {
        // Cut off by the kill: sent again after the restart.
      }
    }
  }
  await Promise.all(Array.from({ length: AT_ONCE }, phone))
  return refused
}

export async function crashWhileSyncing(
  target: RentTarget,
  dataDir: string,
  password: string,
  plots: readonly string[],
  replaced: (server: TestServer) => void,
): Promise<boolean> {
  // A phone's photo after the phone made it smaller: about 300 kB.
  const photo = await cameraPhoto(1600, 1200, 62)
  let server = await startServer({ dataDir, env: target.env })
  replaced(server)
  let client = new Client(server.url)
  await client.signIn('admin', password)
  const round = await client.call('POST', '/api/inspection-rounds', {
    date: '2026-06-01',
    walkers: 'Crash',
  })
  if (round.status !== 201) throw new Error(`starting a round: ${JSON.stringify(round.body)}`)
  const roundId = (round.body as { id: number }).id
  const records = Array.from({ length: RECORDS }, (_, n) => ({
    id: randomUUID(),
    photoId: randomUUID(),
    plotId: plots[n % plots.length]!,
  }))
  const acknowledged = new Set<string>()
  let killed = false
  const syncing = sync(client, records, roundId, photo, acknowledged, () => killed)
  const deadline = Date.now() + 120_000
  while (acknowledged.size < RECORDS / 4) {
    if (Date.now() > deadline) throw new Error('timed out waiting for records to be kept')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  await new Promise((resolve) => setTimeout(resolve, randomInt(0, 300)))
  killed = true
  await server.stop('SIGKILL')
  await syncing
  const beforeKill = acknowledged.size

  server = await startServer({ dataDir, env: target.env })
  replaced(server)
  client = new Client(server.url)
  await client.signIn('admin', password)
  const refused = await sync(client, records, roundId, photo, acknowledged, () => false)
  const db = target.open(dataDir)
  const problems = [...refused, ...(await checkRound(db, roundId, records))]
  await db.destroy()
  console.log(
    `inspections: ${beforeKill} of ${RECORDS} records with photos acknowledged before the kill, ` +
      `all sent again after the restart; ${problems.length ? `${problems.length} problems` : 'each record and photo kept once, none half kept'}`,
  )
  for (const problem of problems.slice(0, 20)) console.log(`  BROKEN: ${problem}`)
  return problems.length === 0
}

async function checkRound(
  db: Db,
  roundId: number,
  records: readonly { id: string; photoId: string }[],
): Promise<string[]> {
  const problems: string[] = []
  const kept = await db.kysely
    .selectFrom('inspections')
    .select('id')
    .where('roundId', '=', roundId)
    .execute()
  const photos = await db.kysely
    .selectFrom('inspection_photos')
    .innerJoin('inspections', 'inspections.id', 'inspection_photos.inspectionId')
    .leftJoin('files', 'files.id', 'inspection_photos.fileId')
    .select(['inspection_photos.id', 'inspection_photos.inspectionId', 'files.size'])
    .where('inspections.roundId', '=', roundId)
    .execute()
  if (kept.length !== records.length)
    problems.push(`${kept.length} records kept for ${records.length} sent`)
  const keptIds = new Set(kept.map((row) => row.id))
  const photoOf = new Map(photos.map((row) => [row.inspectionId, row]))
  for (const record of records) {
    if (!keptIds.has(record.id)) problems.push(`${record.id}: lost`)
    const photo = photoOf.get(record.id)
    if (!photo || photo.id !== record.photoId) problems.push(`${record.id}: its photo is missing`)
    else if (!photo.size) problems.push(`${record.id}: its photo's file is missing or empty`)
  }
  if (photos.length !== records.length)
    problems.push(`${photos.length} photos kept for ${records.length} sent`)
  const files = await db.kysely
    .selectFrom('files')
    .select('id')
    .where('contentType', '=', 'image/jpeg')
    .where('name', 'like', '%-%-%-%-%.jpg')
    .execute()
  if (files.length !== records.length)
    problems.push(
      `${files.length} photo files stored for ${records.length} photos: some are orphans`,
    )
  return problems
}
