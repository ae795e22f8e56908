import { describe, expect, it } from 'vitest'
import { messages } from '#shared/messages'
import {
  anonymousPage,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  signedInPage,
} from '#tests/helpers/browser'
import {
  field,
  fillForm,
  headingOf,
  openMembersMenu,
  pathOf,
  PHONE,
  poll,
  statusTexts,
  useServerAndBrowser,
} from '#tests/helpers/e2e-fixtures'

const NEW_NAME = 'Riverside Growers'
const ABOUT_TEXT = '## Our plots\n\nWe have:\n\n- seventy plots\n- an orchard'

describe('settings', () => {
  const suite = useServerAndBrowser()

  it('lets the administrator rename the association and rewrite About on a phone; the public sees both', async () => {
    const admin = await signedInPage(suite.browser, suite.server, {
      userName: 'settings-admin',
      level: 4,
      viewport: PHONE,
    })
    // Reached from My account: the members strip has no room for another link.
    await admin.goto('/members/account')
    await admin.getByRole('link', { name: 'Settings', exact: true }).click()
    await poll(() => headingOf(admin)).toBe('Settings')
    await poll(() => field(admin, 'Association name').inputValue()).toBe(
      'Riverside Allotment Association',
    )
    await expectNoAxeViolations(admin)
    await expectNoHorizontalScroll(admin)

    await fillForm(admin, { 'Association name': NEW_NAME, 'About page text': ABOUT_TEXT })
    await admin.getByRole('button', { name: 'Submit' }).click()
    await poll(() => statusTexts(admin)).toContain(messages.settingsSaved)
    expect(await field(admin, 'About page text').inputValue()).toBe(ABOUT_TEXT)

    // Saved, so the form lets its page go without asking.
    await openMembersMenu(admin)
    await admin
      .getByRole('navigation', { name: 'Members' })
      .getByRole('link', { name: 'My account' })
      .click()
    await poll(() => headingOf(admin)).toBe('My account')
    await admin.context().close()

    const visitor = await anonymousPage(suite.browser, suite.server, PHONE)
    await visitor.goto('/about')
    await poll(() =>
      visitor.getByRole('heading', { level: 2, name: 'Our plots' }).isVisible(),
    ).toBe(true)
    expect(await visitor.getByRole('main').getByRole('listitem').allTextContents()).toEqual([
      'seventy plots',
      'an orchard',
    ])
    expect(await visitor.getByRole('contentinfo').textContent()).toContain(
      `${NEW_NAME} is a registered charity (number 1234567)`,
    )
    await expectNoAxeViolations(visitor)
    await visitor.context().close()
  })

  it('keeps the settings from anyone below the administrator', async () => {
    const committee = await signedInPage(suite.browser, suite.server, {
      userName: 'settings-committee',
      level: 3,
      viewport: PHONE,
    })
    await committee.goto('/members/account')
    await poll(() => headingOf(committee)).toBe('My account')
    expect(await committee.getByRole('link', { name: 'Settings', exact: true }).count()).toBe(0)
    await committee.goto('/members/settings')
    await poll(() => pathOf(committee)).toBe('/')
    await committee.context().close()
  })
})
