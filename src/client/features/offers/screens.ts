// The offers screens load together, with their first visit: one chunk, and one entry in the home
// page's router, which the home page's budget has little room for.
export { OffersPage } from './offers-page.tsx'
export { NewOfferPage } from './new-offer-page.tsx'
export { LettingSettingsPage } from './letting-settings-page.tsx'
