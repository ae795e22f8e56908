import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { commonMessages } from '#shared/messages/common'
import { newsMessages } from '#shared/messages/news'
import {
  anonymousPage,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  settled,
  signedInPage,
} from '#tests/helpers/browser'
import {
  headingOf,
  pathOf,
  PHONE,
  poll,
  today,
  useServerAndBrowser,
} from '#tests/helpers/e2e-fixtures'

const OPEN_DAY = 'Open day on Saturday'

// What the public News page shows below its heading: that there is no news, or the posts.
const mainText = (page: Page) => page.getByRole('main').innerText()
const NO_NEWS = new RegExp(`^News\\s+${newsMessages.noNewsYet.replace('.', '\\.')}$`)
const postTitles = (page: Page) =>
  page.getByRole('main').getByRole('article').getByRole('heading').allTextContents()

async function openPublicNews(page: Page) {
  await page.goto('/news')
  await poll(() => headingOf(page)).toBe('News')
  await settled(page)
}

// The committee's screen: the form to write a post, and the list of every post.
const writeForm = (page: Page) => page.getByRole('form', { name: 'Write a post' })
const postButton = (page: Page, action: string, title: string) =>
  page.getByRole('button', { name: `${action} ${title}`, exact: true })

async function openNewsDesk(page: Page) {
  await page.goto('/members/news')
  await poll(() => headingOf(page)).toBe('News')
  await settled(page)
}

async function writePost(page: Page, title: string, text: string, publishNow: boolean) {
  const form = writeForm(page)
  await form.getByLabel('Title', { exact: true }).fill(title)
  await form.getByLabel('Text', { exact: true }).fill(text)
  if (publishNow) await form.getByLabel('Publish now', { exact: true }).check()
  await form.getByRole('button', { name: 'Save post' }).click()
  await poll(() => page.getByRole('status').filter({ hasText: title }).textContent()).toBe(
    newsMessages.newsPostAdded(title, publishNow),
  )
}

