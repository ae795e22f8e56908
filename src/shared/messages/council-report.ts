// What councils are asked (issue 46, item 6; decision 52): the screen's and the CSV's words.

export const councilReportMessages = {
  heading: 'What councils are asked',
  intro:
    'Each site’s plots, waiting list, lettings and rent for a year. Plots are counted as they stand today.',
  yearLabel: 'Year',
  caption: (year: number) => `Figures by site for ${year}`,
  total: 'Total',
  noWait: '—',
  days: (days: number) => `${days.toLocaleString('en-GB')} ${days === 1 ? 'day' : 'days'}`,
  futureYear: 'A report is for the current year or a past one.',
  columns: {
    site: 'Site',
    plots: 'Plots',
    let: 'Let',
    vacant: 'Vacant',
    notLettable: 'Not lettable',
    waiting: 'People waiting',
    lettings: 'Lettings',
    averageWait: 'Average wait',
    invoiced: 'Rent invoiced',
    paid: 'Rent paid',
    arrears: 'Rent in arrears',
  },
  /** The CSV's headings where the screen's would not say the unit. */
  averageWaitDays: 'Average wait (days)',
} as const
