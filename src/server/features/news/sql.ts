import type { NewNewsPost, NewsPost } from '#shared/schemas/news'
import type { NewsRow } from '#server/core/db/schema'
import { updateAtVersion } from '#server/core/db/versioned'
import type { ReadTx, WriteTx } from '#server/core/db/write-transaction'

// Rows hold the published flag as 0/1, and when the post last changed (for the record only).
function toNewsPost(row: NewsRow): NewsPost {
  return {
    id: row.id,
    title: row.title,
    date: row.date,
    body: row.body,
    published: Boolean(row.published),
    version: row.version,
  }
}

function fieldsOf(post: NewNewsPost) {
  return { title: post.title, date: post.date, body: post.body, published: post.published ? 1 : 0 }
}

/** Newest date first; of one day, the later written first. */
export async function listNewsPosts(tx: ReadTx, { publishedOnly }: { publishedOnly: boolean }) {
  let query = tx.selectFrom('news').selectAll()
  if (publishedOnly) query = query.where('published', '=', 1)
  const rows = await query.orderBy('date', 'desc').orderBy('id', 'desc').execute()
  return rows.map(toNewsPost)
}

export async function findNewsPost(tx: ReadTx, id: number): Promise<NewsPost | undefined> {
  const row = await tx.selectFrom('news').selectAll().where('id', '=', id).executeTakeFirst()
  return row && toNewsPost(row)
}

/** `now` is when it was written (an ISO timestamp), kept with the row. */
export async function insertNewsPost(
  tx: WriteTx,
  post: NewNewsPost,
  now: string,
): Promise<NewsPost> {
  const row = await tx
    .insertInto('news')
    .values({ ...fieldsOf(post), version: 1, updatedAt: now })
    .returningAll()
    .executeTakeFirstOrThrow()
  return toNewsPost(row)
}

// Writes the post as the next version if the row is still at `post.version` (the version the
// edit was made against); 409 staleVersion otherwise.
export async function updateNewsPost(tx: WriteTx, post: NewsPost, now: string): Promise<NewsPost> {
  const values = { ...fieldsOf(post), updatedAt: now }
  return { ...post, version: await updateAtVersion(tx, 'news', post.id, post.version, values) }
}

export async function deleteNewsPost(tx: WriteTx, id: number): Promise<void> {
  await tx.deleteFrom('news').where('id', '=', id).execute()
}
