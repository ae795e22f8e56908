import type { Config } from '#server/core/config'
import type { Delivery } from '#shared/schemas/contact'

// What the person who starts the server must know and could not easily find out otherwise. These
// lines are for the operator at the console, not the association's users.

/**
 * The only time the administrator's password is shown. The `Password:` line keeps its shape
 * (tests/helpers/server-process.ts reads it), with nothing after the password on it.
 */
export function administratorNotice(admin: { userName: string; password: string }): string {
  return [
    '',
    'Administrator account created.',
    `  User name: ${admin.userName}`,
    `  Password:  ${admin.password}`,
    '  This is a one-time password: a new one must be chosen at the first sign-in.',
    '',
  ].join('\n')
}

/**
 * Once listening: where to open the app, and, with no mail server, where e-mail goes instead.
 * Without a mail server this is printed on every start, since enquiries keep piling up there.
 */
export function servingNotice(config: Config, delivery: Delivery, firstStart: boolean): string[] {
  const toOutbox = delivery === 'outbox'
  return [
    ...(firstStart || toOutbox ? [`Open ${config.publicUrl} in a browser.`] : []),
    ...(toOutbox
      ? [
          `No mail server is set up (SMTP_URL): e-mail is saved as .eml files in ${config.email.outboxDir}`,
        ]
      : []),
  ]
}
