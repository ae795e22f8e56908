import { describe, expect, it } from 'vitest'
import { openDatabase } from '#server/core/db/database'
import { systemMessages } from '#shared/messages/system'
import {
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  signedInPage,
  smallTapTargets,
} from '#tests/helpers/browser'
import { arrivedAt, PHONE, useServerAndBrowser } from '#tests/helpers/e2e-fixtures'

// The administrator's System page (issue 45), reached from Settings, on a phone.

// A mail server's refusal as it comes, one long line: it must wrap, not widen the page.
const REFUSAL =
  '550-5.7.26 Unauthenticated email from allotments.example.org is not accepted due to domain-s-DMARC-policy-Please-contact-the-administrator-of-allotments.example.org'

describe('the System page', () => {
  const suite = useServerAndBrowser()

  it('shows the administrator the installation, a failed job and no backup, at 375 px', async () => {
    const db = openDatabase({ dataDir: suite.server.dataDir })
    const now = new Date().toISOString()
    await db.kysely
      .insertInto('jobs')
      .values({
        kind: 'deliver-enquiry',
        payload: '{}',
        runAt: now,
        attempts: 20,
        maxAttempts: 20,
        finishedAt: now,
        outcome: 'failed',
        lastError: REFUSAL,
        createdAt: now,
      })
      .execute()
      .finally(() => db.destroy())

    const page = await signedInPage(suite.browser, suite.server, {
      userName: 'sysadmin',
      level: 4,
      viewport: PHONE,
    })
    await page.goto('/members/settings')
    await page.getByRole('link', { name: systemMessages.title, exact: true }).click()
    await arrivedAt(page, '/members/system')
    await page.getByRole('heading', { name: systemMessages.title, level: 1 }).waitFor()

    const failed = page.getByRole('table', { name: systemMessages.failedCaption })
    await expect.poll(() => failed.textContent()).toContain(REFUSAL)
    expect(await failed.textContent()).toContain('deliver-enquiry')
    const installation = page.getByRole('region', { name: systemMessages.installationTitle })
    expect(await installation.textContent()).toMatch(/SQLite, [\d.]+ (KB|MB)/)
    expect(await installation.textContent()).toMatch(/free of/)
    const backups = page.getByRole('region', { name: systemMessages.backupTitle })
    expect(await backups.textContent()).toContain(systemMessages.noBackup)
    expect(await backups.textContent()).toContain(systemMessages.backupOff)

    await expectNoHorizontalScroll(page)
    expect(await smallTapTargets(page)).toEqual([])
    await expectNoAxeViolations(page)
  })

  it('sends a committee member (level 3) away, and the server refuses them', async () => {
    const page = await signedInPage(suite.browser, suite.server, {
      userName: 'syscommittee',
      level: 3,
    })
    await page.goto('/members/system')
    await arrivedAt(page, '/')
    expect((await page.request.get('/api/system')).status()).toBe(403)
  })
})
