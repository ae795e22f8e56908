import { lettingMessages } from '#shared/messages/letting'
import { linkTokens, type ReceivedMail } from './smtp.ts'

/** The tokens of the application links e-mailed to the address, once `count` have come, oldest first. */
export const confirmationTokens = (
  smtp: { received: ReceivedMail[] },
  email: string,
  count = 1,
): Promise<string[]> =>
  linkTokens(smtp, email, lettingMessages.confirmSubject, '/apply/confirm', count)
