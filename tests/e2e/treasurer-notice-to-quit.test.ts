import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { noticeToQuitMessages as notice } from '#shared/messages/notice-to-quit'
import { rentNoticeMessages as words } from '#shared/messages/rent-notices'
import {
  apiAs,
  expectUsable,
  signedInPage,
  startServer,
  type TestServer,
} from '#tests/helpers/browser'
import {
  giveTenant,
  LAPTOP,
  makePerson,
  makePlot,
  PHONE,
  poll,
  statusTexts,
  useServerAndBrowser,
} from '#tests/helpers/e2e-fixtures'

// Issue 47, item 6 (decision 61), as the treasurer at a desk and on a phone: the year started on
// 1 October, its invoices due on 31 October; the server started again on 10 December, the 40th
// day past due. The arrears list offers "Send notice to quit", the confirm step names the person,
// the plot, the sum owed and the day the notice ends, and once sent the list says it is running.

const FIRST_DAY = '2026-10-01'
const DAY_40 = '2026-12-10'
const ENDS = '2027-01-10'

describe('notice to quit from the arrears list', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'allotment-e2e-'))
  const env = (day: string) => ({ TODAY: `${day}T12:00` })
  const suite = useServerAndBrowser(() => ({ dataDir, env: env(FIRST_DAY) }))
  let later: TestServer | undefined
  const server = () => later ?? suite.server

  beforeAll(async () => {
    const api = await apiAs(suite.server, 'fixtures', 4)
    for (const [id, firstName, plot] of [
      ['olive', 'Olive', '31'],
      ['percy', 'Percy', '32'],
    ] as const) {
      await makePerson(api, id, {
        firstName,
        lastName: 'Marsh',
        dateJoined: '2026-09-01',
        joinedWaitingList: '2026-09-01',
        contactBy: 'post',
        address: `${plot} Canal Row\nRiverside`,
      })
      await makePlot(api, plot, { fee: 60 })
      await giveTenant(api, plot, id)
    }
    const preview = await api.post('/api/rent/years/preview', { data: { startDate: FIRST_DAY } })
    const { sending } = (await preview.json()) as { sending: unknown }
    const started = await api.post('/api/rent/years', {
      data: { startDate: FIRST_DAY, confirmed: sending },
    })
    expect(started.status(), await started.text()).toBe(201)
    await api.dispose()
    // The next server starts on the 40th day past due, on the same data.
    await suite.server.stop()
    later = await startServer({ dataDir, env: env(DAY_40) })
  })
  afterAll(async () => {
    await later?.stop()
  })

  for (const [width, viewport, plot, name] of [
    ['1280 px', LAPTOP, '31', 'Olive Marsh'],
    ['375 px', PHONE, '32', 'Percy Marsh'],
  ] as const)
    it(`sends notice to quit for plot ${plot} at ${width}`, async () => {
      const phone = viewport === PHONE
      const page = await signedInPage(suite.browser, server(), {
        userName: 'treasurer',
        level: 3,
        viewport,
      })
      await page.goto('/members/rent')
      await page.getByRole('tab', { name: /^Arrears/ }).click()
      const arrears = page.getByRole('region', { name: 'Arrears' })
      const offer = arrears.getByRole('button', { name: words.sendNoticeFor(plot) })
      await poll(() => offer.isVisible()).toBe(true)
      expect(await arrears.textContent()).toContain(words.noticeToQuitAllowed(40))
      await expectUsable(page)

      // The confirm step: who, which plot, how much, until when, and the letter; nothing sent yet.
      await offer.click()
      const confirm = page.getByRole('region', { name: notice.confirmHeading(plot) })
      const send = confirm.getByRole('button', { name: notice.confirmSend })
      await poll(() => send.isVisible()).toBe(true)
      const text = await confirm.textContent()
      expect(text).toContain(notice.owedSummary(name, 6000, plot, '2026-10-31', 40))
      expect(text).toContain(notice.endsSummary([name], plot, ENDS))
      expect(text).toContain(`your tenancy of plot ${plot} ends on 10 January 2027`)
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.textContent))
        .toBe(notice.confirmHeading(plot))
      await expectUsable(page)
      if (phone)
        await page.screenshot({ path: `/tmp/shots-a/notice-confirm-${plot}.png`, fullPage: true })

      await send.click()
      await poll(() => statusTexts(page)).toContain(words.sent(plot, ENDS))
      await poll(() => arrears.textContent()).toContain(words.noticeRunning(ENDS))
      expect(await arrears.getByRole('button', { name: words.sendNoticeFor(plot) }).count()).toBe(0)
      await expectUsable(page)
      if (phone)
        await page.screenshot({ path: `/tmp/shots-a/notice-sent-${plot}.png`, fullPage: true })

      // Kept on the plot's history.
      await page.goto(`/members/plots/${plot}`)
      await poll(() => page.getByText(`Notice to quit sent to ${name}`).count()).toBe(1)
      await page.close()
    })
})
