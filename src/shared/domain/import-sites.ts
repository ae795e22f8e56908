import { ok, refuse, type Outcome } from '#shared/domain/outcome'
import { importMessages } from '#shared/messages/import'

// Issue 46, item 7 (decision 54): a file's Site column gives each row's site, by name, without
// regard to case or spacing ("northfield ", "North  Field" for "North Field"); a blank cell is
// the site chosen for the file. Pure, so that the reading is tested without a database.

export interface NamedSite {
  id: number
  name: string
  retiredOn: string | null
}

const sameName = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase()

/**
 * How a row's site cell is read among the organisation's sites: the file's site for a blank
 * cell, the site of that name, or a refusal naming the cell and the sites a row may name (those
 * in use). A retired site is refused by name.
 */
export function siteReader(sites: readonly NamedSite[], fileSite: NamedSite) {
  const byName = new Map(sites.map((site) => [sameName(site.name), site]))
  const open = sites.filter((site) => !site.retiredOn).map((site) => site.name)
  return (cell = ''): Outcome<NamedSite> => {
    if (!cell.trim()) return ok(fileSite)
    const site = byName.get(sameName(cell))
    if (!site) return refuse(importMessages.unknownSite(cell.trim(), open))
    if (site.retiredOn) return refuse(importMessages.retiredSite(site.name))
    return ok(site)
  }
}

/**
 * How many rows go to each site, in the order the sites were added, when the rows go to more
 * than one; none when they all go to one.
 */
export function rowsBySite(
  sites: ReadonlyArray<Pick<NamedSite, 'id' | 'name'>>,
): Array<{ name: string; rows: number }> {
  const counts = new Map<number, { name: string; rows: number }>()
  for (const { id, name } of sites) {
    const count = counts.get(id) ?? { name, rows: 0 }
    count.rows++
    counts.set(id, count)
  }
  if (counts.size < 2) return []
  return [...counts.entries()].sort(([a], [b]) => a - b).map(([, count]) => count)
}
