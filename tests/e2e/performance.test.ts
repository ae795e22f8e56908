import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import {
  anonymousPage,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  signedInPage,
} from '#tests/helpers/browser'
import { arrivedAt, pathOf, useServerAndBrowser } from '#tests/helpers/e2e-fixtures'

// Opens an address and waits until web-vitals has seen the first contentful paint, so that
// leaving the page has FCP and TTFB to send. The lazily loaded chunk runs in a task after its
// download, and an idle callback comes after that task; an observer registered then gets the
// paint entries in the same delivery as web-vitals' earlier one, or after it. (A lazy page's
// first contentful paint can come well after the first paint: the spinner is not content.)
async function view(page: Page, url: string) {
  await page.goto(url)
  await page.waitForFunction(() =>
    performance.getEntriesByType('resource').some((entry) => entry.name.includes('/web-vitals-')),
  )
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        requestIdleCallback(
          () => {
            const observer = new PerformanceObserver((list) => {
              if (!list.getEntriesByName('first-contentful-paint').length) return
              observer.disconnect()
              setTimeout(resolve, 0)
            })
            observer.observe({ type: 'paint', buffered: true })
          },
          { timeout: 2000 },
        )
      }),
  )
}

/** The rows of one metric's table on the panel, as { route: count }. */
async function countsOf(page: Page, metric: string): Promise<Record<string, number>> {
  const table = page.getByRole('table', { name: new RegExp(`\\(${metric}\\) per page`) })
  if ((await table.count()) === 0) return {}
  const rows = await table
    .locator('tbody tr')
    .evaluateAll((trs) =>
      (trs as HTMLTableRowElement[]).map(
        (tr) => [tr.cells[0]?.textContent ?? '', Number(tr.cells[2]?.textContent)] as const,
      ),
    )
  return Object.fromEntries(rows)
}

describe('performance panel', () => {
  const suite = useServerAndBrowser()

  it('shows the 75th percentiles measured in real page views, with no axe violations', async () => {
    // A visitor reads the public site; each navigation hides the previous page, which sends
    // its measurements with sendBeacon.
    const visitor = await anonymousPage(suite.browser, suite.server)
    for (const url of ['/', '/about', '/login']) await view(visitor, url)
    await visitor.close({ runBeforeUnload: true })

    const admin = await signedInPage(suite.browser, suite.server, {
      userName: 'perfadmin',
      level: 4,
    })
    for (const url of ['/members/plots', '/members/plotholders', '/members/logs'])
      await view(admin, url)
    await admin.goto('/members/performance')
    await expect.poll(() => pathOf(admin)).toBe('/members/performance')

    await expect
      .poll(
        async () => {
          await admin.reload()
          await admin.getByRole('heading', { name: /Time to First Byte/ }).waitFor()
          return { ttfb: await countsOf(admin, 'TTFB'), fcp: await countsOf(admin, 'FCP') }
        },
        { timeout: 15_000, interval: 500 },
      )
      .toMatchObject({
        ttfb: {
          '/': expect.any(Number),
          '/login': expect.any(Number),
          '/members/plots': expect.any(Number),
        },
        fcp: { '/': expect.any(Number), '/login': expect.any(Number) },
      })

    const ttfb = await countsOf(admin, 'TTFB')
    const fcp = await countsOf(admin, 'FCP')
    for (const count of [...Object.values(ttfb), ...Object.values(fcp)])
      expect(count).toBeGreaterThanOrEqual(1)
    // Route patterns only: nothing from the concrete address.
    for (const route of Object.keys(ttfb)) expect(route).toMatch(/^\/[\w\-/:]*$/)

    const row = admin
      .getByRole('table', { name: /\(TTFB\) per page/ })
      .getByRole('row', { name: /^\/login / })
    await expect.poll(() => row.textContent()).toMatch(/\d+ ms.*(good|needs improvement|poor)/)
    await expect.poll(() => admin.getByRole('link', { name: 'Performance' }).count()).toBe(1)
    await expectNoAxeViolations(admin)
  })

  it('is usable at 375 px', async () => {
    const page = await signedInPage(suite.browser, suite.server, {
      userName: 'perfnarrow',
      level: 4,
      viewport: { width: 375, height: 740 },
    })
    await page.goto('/members/performance')
    await page.getByRole('heading', { name: 'Performance', level: 1 }).waitFor()
    await page.getByRole('heading', { name: /Time to First Byte/ }).waitFor()
    await expectNoHorizontalScroll(page)
  })

  it('sends a committee member (level 3) from the panel to /', async () => {
    const page = await signedInPage(suite.browser, suite.server, {
      userName: 'perfcommittee',
      level: 3,
    })
    await page.goto('/members/performance')
    await arrivedAt(page, '/')
    const summary = await page.request.get('/api/vitals/summary')
    expect(summary.status()).toBe(403)
  })
})
