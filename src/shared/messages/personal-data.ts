// A person's copy of everything the association keeps about them (issue 30): the buttons that ask
// for it. The download's own words are in personal-data-summary.ts, erasure's in erasure.ts.

export const personalDataMessages = {
  downloadTheirs: 'Download their data',
  downloadMine: 'Download my data',
  downloadHint:
    'A ZIP file with everything kept about this person: a summary to read and the same data for a computer. Downloading it is logged.',
  eraseHeading: 'Erase personal details',
  downloadMineHint:
    'A ZIP file with everything the association keeps about you: a summary to read and the same data for a computer.',
}
