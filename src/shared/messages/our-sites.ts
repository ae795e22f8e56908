// The public's "Our sites" page (issue 46, decision 51). Apart from the sites' messages: the
// public menu names it, and the menu is in every page's first load.

export const ourSitesMessages = {
  heading: 'Our sites',
  intro:
    'Each of our sites has its own plots and its own waiting list. This is what each one has, and how long people usually wait for a plot there.',
  fromApply: 'See our sites and how long each one’s waiting list usually takes',
  address: 'Address',
  facilities: 'Facilities',
  plotsLet: 'Plots let',
  plotsVacant: 'Plots vacant',
  waiting: 'People waiting',
  typicalWait: 'Typical wait',
  months: (months: number) =>
    months === 0 ? 'Less than a month' : months === 1 ? 'About 1 month' : `About ${months} months`,
  notEnoughLettings: 'Not enough lettings yet to say',
  waitHint:
    'From joining the site’s waiting list to accepting a plot there, over the last two years.',
} as const
