// Accounts and sign-in: signing in, registering, the accounts screen, My account's password and
// sessions, and the server's answers to them.

export const accountMessages = {
  loginFailed: 'Login failed. Please try again.',
  enterUserName: 'Please enter a user name',
  selectUserLevel: 'Please select a user level',
  // The spec's User Level select, explained to a stranger (issue 28): the level is only asked for.
  userLevelHint:
    'Plotholder if you rent a plot or are on the waiting list; Committee if you help run the association. The committee approves every new account and sets what it may see.',
  awaitingApproval:
    'Your account is waiting for approval by the committee. You can sign in once it is approved.',
  registered: (email: string) =>
    `Thank you for registering. We have sent a link to ${email}: follow it within a day to make it your account's address. A committee member will approve your account; you can sign in after that.`,
  passwordTooCommon: 'This password is too common. Choose one that is harder to guess.',
  // Our own additions: the spec leaves these rules unstated, so their wording is ours.
  userNameCharacters: 'A user name may use letters, digits, dots, underscores and hyphens.',
  passwordTooShort: 'The password must be at least 8 characters long.',
  passwordTooLong: 'The password must be at most 128 characters long.',
  tooManyAttempts: (seconds: number) =>
    `Too many attempts. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
  userNameTaken: (userName: string) => `The user name '${userName}' is already taken.`,
  emailHasAccount: 'An account with that e-mail address already exists.',
  accountMissing: 'That account does not exist.',
  ownAccountFixed: 'You cannot change your own account here. Use My account.',
  accountAboveReach: 'You may only manage accounts below your own level.',
  levelAboveReach: (reach: number) => `You may grant levels up to ${reach}.`,
  // Site representatives (issue 46): an account limited to some sites.
  unknownSites: (ids: readonly number[]) =>
    `There is no site ${ids.join(', ')}: choose the account's sites from the list.`,
  sitesLabel: 'Sites',
  sitesOf: (userName: string) => `Sites of ${userName}`,
  everySite: 'Every site',
  onlySites: 'Only these sites',
  saveSites: 'Save sites',
  sitesSaved: (userName: string) => `${userName}'s sites are saved.`,
  chooseASite: 'Choose at least one site, or Every site.',
  currentPasswordWrong: 'The current password is not right.',
  currentPasswordRequired: 'Please enter your current password.',
  newPasswordSame: 'The new password must differ from the current one.',
  passwordsDiffer: 'The two new passwords are not the same.',
  passwordChanged: 'Your password has been changed. You are signed out everywhere else.',
  otherSessionsEnded: (count: number) =>
    count === 1 ? 'One other session was signed out.' : `${count} other sessions were signed out.`,
  mustChangePassword: 'Choose a new password before going on.',
  // The password comes last, with nothing after it that could be copied as part of it.
  emailTaken: 'That e-mail address belongs to another account.',
  // Issue 42: an address asked for an account, and its e-mails. Whether it is another account's
  // already is told only in an e-mail to that address.
  addressLinkSubject: "Confirm your account's e-mail address",
  addressLinkText: (userName: string, link: string, association: string) =>
    `Hello ${userName},\n\nSomeone, we hope you, asked ${association} to use this e-mail address for the account ${userName}. Follow this link within a day to confirm it:\n\n${link}\n\nIt works once. If you did not ask, ignore this e-mail: the address will not be used.\n\n${association}`,
  addressTakenSubject: 'Your e-mail address was given for another account',
  addressTakenText: (userName: string, claimant: string, association: string) =>
    `Hello ${userName},\n\nSomeone asked ${association} to use this e-mail address for the account ${claimant}, but it is already the address of your account ${userName}, so nothing has changed. If that was you, sign in as ${userName}; 'Forgotten your password?' on the sign-in page sends a link to choose a new password. If not, ignore this e-mail.\n\n${association}`,
  unconfirmedAddress: (email: string) => `Not yet confirmed: ${email}`,
  confirmReset: (userName: string) =>
    `Reset the password of ${userName}? They are signed out everywhere and must sign in with the one-time password shown here.`,
  oneTimePassword: (userName: string, password: string) =>
    `One-time password for ${userName}, shown only now (they must choose a new password when they sign in): ${password}`,
  // The screens' own hints, notes and notices: our wording.
  passwordHint: 'At least 8 characters.',
  // Issue 29: "Forgotten your password?". The answer is the same whether or not the account
  // exists, so the page tells no one which user names and addresses have one.
  forgottenLink: 'Forgotten your password?',
  forgottenIntro:
    'Give your user name or e-mail address. If it belongs to an account with an e-mail address, we send it a link to choose a new password, good for one hour.',
  enterUserNameOrEmail: 'Please enter your user name or e-mail address.',
  resetLinkSent:
    "If that is the user name or e-mail address of an account, a link to choose a new password is on its way to the account's e-mail address. It works once, for one hour. No e-mail? Ask the committee to reset your password.",
  resetSubject: 'Choose a new password',
  resetText: (userName: string, link: string, association: string) =>
    `Hello ${userName},\n\nSomeone, we hope you, asked to choose a new password for your account at ${association}. Follow this link within an hour to choose one:\n\n${link}\n\nIt works once. If you did not ask, ignore this e-mail: your password stays as it is.\n\n${association}`,
  resetLinkUnknown:
    'This link does not work: it has been used, a newer one has been sent, or it was never sent. Ask for a new one below.',
  resetLinkExpired: 'This link is more than an hour old. Ask for a new one below.',
  resetDone:
    'Your new password is saved, and every session of your account is signed out. Sign in with it now.',
  resetRequestLogged: 'A link to choose a new password was asked for.',
} as const
