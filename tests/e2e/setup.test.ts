import { describe, expect, it } from 'vitest'
import { settingsMessages } from '#shared/messages/settings'
import { setupMessages } from '#shared/messages/setup'
import {
  anonymousPage,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  signedInPage,
} from '#tests/helpers/browser'
import {
  fillForm,
  headingOf,
  PHONE,
  poll,
  statusTexts,
  useServerAndBrowser,
} from '#tests/helpers/e2e-fixtures'

const stepState = (page: import('playwright-core').Page, title: string) =>
  page.getByRole('listitem').filter({ hasText: title }).locator('.setup-step__state').textContent()

describe('first-run steps on an empty database', () => {
  const suite = useServerAndBrowser()

  it('leads the administrator through the steps on a phone: skip one, do one, see it done', async () => {
    const admin = await signedInPage(suite.browser, suite.server, {
      userName: 'new-admin',
      level: 4,
      viewport: PHONE,
    })
    await admin.goto('/members')
    await poll(() => headingOf(admin)).toBe('Getting started')
    for (const title of ['Name and details', 'Plots and people', 'Invite the committee']) {
      await poll(() => stepState(admin, title)).toBe('To do')
    }
    // The introduction counts the steps listed (issue 44: "Three steps" above four).
    const listed = await admin.getByRole('main').getByRole('listitem').count()
    expect(listed).toBe(4)
    expect(await admin.getByText(setupMessages.stepsIntro(listed)).isVisible()).toBe(true)
    expect(setupMessages.stepsIntro(listed)).toMatch(/^Four steps make /)
    await expectNoAxeViolations(admin)
    await expectNoHorizontalScroll(admin)

    const committeeStep = admin.getByRole('listitem').filter({ hasText: 'Invite the committee' })
    await committeeStep.getByRole('button', { name: 'Skip this step' }).click()
    await poll(() => stepState(admin, 'Invite the committee')).toBe('Skipped')
    await committeeStep.getByRole('button', { name: 'Take up again' }).click()
    await poll(() => stepState(admin, 'Invite the committee')).toBe('To do')

    await admin.getByRole('link', { name: 'Open Settings' }).click()
    await poll(() => headingOf(admin)).toBe('Settings')
    await fillForm(admin, { 'Association name': 'Brook Lane Growers' })
    await admin.getByRole('button', { name: settingsMessages.saveSettings }).click()
    await poll(() => statusTexts(admin)).toContain(settingsMessages.settingsSaved)
    await admin.getByRole('link', { name: 'Getting started' }).click()
    await poll(() => stepState(admin, 'Name and details')).toBe('Done')
    await admin.context().close()

    const visitor = await anonymousPage(suite.browser, suite.server, PHONE)
    await visitor.goto('/')
    await poll(() => visitor.getByRole('contentinfo').textContent()).toContain(
      'Brook Lane Growers is a registered charity',
    )
    expect(await visitor.getByRole('banner').textContent()).toContain('Brook Lane Growers')
    await visitor.context().close()
  })
})
