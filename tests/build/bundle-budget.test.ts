import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { bundleSizes } from './bundle-sizes.ts'

// Budgets in kB of gzipped JavaScript. The public home page's is 60 kB (issue 27: the public site
// runs on Preact, decision 23); the members area's first load keeps the 120 kB the whole site had;
// each screen's was set from its size when it was written, plus a little headroom
// (see bundle-budgets.json).
const HOME_BUDGET_KB = 60
const MEMBERS_BUDGET_KB = 120
const budgets = JSON.parse(
  fs.readFileSync(path.join(import.meta.dirname, 'bundle-budgets.json'), 'utf8'),
) as Record<string, number>

describe('bundle budgets', () => {
  const sizes = bundleSizes()

  it(`keeps the JavaScript the home page loads under ${HOME_BUDGET_KB} kB gzipped`, () => {
    console.log(`home page: ${sizes.homeKb.toFixed(1)} kB gzipped`)
    expect(sizes.homeKb).toBeLessThan(HOME_BUDGET_KB)
  })

  it(`keeps the JavaScript the members area first loads under ${MEMBERS_BUDGET_KB} kB gzipped`, () => {
    console.log(`members area: ${sizes.membersKb.toFixed(1)} kB gzipped`)
    expect(sizes.membersKb).toBeLessThan(MEMBERS_BUDGET_KB)
  })

  it('keeps every lazily loaded screen within its budget', () => {
    const over = sizes.routes
      .map(({ screen, kb }) => {
        console.log(`${screen}: ${kb.toFixed(1)} kB (budget ${budgets[screen] ?? 'none'})`)
        return { screen, kb, budget: budgets[screen] }
      })
      .filter(({ kb, budget }) => budget === undefined || kb > budget)
      .map(
        ({ screen, kb, budget }) => `${screen}: ${kb.toFixed(1)} kB, budget ${budget ?? 'missing'}`,
      )
    expect(over).toEqual([])
  })
})
