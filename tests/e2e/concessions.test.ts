import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { APIRequestContext } from 'playwright-core'
import { longDate } from '#shared/domain/dates'
import { renewedEnd, USUAL_CONCESSION_KINDS } from '#shared/domain/concessions'
import { addDays } from '#shared/domain/rent'
import { concessionMessages as words } from '#shared/messages/concessions'
import { kindMessages } from '#shared/messages/kinds'
import { messageWritingMessages } from '#shared/messages/message-writing'
import { apiAs, expectNoHorizontalScroll, expectUsable, signedInPage } from '#tests/helpers/browser'
import {
  field,
  giveTenant,
  makePerson,
  makePlot,
  PHONE,
  poll,
  statusTexts,
  useServerAndBrowser,
} from '#tests/helpers/e2e-fixtures'

// Issue 47, item 1, at a desk and on a phone: the treasurer gives a tenant a pensioner's
// concession with the evidence seen and an end date on their page; it then stands among the
// concessions ending before the next rent year, whose letter asking for fresh evidence opens ready
// in Messages, and is renewed from there.

const LAPTOP = { width: 1280, height: 800 }
const TENANTS = [
  { viewport: LAPTOP, id: 'eric', firstName: 'Eric', plot: '11' },
  { viewport: PHONE, id: 'edna', firstName: 'Edna', plot: '12' },
]

describe('a pensioner’s concession', () => {
  const suite = useServerAndBrowser()
  let admin: APIRequestContext
  beforeAll(async () => {
    admin = await apiAs(suite.server, 'fixtures', 4)
    for (const kind of USUAL_CONCESSION_KINDS) {
      const added = await admin.post('/api/rent/concession-kinds', { data: kind })
      expect(added.status(), await added.text()).toBe(201)
    }
    for (const { id, firstName, plot } of TENANTS) {
      await makePerson(admin, id, { firstName, lastName: 'Cole' })
      await makePlot(admin, plot)
      await giveTenant(admin, plot, id)
    }
  })
  afterAll(async () => {
    await admin?.dispose()
  })

  it.each(TENANTS)(
    'gives a pensioner’s concession with an end date at $viewport.width px, and asks for fresh evidence before it ends',
    async ({ viewport, id, firstName }) => {
      const page = await signedInPage(suite.browser, suite.server, {
        userName: 'treasurer',
        level: 3,
        viewport,
      })
      await page.goto(`/members/plotholders/${id}`)
      const section = page.getByRole('region', { name: words.heading })
      await poll(() => section.getByText(words.noGrants).isVisible()).toBe(true)
      const form = section.getByRole('form', { name: words.grantConcession })
      await expectUsable(page)

      // Nothing chosen: asked for the kind, and nothing given.
      await form.getByRole('button', { name: words.grantConcession }).click()
      await poll(() => form.getByRole('alert').textContent()).toBe(words.kindRequired)
      await field(page, words.kindLabel).selectOption({ label: 'Pensioner: 25% off the rent' })
      await field(page, words.evidenceLabel).fill('Pension letter, 2026')
      const today = await field(page, words.startsOnLabel).inputValue()
      expect(today).toMatch(/^\d{4}-\d{2}-\d{2}$/)
      const endsOn = addDays(today, 30)
      await field(page, words.endsOnLabel).fill(endsOn)
      await form.getByRole('button', { name: words.grantConcession }).click()

      await poll(() => statusTexts(page)).toContain(words.granted)
      const granted = section.getByRole('listitem')
      await poll(() => granted.textContent()).toContain(
        `Pensioner: 25% off the rent, from ${longDate(today)}, until ${longDate(endsOn)}`,
      )
      await expect(granted.textContent()).resolves.toContain(
        words.grantedByText('treasurer', 'Pension letter, 2026'),
      )
      await expectUsable(page)

      // Ending before the next rent year: listed for the committee, with the letter to send.
      await page.goto('/members/rent')
      const ending = page.getByRole('region', { name: words.endingHeading })
      await poll(() =>
        ending.getByRole('link', { name: new RegExp(`${firstName} Cole: Pensioner`) }).isVisible(),
      ).toBe(true)
      await expectUsable(page)
      await ending.getByRole('link', { name: words.askForEvidence }).click()
      const subject = field(page, 'Subject')
      await poll(() => subject.inputValue()).toBe(
        messageWritingMessages.freshEvidenceLetter.subject,
      )
      await expectNoHorizontalScroll(page)

      // The evidence in hand: renewed for a year from the list, nothing typed again.
      await page.goto('/members/rent')
      const renew = ending.getByRole('button', { name: words.renewForYear(renewedEnd(endsOn)) })
      await renew.click()
      await poll(() => statusTexts(page)).toContain(
        words.renewed(`${firstName} Cole`, renewedEnd(endsOn)),
      )
      await poll(() => ending.getByText(words.noneEnding).isVisible()).toBe(true)
      await expectUsable(page)
    },
  )

  it('changes a kind’s terms in the form that adds one, as the administrator on a phone', async () => {
    const page = await signedInPage(suite.browser, suite.server, {
      userName: 'administrator',
      level: 4,
      viewport: PHONE,
    })
    await page.goto('/members/rent/settings')
    const section = page.getByRole('region', { name: words.kindsHeading })
    await section.getByRole('button', { name: `${kindMessages.change} Pensioner` }).click()
    const form = section.getByRole('form', { name: words.changeKind('Pensioner') })
    await poll(() => form.getByLabel(words.percentLabel).inputValue()).toBe('25')
    await expectUsable(page)
    await form.getByLabel(words.percentLabel).fill('30')
    await form.getByRole('button', { name: kindMessages.saveKind }).click()
    await poll(() => statusTexts(page)).toContain(kindMessages.kindChanged('Pensioner'))
    await poll(() => section.getByRole('listitem').first().textContent()).toContain(
      'Pensioner: 30% off the rent',
    )
    // The form is for adding again, and the server keeps the new terms.
    await expect(section.getByRole('form', { name: words.addKind }).isVisible()).resolves.toBe(true)
    const kinds = (await (await admin.get('/api/rent/concession-kinds')).json()) as Array<{
      name: string
      percent: number | null
    }>
    expect(kinds.find((kind) => kind.name === 'Pensioner')?.percent).toBe(30)
    await expectUsable(page)
  })
})
