import { lettingMessages } from '#shared/messages/letting'
import { mailsTo, type ReceivedMail } from './smtp.ts'

/** The tokens of the application links e-mailed to the address, once `count` have come, oldest first. */
export async function confirmationTokens(
  smtp: { received: ReceivedMail[] },
  email: string,
  count = 1,
): Promise<string[]> {
  return (await mailsTo(smtp, email, lettingMessages.confirmSubject, count)).map(
    (mail) => /\/apply\/confirm\?token=([\w-]+)/.exec(mail.text)![1]!,
  )
}
