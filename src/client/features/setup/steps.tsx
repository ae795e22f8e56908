import type { ReactNode } from 'react'
import type { SetupStepId } from '#shared/schemas/setup'

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
  plots: {
    title: 'Plots and people',
    text: <>Create the plots, then add the plot holders and the waiting list.</>,
    links: [
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
