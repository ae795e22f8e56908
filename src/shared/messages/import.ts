// Importing people or plots from a spreadsheet (a CSV file or an Excel .xlsx workbook): the
// import screen, and the server reading the file and checking its rows.

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
  noSuchSheet: (name: string) => `The workbook has no sheet named '${name}'.`,
  columnRequired: (label: string) => `Choose the column that holds the ${label.toLowerCase()}.`,
  noSuchColumn: (column: string) => `The file has no column '${column}'.`,
  unknownPlot: (id: string) => `There is no plot '${id}'.`,
  notYesOrNo: (label: string, value: string) => `${label} is '${value}': write yes or no.`,
  importDateInvalid: (label: string, value: string) =>
    `${label} is '${value}': write a real date as YYYY-MM-DD or DD/MM/YYYY.`,
  importRowRefused: (row: number, message: string) => `Row ${row}: ${message}`,
  importRefused: (count: number) =>
    `${count === 1 ? 'One row' : `${count} rows`} would be refused, so nothing was saved. Correct the file and check it again.`,
  importReady: (count: number) => `All ${count} rows are ready to import.`,
  importDone: (created: number, kind: string, tenancies: number) =>
    `Imported ${created} ${kind}` + (tenancies ? `, with ${tenancies} tenancies.` : '.'),
  // What the import screen says under a field whose column needs explaining.
  fieldHints: {
    nickname: 'Made from the name when the file has none.',
    joinedWaitingList: 'Keeps the waiting list in its order.',
    onWaitingList: 'Yes, or "waiting list"; anything else is a plot holder.',
    plots: 'Plot names, separated by commas; the plots must be recorded already.',
    tenants: 'Nicknames, separated by commas; the people must be recorded already.',
  },
  mappingUnreadable: 'The column mapping is not readable.',
} as const
