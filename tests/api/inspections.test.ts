import { randomUUID } from 'node:crypto'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_INSPECTION_SETTINGS, latestByPlot } from '#shared/domain/inspections'
import { inspectionMessages } from '#shared/messages/inspections'
import type { Inspection, RoundDetail, RoundSummary } from '#shared/schemas/inspections'
import { multipartBody, type UploadFile } from '#tests/helpers/pdf-upload'
import { sendRecord as sendInspection } from '#tests/helpers/inspections'
import { createPlot, expectOneLog, lastLogId, logsAfter, send } from '#tests/helpers/records'
import { createTestApp, engines, type TestApp } from '#tests/helpers/test-app'

// Plot inspections (issue 32) through the real app and database: the settings, rounds, and a
// plot's record as a phone sends it, with its photos, perhaps more than once.

// A phone's photo, larger than the 1,600 px the server keeps.
const phonePhoto: UploadFile = {
  bytes: await sharp({ create: { width: 3200, height: 2400, channels: 3, background: '#5d7a2e' } })
    .jpeg()
    .toBuffer(),
  name: 'IMG_3001.jpg',
  type: 'image/jpeg',
}
const pngPhoto: UploadFile = {
  bytes: await sharp({ create: { width: 64, height: 48, channels: 3, background: '#333' } })
    .png()
    .toBuffer(),
  name: 'shed.png',
  type: 'image/png',
}
const gifPhoto: UploadFile = {
  bytes: await sharp({ create: { width: 8, height: 8, channels: 3, background: '#f00' } })
    .gif()
    .toBuffer(),
  name: 'old.gif',
  type: 'image/gif',
}

