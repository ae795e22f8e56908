// The new-offer form's address, with the plot or the person it starts from: the offers screen,
// a vacant plot's page and a waiting list member's page all open it.
export function newOfferHref(from: { plot?: string; person?: string } = {}) {
  const search = new URLSearchParams()
  if (from.plot) search.set('plot', from.plot)
  if (from.person) search.set('person', from.person)
  return search.size > 0 ? `/members/offers/new?${search.toString()}` : '/members/offers/new'
}
