// A site's own letting, inspection and work hours settings beside the organisation's (issue 46, decision 53):
// the words of their sections, apart from the features' own so that they load with the sections
// only. Rent's site rates keep theirs in rent.ts (decision 48).
export const siteSettingsMessages = {
  offers: {
    heading: 'A site’s own letting settings',
    chooseSite: 'Choose a site above to offer its plots its own way.',
    legend: 'This site’s plots are offered',
    organisation: 'The organisation’s way (above)',
    own: 'Its own way',
    saved: (site: string) => `The letting settings of ${site} were saved.`,
    submit: 'Save the site’s letting settings',
  },
  standards: {
    heading: 'A site’s own inspection settings',
    chooseSite: 'Choose a site above to judge its plots by grades and notices of its own.',
    legend: 'This site’s plots are judged by',
    organisation: 'The organisation’s grades and notices (above)',
    own: 'Grades and notices of its own',
    saved: (site: string) => `The inspection settings of ${site} were saved.`,
    submit: 'Save the site’s inspection settings',
  },
  workHours: {
    heading: 'A site’s own work hours',
    chooseSite: 'Choose a site above to give its plots hours of their own.',
    legend: 'This site’s plots owe',
    organisation: 'The organisation’s hours (above)',
    own: 'Hours of its own',
    saved: (site: string) => `The work hours of ${site} were saved.`,
    submit: 'Save the site’s work hours',
  },
  lettersHint: 'Its notices are the organisation’s letters (above).',
} as const
