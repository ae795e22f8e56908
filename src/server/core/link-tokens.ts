import { createHash, randomBytes } from 'node:crypto'
import type { Config } from '#server/core/config'

// The tokens in the links the app e-mails (confirm an address, accept or decline an offer, stay on
// the list, choose a new password): 32 random bytes, of which only the SHA-256 is kept, so a copy
// of the database holds no working link. Each hash is stored in the one column its action reads,
// so a token is useless for any other action or person.

export const newToken = () => randomBytes(32).toString('base64url')
export const hashOf = (token: string) => createHash('sha256').update(token).digest('hex')
export const linkTo = (config: Config, path: string) => new URL(path, config.publicUrl).toString()
