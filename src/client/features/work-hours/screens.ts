// The work hours' screens load together, with their first visit: one chunk, which the phone keeps
// for a work party recorded without signal (decision 66).
export { RegisterPage } from './register-page.tsx'
export { WorkHoursPage } from './work-hours-page.tsx'
