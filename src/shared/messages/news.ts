// News (issue 14): the spec's News page is an empty heading, so these words are ours.

export const newsMessages = {
  newsTitleRequired: 'The title must be filled in!',
  newsTitleOneLine: 'The title must fit on one line.',
  newsPostMissing: 'That news post does not exist.',
  noNewsPostsYet: 'No news posts yet.',
  /** The public News page with nothing published: the spec's heading, and a word that it is so. */
  noNewsYet: 'There is no news yet.',
  newsTextHint: 'A blank line starts a new paragraph.',
  newsPostAdded: (title: string, published: boolean) =>
    published ? `"${title}" is published.` : `"${title}" is saved as a draft.`,
} as const
