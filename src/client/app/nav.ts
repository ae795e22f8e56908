import { MY_ACCOUNT_PATH, MY_ALLOTMENT_PATH } from '../lib/session.ts'
import { LEVELS } from '#shared/domain/levels'
import { ourSitesMessages } from '#shared/messages/our-sites'

// The links of each area, with the lowest level that sees them (spec sections 2 and 6).
export const publicNav = [
  { to: '/', label: 'Home' },
  { to: '/about', label: 'About' },
  { to: '/news', label: 'News' },
  { to: '/sites', label: ourSitesMessages.heading },
  { to: '/contact', label: 'Contact' },
  { to: '/apply', label: 'Apply' },
] as const

/** At the foot of every public page. */
export const footerNav = [{ to: '/privacy', label: 'Privacy' }] as const

export const membersNav = [
  { to: '/members/map', label: 'Map', minLevel: LEVELS.plotholder },
  // Only for an account linked to a person's record: anyone else has no allotment to show.
  { to: MY_ALLOTMENT_PATH, label: 'My allotment', minLevel: LEVELS.plotholder, needsRecord: true },
  { to: '/members/plots', label: 'Plots', minLevel: LEVELS.land },
  { to: '/members/land', label: 'Land', minLevel: LEVELS.land },
  { to: '/members/plotholders', label: 'Plot holders', minLevel: LEVELS.committee },
  { to: '/members/waitinglist', label: 'Waiting list', minLevel: LEVELS.committee },
  { to: '/members/users', label: 'Accounts', minLevel: LEVELS.committee },
  { to: '/members/enquiries', label: 'Enquiries', minLevel: LEVELS.committee },
  { to: '/members/news', label: 'News', minLevel: LEVELS.committee },
  { to: '/members/messages', label: 'Messages', minLevel: LEVELS.committee },
  { to: '/members/rent', label: 'Rent', minLevel: LEVELS.committee },
  { to: '/members/keys', label: 'Keys', minLevel: LEVELS.committee },
  { to: '/members/reports', label: 'Reports', minLevel: LEVELS.committee },
  { to: '/members/privacy', label: 'Privacy', minLevel: LEVELS.committee },
  { to: '/members/logs', label: 'Logs', minLevel: LEVELS.admin },
  { to: '/members/performance', label: 'Performance', minLevel: LEVELS.admin },
  { to: MY_ACCOUNT_PATH, label: 'My account', minLevel: LEVELS.plotholder },
] as const
