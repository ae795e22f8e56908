export const LEVELS = { guest: 0, plotholder: 1, land: 2, committee: 3, admin: 4 } as const

export type Level = (typeof LEVELS)[keyof typeof LEVELS]

// The register form offers only these two (spec section 6).
export const REGISTRATION_LEVELS = [
  { value: LEVELS.plotholder, label: 'Plotholder' },
  { value: LEVELS.committee, label: 'Committee' },
] as const

export type RegistrationLevel = (typeof REGISTRATION_LEVELS)[number]['value']

export function isRegistrationLevel(level: unknown): level is RegistrationLevel {
  return REGISTRATION_LEVELS.some((option) => option.value === level)
}

const LEVEL_NAMES: Record<Level, string> = {
  0: 'Guest',
  1: 'Plotholder',
  2: 'Land access',
  3: 'Committee',
  4: 'Administrator',
}

function isLevel(level: number): level is Level {
  return Object.hasOwn(LEVEL_NAMES, level)
}

// An unknown level grants nothing, so it reads as a guest.
export function levelName(level: number): string {
  return isLevel(level) ? LEVEL_NAMES[level] : LEVEL_NAMES[LEVELS.guest]
}

// Approval never lets someone hand out more than they hold, and only committee and up approve.
export function maxGrantableLevel(approverLevel: number): Level {
  if (approverLevel === LEVELS.admin) return LEVELS.admin
  if (approverLevel === LEVELS.committee) return LEVELS.committee
  return LEVELS.guest
}

// Where the members index sends each level (spec section 2).
export function homePathForLevel(level: number): string {
  switch (level) {
    case LEVELS.plotholder:
      return '/members/map'
    case LEVELS.land:
      return '/members/land'
    case LEVELS.committee:
    case LEVELS.admin:
      return '/members/plotholders'
    default:
      return '/'
  }
}
