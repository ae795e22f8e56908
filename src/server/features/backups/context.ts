import type { App } from '#server/core/app-type'

/** What the nightly backup takes from the core (the app itself satisfies it). */
export type Backups = Pick<App, 'db' | 'config' | 'clock' | 'jobs' | 'mailer' | 'log'>
