import { counted } from '#shared/domain/text'

// Importing people or plots from a spreadsheet (a CSV file or an Excel .xlsx workbook): the
// import screen, and the server reading the file and checking its rows.

interface Counts {
  created: number
  updated: number
  unchanged: number
  skipped: number
}

// "3 new people, 2 updated, 1 unchanged and 4 skipped": the counts that are not nought.
function countsText({ created, updated, unchanged, skipped }: Counts, noun: string): string {
  const parts = [
    created ? `${created} new ${noun}` : '',
    updated ? `${updated} updated` : '',
    unchanged ? `${unchanged} unchanged` : '',
    skipped ? `${skipped} skipped` : '',
  ].filter(Boolean)
  if (parts.length === 0) return `no ${noun}`
  return parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`
}

export const importMessages = {
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
  tooLongToRead: 'The file took too long to read. Import it in parts, or save the sheet as CSV.',
  noSuchSheet: (name: string) => `The workbook has no sheet named '${name}'.`,
  columnRequired: (label: string) => `Choose the column that holds the ${label.toLowerCase()}.`,
  nameColumnsRequired:
    'Choose the column that holds the full name, or the columns of the first name and the last name.',
  columnChosenTwice: (column: string, first: string, second: string) =>
    `The column '${column}' is chosen for both ${first} and ${second}. Choose it for one of them only.`,
  sameAsRow: (row: number) =>
    `The same person as row ${row} (the same e-mail address, or the same name and address).`,
  noSuchColumn: (column: string) => `The file has no column '${column}'.`,
  unknownPlot: (id: string) => `There is no plot '${id}'.`,
  notYesOrNo: (label: string, value: string) => `${label} is '${value}': write yes or no.`,
  importDateInvalid: (label: string, value: string) =>
    `${label} is '${value}': write a real date as YYYY-MM-DD or DD/MM/YYYY.`,
  importRowRefused: (row: number, message: string) => `Row ${row}: ${message}`,
  importRefused: (count: number) =>
    `${count === 1 ? 'One row' : `${count} rows`} would be refused, so nothing was saved. Correct the file and check it again.`,
  importReady: (count: number) => `All ${count} rows are ready to import.`,
  importWillDo: (counts: Counts, noun: string) =>
    `What the import will do: ${countsText(counts, noun)}.`,
  importDone: (counts: Counts, noun: string, tenancies: number) =>
    `The import is done: ${countsText(counts, noun)}` +
    (tenancies ? `, with ${counted(tenancies, 'tenancy', 'tenancies')}.` : '.'),
  recognised: (count: number) =>
    `${counted(count, 'person', 'people')} in the file ${count === 1 ? 'is' : 'are'} already recorded (the same e-mail address, or the same name and address).`,
  existingLegend: 'People already recorded',
  existingSkip: 'Skip them: keep their records as they are',
  existingUpdate: 'Update their details from the file',
  columnsKept:
    'Your choices are kept when you choose the file again, and remembered for the next file once you import.',
  previewHeading: (from: number, to: number, total: number) =>
    `Rows ${from} to ${to} of ${total}, as they will be saved`,
  pageOf: (page: number, pages: number) => `Page ${page} of ${pages}`,
  rowActions: { new: 'New', update: 'Update', unchanged: 'No change', skip: 'Skipped' },
  fieldChange: (field: string, old: string, value: string) =>
    `${field}: ${old || '(blank)'} → ${value || '(blank)'}`,
  correctName: (row: number) => `Correct the name in row ${row}`,
  nameCorrected: 'Your correction of the name is used.',
  lastImport: (kind: string, when: string, who: string) =>
    `The last import, of ${kind}, was made on ${when} by ${who}.`,
  undoExplained:
    'Undoing it removes the records it made and puts back those it changed, while nobody has changed them since.',
  undoConfirm: 'Undo the import? The records it made are removed and those it changed put back.',
  importUndone: (removed: number, restored: number) =>
    `The import was undone: ${counted(removed, 'record')} removed, ${counted(restored, 'record')} put back.`,
  undoOnlyLast: 'Only the last import can be undone, and only once.',
  undoRecordChanged: (what: string, id: string) =>
    `The ${what} '${id}' has changed since the import, so the import cannot be undone.`,
  undoRecordGone: (what: string, id: string) =>
    `The ${what} '${id}' has been removed since the import, so the import cannot be undone.`,
  // What the import screen says under a field whose column needs explaining.
  fieldHints: {
    nickname: 'Made from the name when the file has none.',
    fullName:
      'One column with the whole name: the last word is the last name ("van der Berg" stays whole), the rest the first name. You can correct any row in the check.',
    firstName: 'Not needed when the full name has a column.',
    lastName: 'Not needed either when the full name has a column.',
    dateJoined:
      'For someone on the waiting list, the day they joined it, unless that has its own column.',
    joinedWaitingList: "Keeps the waiting list in its order; without it, the file's order is kept.",
    onWaitingList:
      'Yes, or "waiting list"; anything else is a plot holder. Without it, a blank plot means the waiting list.',
    rods: 'A size in rods (to a tenth), kept as square metres: 10 rods is 253 m².',
    plots:
      'Plot names, separated by commas; the plots must be recorded already. A blank plot puts the person on the waiting list.',
    paid: 'Whether the rent of the plots in the row is paid: yes or no, paid or unpaid.',
    tenants: 'Nicknames, separated by commas; the people must be recorded already.',
  },
  mappingUnreadable: 'The column mapping is not readable.',
} as const
