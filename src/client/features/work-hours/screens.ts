// The register loads on its own, with its first visit: one chunk, which the phone keeps for a
// work party recorded without signal (decision 66).
export { RegisterPage } from './register-page.tsx'
