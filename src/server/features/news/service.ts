import { newsMessages } from '#shared/messages/news'
import type { NewNewsPost, NewsPost, UpdateNewsPost } from '#shared/schemas/news'
import type { Clock } from '#server/core/clock'
import type { Db } from '#server/core/db/database'
import type { ReadTx } from '#server/core/db/write-transaction'
import { notFound } from '#server/core/errors'
import { loggedChange, type LoggedChange } from '#server/core/logged-change'
import type { Viewer } from '#server/core/viewer'
import * as newsRepo from '#server/features/news/sql'

/** What news' services take from the core. */
export interface News {
  db: Db
  clock: Clock
}

function newsChange(methodName: string, docId: string, viewer: Viewer): LoggedChange {
  return { methodName, eventCollection: 'news', docId, userName: viewer.userName }
}

async function requireNewsPost(tx: ReadTx, id: number): Promise<NewsPost> {
  const post = await newsRepo.findNewsPost(tx, id)
  if (!post) throw notFound(newsMessages.newsPostMissing)
  return post
}

/** What the public News page shows. */
export function listPublishedNews({ db }: News): Promise<NewsPost[]> {
  return newsRepo.listNewsPosts(db.kysely, { publishedOnly: true })
}

/** Every post, drafts too, for the committee. */
export function listAllNews({ db }: News): Promise<NewsPost[]> {
  return newsRepo.listNewsPosts(db.kysely, { publishedOnly: false })
}

export function createNewsPost(
  { db, clock }: News,
  viewer: Viewer,
  input: NewNewsPost,
): Promise<NewsPost> {
  const change = newsChange('createNewsPost', '', viewer)
  return loggedChange(
    db,
    change,
    async (tx) => {
      const post = await newsRepo.insertNewsPost(tx, input, clock.now().toISOString())
      // The id exists only now; loggedChange writes the entry after this work, from `change`.
      change.docId = String(post.id)
      return post
    },
    input,
  )
}

// Publishing and unpublishing are updates of the published flag, checked against the version
// like any other edit, so a post is never published with text its author did not see.
export function updateNewsPost(
  { db, clock }: News,
  viewer: Viewer,
  id: number,
  input: UpdateNewsPost,
) {
  return loggedChange(
    db,
    newsChange('updateNewsPost', String(id), viewer),
    async (tx) => {
      const current = await requireNewsPost(tx, id)
      return newsRepo.updateNewsPost(tx, { ...current, ...input }, clock.now().toISOString())
    },
    { id, ...input },
  )
}

// The log keeps the deleted post as it was.
export function deleteNewsPost({ db }: News, viewer: Viewer, id: number): Promise<NewsPost> {
  return loggedChange(
    db,
    newsChange('deleteNewsPost', String(id), viewer),
    async (tx) => {
      const post = await requireNewsPost(tx, id)
      await newsRepo.deleteNewsPost(tx, id)
      return post
    },
    { id },
  )
}
