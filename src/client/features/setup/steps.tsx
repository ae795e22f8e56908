import type { ReactNode } from 'react'
import type { SetupStepId } from '#shared/schemas/setup'
import { SITE_MAP_DRAWING_PATH } from '#client/lib/paths.ts'

export interface StepText {
  title: string
  text: ReactNode
  /** Where the step's work is done. */
  links: Array<{ to: string; label: string }>
}

// What each first-run step asks of the administrator, and where it is done.
export const STEPS: Record<SetupStepId, StepText> = {
  details: {
    title: 'Name and details',
    text: (
      <>
        The association’s name, charity number, contact address, logo, and the texts of the Home and
        About pages.
      </>
    ),
    links: [{ to: '/members/settings', label: 'Open Settings' }],
  },
  map: {
    title: 'Site map',
    text: (
      <>
        Import a drawing of the site (SVG) in which each plot’s shape is named “plot 12”, and create
        the plots it shows in one go.
      </>
    ),
    links: [{ to: SITE_MAP_DRAWING_PATH, label: 'Open the site map drawing' }],
  },
  plots: {
    title: 'Plots and people',
    text: (
      <>
        Import the plot holders, the waiting list and the plots from the spreadsheet you keep today
        (CSV or Excel), or create them one at a time.
      </>
    ),
    links: [
      { to: '/members/import', label: 'Import a spreadsheet' },
      { to: '/members/plots/new', label: 'Create a plot' },
      { to: '/members/plotholders', label: 'Open Plot holders' },
    ],
  },
  committee: {
    title: 'Invite the committee',
    text: (
      <>
        Ask each committee member to register on this site, then give them the committee level on
        Accounts.
      </>
    ),
    links: [{ to: '/members/users', label: 'Open Accounts' }],
  },
}
