import { describe, expect, it } from 'vitest'
import {
  BLANK_LAYOUT,
  addFeature,
  addPlot,
  changeFeature,
  placed,
  removeItem,
  renamePlot,
  setRect,
} from '#shared/domain/layout-editing'
import { siteMapMessages } from '#shared/messages/site-map'
import { siteLayoutSchema, type SiteLayout } from '#shared/schemas/site-map'

const withPlots = (count: number, grid = 5) => {
  let layout: SiteLayout = BLANK_LAYOUT
  for (let i = 0; i < count; i++) layout = addPlot(layout, grid)
  return layout
}

describe('editing a site layout', () => {
  it('numbers new plots 1, 2, 3 and fills the first gap left by a removed one', () => {
    const three = withPlots(3)
    expect(three.plots.map((plot) => plot.id)).toEqual(['1', '2', '3'])
    const gap = removeItem(three, { type: 'plot', index: 0 })
    expect(addPlot(gap, 5).plots.map((plot) => plot.id)).toEqual(['2', '3', '1'])
    expect(siteLayoutSchema.safeParse(addPlot(gap, 5)).success).toBe(true)
  })

  it('snaps a moved plot to the grid and writes its number at the new centre', () => {
    const layout = setRect(
      withPlots(1),
      { type: 'plot', index: 0 },
      { x: 33, y: 41, width: 19, height: 12 },
      5,
    )
    expect(layout.plots[0]).toMatchObject({
      shape: { kind: 'rect', x: 35, y: 40, width: 20, height: 10 },
      label: { x: 45, y: 45 },
    })
  })

  it('keeps a plot inside the drawing and at least one unit across', () => {
    const { viewBox } = BLANK_LAYOUT
    expect(placed(BLANK_LAYOUT, { x: 290, y: -20, width: 40, height: 0.2 }, 1)).toEqual({
      kind: 'rect',
      x: viewBox.width - 40,
      y: 0,
      width: 40,
      height: 1,
    })
    expect(placed(BLANK_LAYOUT, { x: 0, y: 0, width: 999, height: 999 }, 10)).toMatchObject({
      width: viewBox.width,
      height: viewBox.height,
    })
  })

  it('renames a plot, and a duplicate name is refused when the layout is checked', () => {
    const layout = renamePlot(withPlots(2), 1, '1')
    expect(layout.plots[1]!.id).toBe('1')
    const check = siteLayoutSchema.safeParse(layout)
    expect(check.success).toBe(false)
    expect(check.error?.issues[0]?.message).toBe(siteMapMessages.plotDrawnTwice('1'))
  })

  it("keeps a feature's label its name, and moves the label with the feature", () => {
    let layout = addFeature(BLANK_LAYOUT, 5)
    layout = changeFeature(layout, 0, { name: 'Shed', kind: 'compost' })
    layout = setRect(
      layout,
      { type: 'feature', index: 0 },
      { x: 100, y: 100, width: 30, height: 10 },
      5,
    )
    expect(layout.features[0]).toMatchObject({
      kind: 'compost',
      name: 'Shed',
      label: { text: 'Shed', x: 115, y: 105 },
    })
  })

  it('leaves an outline imported from a drawing where it is', () => {
    const imported: SiteLayout = {
      ...BLANK_LAYOUT,
      plots: [
        { id: '7', shape: { kind: 'polygon', points: '0,0 10,0 5,8' }, label: { x: 5, y: 3 } },
      ],
    }
    expect(
      setRect(imported, { type: 'plot', index: 0 }, { x: 50, y: 50, width: 5, height: 5 }, 5),
    ).toBe(imported)
  })
})
