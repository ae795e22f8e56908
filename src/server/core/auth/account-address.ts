import { randomUUID } from 'node:crypto'

// better-auth gives every account one e-mail address, unique and required. An account that has
// none of its own yet (a registration whose link has not been followed, issue 42) holds a
// placeholder at the reserved .invalid domain (RFC 2606), as an erased account does: no mail
// reaches it, no one can type it, and nothing shows it.

export const placeholderAddress = () => `${randomUUID()}@unconfirmed.invalid`

/** The account's own address, or '' for a placeholder. */
export const addressOf = (email: string) => (email.endsWith('.invalid') ? '' : email)
