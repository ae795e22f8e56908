import { useState, type FormEvent } from 'react'
import {
  BLANK_LAYOUT,
  addFeature,
  addPlot,
  removeItem,
  type LayoutItem,
} from '#shared/domain/layout-editing'
import { siteMapMessages } from '#shared/messages/site-map'
import { siteLayoutSchema, type SiteLayout, type SiteMap } from '#shared/schemas/site-map'
import { counted } from '#shared/domain/text'
import { Alert } from '../../components/ui/alert.tsx'
import { SelectField } from '../../components/ui/field.tsx'
import { SavedNote } from '../../components/ui/saved-note.tsx'
import { errorMessage } from '../../lib/api.ts'
import { useFormValues } from '../../lib/form-values.ts'
import { useUnsavedChanges } from '../../lib/unsaved-changes.tsx'
import { useSaveLayout, type DrawingSite } from './api.ts'
import { LayoutCanvas } from './layout-canvas.tsx'
import { LayoutItemForm } from './layout-item-form.tsx'
import './layout-editor.css'

const GRIDS = [1, 5, 10]

// The shapes drawn small on a phone are chosen from a list as well: "plot-3", "feature-0".
const itemOf = (value: string): LayoutItem | undefined => {
  const [type, index] = value.split('-')
  return type === 'plot' || type === 'feature' ? { type, index: Number(index) } : undefined
}

const layoutOf = (siteMap: SiteMap | null) => ({ layout: siteMap?.layout ?? BLANK_LAYOUT })

/**
 * Draws and edits the site layout in the browser (null: none stored yet), and saves it against
 * the version it started from. A new stored version (an import, another administrator's save)
 * replaces the drawing only while nothing is changed here; otherwise the save is refused as stale.
 */
export function LayoutEditor({ siteMap, site }: { siteMap: SiteMap | null; site: DrawingSite }) {
  const [base, setBase] = useState(siteMap)
  const draft = useFormValues(() => layoutOf(siteMap))
  const { layout } = draft.values
  const [justSaved, setJustSaved] = useState(false)
  const [selected, setSelected] = useState<LayoutItem>()
  const [grid, setGrid] = useState(5)
  const [problem, setProblem] = useState('')
  const save = useSaveLayout(site)
  const leave = useUnsavedChanges(draft.changed)

  if (siteMap?.version !== base?.version && !draft.changed) {
    setBase(siteMap)
    draft.reset(layoutOf(siteMap))
  }

  function change(next: SiteLayout) {
    setProblem('')
    setJustSaved(false)
    draft.change({ layout: next })
  }

  // A new item is chosen at once, so its name can be typed straight away.
  function add(next: SiteLayout, type: LayoutItem['type']) {
    change(next)
    setSelected({ type, index: (type === 'plot' ? next.plots : next.features).length - 1 })
  }

  function remove() {
    if (!selected) return
    change(removeItem(layout, selected))
    setSelected(undefined)
  }

  function discard() {
    draft.reset(layoutOf(base))
    setSelected(undefined)
    setProblem('')
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    const check = siteLayoutSchema.safeParse(layout)
    if (!check.success) return setProblem(check.error.issues[0]!.message)
    save.mutate(
      { layout, version: base?.version ?? 0 },
      {
        onSuccess: (saved) => {
          leave.saved()
          setBase(saved)
          draft.reset(layoutOf(saved))
          setJustSaved(true)
        },
        onError: (failure) => setProblem(errorMessage(failure)),
      },
    )
  }

  return (
    <section className="card layout-editor" aria-labelledby="layout-editor-heading">
      <h2 id="layout-editor-heading">Draw the layout</h2>
      <p id="layout-editor-hint">{siteMapMessages.layoutEditorHint}</p>
      <form className="form" onSubmit={submit} noValidate>
        <Alert>{problem}</Alert>
        <div className="layout-editor__tools">
          <button
            type="button"
            className="button button--quiet"
            onClick={() => add(addPlot(layout, grid), 'plot')}
          >
            Add a plot
          </button>
          <button
            type="button"
            className="button button--quiet"
            onClick={() => add(addFeature(layout, grid), 'feature')}
          >
            Add a feature
          </button>
          <SelectField
            label="Grid"
            name="grid"
            value={grid}
            onChange={(event) => setGrid(Number(event.target.value))}
          >
            {GRIDS.map((size) => (
              <option key={size} value={size}>
                {counted(size, 'unit')}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Shape to edit"
            name="shape"
            value={selected ? `${selected.type}-${selected.index}` : ''}
            onChange={(event) => setSelected(itemOf(event.target.value))}
          >
            <option value="">None</option>
            {layout.plots.map((plot, index) => (
              <option key={`plot-${index}`} value={`plot-${index}`}>
                Plot {plot.id}
              </option>
            ))}
            {layout.features.map((feature, index) => (
              <option key={`feature-${index}`} value={`feature-${index}`}>
                {feature.name}
              </option>
            ))}
          </SelectField>
        </div>
        <LayoutCanvas
          layout={layout}
          backgroundUrl={base?.backgroundUrl ?? null}
          grid={grid}
          selected={selected}
          onSelect={setSelected}
          onChange={change}
        />
        <LayoutItemForm layout={layout} item={selected} onChange={change} onRemove={remove} />
        <div className="button-row">
          <button type="submit" className="button" disabled={save.isPending}>
            Save the layout
          </button>
          <button
            type="button"
            className="button button--quiet"
            onClick={discard}
            disabled={!draft.changed}
          >
            Discard changes
          </button>
          <SavedNote>{justSaved ? siteMapMessages.siteMapSaved : ''}</SavedNote>
        </div>
      </form>
      {leave.prompt}
    </section>
  )
}
