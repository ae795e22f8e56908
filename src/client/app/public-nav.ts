import { ourSitesMessages } from '#shared/messages/our-sites'

// The public site's links (spec section 2). Apart from the members' (nav.ts): a module the
// members area loads first would keep these words, as a menu's labels are read when it loads.
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
