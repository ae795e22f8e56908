import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { commonMessages } from '#shared/messages/common'
import { newsMessages } from '#shared/messages/news'
import type { NewsPost } from '#shared/schemas/news'
import {
  expectOneLog as expectOneLogOf,
  expectRefused as expectRefusedOf,
  lastLogId,
  logsAfter,
  send,
  snapshot,
  type Method,
  type Refusal,
} from '#tests/helpers/records'
import { createTestApp, engines, type TestApp } from '#tests/helpers/test-app'

/** A post's body as the form sends it; overrides replace or add fields. */
const postInput = (title: string, overrides: Record<string, unknown> = {}) => ({
  title,
  date: '2024-05-01',
  body: 'The gates open at ten.\n\nBring a friend.',
  published: false,
  ...overrides,
})

const updateOf = ({ id: _id, ...post }: NewsPost, overrides: Record<string, unknown> = {}) => ({
  ...post,
  ...overrides,
})

describe.each(engines)('news API on %s', (engine) => {
  let t: TestApp
  let committee: string
  let land: string

  beforeAll(async () => {
    t = await createTestApp(engine)
    committee = await t.signInAs(3, 'editor1')
    land = await t.signInAs(2, 'land1')
  })
  afterAll(() => t.close())

  const call = (method: Method, url: string, payload?: object, cookie = committee) =>
    send(t, cookie, method, url, payload)
  const anonymously = (url: string) => send(t, undefined, 'GET', url)
  const titles = (posts: NewsPost[]) => posts.map((post) => post.title)

  async function write(title: string, overrides: Record<string, unknown> = {}): Promise<NewsPost> {
    const response = await call('POST', '/api/news', postInput(title, overrides))
    expect(response.statusCode, response.body).toBe(201)
    return response.json()
  }
  async function change(post: NewsPost, overrides: Record<string, unknown>): Promise<NewsPost> {
    const response = await call('PUT', `/api/news/${post.id}`, updateOf(post, overrides))
    expect(response.statusCode, response.body).toBe(200)
    return response.json()
  }
  const publishedTitles = async () => titles((await anonymously('/api/news')).json())
  const allTitles = async () => titles((await call('GET', '/api/news/all')).json())

  const expectRefused = (...refusal: Refusal) =>
    expectRefusedOf(t, committee, { userName: 'editor1', eventCollection: 'news' }, ...refusal)
  const expectOneLog = (mark: number, methodName: string, post: NewsPost) =>
    expectOneLogOf(t, mark, {
      methodName,
      userName: 'editor1',
      eventCollection: 'news',
      docId: String(post.id),
    })

  it('answers the public with an empty list while nothing is published', async () => {
    const response = await anonymously('/api/news')
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual([])
  })

  it('shows the public only published posts, newest date first, the later written first on a day', async () => {
    await write('Spring draft', { date: '2024-03-01' })
    await write('Autumn show', { date: '2024-09-14', published: true })
    await write('Seed swap', { date: '2024-02-10', published: true })
    await write('Show results', { date: '2024-09-14', published: true })
    expect(await publishedTitles()).toEqual(['Show results', 'Autumn show', 'Seed swap'])
    expect(await allTitles()).toEqual(['Show results', 'Autumn show', 'Spring draft', 'Seed swap'])
  })

  it('creates a post at version 1 and logs createNewsPost against its id', async () => {
    const mark = await lastLogId(t)
    const response = await call('POST', '/api/news', postInput('  Water off in May  '))
    expect(response.statusCode, response.body).toBe(201)
    const post: NewsPost = response.json()
    expect(post).toEqual({
      id: expect.any(Number),
      ...postInput('Water off in May'),
      version: 1,
    })
    expect(await expectOneLog(mark, 'createNewsPost', post)).toEqual(post)
  })

  it('edits a post, increases the version and logs updateNewsPost', async () => {
    const post = await write('Hedge')
    const mark = await lastLogId(t)
    const saved = await change(post, { title: 'Hedge cutting', body: 'Saturday.' })
    expect(saved).toEqual({ ...post, title: 'Hedge cutting', body: 'Saturday.', version: 2 })
    expect(await expectOneLog(mark, 'updateNewsPost', post)).toEqual(saved)
  })

  it('refuses a stale version with 409, changing nothing', async () => {
    const post = await write('Compost')
    await change(post, { body: 'First.' })
    await expectRefused(
      'PUT',
      `/api/news/${post.id}`,
      updateOf(post, { body: 'Second.' }),
      409,
      commonMessages.staleVersion,
      'updateNewsPost',
    )
  })

  it('publishes and unpublishes a post, one log entry each', async () => {
    const draft = await write('Bees arrive')
    expect(await publishedTitles()).not.toContain('Bees arrive')

    let mark = await lastLogId(t)
    const published = await change(draft, { published: true })
    expect(published).toMatchObject({ published: true, version: 2 })
    await expectOneLog(mark, 'updateNewsPost', draft)
    expect(await publishedTitles()).toContain('Bees arrive')

    mark = await lastLogId(t)
    const unpublished = await change(published, { published: false })
    expect(unpublished).toMatchObject({ published: false, version: 3 })
    await expectOneLog(mark, 'updateNewsPost', draft)
    expect(await publishedTitles()).not.toContain('Bees arrive')
    expect(await allTitles()).toContain('Bees arrive')
  })

  it('deletes a post with 204, logging it as it was; then it is missing (404)', async () => {
    const post = await write('Gone soon', { published: true })
    const mark = await lastLogId(t)
    const response = await call('DELETE', `/api/news/${post.id}`)
    expect(response.statusCode, response.body).toBe(204)
    expect(await expectOneLog(mark, 'deleteNewsPost', post)).toEqual(post)
    expect(await publishedTitles()).not.toContain('Gone soon')

    const url = `/api/news/${post.id}`
    await expectRefused(
      'DELETE',
      url,
      undefined,
      404,
      newsMessages.newsPostMissing,
      'deleteNewsPost',
    )
    await expectRefused(
      'PUT',
      url,
      updateOf(post),
      404,
      newsMessages.newsPostMissing,
      'updateNewsPost',
    )
  })

  it('refuses a title that is blank, too long or more than one line, and a date that is no day', async () => {
    const refusals: Array<[Record<string, unknown>, string]> = [
      [postInput('   '), newsMessages.newsTitleRequired],
      [postInput('x'.repeat(201)), commonMessages.tooLong('title', 200)],
      [postInput('Two\nlines'), newsMessages.newsTitleOneLine],
      [postInput('Leap', { date: '2023-02-29' }), commonMessages.invalidDate],
      [postInput('Long', { body: 'x'.repeat(20_001) }), commonMessages.tooLong('text', 20_000)],
    ]
    for (const [body, detail] of refusals)
      await expectRefused('POST', '/api/news', body, 400, detail)
  })

  it('refuses level 2 (403) and anonymous callers (401) every write and the drafts, changing nothing', async () => {
    const post = await write('Kept safe')
    const before = await snapshot(t)
    const mark = await lastLogId(t)
    const attempts: Array<[Method, string, object | undefined]> = [
      ['GET', '/api/news/all', undefined],
      ['POST', '/api/news', postInput('Intruder', { published: true })],
      ['PUT', `/api/news/${post.id}`, updateOf(post, { published: true })],
      ['DELETE', `/api/news/${post.id}`, undefined],
    ]
    for (const [method, url, payload] of attempts) {
      expect((await call(method, url, payload, land)).statusCode, `${method} ${url}`).toBe(403)
      expect((await send(t, undefined, method, url, payload)).statusCode, `${method} ${url}`).toBe(
        401,
      )
    }
    expect(await snapshot(t)).toEqual(before)
    expect(await logsAfter(t, mark)).toHaveLength(0)
  })
})
