// Land documents: the timeline of PDFs on the land screen, their upload and their details. Our own
// messages: the spec has no upload screen, so their wording is ours.

import { longDate } from '#shared/domain/dates'

export const landMessages = {
  fileTooLarge: 'The file is larger than 20 MB.',
  notPdf: 'Only PDF files can be uploaded.',
  noFile: 'Choose a PDF file to upload.',
  oneFileOnly: 'Upload one PDF file at a time.',
  nameRequired: 'The document name must be filled in!',
  descriptionRequired: 'The description must be filled in!',
  nothingToChange: 'Give a new name, date, description or position.',
  documentMissing: 'That land document does not exist.',
  pdfFileHint: 'One PDF of at most 20 MB.',
  documentUploaded: (name: string, date: string, description: string) =>
    `Uploaded "${name}" to ${longDate(date)}, ${description}.`,
} as const
