import type { Cell } from './spreadsheets.ts'

// Issue 44: a predecessor's register as a secretary keeps it (the people are made up): a title and
// an "Updated by" line above the headings, blank rows, joint tenants and titles written in the
// name, a Notes column, a vacant plot's line with no one named, and the waiting list as a second table below the plots, with headings and
// a "Date applied" of its own. Rows are numbered as the spreadsheet numbers them.
// One row a line, so that each reads as the spreadsheet shows it.
// prettier-ignore
export const REGISTER: Cell[][] = [
  ['Larkfield Road Allotment Society: plot register', '', '', '', '', '', '', ''], // 1
  ['Updated by D. Marsh, 2 March 2026'], // 2
  [], // 3
  ['Plot', 'Name', 'Address', 'Phone', 'Email', 'Date started', 'Paid', 'Notes'], // 4
  ['1', 'Ellison, Margaret (Mrs)', '4 Mill Lane', '01632 960001', 'margaret@example.org', '03/04/2015', 'Yes', ''], // 5
  ['2', 'Shah, Priya & Arjun', '9 Station Road', '', 'shahs@example.org', '12/09/2019', 'No', 'wants half plot'], // 6
  [], // 7
  ['3', 'Mr Tom Baker', '11 Orchard Close', '01632 960003', '', '01/05/2021', 'Yes', 'no email - post only'], // 8
  ['4', 'Nowak, Zofia', '2 Church Walk', '', 'zofia@example.org', '20/03/2022', 'Yes', ''], // 9
  ['5', '', '', '', '', '', '', 'vacant - overgrown'], // 10
  ['Waiting list'], // 11
  ['Name', 'Address', 'Email', 'Date applied', 'Notes'], // 12
  ['Okafor, Chidi', '5 Hill Rise', 'chidi@example.org', '03/02/2024', ''], // 13
  ['Hill, Joan (Miss)', '7 Vale View', '', '17/11/2023', 'prefers a half plot'], // 14
  ['Dr Samir Haddad', '1 Elm Court', 'samir@example.org', '28/06/2024', ''], // 15
]
