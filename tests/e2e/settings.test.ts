import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { settingsMessages } from '#shared/messages/settings'
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
  arrivedAt,
  PHONE,
  poll,
  statusTexts,
  useServerAndBrowser,
} from '#tests/helpers/e2e-fixtures'
import { samplePng } from '#tests/helpers/sample-image'

const NEW_NAME = 'Riverside Growers'
const NEW_HEADING = 'Welcome to Riverside Growers'

const phonePhoto = await sharp({
  create: { width: 3200, height: 2400, channels: 3, background: '#6b8e23' },
})
  .jpeg()
  .toBuffer()
const ABOUT_TEXT = '## Our plots\n\nWe have:\n\n- seventy plots\n- an orchard'

describe('settings', () => {
  const suite = useServerAndBrowser()

  it('lets the administrator rename the association, retitle Home and rewrite About on a phone; the public sees them', async () => {
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
    expect(await field(admin, 'Home page heading').inputValue()).toBe('Welcome to our allotments')
    await expectNoAxeViolations(admin)
    await expectNoHorizontalScroll(admin)

    await fillForm(admin, {
      'Association name': NEW_NAME,
      'Home page heading': NEW_HEADING,
      'About page text': ABOUT_TEXT,
    })
    await admin.getByRole('button', { name: settingsMessages.saveSettings }).click()
    await poll(() => statusTexts(admin)).toContain(settingsMessages.settingsSaved)
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
    await visitor.goto('/')
    await poll(() => headingOf(visitor)).toBe(NEW_HEADING)
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

  it('uploads a logo and a Home page photo; the public header and Home page show them resized', async () => {
    const admin = await signedInPage(suite.browser, suite.server, {
      userName: 'pictures-admin',
      level: 4,
      viewport: PHONE,
    })
    await admin.goto('/members/settings')
    await poll(() => headingOf(admin)).toBe('Settings')
    const logo = admin.getByRole('region', { name: 'Logo' })
    await logo.getByLabel('Logo file').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: samplePng,
    })
    await logo.getByRole('button', { name: 'Upload logo' }).click()
    await poll(() => statusTexts(admin)).toContain(settingsMessages.imageUploaded)
    await poll(() => logo.getByRole('img').count()).toBe(1)

    const photo = admin.getByRole('region', { name: 'Home page photo' })
    await photo.getByLabel('Home page photo file').setInputFiles({
      name: 'site.jpg',
      mimeType: 'image/jpeg',
      buffer: phonePhoto,
    })
    // A chosen file not yet uploaded is an unsaved change.
    await openMembersMenu(admin)
    await admin
      .getByRole('navigation', { name: 'Members' })
      .getByRole('link', { name: 'My account' })
      .click()
    await poll(() => admin.getByRole('dialog').isVisible()).toBe(true)
    await admin.getByRole('button', { name: 'Stay on this page' }).click()
    // The dialog closes a frame later; until then the page behind it takes no typing.
    await poll(() => admin.getByRole('dialog').isVisible()).toBe(false)
    await photo.getByLabel('Photo description').fill('Plots and the orchard in June')
    await photo.getByRole('button', { name: 'Upload home page photo' }).click()
    await poll(() => photo.getByRole('img').count()).toBe(1)
    await expectNoAxeViolations(admin)
    await expectNoHorizontalScroll(admin)
    await admin.context().close()

    const visitor = await anonymousPage(suite.browser, suite.server, PHONE)
    await visitor.goto('/')
    const shown = visitor.getByRole('img', { name: 'Plots and the orchard in June' })
    await poll(() =>
      shown.evaluate((img: HTMLImageElement) => img.naturalWidth, undefined, { timeout: 2_000 }),
    ).toBe(1600)
    const header = visitor.getByRole('banner')
    await poll(() =>
      header
        .locator('img')
        .evaluate((img: HTMLImageElement) => img.currentSrc, undefined, { timeout: 2_000 }),
    ).toMatch(/\/api\/site\/images\/\d+$/)
    await expectNoAxeViolations(visitor)
    await expectNoHorizontalScroll(visitor)
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
    await arrivedAt(committee, '/')
    await committee.context().close()
  })
})
