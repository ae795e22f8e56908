import { z } from 'zod'
import { commonMessages } from '#shared/messages/common'
import { newsMessages } from '#shared/messages/news'
import { isoDate } from '#shared/schemas/person'
import { ONE_LINE, requiredText, rowNumber } from '#shared/schemas/text-fields'

export const NEWS_TITLE_MAX = 200
export const NEWS_BODY_MAX = 20_000

const version = rowNumber

// A post as the API returns it; the date is the day it is dated, YYYY-MM-DD.
export const newsPostSchema = z.object({
  id: z.int(),
  title: z.string(),
  date: z.string(),
  body: z.string(),
  published: z.boolean(),
  version,
})

export type NewsPost = z.infer<typeof newsPostSchema>

// The title is a heading on the News page: one line.
const title = requiredText(newsMessages.newsTitleRequired, 'title', NEWS_TITLE_MAX).regex(
  ONE_LINE,
  newsMessages.newsTitleOneLine,
)

// The text may be empty: a title and a date can be the whole of a notice.
const body = z.string().trim().max(NEWS_BODY_MAX, commonMessages.tooLong('text', NEWS_BODY_MAX))

export const newNewsPostSchema = z.object({ title, date: isoDate, body, published: z.boolean() })

export const updateNewsPostSchema = newNewsPostSchema.extend({ version })

export type NewNewsPost = z.infer<typeof newNewsPostSchema>
export type UpdateNewsPost = z.infer<typeof updateNewsPostSchema>
