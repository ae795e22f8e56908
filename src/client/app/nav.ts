import { MY_ACCOUNT_PATH, MY_ALLOTMENT_PATH } from '../lib/session.ts'
import { LEVELS } from '#shared/domain/levels'

// The members area's links, with the lowest level that sees them (spec sections 2 and 6). The
// public site's are public-nav.ts: read in the members' first load, its words cost it half a kB.
export const membersNav = [
  { to: '/members/map', label: 'Map', minLevel: LEVELS.plotholder },
  // Only for an account linked to a person's record: anyone else has no allotment to show.
  { to: MY_ALLOTMENT_PATH, label: 'My allotment', minLevel: LEVELS.plotholder, needsRecord: true },
  { to: '/members/calendar', label: 'Calendar', minLevel: LEVELS.plotholder },
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
