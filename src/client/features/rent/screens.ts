// The rent screens load together, with their first visit: one chunk, and one entry in the home
// page's router, which the home page's budget has little room for.
export { RentPage } from './rent-page.tsx'
export { InvoicePage } from './invoice-page.tsx'
export { RentSettingsPage } from './rent-settings-page.tsx'
export { BankLinesPage } from './bank-lines-page.tsx'
export { AccountsPage } from './accounts-page.tsx'
