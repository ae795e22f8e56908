import { londonDate } from '#shared/domain/dates'
import type { NewNewsPost, NewsPost } from '#shared/schemas/news'

/** What the news forms hold: a post without its id and version. */
export type NewsDraft = NewNewsPost

export const blankDraft = (): NewsDraft => ({
  title: '',
  date: londonDate(new Date()),
  body: '',
  published: false,
})

export const draftOf = ({ title, date, body, published }: NewsPost): NewsDraft => ({
  title,
  date,
  body,
  published,
})
