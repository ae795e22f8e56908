// Every user-facing message of the specification, word for word. Nothing else spells them.
export const messages = {
  loginFailed: 'Login failed. Please try again.',
  somethingWentWrong: 'Something went wrong!',
  contactFailed: 'Something went wrong. Click here to try again.',
  contactSent: 'Your enquiry has been submitted.',
  invalidEmail: 'Please enter a valid email address!',
  enterUserName: 'Please enter a user name',
  selectUserLevel: 'Please select a user level',
  personNameRequired: "The person's name must be filled in!",
  personNicknameRequired: "The person's nickname must be filled in!",
  nicknameInUse: (id: string) => `The nickname '${id}' is already in use!`,
  personHasPlots: 'This person has plots',
  personHasNoPlot: "This person doesn't have a plot yet",
  plotNameInUse: 'Plot name already in use!',
  fourTenantsOnly: 'Only four tenants allowed per plot',
  error: 'Error!',
  awaitingApproval:
    'Your account is waiting for approval by the committee. You can sign in once it is approved.',
  registered:
    'Thank you for registering. A committee member will approve your account; you can sign in after that.',
  passwordTooCommon: 'This password is too common. Choose one that is harder to guess.',
  plotNameReserved: "'new' cannot be a plot name. Choose another name.",
  staleVersion:
    'Someone else changed this record while you were editing it. Reload it to see their changes, then make yours again.',
  // Our own additions: the spec leaves these rules unstated, so their wording is ours.
  nicknameCharacters:
    'A nickname may use letters, digits, spaces, hyphens, underscores, apostrophes and dots.',
  plotNameRequired: 'The plot name must be filled in!',
  plotNameCharacters: 'A plot name may use letters, digits, spaces and hyphens.',
  userNameCharacters: 'A user name may use letters, digits, dots, underscores and hyphens.',
  contactNameRequired: 'Please enter your name.',
  contactEnquiryRequired: 'Please enter your enquiry.',
  passwordTooShort: 'The password must be at least 8 characters long.',
  passwordTooLong: 'The password must be at most 128 characters long.',
  tooLong: (field: string, max: number) => `The ${field} must be at most ${max} characters long.`,
  invalidDate: 'Please enter a real date as YYYY-MM-DD.',
  invalidGradient: 'The gradient must be slope or flat.',
  areaWholeNumber: 'Area must be a whole number of square metres, from 0 to 1,000,000.',
  distanceWholeNumber: 'Distance must be a whole number of metres, from 0 to 1,000,000.',
  feeWholeNumber: 'Fee must be a whole number, from 0 to 1,000,000.',
  personMissing: (id: string) => `There is no person with the nickname '${id}'.`,
  plotMissing: (id: string) => `There is no plot named '${id}'.`,
  // Accounts and sign-in.
  tooManyAttempts: (seconds: number) =>
    `Too many attempts. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
  crossSiteRefused: 'Cross-site requests are refused.',
  badHost: 'The Host header must be a plain host name with an optional port.',
  contactNameOneLine: 'Your name must fit on one line.',
  userNameTaken: (userName: string) => `The user name '${userName}' is already taken.`,
  emailHasAccount: 'An account with that e-mail address already exists.',
  accountMissing: 'That account does not exist.',
  ownAccountFixed: 'You cannot change your own account here. Use My account.',
  accountAboveReach: 'You may only manage accounts below your own level.',
  levelAboveReach: (reach: number) => `You may grant levels up to ${reach}.`,
  currentPasswordWrong: 'The current password is not right.',
  currentPasswordRequired: 'Please enter your current password.',
  newPasswordSame: 'The new password must differ from the current one.',
  passwordsDiffer: 'The two new passwords are not the same.',
  passwordChanged: 'Your password has been changed.',
  otherSessionsEnded: (count: number) =>
    count === 1 ? 'One other session was signed out.' : `${count} other sessions were signed out.`,
  mustChangePassword: 'Choose a new password before going on.',
  // The password comes last, with nothing after it that could be copied as part of it.
  oneTimePassword: (userName: string, password: string) =>
    `One-time password for ${userName}, shown only now (they must choose a new password when they sign in): ${password}`,
} as const
