import { myAllotmentMessages } from '#shared/messages/my-allotment'
import { ConfirmAddress } from './confirm-address.tsx'

/** The link sent to a member's new address for the association's letters and e-mails (issue 29). */
export const ConfirmEmailPage = () => (
  <ConfirmAddress
    heading="Confirm your new e-mail address"
    unusable={myAllotmentMessages.emailLinkUnknown}
    url="/api/email-change/confirm"
  />
)
