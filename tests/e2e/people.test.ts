import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { APIRequestContext, Page } from 'playwright-core'
import { shortDate } from '#shared/domain/dates'
import { messageWritingMessages } from '#shared/messages/message-writing'
import { peopleMessages } from '#shared/messages/people'
import { waitingListMessages } from '#shared/messages/waiting-list'
import { apiAs, expectNoAxeViolations, signedInPage } from '#tests/helpers/browser'
import {
  expectPersonPage,
  field,
  fillForm,
  firstAlert,
  headingOf,
  makePerson,
  openPerson,
  pathOf,
  poll,
  useServerAndBrowser,
} from '#tests/helpers/e2e-fixtures'

const staleVersion =
  'Someone else changed this record while you were editing it. Reload it to see their changes, then make yours again.'

describe('plot holders and the waiting list', () => {
  const suite = useServerAndBrowser()
  let api: APIRequestContext
  let page: Page
  beforeAll(async () => {
    api = await apiAs(suite.server, 'fixtures', 3)
    const plotHolder = { onWaitingList: false }
    const waiting = { onWaitingList: true }
    await makePerson(api, 'gwen', {
      ...{ firstName: 'Gwen', lastName: 'Morgan', dateJoined: '2019-04-01' },
      ...plotHolder,
    })
    await makePerson(api, 'huw', {
      ...{ firstName: 'Huw', lastName: 'Jenkins', dateJoined: '2021-06-01' },
      ...{ phoneNumber: '01234 567890', ...plotHolder },
    })
    await makePerson(api, 'jac', {
      ...{ firstName: 'Jac', lastName: 'Owen', dateJoined: '2015-09-01' },
      ...plotHolder,
    })
    await makePerson(api, 'ifan', {
      ...{ firstName: 'Ifan', lastName: 'Lloyd', joinedWaitingList: '2023-05-01' },
      ...waiting,
    })
    await makePerson(api, 'cai', {
      ...{ firstName: 'Cai', lastName: 'Adams', joinedWaitingList: '2024-01-10' },
      ...waiting,
    })
    page = await signedInPage(suite.browser, suite.server, { userName: 'secretary', level: 3 })
  })
  afterAll(async () => {
    await api?.dispose()
  })

  it('adds a person to the waiting list, checking the spec messages first', async () => {
    await page.goto('/members/waitinglist')
    await poll(() => headingOf(page)).toBe('Waiting List')
    await poll(() => page.getByText('2 on the waiting list').isVisible()).toBe(true)
    await expectNoAxeViolations(page)

    const form = page.getByRole('region', { name: 'New waiting list member' })
    await form.getByRole('button', { name: 'Submit' }).click()
    await poll(() => firstAlert(page)).toBe("The person's name must be filled in!")

    // The nickname is proposed from the name (issue 28); cleared, the spec's message stands.
    await fillForm(page, { 'First name': 'Rhiannon', 'Last name': 'Pryce' })
    await poll(() => field(page, 'Nickname').inputValue()).toBe('rhiannonp')
    await field(page, 'Nickname').fill('')
    await form.getByRole('button', { name: 'Submit' }).click()
    await poll(() => firstAlert(page)).toBe("The person's nickname must be filled in!")

    await field(page, 'Nickname').fill('gwen')
    await form.getByRole('button', { name: 'Submit' }).click()
    await poll(() => firstAlert(page)).toBe("The nickname 'gwen' is already in use!")

    await fillForm(page, { Nickname: 'rhi', 'Phone number': '07700 900123' })
    await form.getByRole('button', { name: 'Submit' }).click()
    await poll(() => page.getByRole('status').first().textContent()).toBe('rhi was added.')
    await poll(() => page.getByText('3 on the waiting list').isVisible()).toBe(true)
    // The form is blank again, ready for the next person.
    expect(await field(page, 'Nickname').inputValue()).toBe('')
    const saved = await (await api.get('/api/people/rhi')).json()
    expect(saved).toMatchObject({
      onWaitingList: true,
      isPlotHolder: false,
      phoneNumber: '07700 900123',
    })
  })

  it('finds people by name or phone number as the filter is typed', async () => {
    await page.goto('/members/plotholders')
    const names = () => page.locator('.people-list__name').allTextContents()
    await poll(names).toEqual(['Jenkins, Huw', 'Morgan, Gwen', 'Owen, Jac'])
    expect(await page.getByText('3 plot holders').isVisible()).toBe(true)

    await field(page, 'Filter').pressSequentially('morg')
    await poll(names).toEqual(['Morgan, Gwen'])
    expect(await page.getByText('1 of 3 plot holders').isVisible()).toBe(true)
    await field(page, 'Filter').fill('jac')
    await poll(names).toEqual(['Owen, Jac'])
    await field(page, 'Filter').fill('01234 5')
    await poll(names).toEqual(['Jenkins, Huw'])
    await field(page, 'Filter').fill('zz')
    await poll(() => page.getByText('No one matches the filter.').isVisible()).toBe(true)

    await page.goto('/members/waitinglist')
    await field(page, 'Filter').fill('rhiannon p')
    await poll(names).toEqual(['Pryce, Rhiannon'])
    await page.getByRole('link', { name: 'Pryce, Rhiannon' }).click()
    await expectPersonPage(page, 'waitinglist', 'rhi')
  })

  it('orders the waiting list oldest first with positions; sorts by name or join date', async () => {
    const names = () => page.locator('.people-list__name').allTextContents()
    const details = () => page.locator('.people-list__detail').allTextContents()
    await page.goto('/members/waitinglist')
    await poll(names).toEqual(['Lloyd, Ifan', 'Adams, Cai', 'Pryce, Rhiannon'])
    // Rhiannon joined on the day she was added, which a run past midnight has left behind.
    const { joinedWaitingList } = await (await api.get('/api/people/rhi')).json()
    expect(await details()).toEqual([
      'ifan · No. 1 · waiting since 1 May 2023',
      'cai · No. 2 · waiting since 10 Jan 2024',
      `rhi · No. 3 · waiting since ${shortDate(joinedWaitingList)}`,
    ])
    // Sorted by name, everyone keeps their place in the queue.
    await page.getByLabel('Sort by').selectOption('name')
    await poll(names).toEqual(['Adams, Cai', 'Lloyd, Ifan', 'Pryce, Rhiannon'])
    expect((await details())[0]).toContain('No. 2')

    await page.goto('/members/plotholders')
    await poll(names).toEqual(['Jenkins, Huw', 'Morgan, Gwen', 'Owen, Jac'])
    await page.getByLabel('Sort by').selectOption('joined')
    await poll(names).toEqual(['Owen, Jac', 'Morgan, Gwen', 'Jenkins, Huw'])
  })

  it('edits, cancels (values restored), edits again and submits (saved after reload)', async () => {
    await openPerson(page, 'plotholders', 'gwen')
    await poll(() => page.getByRole('heading', { name: /Gwen Morgan/ }).isVisible()).toBe(true)
    expect(await field(page, 'First name').getAttribute('readonly')).not.toBeNull()
    expect(await page.getByText('Plot holder', { exact: true }).isVisible()).toBe(true)
    await expectNoAxeViolations(page)

    await page.getByRole('button', { name: 'Edit' }).click()
    expect(await field(page, 'First name').getAttribute('readonly')).toBeNull()
    // The nickname can only be chosen when the person is created.
    expect(await field(page, 'Nickname').getAttribute('readonly')).not.toBeNull()
    await field(page, 'First name').fill('Gwenllian')
    await page.getByRole('button', { name: 'Cancel' }).click()
    expect(await field(page, 'First name').inputValue()).toBe('Gwen')
    expect(await field(page, 'First name').getAttribute('readonly')).not.toBeNull()

    await page.getByRole('button', { name: 'Edit' }).click()
    await fillForm(page, { Address: '1 Station Road', 'First name': '' })
    await page.getByRole('button', { name: 'Submit' }).click()
    await poll(() => firstAlert(page)).toBe("The person's name must be filled in!")
    await field(page, 'First name').fill('Gwenllian')
    await page.getByRole('button', { name: 'Submit' }).click()
    await poll(() => pathOf(page)).toBe('/members/plotholders')
    await poll(() => page.getByRole('link', { name: 'Morgan, Gwenllian' }).isVisible()).toBe(true)

    await openPerson(page, 'plotholders', 'gwen')
    await poll(() => field(page, 'Address').inputValue()).toBe('1 Station Road')
    expect(await field(page, 'First name').inputValue()).toBe('Gwenllian')
  })

  it('writes a title and notes; the list, the page and the letters use the title, and the list is sent its references', async () => {
    await openPerson(page, 'waitinglist', 'ifan')
    const { reference } = await (await api.get('/api/people/ifan')).json()
    await poll(() =>
      page.getByText(`${waitingListMessages.referenceLabel}: ${reference}`).count(),
    ).toBe(1)
    await page.getByRole('button', { name: 'Edit' }).click()
    await fillForm(page, { Title: 'Mr', Notes: 'Would like a plot near the gate' })
    await page.getByRole('button', { name: 'Submit' }).click()
    await poll(() => pathOf(page)).toBe('/members/waitinglist')
    await poll(() => page.getByRole('link', { name: 'Lloyd, Ifan (Mr)' }).isVisible()).toBe(true)
    await openPerson(page, 'waitinglist', 'ifan')
    await poll(() => page.getByRole('heading', { name: /^Mr Ifan Lloyd/ }).isVisible()).toBe(true)
    expect(await field(page, 'Notes').inputValue()).toBe('Would like a plot near the gate')
    await expectNoAxeViolations(page)

    // Messages starts with the letter that gives everyone on the list their reference and place.
    await page.goto('/members/waitinglist')
    await page.getByRole('link', { name: peopleMessages.sendReferences }).click()
    await poll(() => headingOf(page)).toBe('Messages')
    const form = page.getByRole('form', { name: 'Write a message' })
    expect(await field(page, 'Send to').inputValue()).toBe('waitinglist')
    expect(await field(page, 'Subject').inputValue()).toBe(
      messageWritingMessages.referencesLetter.subject,
    )
    await form.getByRole('button', { name: 'Preview' }).click()
    await poll(() => form.locator('.message-sample__body').innerText()).toMatch(
      new RegExp(
        `^Dear Mr Lloyd,\n\nYou are number 1 of \\d+ on our waiting list for a plot\\. Your reference is ${reference}:`,
      ),
    )
  })

  it('keeps what was typed when someone else saved first, and offers Reload', async () => {
    await openPerson(page, 'plotholders', 'jac')
    await page.getByRole('button', { name: 'Edit' }).click()
    await field(page, 'Phone number').fill('01111 222333')

    const current = await (await api.get('/api/people/jac')).json()
    const { id, plots, isPlotHolder, onWaitingList, ...fields } = current
    void [id, plots, isPlotHolder, onWaitingList]
    const other = await api.put('/api/people/jac', {
      data: { ...fields, address: 'Their address' },
    })
    expect(other.status()).toBe(200)

    await page.getByRole('button', { name: 'Submit' }).click()
    await poll(() => firstAlert(page)).toBe(staleVersion)
    expect(pathOf(page)).toBe('/members/plotholders/jac')
    expect(await field(page, 'Phone number').inputValue()).toBe('01111 222333')

    await page.getByRole('button', { name: 'Reload' }).click()
    await poll(() => field(page, 'Address').inputValue()).toBe('Their address')
    await field(page, 'Phone number').fill('01111 222333')
    await page.getByRole('button', { name: 'Submit' }).click()
    await poll(() => pathOf(page)).toBe('/members/plotholders')
    const saved = await (await api.get('/api/people/jac')).json()
    expect(saved).toMatchObject({ address: 'Their address', phoneNumber: '01111 222333' })
  })
})
