import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { extractText, getDocumentProxy } from 'unpdf'
import { mailMessages } from '#shared/messages/mail'
import { peopleMessages } from '#shared/messages/people'
import {
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  settled,
  signedInPage,
} from '#tests/helpers/browser'
import {
  field,
  giveTenant,
  headingOf,
  makePerson,
  makePlot,
  PHONE,
  poll,
  useServerAndBrowser,
} from '#tests/helpers/e2e-fixtures'
import { startSmtpServer } from '#tests/helpers/smtp'

// A committee member writes to the plot holders from a phone: the preview says how many people
// get it, by e-mail or letter, and shows the first person's copy, and nothing is sent before Send;
// the e-mails reach a real SMTP server with their own merge fields, the letters print for those
// without e-mail or for everyone, and each person's page lists what they were sent.
describe('messages to members', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>
  beforeAll(async () => {
    smtp = await startSmtpServer()
  })
  afterAll(() => smtp.close())
  const suite = useServerAndBrowser(() => ({ env: { SMTP_URL: smtp.url } }))
  let page: Page

  beforeAll(async () => {
    page = await signedInPage(suite.browser, suite.server, {
      userName: 'secretary',
      level: 3,
      viewport: PHONE,
    })
    const api = page.context().request
    await makePlot(api, '7', { fee: 40 })
    await makePerson(api, 'ann', { firstName: 'Ann', email: 'ann@example.org' })
    await makePerson(api, 'cyd', { firstName: 'Cyd', address: '3 Lane\nRiverside' })
    await giveTenant(api, '7', 'ann')
    await giveTenant(api, '7', 'cyd')
  })

  it('previews, sends and records a message to every plot holder', async () => {
    await page.goto('/members/messages')
    await poll(() => headingOf(page)).toBe('Messages')
    await settled(page)
    await expectNoHorizontalScroll(page)
    await expectNoAxeViolations(page)

    const form = page.getByRole('form', { name: 'Write a message' })
    await field(page, 'Subject').fill('Rent for {plots}')
    await field(page, 'Message').fill('Dear {firstName},\nYou owe {amountDue}.')
    await form.getByRole('button', { name: 'Preview' }).click()
    // Before anything is sent: how many people, how, and Ann's e-mail as she will read it.
    await poll(() => form.getByText(mailMessages.goesTo(2, 1, 1)).count()).toBe(1)
    const annsEmail = form.getByRole('group', {
      name: mailMessages.sampleByEmail('ann@example.org'),
    })
    await poll(() => annsEmail.locator('.message-sample__body').innerText()).toBe(
      'Dear Ann,\nYou owe £40.00.',
    )
    expect(await annsEmail.textContent()).toContain('Rent for plot 7')
    await expectNoHorizontalScroll(page)
    await expectNoAxeViolations(page)
    expect(await (await page.context().request.get('/api/messages')).json()).toEqual([])
    expect(smtp.received).toHaveLength(0)

    // A change asks for a new preview before anything can be sent.
    await field(page, 'Subject').fill('Rent for {plots}, please')
    await poll(() => form.getByRole('button', { name: 'Send' }).count()).toBe(0)
    await form.getByRole('button', { name: 'Preview' }).click()
    await form.getByRole('button', { name: 'Send' }).click()
    await poll(() => page.getByRole('status').first().textContent()).toBe(
      mailMessages.messageQueued(1, 1),
    )
    await poll(() => field(page, 'Subject').inputValue()).toBe('')

    await poll(() => smtp.received.length).toBe(1)
    expect(smtp.received[0]).toMatchObject({
      to: ['ann@example.org'],
      subject: 'Rent for plot 7, please',
      text: 'Dear Ann,\nYou owe £40.00.',
    })

    // The list counts the copies in words.
    const listed = page.getByRole('row', { name: /Rent for \{plots\}, please/ })
    await poll(() => listed.textContent()).toContain(mailMessages.copiesCounted.letter(1))
    await poll(() => listed.textContent()).toContain(mailMessages.copiesCounted.sent(1))
    await page.getByRole('link', { name: 'Rent for {plots}, please' }).click()
    await poll(() => headingOf(page)).toBe('Message')
    const rows = page.getByRole('table').getByRole('row')
    await poll(() => rows.filter({ hasText: 'ann' }).innerText()).toContain(
      mailMessages.copyStatus.sent,
    )
    await poll(() => rows.filter({ hasText: 'cyd' }).innerText()).toContain(
      mailMessages.copyStatus.letter,
    )
    await expectNoHorizontalScroll(page)
    await expectNoAxeViolations(page)

    // Cyd has no e-mail address: her copy is a letter, in the PDF the screen offers.
    const letters = page.getByRole('link', { name: mailMessages.downloadLetters(1) })
    const download = await page.context().request.get((await letters.getAttribute('href'))!)
    expect(download.headers()['content-type']).toBe('application/pdf')
    expect((await download.body()).subarray(0, 5).toString()).toBe('%PDF-')
    // Printed for everyone: Ann's copy too, a page each.
    const everyone = page.getByRole('link', { name: mailMessages.printForEveryone })
    const printed = await page.context().request.get((await everyone.getAttribute('href'))!)
    const pages = await extractText(await getDocumentProxy(new Uint8Array(await printed.body())), {
      mergePages: false,
    })
    expect(pages.totalPages).toBe(2)
    expect(pages.text[0]).toContain('Dear Ann,')
    expect(pages.text[1]).toContain('Dear Cyd,')

    await rows.filter({ hasText: 'ann' }).getByRole('link', { name: 'ann' }).click()
    const sent = page.getByRole('region', { name: 'Messages sent' })
    await poll(() => sent.innerText()).toContain('Rent for plot 7, please')
    await poll(() => sent.innerText()).toContain(
      `${mailMessages.copyChannel.email}, ${mailMessages.copyStatus.sent}`,
    )
  })

  it('refuses a message with an unknown merge field, naming it, and sends nothing', async () => {
    await page.goto('/members/messages')
    await poll(() => headingOf(page)).toBe('Messages')
    const before = smtp.received.length
    await field(page, 'Subject').fill('Hello {frstName}')
    await field(page, 'Message').fill('Hi')
    await page.getByRole('button', { name: 'Preview' }).click()
    await poll(() => page.getByRole('alert').first().textContent()).toContain(
      'Unknown merge field: {frstName}',
    )
    expect(await page.getByRole('button', { name: 'Send' }).count()).toBe(0)
    expect(smtp.received.length).toBe(before)
  })

  it('keeps a message as a template, starts the next from it, and deletes it', async () => {
    await page.goto('/members/messages')
    await poll(() => headingOf(page)).toBe('Messages')
    await field(page, 'Subject').fill('Water off, {firstName}')
    await field(page, 'Message').fill('The water is off on Saturday.')
    await page.getByText('Keep as a template').click()
    await field(page, 'Template name').fill('Water notice')
    await page.getByRole('button', { name: 'Save as a template' }).click()
    await poll(() => page.getByRole('status').first().textContent()).toBe(
      mailMessages.templateSaved('Water notice'),
    )

    await page.reload()
    await poll(() => headingOf(page)).toBe('Messages')
    await field(page, 'Start from a template').selectOption({ label: 'Water notice' })
    await poll(() => field(page, 'Subject').inputValue()).toBe('Water off, {firstName}')
    expect(await field(page, 'Message').inputValue()).toBe('The water is off on Saturday.')
    await expectNoAxeViolations(page)

    page.once('dialog', (dialog) => void dialog.accept())
    await page.getByRole('button', { name: 'Delete Water notice' }).click()
    await poll(() => page.getByText(mailMessages.templateDeleted('Water notice')).count()).toBe(1)
    await poll(() => field(page, 'Start from a template').count()).toBe(0)
  })

  it("keeps a person's way of contact, shown as text until Edit", async () => {
    await page.goto('/members/plotholders/ann')
    await poll(() => field(page, 'Way of contact').inputValue()).toBe(
      peopleMessages.contactBy.email,
    )
    await page.getByRole('button', { name: 'Edit' }).click()
    await field(page, 'Way of contact').selectOption('both')
    await page.getByRole('button', { name: 'Submit' }).click()
    const api = page.context().request
    await poll(async () => (await (await api.get('/api/people/ann')).json()).contactBy).toBe('both')
  })
})
