// The inspections screens load together, with their first visit: one chunk, which the phone
// keeps for a round walked without a signal.
export { InspectionsPage } from './inspections-page.tsx'
export { RoundPage } from './round-page.tsx'
export { InspectionSettingsPage } from './inspection-settings-page.tsx'
