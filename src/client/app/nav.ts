import { MY_ACCOUNT_PATH } from '../lib/session.ts'

// The links of each area, with the lowest level that sees them (spec sections 2 and 6).
export const publicNav = [
  { to: '/', label: 'Home' },
  { to: '/about', label: 'About' },
  { to: '/news', label: 'News' },
  { to: '/contact', label: 'Contact' },
] as const

export const membersNav = [
  { to: '/members/map', label: 'Map', minLevel: 1 },
  { to: '/members/plots', label: 'Plots', minLevel: 2 },
  { to: '/members/land', label: 'Land', minLevel: 2 },
  { to: '/members/plotholders', label: 'Plot holders', minLevel: 3 },
  { to: '/members/waitinglist', label: 'Waiting list', minLevel: 3 },
  { to: '/members/users', label: 'Accounts', minLevel: 3 },
  { to: '/members/enquiries', label: 'Enquiries', minLevel: 3 },
  { to: '/members/logs', label: 'Logs', minLevel: 4 },
  { to: '/members/performance', label: 'Performance', minLevel: 4 },
  { to: MY_ACCOUNT_PATH, label: 'My account', minLevel: 1 },
] as const
