// Every user-facing message of the specification, word for word. Nothing else spells them.

// Mail written to the outbox folder has reached no one yet: said of enquiries and of e-mails.
const IN_OUTBOX = 'Saved in the outbox: no mail server is set up'

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
  passwordChanged: 'Your password has been changed. You are signed out everywhere else.',
  otherSessionsEnded: (count: number) =>
    count === 1 ? 'One other session was signed out.' : `${count} other sessions were signed out.`,
  mustChangePassword: 'Choose a new password before going on.',
  // The password comes last, with nothing after it that could be copied as part of it.
  oneTimePassword: (userName: string, password: string) =>
    `One-time password for ${userName}, shown only now (they must choose a new password when they sign in): ${password}`,
  // Refusals of the HTTP layer, before or around any feature: our wording.
  signInRequired: 'Please sign in.',
  noAccess: 'Your account does not have access to this.',
  requestInvalid: 'The request is not valid.',
  // `subject` is "The field 'name'" or "The request body"; `kind` is e.g. 'text' or 'a number'.
  inputMissing: (subject: string) => `${subject} is missing.`,
  inputWrongType: (subject: string, kind: string) => `${subject} must be ${kind}.`,
  addressTooLong: 'Part of the address is too long.',
  addressInvalid: 'The address is not valid.',
  nothingAt: (method: string, path: string) => `There is nothing at ${method} ${path}.`,
  nulRefused: 'Text cannot contain the NUL character (\\u0000).',
  multipartRequired: 'Send the form as multipart/form-data.',
  serverFailed: 'Something went wrong on the server. Please try again.',
  // The error logged with a change that failed for a reason other than a refusal.
  changeFailed: 'The change failed on the server.',
  // The API's answer for a log entry id that is not there.
  logEntryMissing: 'That log entry does not exist.',
  // The screens' own hints, notes and notices: our wording.
  serverUnreachable: 'The server could not be reached. Check your connection and try again.',
  noPageHere: 'There is no page at this address.',
  passwordHint: 'At least 8 characters.',
  // The log entry screen, when the address names no entry (not found, or not an id at all).
  noLogEntry: (id: string) => `There is no log entry ${id}.`,
  personAdded: (id: string) => `${id} was added.`,
  personSaved: (id: string) => `Changes to ${id} were saved.`,
  personDeleted: (id: string) => `${id} was deleted.`,
  movedToWaitingList: (id: string) => `${id} was moved to the waiting list.`,
  movedToPlotholders: (id: string) => `${id} was moved to the plot holders.`,
  noPeopleYet: 'No one yet.',
  noPeopleMatch: 'No one matches the filter.',
  findPersonHint: 'First and last name, nickname or phone number.',
  tenantAdded: (personId: string, plotId: string) => `${personId} added to plot ${plotId}.`,
  tenantRemoved: (personId: string, plotId: string) => `${personId} removed from plot ${plotId}.`,
  // The keywords are spelled out because nothing else on the screen would reveal them.
  plotsFilterHint:
    'At least 2 characters: a plot holder’s nickname, or one of empty, paid, unpaid, new, failed, lapsed.',
  plotsMatch: (count: number) =>
    `${count.toLocaleString('en-GB')} ${count === 1 ? 'plot' : 'plots'} match; the others are faded.`,
  choosePlotOnMap: 'Choose a plot to open its page.',
  pdfFileHint: 'One PDF of at most 20 MB.',
  unreadableUpload: 'The upload could not be read. Please try again.',
  documentUploaded: (name: string, date: string, description: string) =>
    `Uploaded "${name}" to ${date}, ${description}.`,
  confirmDelete: (name: string) => `Delete "${name}"? This cannot be undone.`,
  // The Enquiries screen. Mail written to the outbox folder has reached no one yet, so it is not
  // called "Sent" and is counted on its own.
  enquiriesCount: (total: number, unsent: number, inOutbox: number) =>
    `${total} ${total === 1 ? 'enquiry' : 'enquiries'}, ${unsent} unsent` +
    (inOutbox > 0 ? `, ${inOutbox} in the outbox` : ''),
  enquiryInOutbox: IN_OUTBOX,
  unsavedChanges: 'You have changes that are not saved. Leave this page and lose them?',
  // News (issue 14): the spec's News page is an empty heading, so these words are ours.
  newsTitleRequired: 'The title must be filled in!',
  newsTitleOneLine: 'The title must fit on one line.',
  newsPostMissing: 'That news post does not exist.',
  noNewsPostsYet: 'No news posts yet.',
  newsTextHint: 'A blank line starts a new paragraph.',
  newsPostAdded: (title: string, published: boolean) =>
    published ? `"${title}" is published.` : `"${title}" is saved as a draft.`,
  // Settings (issue 14): the association's details and page texts, edited by the administrator.
  associationNameRequired: 'The association name must be filled in!',
  associationNameOneLine: 'The association name must fit on one line.',
  registerUrlInvalid: 'The register link must be a web address starting with http:// or https://.',
  markdownHint:
    'Markdown: a blank line starts a new paragraph, "## " a heading, "- " a list item, and [words](address) a link.',
  settingsSaved: 'The settings were saved.',
  // The logo and the Home page photo (issue 14).
  chooseImage: 'Choose a picture to upload.',
  oneImageOnly: 'Upload one picture at a time.',
  imageTooLarge: 'The picture is larger than 10 MB.',
  notAnImage: 'The file is not a picture this site can read: choose a JPEG, PNG, WebP or GIF.',
  imageTooManyPixels: 'The picture is too big to resize: at most 40 million pixels.',
  imageHint: 'A JPEG, PNG, WebP or GIF of at most 10 MB; it is stored resized.',
  photoDescriptionHint: 'What the photo shows, for visitors who cannot see it.',
  imageUploaded: 'The picture was uploaded.',
  imageRemoved: 'The picture was removed.',
  imageMissing: 'That picture does not exist.',
  // The site map (issue 14): drawn in the browser or imported as SVG, kept in the database.
  noSiteMapYet: 'No site map yet.',
  noSiteMapYetAdmin: 'No site map yet: import a drawing or draw one on the site map screen.',
  featureNameRequired: 'Every feature needs a name.',
  plotDrawnTwice: (id: string) => `Plot ${id} is drawn twice; each plot may be drawn once.`,
  drawnPlotNameInvalid: (label: string, problem: string) =>
    `The drawing names a plot "${label}": ${problem}`,
  drawnPlotEmpty: (id: string) => `Plot ${id} has no outline in the drawing.`,
  chooseDrawing: 'Choose an SVG drawing to import.',
  oneDrawingOnly: 'Import one drawing at a time.',
  drawingTooLarge: 'The drawing is larger than 5 MB.',
  drawingTooDeep: (depth: number) =>
    `The drawing nests groups more than ${depth.toLocaleString('en-GB')} deep. Ungroup them in your drawing program and import it again.`,
  drawingTooManyElements: (elements: number) =>
    `The drawing has more than ${elements.toLocaleString('en-GB')} shapes, groups and texts. Simplify it in your drawing program (remove hidden layers, combine shapes) and import it again.`,
  drawingTooManyAttributes: (attributes: number) =>
    `A shape in the drawing has more than ${attributes.toLocaleString('en-GB')} attributes. Simplify it in your drawing program and import it again.`,
  drawingTooComplex:
    'The drawing took too long to read. Simplify it in your drawing program (remove hidden layers, combine shapes) and import it again.',
  drawingTooManyPlots: (plots: number) =>
    `The drawing has more than ${plots.toLocaleString('en-GB')} plots; the site map holds at most that many.`,
  notADrawing: 'The file is not an SVG drawing.',
  drawingHasScript:
    'The drawing contains a script or an embedded web page, which the site map will not keep. Save it again without them.',
  drawingHasNoSize: 'The drawing has no size: give its <svg> a viewBox, or a width and a height.',
  drawingHasNoPlots:
    'No plots were found in the drawing: name each plot\'s shape "plot 12" (in its id, its label or its title).',
  drawingHint:
    'An SVG file of at most 5 MB. Name each plot\'s shape "plot 12" (in its id, its label or its title); everything else is kept as the background.',
  drawingImported: (count: number) => `The drawing was imported with ${count} plots.`,
  siteMapSaved: 'The site map was saved.',
  layoutEditorHint:
    'Drag a shape to move it, or its corner to resize it. With a shape chosen, the arrow keys move it and Shift with an arrow key resizes it.',
  chooseLayoutItem: 'Choose a plot or a feature on the drawing to change it.',
  outlineFromDrawing:
    'This outline came from an imported drawing: it can be renamed or removed here, not moved.',
  everyDrawnPlotRecorded: 'Every plot on the drawing has a record already.',
  chooseSpreadsheet: 'Choose a CSV file or an Excel .xlsx workbook to import.',
  oneSpreadsheetOnly: 'Import one file at a time.',
  spreadsheetTooLarge: 'The file is larger than 20 MB. Import it in parts.',
  notASpreadsheet: 'The file is not a spreadsheet: choose a CSV file or an Excel .xlsx workbook.',
  oldExcelFile: 'This is an old Excel .xls file: save it as .xlsx or CSV, then choose it again.',
  unreadableText:
    'The file is not readable text in UTF-8 or Windows-1252: save it as CSV (UTF-8), then choose it again.',
  spreadsheetFormula: (row: number, column: string) =>
    `Row ${row}, column ${column} holds a formula. Save the sheet with values only (or as CSV), then choose it again.`,
  spreadsheetEmpty: 'The file has no rows under its headings.',
  spreadsheetTooManyRows: (max: number) =>
    `The file has more than ${max.toLocaleString('en-GB')} rows. Import it in parts.`,
  workbookTooLarge:
    'The workbook holds more than can be read at once. Import it in parts, or save the sheet as CSV.',
  noSuchSheet: (name: string) => `The workbook has no sheet named '${name}'.`,
  columnRequired: (label: string) => `Choose the column that holds the ${label.toLowerCase()}.`,
  noSuchColumn: (column: string) => `The file has no column '${column}'.`,
  unknownPlot: (id: string) => `There is no plot '${id}'.`,
  unknownNickname: (id: string) => `There is no person with the nickname '${id}'.`,
  notYesOrNo: (label: string, value: string) => `${label} is '${value}': write yes or no.`,
  importDateInvalid: (label: string, value: string) =>
    `${label} is '${value}': write a real date as YYYY-MM-DD or DD/MM/YYYY.`,
  importRowRefused: (row: number, message: string) => `Row ${row}: ${message}`,
  importRefused: (count: number) =>
    `${count === 1 ? 'One row' : `${count} rows`} would be refused, so nothing was saved. Correct the file and check it again.`,
  importReady: (count: number) => `All ${count} rows are ready to import.`,
  importDone: (created: number, kind: string, tenancies: number) =>
    `Imported ${created} ${kind}` + (tenancies ? `, with ${tenancies} tenancies.` : '.'),
  plotsCreated: (count: number) =>
    count === 1 ? 'One plot was created.' : `${count} plots were created.`,
  // Letters and e-mails to members (issue 15).
  subjectRequired: 'The subject must be filled in!',
  subjectOneLine: 'The subject must fit on one line.',
  messageTextRequired: 'The message must be filled in!',
  unknownMergeFields: (fields: readonly string[], known: readonly string[]) =>
    `${fields.length === 1 ? 'Unknown merge field' : 'Unknown merge fields'}: ${fields.map((f) => `{${f}}`).join(', ')}. ` +
    `Use ${known.map((f) => `{${f}}`).join(', ')}.`,
  emptyGroup: 'No one is in this group, so nothing was sent.',
  chooseSomeone: 'Choose at least one person.',
  messagePlan: (email: number, post: number) =>
    `${email.toLocaleString('en-GB')} by e-mail, ${post.toLocaleString('en-GB')} by letter.`,
  mailToOutbox: 'No mail server is set up: the e-mails will be saved in the outbox folder.',
  messageQueued: (email: number, post: number) =>
    `Queued ${email.toLocaleString('en-GB')} e-mails and ${post.toLocaleString('en-GB')} letters.`,
  noMessagesYet: 'No messages yet.',
  templateNameRequired: 'The template name must be filled in!',
  templateNameOneLine: 'The template name must fit on one line.',
  templateMissing: 'That template does not exist.',
  templateSaved: (name: string) => `The template "${name}" was saved.`,
  templateDeleted: (name: string) => `The template "${name}" was deleted.`,
  noLetters: 'This message has no letters to print.',
  downloadLetters: (count: number) =>
    count === 1
      ? 'Download the letter (PDF)'
      : `Download the ${count.toLocaleString('en-GB')} letters (PDF)`,
  nothingSentYet: 'Nothing sent to this person yet.',
  mergeFieldsHint: (fields: readonly string[]) =>
    `Merge fields: ${fields.map((f) => `{${f}}`).join(', ')}.`,
  nicknamesHint: 'Nicknames, separated by commas.',
  // What became of each copy of a message, as the screens name it.
  copyStatus: {
    queued: 'Waiting to be sent',
    sending: 'Sending',
    sent: 'Sent',
    outbox: IN_OUTBOX,
    failed: 'Not sent yet: will be tried again',
    interrupted: 'May have arrived',
    letter: 'Letter to print',
  },
  copyChannel: { email: 'E-mail', post: 'Letter' },
  contactBy: { email: 'E-mail', post: 'Post', both: 'E-mail and post' },
  contactByHint: 'People with no e-mail address get post whatever is chosen here.',
  messageInterrupted:
    'The server stopped while sending this e-mail: it may have arrived. Check with the person before sending it again.',
  // The rent year (issue 16). Amounts reach these as text already (penceText).
  rentYearStarted: (label: string) => `The rent year ${label} has already been started.`,
  rentYearCreated: (count: number, label: string) =>
    `Rent year ${label} started: ${count.toLocaleString('en-GB')} invoices.`,
  noPlotsToInvoice: 'No plot has a tenant, so there is nothing to invoice.',
  invoiceCancelled: 'This invoice was cancelled: nothing more can be recorded against it.',
  referenceRequired: 'Say why: a reference or a note.',
  noRentYear: 'No rent year has been started yet.',
  statementEmpty: 'The bank statement has no payments in it.',
  paymentsRecorded: (count: number) =>
    count === 1 ? 'One payment was recorded.' : `${count} payments were recorded.`,
  dateRangeInvalid: 'The first date must not be after the last.',
  nothingDueToday: 'Nothing is due today.',
  noArrears: 'No invoice is in arrears.',
  noInvoices: 'No invoices yet.',
  rentSettingsSaved: 'The rent settings were saved.',
  reminderDaysOrder: 'The second reminder must come after the first, and arrears after the second.',
  invoiceHeading: (number: number) => `Invoice ${number}`,
  invoiceFacts: {
    date: 'Date',
    due: 'Due by',
    plot: 'Plot',
    year: 'Rent year',
    reference: 'Quote',
    total: 'Total',
    paid: 'Paid',
    refunded: 'Refunded',
    writtenOff: 'Written off',
    outstanding: 'Still owed',
  },
  rentStep: {
    first: 'First reminder',
    second: 'Second reminder',
    arrears: 'In arrears: ready to re-let',
  },
  entryKind: { payment: 'Payment', refund: 'Refund', writeoff: 'Written off', cancel: 'Cancelled' },
  paymentMethod: { cash: 'Cash', cheque: 'Cheque', transfer: 'Bank transfer', card: 'Card' },
  // Rent screens (client).
  writeOffAllHint: 'Leave it empty to write off all still owed.',
  noLedgerEntries: 'Nothing recorded yet.',
  entryRecorded: (entry: string) => `${entry} recorded.`,
  noPaymentsChosen: 'Tick at least one payment.',
} as const
