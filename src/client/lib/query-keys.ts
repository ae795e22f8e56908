// The first key of every server collection the client caches. Every query's key starts with its
// collection's, so invalidating that one key refreshes every list and record of it, on whichever
// screen it is shown: a person's rent sits under rent, the plots screens' list of everyone under
// people. A feature refreshes another's data by these keys, never by importing that feature.
export const queryKeys = {
  accounts: ['accounts'],
  apply: ['apply'],
  calendar: ['calendar'],
  enquiries: ['enquiries'],
  imports: ['imports'],
  keys: ['keys'],
  inspections: ['inspections'],
  land: ['land-documents'],
  letting: ['letting'],
  logs: ['logs'],
  messages: ['messages'],
  myAllotment: ['my-allotment'],
  news: ['news'],
  offers: ['offers'],
  people: ['people'],
  plots: ['plots'],
  privacy: ['privacy'],
  reports: ['reports'],
  rent: ['rent'],
  settings: ['settings'],
  setup: ['setup'],
  site: ['site'],
  sites: ['sites'],
  siteMap: ['site-map'],
  system: ['system'],
  viewer: ['me'],
  vitals: ['vitals-summary'],
  waitingList: ['waiting-list'],
} as const
