import {
  changeFeature,
  rectOf,
  renamePlot,
  setRect,
  type LayoutItem,
} from '#shared/domain/layout-editing'
import { siteMapMessages } from '#shared/messages/site-map'
import { featureKindSchema, type FeatureKind, type SiteLayout } from '#shared/schemas/site-map'
import { SelectField, TextField } from '../../components/ui/field.tsx'

const featureKindWords: Record<FeatureKind, string> = {
  area: 'Area',
  building: 'Building',
  compost: 'Compost',
  fence: 'Fence',
  gate: 'Gate',
  orchard: 'Orchard',
  path: 'Path',
  willow: 'Willow',
}

const SIZES = [
  { key: 'x', label: 'From the left' },
  { key: 'y', label: 'From the top' },
  { key: 'width', label: 'Width' },
  { key: 'height', label: 'Height' },
] as const

interface LayoutItemFormProps {
  layout: SiteLayout
  item: LayoutItem | undefined
  onChange: (layout: SiteLayout) => void
  onRemove: () => void
}

/** The chosen plot's or feature's name, kind and rectangle, in whole drawing units. */
export function LayoutItemForm({ layout, item, onChange, onRemove }: LayoutItemFormProps) {
  const plot = item?.type === 'plot' ? layout.plots[item.index] : undefined
  const feature = item?.type === 'feature' ? layout.features[item.index] : undefined
  if (!item || (!plot && !feature)) return <p>{siteMapMessages.chooseLayoutItem}</p>
  const rect = rectOf(layout, item)

  return (
    <fieldset className="layout-item-form">
      <legend>{plot ? `Plot ${plot.id}` : feature!.name}</legend>
      {plot && (
        <TextField
          label="Plot name"
          name="plotName"
          value={plot.id}
          onChange={(event) => onChange(renamePlot(layout, item.index, event.target.value))}
        />
      )}
      {feature && (
        <>
          <TextField
            label="Feature name"
            name="featureName"
            value={feature.name}
            onChange={(event) =>
              onChange(changeFeature(layout, item.index, { name: event.target.value }))
            }
          />
          <SelectField
            label="Kind"
            name="featureKind"
            value={feature.kind}
            onChange={(event) =>
              onChange(
                changeFeature(layout, item.index, {
                  kind: featureKindSchema.parse(event.target.value),
                }),
              )
            }
          >
            {featureKindSchema.options.map((kind) => (
              <option key={kind} value={kind}>
                {featureKindWords[kind]}
              </option>
            ))}
          </SelectField>
        </>
      )}
      {rect ? (
        <div className="layout-item-form__sizes">
          {SIZES.map(({ key, label }) => (
            <TextField
              key={key}
              label={label}
              name={key}
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              value={rect[key]}
              onChange={(event) => {
                const value = Number(event.target.value)
                // Typed whole units, not snapped to the grid: the fields are for exact places.
                if (event.target.value !== '' && Number.isFinite(value)) {
                  onChange(setRect(layout, item, { ...rect, [key]: value }, 1))
                }
              }}
            />
          ))}
        </div>
      ) : (
        <p>{siteMapMessages.outlineFromDrawing}</p>
      )}
      <div className="button-row">
        <button type="button" className="button button--quiet" onClick={onRemove}>
          Remove {plot ? `plot ${plot.id}` : 'this feature'}
        </button>
      </div>
    </fieldset>
  )
}
