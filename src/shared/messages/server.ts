// What the server says of a request before or around any feature: the HTTP layer's refusals, and
// the error logged with a change that failed. Only the server loads these.

export const serverMessages = {
  // Refusals of the HTTP layer, before or around any feature: our wording.
  crossSiteRefused: 'Cross-site requests are refused.',
  badHost: 'The Host header must be a plain host name with an optional port.',
  signInRequired: 'Please sign in.',
  noAccess: 'Your account does not have access to this.',
  requestInvalid: 'The request is not valid.',
  addressTooLong: 'Part of the address is too long.',
  addressInvalid: 'The address is not valid.',
  nothingAt: (method: string, path: string) => `There is nothing at ${method} ${path}.`,
  nulRefused: 'Text cannot contain the NUL character (\\u0000).',
  multipartRequired: 'Send the form as multipart/form-data.',
  unreadableUpload: 'The upload could not be read. Please try again.',
  serverFailed: 'Something went wrong on the server. Please try again.',
  // The error logged with a change that failed for a reason other than a refusal.
  changeFailed: 'The change failed on the server.',
} as const
