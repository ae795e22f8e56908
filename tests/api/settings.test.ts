import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { commonMessages } from '#shared/messages/common'
import { settingsMessages } from '#shared/messages/settings'
import {
  HOME_HEADING_MAX,
  PAGE_TEXT_MAX,
  type Settings,
  type SiteInfo,
} from '#shared/schemas/settings'
import {
  expectOneLog,
  expectRefused as expectRefusedOf,
  lastLogId,
  send,
  type Refusal,
} from '#tests/helpers/records'
import { createTestApp, engines, type TestApp } from '#tests/helpers/test-app'

// The details an operator gives in the environment: what an empty database shows.
const ENV = {
  CHARITY_NAME: 'Meadow Lane Growers',
  CHARITY_NUMBER: '7654321',
  CHARITY_REGISTER_URL: 'https://register.example.org/charity/7654321',
}

const HOSTILE_TEXT = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '[x](javascript:alert(1))',
].join('\n\n')

describe.each(engines)('settings API on %s', (engine) => {
  let t: TestApp
  let admin: string
  let committee: string

  beforeAll(async () => {
    t = await createTestApp(engine, { env: ENV })
    admin = await t.signInAs(4, 'settings-admin')
    committee = await t.signInAs(3, 'settings-committee')
  })
  afterAll(() => t.close())

  const publicSite = async () => {
    const response = await send(t, undefined, 'GET', '/api/site')
    expect(response.statusCode, response.body).toBe(200)
    return response.json<SiteInfo>()
  }
  const settings = async () => {
    const response = await send(t, admin, 'GET', '/api/settings')
    expect(response.statusCode, response.body).toBe(200)
    return response.json<Settings>()
  }
  const bodyOf = ({ version, ...fields }: Settings, overrides: Partial<Settings> = {}) => ({
    ...fields,
    version,
    ...overrides,
  })
  async function save(overrides: Partial<Settings>): Promise<Settings> {
    const response = await send(
      t,
      admin,
      'PUT',
      '/api/settings',
      bodyOf(await settings(), overrides),
    )
    expect(response.statusCode, response.body).toBe(200)
    return response.json()
  }
  const expectRefused = (...refusal: Refusal) =>
    expectRefusedOf(
      t,
      admin,
      { userName: 'settings-admin', eventCollection: 'settings' },
      ...refusal,
    )

  it('shows the environment’s details and the spec’s texts on a fresh database', async () => {
    const site = await publicSite()
    expect(site).toMatchObject({
      charityName: ENV.CHARITY_NAME,
      charityNumber: ENV.CHARITY_NUMBER,
      charityRegisterUrl: ENV.CHARITY_REGISTER_URL,
      contactAddress: '',
    })
    expect(site.homeHtml).toContain('<a href="/contact">Send us an enquiry</a>')
    expect(site.homeHtml).toContain('<p>We are a charity that runs a community growing site')
    for (const heading of ['The Association', 'The Site', 'History']) {
      expect(site.aboutHtml).toContain(`<h2>${heading}</h2>`)
    }
    expect(site.aboutHtml).toContain('<p>This section is under construction.</p>')

    // The Home page's heading, as every new site's (issue 44), the administrator's to change.
    expect(site.homeHeading).toBe('Welcome to our allotments')

    const raw = await settings()
    expect(raw).toMatchObject({
      name: ENV.CHARITY_NAME,
      homeHeading: 'Welcome to our allotments',
      version: 1,
    })
    expect(raw.aboutText).toMatch(/^## The Association\n/)
  })

  it('lets the administrator save, and the public then sees the new details and rendered texts', async () => {
    await publicSite() // cached now: the save must move the cache on
    const mark = await lastLogId(t)
    const saved = await save({
      name: '  Riverside Growers  ',
      charityNumber: '1112223',
      contactAddress: '1 Gate Lane\nRiverside',
      homeHeading: '  Welcome to Riverside  ',
      aboutText: '## Events\n\n- Seed swap\n- *Open day*',
    })
    expect(saved).toMatchObject({
      name: 'Riverside Growers',
      homeHeading: 'Welcome to Riverside',
      version: 2,
    })
    const logged = await expectOneLog(t, mark, {
      methodName: 'updateSettings',
      userName: 'settings-admin',
      eventCollection: 'settings',
      docId: 'association',
    })
    expect(logged).toEqual(saved)

    const site = await publicSite()
    expect(site).toMatchObject({
      charityName: 'Riverside Growers',
      charityNumber: '1112223',
      contactAddress: '1 Gate Lane\nRiverside',
      homeHeading: 'Welcome to Riverside',
    })
    expect(site.aboutHtml).toBe(
      '<h2>Events</h2>\n<ul>\n<li>Seed swap</li>\n<li><em>Open day</em></li>\n</ul>\n',
    )
    expect(site.homeHtml).toContain('Send us an enquiry')
    expect(await settings()).toEqual(saved)
  })

  it('escapes typed HTML and makes no link of a javascript: address', async () => {
    await save({ homeText: HOSTILE_TEXT })
    const { homeHtml } = await publicSite()
    expect(homeHtml).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(homeHtml).toContain('&lt;img src=x onerror=alert(1)&gt;')
    expect(homeHtml).toContain('[x](javascript:alert(1))')
    expect(homeHtml).not.toMatch(/<script|<img|<a /)
  })

  it('links only to http, https, mailto, tel and addresses on this site', async () => {
    await save({
      homeText: [
        '[msdt](ms-msdt:foo)',
        '[image](data:image/png;base64,AAAA)',
        '[file](file:///etc/passwd)',
        '[vb](vbscript:msgbox(1))',
        '[data](data:text/html,<script>alert(1)</script>)',
        '[search](search-ms:query=x)',
        '<ms-msdt:foo>',
        '[web](https://example.org/a)',
        '[plain](http://example.org/b)',
        '[mail](mailto:chair@example.org)',
        '[phone](tel:+441234567890)',
        '[contact](/contact)',
        '[about](about)',
        '[part](#plots)',
      ].join('\n\n'),
    })
    const { homeHtml } = await publicSite()
    const hrefs = [...homeHtml.matchAll(/href="([^"]*)"/g)].map((m) => m[1])
    expect(hrefs).toEqual([
      'https://example.org/a',
      'http://example.org/b',
      'mailto:chair@example.org',
      'tel:+441234567890',
      '/contact',
      'about',
      '#plots',
    ])
  })

  it('refuses a stale version with 409 and logs the attempt', async () => {
    const current = await settings()
    const { logs } = await expectRefused(
      'PUT',
      '/api/settings',
      bodyOf(current, { name: 'Too late', version: current.version - 1 }),
      409,
      commonMessages.staleVersion,
      'updateSettings',
    )
    expect(logs[0]!.docId).toBe('association')
    expect(await settings()).toEqual(current)
  })

  it.each<[string, Partial<Settings>, string]>([
    ['a blank name', { name: '   ' }, settingsMessages.associationNameRequired],
    [
      'a name on two lines',
      { name: 'Riverside\nGrowers' },
      settingsMessages.associationNameOneLine,
    ],
    ['a blank Home page heading', { homeHeading: ' ' }, settingsMessages.homeHeadingRequired],
    [
      'a Home page heading on two lines',
      { homeHeading: 'Welcome\nto our plots' },
      settingsMessages.homeHeadingOneLine,
    ],
    [
      'a Home page heading too long',
      { homeHeading: 'W'.repeat(HOME_HEADING_MAX + 1) },
      commonMessages.tooLong('home page heading', HOME_HEADING_MAX),
    ],
    [
      'a javascript: register link',
      { registerUrl: 'javascript:alert(1)' },
      settingsMessages.registerUrlInvalid,
    ],
    [
      'an ftp register link',
      { registerUrl: 'ftp://register.example.org/' },
      settingsMessages.registerUrlInvalid,
    ],
    [
      'an About text too long',
      { aboutText: 'x'.repeat(PAGE_TEXT_MAX + 1) },
      commonMessages.tooLong('about page text', PAGE_TEXT_MAX),
    ],
  ])('refuses %s with 400 before the service', async (_case, overrides, detail) => {
    const current = await settings()
    await expectRefused('PUT', '/api/settings', bodyOf(current, overrides), 400, detail)
    expect(await settings()).toEqual(current)
  })

  it('refuses the settings to the committee and to anonymous callers', async () => {
    const current = await settings()
    const body = bodyOf(current, { name: 'Taken over' })
    for (const [cookie, status] of [
      [committee, 403],
      [undefined, 401],
    ] as const) {
      expect((await send(t, cookie, 'GET', '/api/settings')).statusCode).toBe(status)
      expect((await send(t, cookie, 'PUT', '/api/settings', body)).statusCode).toBe(status)
    }
    expect(await settings()).toEqual(current)
  })
})
