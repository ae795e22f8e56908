import { LEVELS } from '#shared/domain/levels'

// Who may use rent's routes, and how the OpenAPI document groups them.
export const plotholder = { minLevel: LEVELS.plotholder }
export const land = { minLevel: LEVELS.land }
export const committee = { minLevel: LEVELS.committee }
export const admin = { minLevel: LEVELS.admin }
export const tags = ['rent']
/** The whole organisation's, refused to an account limited to some sites (decision 48). */
export { everySite } from '#server/core/site-scope'
