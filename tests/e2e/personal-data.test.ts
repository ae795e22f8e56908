import fs from 'node:fs'
import path from 'node:path'
import { strFromU8, unzipSync } from 'fflate'
import { beforeAll, describe, expect, it } from 'vitest'
import type { APIRequestContext } from 'playwright-core'
import { personalDataMessages } from '#shared/messages/personal-data'
import { erasureMessages } from '#shared/messages/erasure'
import type { Person } from '#shared/schemas/person'
import {
  apiAs,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  settled,
  signedInPage,
} from '#tests/helpers/browser'
import {
  makePerson,
  pathOf,
  PHONE,
  poll,
  seedDemo,
  sendMessage,
  statusTexts,
  useServerAndBrowser,
  useSmtpServer,
} from '#tests/helpers/e2e-fixtures'

// Issue 30's acceptance, on the demo site with a real SMTP server: a person is created, edited
// twice and sent a message; the committee downloads their data and reads the ZIP back; then
// erases them, after which the data folder holds none of their details byte for byte, the
// activity log names none, and the message's copies show "Former member N".
const SURNAME = 'Thistlewaite'
const EMAIL = 'rowan.thistlewaite@example.org'
const PHONE_NUMBER = '07700 900818'
const STREET = '44 Hollyhock Crescent'

describe('a person’s data: downloaded, then erased', () => {
  let dataDir = ''
  beforeAll(() => {
    dataDir = seedDemo('personal-data')
  })
  const smtp = useSmtpServer()
  const suite = useServerAndBrowser(() => ({ dataDir, env: { SMTP_URL: smtp.url } }))
  let committee: APIRequestContext
  let batchId = 0

  beforeAll(async () => {
    committee = await apiAs(suite.server, 'demo-committee', 3)
    await makePerson(committee, 'rowant', {
      firstName: 'Rowan',
      lastName: SURNAME,
      email: EMAIL,
      onWaitingList: true,
    })
    for (const change of [{ phoneNumber: PHONE_NUMBER }, { address: `${STREET}\nRiverside` }]) {
      const current = (await (await committee.get('/api/people/rowant')).json()) as Person
      const saved = await committee.put('/api/people/rowant', { data: { ...current, ...change } })
      expect(saved.status(), await saved.text()).toBe(200)
    }
    const sent = await sendMessage(committee, {
      audience: { kind: 'people', ids: ['rowant'] },
      subject: 'Your place on the waiting list',
      body: 'Dear {firstName}, you are on our list.',
    })
    batchId = sent.batchId
  })

  it('downloads everything about the person, then erases it so that nothing is left', async () => {
    await poll(() => smtp.received.some((mail) => mail.to.includes(EMAIL))).toBe(true)
    const page = await signedInPage(suite.browser, suite.server, {
      userName: 'demo-committee',
      level: 3,
      viewport: PHONE,
    })
    await page.goto('/members/waitinglist/rowant')
    const download = page.getByRole('link', { name: personalDataMessages.downloadTheirs })
    await poll(() => download.isVisible()).toBe(true)
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()])
    const zip = unzipSync(new Uint8Array(fs.readFileSync(await file.path())))
    const data = strFromU8(zip['data.json']!)
    for (const detail of [EMAIL, STREET, 'Your place on the waiting list'])
      expect(data, detail).toContain(detail)
    expect(strFromU8(zip['summary.html']!)).toContain(`Rowan ${SURNAME}`)

    // Folded away until opened.
    await page.locator('summary', { hasText: personalDataMessages.eraseHeading }).click()
    const erase = page.getByRole('button', { name: erasureMessages.eraseButton })
    await poll(() => erase.isVisible()).toBe(true)
    await settled(page)
    await expectNoAxeViolations(page)
    await expectNoHorizontalScroll(page)
    page.once('dialog', (dialog) => void dialog.accept())
    await erase.click()
    await poll(() => pathOf(page)).toBe('/members/waitinglist')
    await poll(() => statusTexts(page).then((texts) => texts.join(' '))).toContain(
      erasureMessages.erased('Former member 1'),
    )

    // The message's copies name the marker, not the person.
    await page.goto(`/members/messages/${batchId}`)
    await poll(() => page.getByText('Former member 1').first().isVisible()).toBe(true)

    const admin = await apiAs(suite.server, 'demo-admin', 4)
    // The whole activity log, page by page.
    const pages: string[] = []
    for (let number = 1; ; number++) {
      const logPage = await (await admin.get(`/api/logs?page=${number}&pageSize=200`)).json()
      pages.push(JSON.stringify(logPage.entries))
      if (number * 200 >= logPage.total) break
    }
    const log = pages.join('\n')
    const bytes = fs
      .readdirSync(suite.server.dataDir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => fs.readFileSync(path.join(entry.parentPath, entry.name)).toString('latin1'))
      .join('\n')
    for (const detail of [SURNAME, EMAIL, PHONE_NUMBER, STREET]) {
      expect(log.includes(detail), `log: ${detail}`).toBe(false)
      expect(bytes.includes(detail), `data folder: ${detail}`).toBe(false)
    }
    expect(bytes).toContain('demo-committee')
  })
})
