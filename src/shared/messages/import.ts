import { counted, inWords } from '#shared/domain/text'

// Importing people or plots from a spreadsheet (a CSV file or an Excel .xlsx workbook): the
// import screen, and the server reading the file and checking its rows.

interface Counts {
  created: number
  updated: number
  unchanged: number
  skipped: number
  /** Plots a people file names that were not recorded. */
  newPlots?: number
}

type Noun = 'people' | 'plots'
const ONE: Record<Noun, string> = { people: 'person', plots: 'plot' }

// "3 new people, 2 new plots, 2 updated, 1 unchanged and 4 skipped": the counts not nought.
function countsText(
  { created, updated, unchanged, skipped, newPlots = 0 }: Counts,
  noun: Noun,
): string {
  const parts = [
    created ? `${created} new ${created === 1 ? ONE[noun] : noun}` : '',
    newPlots ? counted(newPlots, 'new plot') : '',
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
  headingsRowBlank: (row: number) =>
    `Row ${row} has nothing in it: choose a row that holds the headings.`,
  headingsRowAbove: (row: number, table: number) =>
    `Row ${row} is not below the headings of table ${table}: choose a row further down.`,
  columnRequired: (label: string) => `Choose the column that holds the ${label.toLowerCase()}.`,
  noTableChosen: 'Choose at least one table of the sheet to import.',
  nameColumnsRequired:
    'Choose the column that holds the full name, or the columns of the first name and the last name.',
  columnChosenTwice: (column: string, first: string, second: string) =>
    `The column '${column}' is chosen for both ${first} and ${second}. Choose it for one of them only.`,
  sameAsRow: (row: number) =>
    `The same person as row ${row} (the same e-mail address, or the same name and address).`,
  noSuchColumn: (column: string) => `The file has no column '${column}'.`,
  unknownPlot: (id: string) => `There is no plot '${id}'.`,
  unknownSite: (written: string, sites: readonly string[]) =>
    `There is no site '${written}'. ` +
    (sites.length === 1 ? `The only site is ${sites[0]}.` : `The sites are ${inWords(sites)}.`),
  retiredSite: (name: string) =>
    `The site '${name}' is retired: bring it back before importing onto it, or name another site.`,
  rowsBySite: (sites: ReadonlyArray<{ name: string; rows: number }>) =>
    `By site: ${inWords(sites.map(({ name, rows }) => `${counted(rows, 'row')} to ${name}`))}.`,
  newPlot: (id: string) => `${id} (new plot)`,
  notYesOrNo: (label: string, value: string) => `${label} is '${value}': write yes or no.`,
  importDateInvalid: (label: string, value: string) =>
    `${label} is '${value}': write a real date as YYYY-MM-DD or DD/MM/YYYY.`,
  importRowRefused: (row: number, message: string) => `Row ${row}: ${message}`,
  importRefused: (count: number) =>
    `${count === 1 ? 'One row' : `${count} rows`} would be refused, so nothing was saved. Correct the file and check it again.`,
  importReady: (count: number) => `All ${count} rows are ready to import.`,
  importWillDo: (counts: Counts, noun: Noun) =>
    `What the import will do: ${countsText(counts, noun)}.`,
  // The button counts what the check counts: every record of the file, and the plots it makes.
  importButton: (counts: Counts, noun: Noun) => {
    const records = counts.created + counts.updated + counts.unchanged + counts.skipped
    const plots = counts.newPlots ? ` and ${counted(counts.newPlots, 'new plot')}` : ''
    return `Import ${counted(records, ONE[noun], noun)}${plots}`
  },
  importDone: (counts: Counts, noun: Noun, tenancies: number) =>
    `The import is done: ${countsText(counts, noun)}` +
    (tenancies ? `, with ${counted(tenancies, 'tenancy', 'tenancies')}.` : '.'),
  recognised: (count: number) =>
    `${counted(count, 'person', 'people')} in the file ${count === 1 ? 'is' : 'are'} already recorded (the same e-mail address, or the same name and address).`,
  existingLegend: 'People already recorded',
  existingSkip: 'Skip them: keep their records as they are',
  existingUpdate: 'Update their details from the file',
  tableHeading: (table: number, title: string) =>
    title ? `Table ${table}: ${title}` : `Table ${table}`,
  tableRows: ({
    rowCount,
    headings,
    firstRow,
    lastRow,
  }: {
    rowCount: number
    headings: number
    firstRow: number
    lastRow: number
  }) =>
    `${counted(rowCount, 'row')} under the headings in row ${headings}` +
    (rowCount ? `: rows ${firstRow} to ${lastRow}.` : '.'),
  // The site of a file of several sites' rows is the site of the rows that name none: the form's
  // field is named apart from the Site column's (decision 54).
  fileSiteLabel: 'Site of the file',
  fileSiteHint: 'Rows that name no site (in a Site column) go to this site.',
  headingsRowLabel: 'Headings row',
  headingsRowHint:
    'The row that names the columns. Rows above it (a title, an "Updated by" line) and blank rows are left out.',
  rowChoice: (row: number, text: string) => `Row ${row}: ${text}`,
  importThisTable: 'Import this table',
  tableProblem: (table: number) =>
    `Table ${table} cannot be imported with its columns as they are chosen: see its columns below.`,
  columnsKept:
    'Your choices are kept when you choose the file again, and remembered for the next file once you import.',
  previewHeading: (from: number, to: number, total: number) =>
    `Rows ${from} to ${to} of ${total}, as they will be saved`,
  pageOf: (page: number, pages: number) => `Page ${page} of ${pages}`,
  rowActions: { new: 'New', update: 'Update', unchanged: 'No change', skip: 'Skipped' },
  fieldChange: (field: string, old: string, value: string) =>
    `${field}: ${old || '(blank)'} → ${value || '(blank)'}`,
  correctName: (row: number) => `Correct the name in row ${row}`,
  correctNameShort: 'Correct',
  correctNameExplained:
    "Each person is recorded on their own, sharing the row's plots. Remove one, or add one, if the row names them otherwise.",
  personField: (label: string, person: number) => `${label} of person ${person}`,
  addPerson: 'Add a person',
  removePerson: (person: number) => `Remove person ${person}`,
  jointRows: (count: number) =>
    `${count === 1 ? 'One row names' : `${count} rows name`} more than one person: each will be a person of their own, sharing the row's plots. Correct any that is one person.`,
  jointRow: (row: number, written: string, people: readonly string[]) =>
    `Row ${row}: '${written}' is ${inWords(people)}.`,
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
    title: 'Mr, Mrs, Dr…: not needed when the name gives it ("Ellison, Margaret (Mrs)").',
    fullName:
      'One column with the whole name: the last word is the last name ("van der Berg" stays whole), the rest the first name; "Shah, Priya & Arjun" is two people sharing the plot, and "Ellison, Margaret (Mrs)" has the title Mrs. You can correct any row in the check.',
    firstName: 'Not needed when the full name has a column.',
    lastName: 'Not needed either when the full name has a column.',
    dateJoined:
      'For someone on the waiting list, the day they joined it, unless that has its own column.',
    joinedWaitingList: "Keeps the waiting list in its order; without it, the file's order is kept.",
    onWaitingList:
      'Yes, or "waiting list"; anything else is a plot holder. Without it, a blank plot means the waiting list, and so does a table with the date they joined it and no plots.',
    rods: 'A size in rods (to a tenth), kept as square metres: 10 rods is 253 m².',
    plots:
      'Plot names, separated by commas; a plot not yet recorded is made. A blank plot puts the person on the waiting list.',
    paid: 'Whether the rent of the plots in the row is paid: yes or no, paid or unpaid.',
    site: "The site's name, for a file of several sites: the row's plots are on it, and someone waiting joins its list. A blank cell is the site chosen for the file.",
    tenants: 'Nicknames, separated by commas; the people must be recorded already.',
    notes:
      'The committee\'s notes about the person ("wants half plot", "no email - post only"), kept with their record.',
  },
  mappingUnreadable: 'The column mapping is not readable.',
} as const
