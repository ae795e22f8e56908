import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { settingsMessages } from '#shared/messages/settings'
import type { SiteInfo } from '#shared/schemas/settings'
import { checksum } from '#tests/api/bad-input/generators'
import { expectOneLog, lastLogId, send } from '#tests/helpers/records'
import { multipartBody, samplePdf } from '#tests/helpers/pdf-upload'
import { samplePng } from '#tests/helpers/sample-image'
import { createTestApp, engines, type TestApp } from '#tests/helpers/test-app'

// A phone's photo: larger than any page shows it, so it must come back smaller.
const phonePhoto = await sharp({
  create: { width: 4000, height: 3000, channels: 3, background: '#6b8e23' },
})
  .jpeg()
  .toBuffer()

describe.each(engines)('the logo and the Home page photo on %s', (engine) => {
  let t: TestApp
  let admin: string
  let committee: string

  beforeAll(async () => {
    t = await createTestApp(engine)
    admin = await t.signInAs(4, 'images-admin')
    committee = await t.signInAs(3, 'images-committee')
  })
  afterAll(() => t.close())

  async function upload(
    name: string,
    file: { bytes: Uint8Array; name: string; type?: string } | undefined,
    fields: Record<string, string> = {},
    cookie = admin,
  ) {
    const form = await multipartBody(fields, file)
    return t.app.inject({
      method: 'PUT',
      url: `/api/settings/images/${name}`,
      headers: { cookie, ...form.headers },
      payload: form.payload,
    })
  }
  const images = async () => (await send(t, undefined, 'GET', '/api/site')).json<SiteInfo>().images

  it('has no pictures on an empty database', async () => {
    expect(await images()).toEqual({ logo: null, homePhoto: null })
  })

  it('stores a photo resized as WebP, shows it to anyone, and logs the upload once', async () => {
    const mark = await lastLogId(t)
    const response = await upload(
      'homePhoto',
      { bytes: phonePhoto, name: 'IMG_2041.jpg', type: 'image/jpeg' },
      { description: 'Plots in June, looking north' },
    )
    expect(response.statusCode, response.body).toBe(200)
    const value = await expectOneLog(t, mark, {
      methodName: 'uploadSiteImage',
      userName: 'images-admin',
      eventCollection: 'settings',
      docId: 'homePhoto',
    })
    expect(value).toMatchObject({ name: 'homePhoto', width: 1600, height: 1200 })

    const { homePhoto } = await images()
    expect(homePhoto).toMatchObject({
      width: 1600,
      height: 1200,
      description: 'Plots in June, looking north',
    })
    const file = await send(t, undefined, 'GET', homePhoto!.url)
    expect(file.statusCode).toBe(200)
    expect(file.headers['content-type']).toBe('image/webp')
    expect(file.headers['cache-control']).toContain('immutable')
    const read = await sharp(file.rawPayload).metadata()
    expect([read.format, read.width, read.height]).toEqual(['webp', 1600, 1200])
    expect(file.rawPayload.length).toBeLessThan(phonePhoto.length)
  })

  it('keeps a small logo at its own size, and a new one replaces the old at a new address', async () => {
    expect(
      (await upload('logo', { bytes: samplePng, name: 'logo.png', type: 'image/png' })).statusCode,
    ).toBe(200)
    const first = (await images()).logo!
    expect([first.width, first.height]).toEqual([64, 48])
    expect((await upload('logo', { bytes: phonePhoto, name: 'big.jpg' })).statusCode).toBe(200)
    const second = (await images()).logo!
    expect(second.url).not.toBe(first.url)
    expect([second.width, second.height]).toEqual([213, 160])
    // The old file is gone, not merely unlisted.
    expect((await send(t, undefined, 'GET', first.url)).statusCode).toBe(404)
  })

  it('serves no other file through the pictures address', async () => {
    const form = await multipartBody(
      { date: '2020-05-05', description: 'Lease', name: 'Private' },
      { bytes: samplePdf(), name: 'lease.pdf' },
    )
    const document = await t.app.inject({
      method: 'POST',
      url: '/api/land-documents',
      headers: { cookie: admin, ...form.headers },
      payload: form.payload,
    })
    expect(document.statusCode, document.body).toBe(201)
    const fileIds = await t.db.kysely.selectFrom('files').select('id').execute()
    const shown = Object.values(await images()).map((image) => image?.url)
    for (const { id } of fileIds) {
      const url = `/api/site/images/${id}`
      const expected = shown.includes(url) ? 200 : 404
      expect((await send(t, undefined, 'GET', url)).statusCode, url).toBe(expected)
    }
  })

  it.each([
    ['a PDF', { bytes: samplePdf(), name: 'photo.jpg' }, 415, settingsMessages.notAnImage],
    [
      'an SVG drawing',
      {
        bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"/>'),
        name: 'a.svg',
      },
      415,
      settingsMessages.notAnImage,
    ],
    ['nothing', undefined, 400, settingsMessages.chooseImage],
    [
      'an empty file',
      { bytes: Buffer.alloc(0), name: 'empty.jpg' },
      400,
      settingsMessages.chooseImage,
    ],
    [
      'a file over 10 MB',
      { bytes: Buffer.alloc(11 * 1024 * 1024, 1), name: 'huge.jpg' },
      413,
      settingsMessages.imageTooLarge,
    ],
  ])(
    'refuses %s with a clear message and changes nothing',
    async (_label, file, status, detail) => {
      const before = await checksum(t.db)
      const response = await upload('homePhoto', file)
      expect(response.statusCode, response.body).toBe(status)
      expect(response.json().detail).toBe(detail)
      expect((await checksum(t.db)).digest).toBe(before.digest)
    },
  )

  it('refuses a picture of more than 40 million pixels before decoding it', async () => {
    const vast = await sharp({
      create: { width: 8000, height: 6000, channels: 3, background: '#000' },
    })
      .png({ compressionLevel: 9 })
      .toBuffer()
    const before = await checksum(t.db)
    const response = await upload('logo', { bytes: vast, name: 'vast.png' })
    expect(response.statusCode, response.body).toBe(413)
    expect(response.json().detail).toBe(settingsMessages.imageTooManyPixels)
    expect((await checksum(t.db)).digest).toBe(before.digest)
  })

  it('lets only the administrator change the pictures', async () => {
    const file = { bytes: samplePng, name: 'logo.png' }
    expect((await upload('logo', file, {}, committee)).statusCode).toBe(403)
    expect((await upload('logo', file, {}, '')).statusCode).toBe(401)
    expect((await send(t, committee, 'DELETE', '/api/settings/images/logo')).statusCode).toBe(403)
  })

  it('removes a picture: the page shows none and its file is gone', async () => {
    const { homePhoto } = await images()
    const response = await send(t, admin, 'DELETE', '/api/settings/images/homePhoto')
    expect(response.statusCode).toBe(204)
    expect((await images()).homePhoto).toBeNull()
    expect((await send(t, undefined, 'GET', homePhoto!.url)).statusCode).toBe(404)
  })
})
