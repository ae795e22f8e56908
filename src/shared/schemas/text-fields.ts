import { z } from 'zod'
import { commonMessages } from '#shared/messages/common'

/**
 * Text that must be given: blank (after trimming) is refused with `message` and nothing else;
 * longer than `max` with the "too long" message naming `field`.
 */
export function requiredText(message: string, field: string, max: number) {
  return z
    .string({ error: message })
    .trim()
    .min(1, { error: message, abort: true })
    .max(max, commonMessages.tooLong(field, max))
}

/** Text that may be empty, trimmed, with the "too long" message naming `field`. */
export function optionalText(field: string, max: number) {
  return z.string().trim().max(max, commonMessages.tooLong(field, max))
}

/** An e-mail address that may be left out, but one that is given must be usable. */
export function optionalEmail(field: string) {
  return optionalText(field, 254).refine(
    (text) => text === '' || z.regexes.email.test(text),
    commonMessages.invalidEmail,
  )
}

// A link or a web address: a scheme (https://…), www., or a domain followed by a path
// (evil.example/pay). Names greet people in the association's e-mails, where a mail program makes
// these clickable (issue 42). Each alternative starts at one character and scans one run of
// letters, so the test is linear in the text.
const LINK_LIKE = /:\/\/|\bwww\.|\.[a-z]{2,}\//i

/** A name (`field`, as messages name it) that refuses links and web addresses. */
export function withoutLinks(text: z.ZodString, field: string) {
  return text.refine((given) => !LINK_LIKE.test(given), commonMessages.linkInName(field))
}

/**
 * Text without line breaks: a name or a title, shown (or mailed) as one line. Besides \r and \n,
 * every other break (U+0085, U+2028, U+2029) and control character is refused, and so are the
 * invisible format characters that hide or reorder what a line says (bidirectional overrides,
 * zero-width spaces), but for the joiners and tags that some scripts and emoji are written with.
 */
export const ONE_LINE = /^(?:[^\p{Cc}\p{Cf}\p{Zl}\p{Zp}]|\u200c|\u200d|[\u{e0020}-\u{e007f}])*$/u

// Spec section 5: the email is lowercased, then checked against a standard address pattern.
export const emailAddress = z
  .string({ error: commonMessages.invalidEmail })
  .trim()
  .toLowerCase()
  .max(254, commonMessages.tooLong('email address', 254))
  .regex(z.regexes.email, commonMessages.invalidEmail)

// A user name's letters; also the sign-in service's rule, so every name that can register can sign
// in.
export const USER_NAME_PATTERN = /^[A-Za-z0-9._-]+$/

/** A day of the year, MM-DD (01 October: 10-01). */
export const monthDay = z
  .string()
  .regex(/^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, { error: commonMessages.invalidDate })

/** A number of days, as settings give them. */
export const days = z.int().min(1).max(365)

/**
 * A row's number (an id the database gave, a version) as PostgreSQL's integer columns hold it:
 * a larger one would be refused by the database itself, as a server error, not as bad input.
 */
export const rowNumber = z.int().min(1).max(2_147_483_647)
