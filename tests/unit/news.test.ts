import { describe, expect, it } from 'vitest'
import { commonMessages } from '#shared/messages/common'
import { newsMessages } from '#shared/messages/news'
import { newNewsPostSchema, updateNewsPostSchema } from '#shared/schemas/news'
import { paragraphsOf } from '#client/components/news/paragraphs.ts'

const post = { title: 'Open day', date: '2024-05-04', body: '', published: false }
const firstMessage = (input: unknown) =>
  updateNewsPostSchema.safeParse(input).error?.issues[0]?.message

describe('a news post as the forms send it', () => {
  it('takes a title, a day, any text up to 20,000 characters, and trims them', () => {
    expect(newNewsPostSchema.parse({ ...post, title: ' Open day ', body: ' Tea. \n' })).toEqual({
      ...post,
      body: 'Tea.',
    })
    expect(newNewsPostSchema.safeParse({ ...post, body: 'x'.repeat(20_000) }).success).toBe(true)
  })

  it('refuses a blank, long or two-line title, a day that does not exist, and an edit without its version', () => {
    const version = { version: 1 }
    expect(firstMessage({ ...post, ...version, title: ' ' })).toBe(newsMessages.newsTitleRequired)
    expect(firstMessage({ ...post, ...version, title: 'x'.repeat(201) })).toBe(
      commonMessages.tooLong('title', 200),
    )
    expect(firstMessage({ ...post, ...version, title: 'One\r\ntwo' })).toBe(
      newsMessages.newsTitleOneLine,
    )
    expect(firstMessage({ ...post, ...version, date: '2024-02-30' })).toBe(
      commonMessages.invalidDate,
    )
    expect(firstMessage({ ...post, ...version, body: 'x'.repeat(20_001) })).toBe(
      commonMessages.tooLong('text', 20_000),
    )
    expect(updateNewsPostSchema.safeParse(post).success).toBe(false)
  })
})

describe('the paragraphs of a post', () => {
  it('splits the text at blank lines, keeping single line breaks inside a paragraph', () => {
    expect(paragraphsOf('Gates open at 10.\nTea at 11.\n\n  \nBring a friend.\r\n\r\nBye')).toEqual(
      ['Gates open at 10.\nTea at 11.', 'Bring a friend.', 'Bye'],
    )
  })

  it('has none for empty text, and keeps markup as text', () => {
    expect(paragraphsOf('  \n\n ')).toEqual([])
    expect(paragraphsOf('<b>bold</b> *not markdown*')).toEqual(['<b>bold</b> *not markdown*'])
  })
})
