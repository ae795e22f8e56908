import { useLocation } from 'react-router'
import { NewPersonForm } from './new-person-form.tsx'
import type { PeopleLocationState } from './mode.ts'

// Each visit (the Add link, or coming back after a save) is a new location, hence a blank form.
export function NewPersonPage() {
  const location = useLocation()
  const state = location.state as PeopleLocationState | null
  return <NewPersonForm key={location.key} focus={Boolean(state?.add)} />
}