describe('news', () => {
  const suite = useServerAndBrowser()

  it('shows the public News page with no posts as its heading and a line saying so', async () => {
    const page = await anonymousPage(suite.browser, suite.server, PHONE)
    await openPublicNews(page)
    await poll(() => mainText(page)).toMatch(NO_NEWS)
    await expectNoAxeViolations(page)
    await page.context().close()
  })

  it('lets the committee write and publish a post on a phone; the public reads it until it is unpublished', async () => {
    const committee = await signedInPage(suite.browser, suite.server, {
      userName: 'newswriter',
      level: 3,
      viewport: PHONE,
    })
    await openNewsDesk(committee)
    expect(await committee.getByText(newsMessages.noNewsPostsYet).isVisible()).toBe(true)
    const postDate = await writeForm(committee).getByLabel('Date', { exact: true }).inputValue()
    expect(postDate).toBe(today())
    await writePost(
      committee,
      OPEN_DAY,
      'The gates open at ten.\nTea from eleven.\n\n<b>Bring</b> a friend.',
      true,
    )
    // The form is empty again, ready for the next post.
    expect(await writeForm(committee).getByLabel('Title', { exact: true }).inputValue()).toBe('')
    await poll(() => committee.getByRole('heading', { level: 3, name: OPEN_DAY }).isVisible()).toBe(
      true,
    )
    await expectNoAxeViolations(committee)
    await expectNoHorizontalScroll(committee)

    const visitor = await anonymousPage(suite.browser, suite.server, PHONE)
    await openPublicNews(visitor)
    const post = visitor.getByRole('article')
    await poll(() => post.getByRole('heading', { level: 2 }).textContent()).toBe(OPEN_DAY)
    const day = new Date(`${postDate}T00:00:00Z`)
    expect(await post.locator('time').textContent()).toBe(
      day.toLocaleDateString('en-GB', { dateStyle: 'long', timeZone: 'UTC' }),
    )
    // Two paragraphs, the markup shown as text and never obeyed.
    expect(await post.locator('p:not(:has(time))').allInnerTexts()).toEqual([
      'The gates open at ten.\nTea from eleven.',
      '<b>Bring</b> a friend.',
    ])
    expect(await post.locator('b').count()).toBe(0)
    await expectNoAxeViolations(visitor)
    await expectNoHorizontalScroll(visitor)

    await postButton(committee, 'Unpublish', OPEN_DAY).click()
    await poll(() => postButton(committee, 'Publish', OPEN_DAY).isVisible()).toBe(true)
    expect(
      await committee.getByRole('article').getByText('Draft', { exact: true }).isVisible(),
    ).toBe(true)
    await openPublicNews(visitor)
    await poll(() => mainText(visitor)).toMatch(NO_NEWS)
    await visitor.context().close()
    await committee.context().close()
  })

  it('shows the public the newest first, and lets the committee edit a post in place and delete it', async () => {
    const committee = await signedInPage(suite.browser, suite.server, {
      userName: 'newseditor',
      level: 3,
    })
    await openNewsDesk(committee)
    await writePost(committee, 'Seed swap', 'In the shed.', true)
    await writePost(committee, 'Hedge cutting', 'Bring gloves.', true)

    await postButton(committee, 'Edit', 'Seed swap').click()
    const edit = committee.getByRole('form', { name: 'Edit Seed swap' })
    // The keyboard starts in the first field of the form that replaced the post.
    await poll(() =>
      edit
        .getByLabel('Title', { exact: true })
        .evaluate((input) => input === document.activeElement),
    ).toBe(true)
    await edit.getByLabel('Title', { exact: true }).fill('Seed and plant swap')
    await edit.getByLabel('Date', { exact: true }).fill('2020-04-01')
    await expectNoAxeViolations(committee)
    await edit.getByRole('button', { name: 'Save post' }).click()
    await poll(() => postButton(committee, 'Edit', 'Seed and plant swap').isVisible()).toBe(true)

    const visitor = await anonymousPage(suite.browser, suite.server)
    await openPublicNews(visitor)
    await poll(() => postTitles(visitor)).toEqual(['Hedge cutting', 'Seed and plant swap'])

    committee.once('dialog', (dialog) => void dialog.accept())
    await postButton(committee, 'Delete', 'Hedge cutting').click()
    await poll(() => postButton(committee, 'Edit', 'Hedge cutting').count()).toBe(0)
    await openPublicNews(visitor)
    await poll(() => postTitles(visitor)).toEqual(['Seed and plant swap'])
    await visitor.context().close()
    await committee.context().close()
  })

  it('asks before leaving a post half written, even with another post open for editing', async () => {
    const committee = await signedInPage(suite.browser, suite.server, {
      userName: 'newsleaver',
      level: 3,
    })
    await openNewsDesk(committee)
    await writePost(committee, 'Water off', 'From Monday.', false)
    await writeForm(committee).getByLabel('Title', { exact: true }).fill('Half written')
    await postButton(committee, 'Edit', 'Water off').click()
    await committee.getByRole('form', { name: 'Edit Water off' }).waitFor()

    const prompt = committee.getByRole('dialog', { name: commonMessages.unsavedChanges })
    await committee
      .getByRole('navigation', { name: 'Members' })
      .getByRole('link', { name: 'Map' })
      .click()
    await poll(() => prompt.isVisible()).toBe(true)
    await committee.getByRole('button', { name: 'Stay on this page' }).click()
    expect(pathOf(committee)).toBe('/members/news')
    expect(await writeForm(committee).getByLabel('Title', { exact: true }).inputValue()).toBe(
      'Half written',
    )

    await committee
      .getByRole('navigation', { name: 'Members' })
      .getByRole('link', { name: 'Map' })
      .click()
    await committee.getByRole('button', { name: 'Leave without saving' }).click()
    await poll(() => pathOf(committee)).toBe('/members/map')
    await committee.context().close()
  })

  it('sends someone below the committee back to the map', async () => {
    const page = await signedInPage(suite.browser, suite.server, { userName: 'newsland', level: 2 })
    await page.goto('/members/news')
    await poll(() => pathOf(page)).toBe('/members/map')
    await page.context().close()
  })
})
