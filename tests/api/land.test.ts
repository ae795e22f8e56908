import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LandDocumentDetail, LandGroup } from '#shared/schemas/land-documents'
import { createTestApp, engines, type TestApp } from '#tests/helpers/test-app'
import { multipartBody, samplePdf } from '#tests/helpers/pdf-upload'

const MB = 1024 * 1024

describe.each(engines)('land documents API on %s', (engine) => {
  let t: TestApp
  const cookies: Record<number, string> = {}

  beforeAll(async () => {
    t = await createTestApp(engine)
    for (const level of [1, 2, 3]) cookies[level] = await t.signInAs(level, `land${level}`)
  })
  afterAll(() => t.close())

  const headers = (level?: number) => (level ? { cookie: cookies[level]! } : {})
  const get = (url: string, level?: number) =>
    t.app.inject({ method: 'GET', url, headers: headers(level) })

  async function upload(
    fields: Record<string, string>,
    file?: { bytes: Uint8Array; name: string; type?: string },
    level = 3,
  ) {
    const body = await multipartBody(fields, file)
    return t.app.inject({
      method: 'POST',
      url: '/api/land-documents',
      payload: body.payload,
      headers: { ...body.headers, ...headers(level) },
    })
  }

  async function uploadPdf(date: string, description: string, name: string) {
    const response = await upload(
      { date, description, name },
      { bytes: samplePdf(name), name: 'x.pdf' },
    )
    expect(response.statusCode).toBe(201)
    return response.json<LandDocumentDetail>()
  }

  async function stored() {
    const count = async (table: 'files' | 'land_documents') =>
      Number(
        (
          await t.db.kysely
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      )
    return { files: await count('files'), documents: await count('land_documents') }
  }

  const lastLog = () =>
    t.db.kysely
      .selectFrom('logs')
      .selectAll()
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow()

  async function groups() {
    const response = await get('/api/land-documents', 2)
    expect(response.statusCode).toBe(200)
    return response.json<LandGroup[]>()
  }

  it('lists the timeline only for level 2 and up', async () => {
    expect((await get('/api/land-documents')).statusCode).toBe(401)
    expect((await get('/api/land-documents', 1)).statusCode).toBe(403)
    expect((await get('/api/land-documents', 2)).statusCode).toBe(200)
  })

  it('stores an uploaded PDF at the end of its group and logs it', async () => {
    const before = await stored()
    const document = await uploadPdf('2023-05-01', 'Lease renewal', 'Letter from the council')
    expect(document).toMatchObject({
      name: 'Letter from the council',
      date: '2023-05-01',
      description: 'Lease renewal',
      dateDescription: '2023-05-01;Lease renewal',
      sortOrder: 0,
      size: samplePdf('Letter from the council').length,
    })
    expect(await stored()).toEqual({ files: before.files + 1, documents: before.documents + 1 })
    expect(await lastLog()).toMatchObject({
      methodName: 'uploadLandDocument',
      eventCollection: 'land_documents',
      docId: String(document.id),
      userName: 'land3',
      error: 'null',
    })
    const second = await uploadPdf('2023-05-01', 'Lease renewal', 'Our reply')
    expect(second.sortOrder).toBe(1)
  })

  it('serves the PDF only to level 2 and up, under a fixed safe name', async () => {
    const document = await uploadPdf('2023-06-01', 'Survey', 'Site survey "final"; v2')
    const url = `/api/land-documents/${document.id}/file`
    expect((await get(url)).statusCode).toBe(401)
    expect((await get(url, 1)).statusCode).toBe(403)
    const response = await get(url, 2)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('application/pdf')
    expect(response.headers['content-disposition']).toBe(
      `inline; filename="land-document-${document.id}.pdf"`,
    )
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    expect(response.rawPayload.equals(samplePdf('Site survey "final"; v2'))).toBe(true)
    expect((await get('/api/land-documents/999999/file', 2)).statusCode).toBe(404)
  })

  it('refuses a file that is not a PDF and stores nothing', async () => {
    const before = await stored()
    const response = await upload(
      { date: '2023-07-01', description: 'Minutes', name: 'Disguised' },
      { bytes: Buffer.from('MZ this is not a PDF at all'), name: 'minutes.pdf' },
    )
    expect(response.statusCode).toBe(415)
    expect(response.json()).toMatchObject({ detail: 'Only PDF files can be uploaded.' })
    expect(await stored()).toEqual(before)
    const log = await lastLog()
    expect(log).toMatchObject({ methodName: 'uploadLandDocument', docId: '' })
    expect(JSON.parse(log.error)).toEqual({
      status: 415,
      message: 'Only PDF files can be uploaded.',
    })
  })

  it('refuses a file over 20 MB and stores nothing, but takes one of exactly 20 MB', async () => {
    const before = await stored()
    const big = Buffer.alloc(20 * MB + 1, 0x20)
    samplePdf().copy(big)
    const response = await upload(
      { date: '2023-08-01', description: 'Maps', name: 'Huge map' },
      { bytes: big, name: 'map.pdf' },
    )
    expect(response.statusCode).toBe(413)
    expect(response.json()).toMatchObject({ detail: 'The file is larger than 20 MB.' })
    expect(await stored()).toEqual(before)

    const exact = await upload(
      { date: '2023-08-01', description: 'Maps', name: 'Large map' },
      { bytes: big.subarray(0, 20 * MB), name: 'map.pdf' },
    )
    expect(exact.statusCode).toBe(201)
    expect(exact.json<LandDocumentDetail>().size).toBe(20 * MB)
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/land-documents/${exact.json<LandDocumentDetail>().id}`,
      headers: headers(3),
    })
    expect(removed.statusCode).toBe(204)
    expect(await stored()).toEqual(before)
  })

  it('refuses uploads without a file, with bad fields or two files, or below level 3', async () => {
    const before = await stored()
    const noFile = await upload({ date: '2023-09-01', description: 'Notes', name: 'Nothing' })
    expect(noFile.statusCode).toBe(400)
    expect(noFile.json()).toMatchObject({ detail: 'Choose a PDF file to upload.' })
    const pdf = { bytes: samplePdf(), name: 'a.pdf' }
    const badDate = await upload({ date: '2023-02-30', description: 'Notes', name: 'A' }, pdf)
    expect(badDate.statusCode).toBe(400)
    expect(badDate.json()).toMatchObject({ detail: 'Please choose a real date.' })
    const noName = await upload({ date: '2023-09-01', description: 'Notes', name: '  ' }, pdf)
    expect(noName.json()).toMatchObject({
      status: 400,
      detail: 'The document name must be filled in!',
    })
    const nul = await upload({ date: '2023-09-01', description: 'No\u0000tes', name: 'A' }, pdf)
    expect(nul.json()).toMatchObject({ status: 400, detail: expect.stringContaining('NUL') })
    const nulName = await upload(
      { date: '2023-09-01', description: 'Notes', name: 'A' },
      {
        ...pdf,
        name: 'a.pdf\u0000',
      },
    )
    expect(nulName.statusCode).toBe(400)
    const twoFiles = new FormData()
    for (const [field, value] of Object.entries({
      date: '2023-09-01',
      description: 'Notes',
      name: 'A',
    })) {
      twoFiles.append(field, value)
    }
    twoFiles.append('file', new Blob([new Uint8Array(samplePdf())]), 'a.pdf')
    twoFiles.append('file', new Blob([new Uint8Array(samplePdf())]), 'b.pdf')
    const encoded = new Response(twoFiles)
    const both = await t.app.inject({
      method: 'POST',
      url: '/api/land-documents',
      payload: Buffer.from(await encoded.arrayBuffer()),
      headers: { 'content-type': encoded.headers.get('content-type')!, ...headers(3) },
    })
    expect(both.json()).toMatchObject({ status: 400, detail: 'Upload one PDF file at a time.' })
    const landAccess = await upload({ date: '2023-09-01', description: 'Notes', name: 'A' }, pdf, 2)
    expect(landAccess.statusCode).toBe(403)
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/land-documents',
      payload: { date: '2023-09-01', description: 'Notes', name: 'A' },
      headers: headers(3),
    })
    expect(json.statusCode).toBe(415)
    expect(await stored()).toEqual(before)
  })

  it('groups by date and description, ordered by date then sortOrder', async () => {
    await uploadPdf('2021-01-15', 'First notice', 'Notice')
    await uploadPdf('2025-02-01', 'Rent review', 'Proposal')
    await uploadPdf('2021-01-15', 'A second topic', 'Other')
    const list = await groups()
    expect(list.map((g) => g.dateDescription)).toEqual([
      '2021-01-15;A second topic',
      '2021-01-15;First notice',
      '2023-05-01;Lease renewal',
      '2023-06-01;Survey',
      '2025-02-01;Rent review',
    ])
    const lease = list.find((g) => g.description === 'Lease renewal')!
    expect(lease).toMatchObject({ date: '2023-05-01', description: 'Lease renewal' })
    expect(lease.documents.map((d) => [d.name, d.sortOrder])).toEqual([
      ['Letter from the council', 0],
      ['Our reply', 1],
    ])
    expect(Object.keys(lease.documents[0]!).sort()).toEqual(['id', 'name', 'size', 'sortOrder'])
  })

  it('renames, reorders and moves a document, logging each change', async () => {
    const put = (id: number, body: object, level = 3) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/land-documents/${id}`,
        payload: body,
        headers: headers(level),
      })
    const a = await uploadPdf('2022-03-03', 'Boundary', 'One')
    const b = await uploadPdf('2022-03-03', 'Boundary', 'Two')
    const c = await uploadPdf('2022-03-03', 'Boundary', 'Three')

    const renamed = await put(b.id, { name: 'Two (signed)' })
    expect(renamed.statusCode).toBe(200)
    expect(renamed.json()).toMatchObject({ id: b.id, name: 'Two (signed)', sortOrder: 1 })
    expect(await lastLog()).toMatchObject({
      methodName: 'updateLandDocument',
      docId: String(b.id),
      userName: 'land3',
      error: 'null',
    })

    expect((await put(c.id, { sortOrder: 0 })).statusCode).toBe(200)
    const names = async (description: string) =>
      (await groups()).find((g) => g.description === description)?.documents.map((d) => d.name)
    expect(await names('Boundary')).toEqual(['Three', 'One', 'Two (signed)'])

    const moved = await put(a.id, { date: '2022-04-04', description: 'Fencing' })
    expect(moved.json()).toMatchObject({ dateDescription: '2022-04-04;Fencing', sortOrder: 0 })
    const boundary = (await groups()).find((g) => g.description === 'Boundary')!
    expect(boundary.documents.map((d) => [d.name, d.sortOrder])).toEqual([
      ['Three', 0],
      ['Two (signed)', 1],
    ])

    expect((await put(a.id, {})).statusCode).toBe(400)
    expect((await put(a.id, { name: 'Nope' }, 2)).statusCode).toBe(403)
    const missing = await put(999999, { name: 'Ghost' })
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toMatchObject({ detail: 'That land document does not exist.' })
  })

  it('deletes a document with its file, and logs it', async () => {
    const document = await uploadPdf('2020-10-10', 'Old letter', 'To delete')
    const fileId = (
      await t.db.kysely
        .selectFrom('land_documents')
        .select('fileId')
        .where('id', '=', document.id)
        .executeTakeFirstOrThrow()
    ).fileId
    const remove = (level: number) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/land-documents/${document.id}`,
        headers: headers(level),
      })
    expect((await remove(2)).statusCode).toBe(403)
    expect((await remove(3)).statusCode).toBe(204)
    expect(await lastLog()).toMatchObject({
      methodName: 'deleteLandDocument',
      docId: String(document.id),
    })
    const file = await t.db.kysely
      .selectFrom('files')
      .select('id')
      .where('id', '=', fileId)
      .executeTakeFirst()
    expect(file).toBeUndefined()
    expect((await get(`/api/land-documents/${document.id}/file`, 2)).statusCode).toBe(404)
    expect((await groups()).some((g) => g.description === 'Old letter')).toBe(false)
    expect((await remove(3)).statusCode).toBe(404)
  })

  it('describes the upload form in the OpenAPI document', async () => {
    const spec = (await get('/api/openapi.json')).json()
    const post = spec.paths['/api/land-documents'].post
    expect(Object.keys(post.requestBody.content)).toEqual(['multipart/form-data'])
    expect(spec.paths['/api/land-documents/{id}/file'].get).toBeDefined()
  })
})