describe.each(engines)('plot inspections on %s', (engine) => {
  let t: TestApp
  let admin: string
  let committee: string
  let walker: string
  let roundId: number

  beforeAll(async () => {
    t = await createTestApp(engine)
    admin = await t.signInAs(4, 'insp-admin')
    committee = await t.signInAs(3, 'insp-committee')
    walker = await t.signInAs(3, 'insp-walker')
    for (const id of ['10', '2', '1a']) await createPlot(t, admin, id)
  })
  afterAll(() => t.close())

  const record = (overrides: Record<string, unknown> = {}) => ({
    id: randomUUID(),
    roundId,
    plotId: '2',
    grade: 'Needs work',
    cultivated: 40,
    notes: 'Brambles along the east side.',
    recordedAt: '2026-06-01T10:15:00+01:00',
    photoIds: [] as string[],
    ...overrides,
  })

  const sendRecord = (body: Record<string, unknown>, photos: UploadFile[] = [], cookie = walker) =>
    sendInspection(t, cookie, body, photos)
  const detail = async () =>
    (await send(t, committee, 'GET', `/api/inspection-rounds/${roundId}`)).json<RoundDetail>()
  const count = async (table: 'inspections' | 'inspection_photos' | 'files') =>
    Number(
      (
        await t.db.kysely
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )

  it('starts with the usual grades, 28 days and a month, which only the administrator changes', async () => {
    const read = await send(t, admin, 'GET', '/api/inspections/settings')
    expect(read.json()).toEqual({ ...DEFAULT_INSPECTION_SETTINGS, version: 0 })
    const changed = {
      ...DEFAULT_INSPECTION_SETTINGS,
      daysToPutRight: 21,
      grades: [...DEFAULT_INSPECTION_SETTINGS.grades, { name: 'Abandoned', needsNotice: true }],
      version: 0,
    }
    expect((await send(t, committee, 'PUT', '/api/inspections/settings', changed)).statusCode).toBe(
      403,
    )
    const mark = await lastLogId(t)
    const saved = await send(t, admin, 'PUT', '/api/inspections/settings', changed)
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json()).toMatchObject({ daysToPutRight: 21, version: 1 })
    await expectOneLog(t, mark, {
      methodName: 'updateInspectionSettings',
      userName: 'insp-admin',
      eventCollection: 'settings',
      docId: 'inspections',
    })
    const stale = await send(t, admin, 'PUT', '/api/inspections/settings', changed)
    expect(stale.statusCode).toBe(409)
  })

  it.each([
    [
      'a letter with a merge field it does not know',
      {
        letters: {
          ...DEFAULT_INSPECTION_SETTINGS.letters,
          final: { subject: 'Plot {plot}', body: 'Dear {frstName}' },
        },
      },
      'Unknown merge field: {frstName}.',
    ],
    [
      'two grades of one name',
      {
        grades: [
          { name: 'Good', needsNotice: false },
          { name: 'good', needsNotice: true },
        ],
      },
      inspectionMessages.gradeNamesUnique,
    ],
    [
      'every grade calling for a notice',
      {
        grades: [
          { name: 'Poor', needsNotice: true },
          { name: 'Worse', needsNotice: true },
        ],
      },
      inspectionMessages.gradesNeedOneGood,
    ],
  ])('refuses settings with %s, and keeps those saved', async (_, change, message) => {
    const before = (await send(t, admin, 'GET', '/api/inspections/settings')).json()
    const refused = await send(t, admin, 'PUT', '/api/inspections/settings', {
      ...before,
      ...change,
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().detail).toContain(message)
    expect((await send(t, admin, 'GET', '/api/inspections/settings')).json()).toEqual(before)
  })

  it('starts a round and shows every plot in walking order, none yet seen', async () => {
    const started = await send(t, committee, 'POST', '/api/inspection-rounds', {
      date: '2026-06-01',
      walkers: 'Pat and Sam',
    })
    expect(started.statusCode, started.body).toBe(201)
    roundId = started.json().id
    const round = await detail()
    expect(round.round).toMatchObject({ date: '2026-06-01', walkers: 'Pat and Sam' })
    expect(round.plots.map((plot) => plot.id)).toEqual(['1a', '2', '10'])
    // With one site, a plot's name is its key.
    expect(round.plots.every((plot) => plot.name === plot.id)).toBe(true)
    expect(round.grades.map((grade) => grade.name)).toContain('Abandoned')
    expect(round.inspections).toEqual([])
    const rounds = (await send(t, committee, 'GET', '/api/inspection-rounds')).json<
      RoundSummary[]
    >()
    expect(rounds).toEqual([expect.objectContaining({ id: roundId, seen: 0 })])
  })

  it('keeps a record with its photos made smaller as JPEG, logged against the plot', async () => {
    const body = record({ photoIds: [randomUUID(), randomUUID()] })
    const mark = await lastLogId(t)
    const response = await sendRecord(body, [phonePhoto, pngPhoto])
    expect(response.statusCode, response.body).toBe(201)
    const kept = response.json<Inspection>()
    expect(kept).toMatchObject({
      id: body.id,
      plotId: '2',
      grade: 'Needs work',
      cultivated: 40,
      inspectedBy: 'insp-walker',
      recordedAt: '2026-06-01T09:15:00.000Z',
    })
    expect(kept.photos.map((photo) => photo.id)).toEqual(body.photoIds)
    expect(kept.photos[0]).toMatchObject({ width: 1600, height: 1200 })
    const value = await expectOneLog(t, mark, {
      methodName: 'recordInspection',
      userName: 'insp-walker',
      eventCollection: 'plots',
      docId: '2',
    })
    expect(value).toMatchObject({ id: body.id, grade: 'Needs work' })

    const photo = await send(t, committee, 'GET', kept.photos[0]!.url)
    expect(photo.statusCode).toBe(200)
    expect(photo.headers['content-type']).toBe('image/jpeg')
    const read = await sharp(photo.rawPayload).metadata()
    expect([read.format, read.width, read.height]).toEqual(['jpeg', 1600, 1200])
    expect(photo.rawPayload.length).toBeLessThan(400_000)
    expect((await send(t, undefined, 'GET', kept.photos[0]!.url)).statusCode).toBe(401)
  })

  it('keeps a record sent twice once, photos and all, and logs it once', async () => {
    const body = record({ plotId: '10', grade: 'Good', photoIds: [randomUUID()] })
    expect((await sendRecord(body, [pngPhoto])).statusCode).toBe(201)
    const before = [
      await count('inspections'),
      await count('inspection_photos'),
      await count('files'),
    ]
    const mark = await lastLogId(t)
    const again = await sendRecord(body, [pngPhoto])
    expect(again.statusCode, again.body).toBe(200)
    expect(again.json<Inspection>().id).toBe(body.id)
    expect([
      await count('inspections'),
      await count('inspection_photos'),
      await count('files'),
    ]).toEqual(before)
    expect(await logsAfter(t, mark)).toHaveLength(0)
  })

  it('keeps two inspectors’ records of one plot, the later being the plot’s grade', async () => {
    const earlier = record({ plotId: '1a', grade: 'Good', recordedAt: '2026-06-01T11:00:00Z' })
    const later = record({
      plotId: '1a',
      grade: 'Not cultivated',
      recordedAt: '2026-06-01T11:05:00Z',
    })
    // The later record reaches the server first: the phone of the earlier had no signal.
    expect((await sendRecord(later, [], committee)).statusCode).toBe(201)
    expect((await sendRecord(earlier)).statusCode).toBe(201)
    const onPlot = (await detail()).inspections.filter((i) => i.plotId === '1a')
    expect(onPlot.map((i) => [i.grade, i.inspectedBy])).toEqual([
      ['Good', 'insp-walker'],
      ['Not cultivated', 'insp-committee'],
    ])
    const rounds = (await send(t, committee, 'GET', '/api/inspection-rounds')).json<
      RoundSummary[]
    >()
    expect(rounds[0]).toMatchObject({ id: roundId, seen: 3 })
  })

  // A phone with a wrong clock is the common case: its record is kept, at the time it arrived.
  it.each([
    ['years ahead', '9999-01-01T00:00:00Z'],
    ['before the round', '0001-01-01T00:00:00Z'],
  ])(
    'keeps a record from a phone whose clock is %s as recorded when it arrived, so a later record still grades the plot',
    async (_, wrongClock) => {
      const wrong = await sendRecord(
        record({ plotId: '1a', grade: 'Good', recordedAt: wrongClock }),
      )
      expect(wrong.statusCode, wrong.body).toBe(201)
      const kept = wrong.json<Inspection>()
      expect(kept.recordedAt).toBe(kept.receivedAt)
      const later = record({
        plotId: '1a',
        grade: 'Not cultivated',
        recordedAt: new Date().toISOString(),
      })
      expect((await sendRecord(later, [], committee)).statusCode).toBe(201)
      const graded = latestByPlot((await detail()).inspections).get('1a')
      expect(graded).toMatchObject({ id: later.id, grade: 'Not cultivated' })
    },
  )

  it.each([
    ['a grade not among the settings', { grade: 'Splendid' }, 422, inspectionMessages.gradeUnknown],
    ['a plot that does not exist', { plotId: '99' }, 404, inspectionMessages.plotMissing],
    ['a round that does not exist', { roundId: 9999 }, 404, inspectionMessages.roundMissing],
    [
      'more cultivated than the whole plot',
      { cultivated: 120 },
      400,
      inspectionMessages.cultivatedRange,
    ],
    [
      'photo ids without photos',
      { photoIds: [randomUUID()] },
      400,
      inspectionMessages.recordUnreadable,
    ],
  ])('refuses %s and keeps nothing', async (_, change, status, message) => {
    const before = [await count('inspections'), await count('files')]
    const refused = await sendRecord(record(change))
    expect(refused.statusCode, refused.body).toBe(status)
    expect(refused.json().detail).toBe(message)
    expect([await count('inspections'), await count('files')]).toEqual(before)
  })

  it('refuses a record whose id was kept for another plot', async () => {
    const body = record({ plotId: '10' })
    expect((await sendRecord(body)).statusCode).toBe(201)
    const refused = await sendRecord({ ...body, plotId: '2' })
    expect(refused.statusCode).toBe(409)
    expect(refused.json().detail).toBe(inspectionMessages.recordIdTaken)
  })

  it.each([
    ['a GIF', gifPhoto, 415, inspectionMessages.notAPhoto],
    [
      'an empty file',
      { bytes: Buffer.alloc(0), name: 'empty.jpg', type: 'image/jpeg' },
      415,
      inspectionMessages.notAPhoto,
    ],
    [
      'a text file named as a photo',
      { bytes: Buffer.from('not a picture at all'), name: 'x.jpg', type: 'image/jpeg' },
      415,
      inspectionMessages.notAPhoto,
    ],
    [
      'a photo over 10 MB',
      { bytes: Buffer.alloc(10 * 1024 * 1024 + 1, 1), name: 'big.jpg', type: 'image/jpeg' },
      413,
      inspectionMessages.photoTooLarge,
    ],
  ])(
    'refuses %s with a clear message and keeps no half record',
    async (_, photo, status, message) => {
      const before = [
        await count('inspections'),
        await count('inspection_photos'),
        await count('files'),
      ]
      const refused = await sendRecord(record({ photoIds: [randomUUID(), randomUUID()] }), [
        pngPhoto,
        photo,
      ])
      expect(refused.statusCode, refused.body).toBe(status)
      expect(refused.json().detail).toBe(message)
      expect([
        await count('inspections'),
        await count('inspection_photos'),
        await count('files'),
      ]).toEqual(before)
    },
  )

  // A phone answered 5xx sends again for ever: what it sent wrong is said, with a 4xx.
  it('refuses two photos of one record under the same id, keeping nothing', async () => {
    const before = [await count('inspections'), await count('files')]
    const photoId = randomUUID()
    const refused = await sendRecord(record({ photoIds: [photoId, photoId] }), [pngPhoto, pngPhoto])
    expect(refused.statusCode, refused.body).toBe(400)
    expect(refused.json().detail).toBe(inspectionMessages.photoIdsRepeated)
    expect([await count('inspections'), await count('files')]).toEqual(before)
  })

  it('refuses a photo id another record kept, keeping nothing', async () => {
    const photoId = randomUUID()
    expect((await sendRecord(record({ photoIds: [photoId] }), [pngPhoto])).statusCode).toBe(201)
    const before = [await count('inspections'), await count('files')]
    const mark = await lastLogId(t)
    const refused = await sendRecord(record({ photoIds: [photoId] }), [pngPhoto])
    expect(refused.statusCode, refused.body).toBe(409)
    expect(refused.json().detail).toBe(inspectionMessages.photoIdTaken)
    expect([await count('inspections'), await count('files')]).toEqual(before)
    const logs = await logsAfter(t, mark)
    expect(logs.map((log) => [log.methodName, JSON.parse(log.error)])).toEqual([
      ['recordInspection', expect.objectContaining({ status: 409 })],
    ])
  })

  it('refuses a record cut off mid-upload and keeps nothing', async () => {
    const before = [await count('inspections'), await count('files')]
    const body = record({ photoIds: [randomUUID()] })
    const form = await multipartBody({ inspection: JSON.stringify(body) }, [phonePhoto], 'photos')
    const cut = form.payload.subarray(0, form.payload.length - 2000)
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/inspections',
      headers: { cookie: walker, ...form.headers },
      payload: cut,
    })
    expect(response.statusCode).toBe(400)
    expect([await count('inspections'), await count('files')]).toEqual(before)
  })

  it('leaves rounds and records to the committee', async () => {
    const member = await t.signInAs(2, 'insp-land')
    expect((await send(t, member, 'GET', '/api/inspection-rounds')).statusCode).toBe(403)
    expect((await sendRecord(record(), [], member)).statusCode).toBe(403)
  })
})
