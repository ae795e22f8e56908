// The addresses of members screens that other features and shared pieces link to.

/** A plot's page; plot names may hold spaces. */
export const plotPath = (plotId: string) => `/members/plots/${encodeURIComponent(plotId)}`

/** Where the administrator draws the site map or imports a drawing. */
export const SITE_MAP_DRAWING_PATH = '/members/site-map'
