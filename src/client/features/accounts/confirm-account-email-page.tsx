import { addressMessages } from '#shared/messages/account-email'
import { ConfirmAddress } from './confirm-address.tsx'

/** The link sent to an account's new address, given at registration or on My account (issue 42). */
export const ConfirmAccountEmailPage = () => (
  <ConfirmAddress
    heading="Confirm your account's e-mail address"
    unusable={addressMessages.addressLinkUnknown}
    url="/api/account-email/confirm"
  />
)
