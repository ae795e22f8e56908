import { createHash, randomBytes } from 'node:crypto'
import type { Config } from '#server/core/config'
import { associationDetails } from '#server/core/db/association-settings'
import type { Db } from '#server/core/db/database'
import type { WriteTx } from '#server/core/db/write-transaction'
import type { Mail, Mailer } from '#server/core/email/transport'
import { loggedWrite } from '#server/core/logged-change'

// The tokens in the links the app e-mails (confirm an address, accept or decline an offer, stay on
// the list, choose a new password): 32 random bytes, of which only the SHA-256 is kept, so a copy
// of the database holds no working link. Each hash is stored in the one column its action reads,
// so a token is useless for any other action or person.

export const newToken = () => randomBytes(32).toString('base64url')
export const hashOf = (token: string) => createHash('sha256').update(token).digest('hex')
export const linkTo = (config: Config, path: string) => new URL(path, config.publicUrl).toString()

/** A link to e-mail: its page, where its hash is kept, and the e-mail that carries it. */
export interface LinkMail {
  /** The page the link opens, which reads the token from `?token=`. */
  path: string
  /** Keeps the token's hash with its request; false when the request has ended meanwhile. */
  store(tx: WriteTx, tokenHash: string): Promise<boolean>
  mail(link: string, association: string): Mail
  /** The e-mail's reference (its outbox file's name). */
  reference: string
}

/**
 * E-mails a link whose token is made as it goes (by a job: a retry makes a new one), so no
 * working link rests anywhere but the e-mail. False, and nothing sent, when the request has ended.
 */
export async function mailLink(
  { db, config, mailer }: { db: Db; config: Config; mailer: Mailer },
  { path, store, mail, reference }: LinkMail,
): Promise<boolean> {
  const token = newToken()
  if (!(await loggedWrite(db, [], (tx) => store(tx, hashOf(token))))) return false
  const { name } = await associationDetails(db.kysely, config)
  await mailer.send(mail(linkTo(config, `${path}?token=${token}`), name), reference)
  return true
}
