import { counted } from '#shared/domain/text'

// Signing out (issue 42): on a shared phone a sign-out must never leave a session, an answer or a
// record for the next person, signal or not. Our wording: the spec says only "Sign out".
export const signOutMessages = {
  signOut: 'Sign out',
  signOutEverywhere: 'Sign out everywhere',
  // The one screen shown while a sign-out waits for the server: nothing of the members area.
  signingOut: 'Signing out…',
  finishesOnline:
    'This finishes when the phone is back online. Nothing of the members area is shown until then.',
  // Asked before signing out when inspection records wait on the phone.
  unsentRecords: (count: number) =>
    `${counted(count, 'inspection record')} on this phone ${count === 1 ? 'has' : 'have'} not been sent. Signing out deletes ${count === 1 ? 'it' : 'them'}.`,
  sendThenSignOut: 'Send them, then sign out',
  sendNeedsSignal: 'Sending them needs a connection.',
  notAllSent:
    'Not all of them could be sent. Stay signed in to see why on the round, or delete them.',
  deleteAndSignOut: 'Delete them and sign out',
  staySignedIn: 'Stay signed in',
} as const
