// "Invite everyone who has no account yet" (issue 29), above the people lists: loaded with that
// button only, not with every people screen.

interface GroupCounts {
  invited: number
  withoutEmail: number
  signedUp: number
}

const count = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`

export const invitationMessages = {
  confirmInviteGroup: (group: string) =>
    `Send an invitation to sign in to every ${group} with an e-mail address and no account yet?`,
  groupInvited: ({ invited, withoutEmail, signedUp }: GroupCounts) =>
    `${count(invited, 'invitation')} on ${invited === 1 ? 'its' : 'their'} way. ${count(withoutEmail, 'person', 'people')} without an e-mail address left out; ${count(signedUp, 'person', 'people')} already ${signedUp === 1 ? 'signs' : 'sign'} in.`,
  invitationsStanding: (sent: number, waiting: number) =>
    `Invitations open: ${sent} sent${waiting > 0 ? `, ${waiting} waiting to be sent` : ''}.`,
}
