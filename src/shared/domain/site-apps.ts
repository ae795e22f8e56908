// The site is two apps (decision 23), and the address alone says which one answers a page: the
// members area for /members and everything under it (spelt exactly so), the public site for every
// other. The server picks the page by it, and each app's router by it knows an address it cannot
// show from one of the other app's.
export type SiteApp = 'members' | 'public'

export const appOf = (pathname: string): SiteApp =>
  /^\/members(\/|$)/.test(pathname) ? 'members' : 'public'
