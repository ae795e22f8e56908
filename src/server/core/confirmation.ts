import { createHash } from 'node:crypto'

// Nothing is sent unseen (issue 44, decision 39): a preview answers with the confirmation of what
// it showed and of whom it would reach, and the send carries that confirmation back. The send
// builds the same preview again inside its own write and goes ahead only when it is the same, so
// that a message or a round's notices never go to people, by ways or in words the committee did
// not see. It is a fingerprint (SHA-256) of the preview, not a secret: making one means building
// the preview.

/** The confirmation of what a preview shows, as JSON (its keys in the order it was built). */
export const confirmationOf = (shown: unknown): string =>
  createHash('sha256').update(JSON.stringify(shown)).digest('base64url')
