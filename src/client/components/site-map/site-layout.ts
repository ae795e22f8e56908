// The allotment site drawn on /members/map and in the plots map view, held as data.
// To draw another site, edit only this file: the viewBox, the plots and the features.
//
// Units are the drawing's own (an A4 landscape sheet, 297 by 210); SiteMap shows it 1024 wide.
// A plot's label point is where its number is written and must lie inside its shape.
// Plots must not overlap each other or any feature (tests/unit/site-layout.test.ts checks it).
// Features are drawn in order, later ones on top of earlier ones; then the plots; then the
// features' labels, on top of everything.

export type Point = { x: number; y: number }

export type RectShape = { kind: 'rect'; x: number; y: number; width: number; height: number }
/** SVG points list, "x1,y1 x2,y2 ...", closed. */
export type PolygonShape = { kind: 'polygon'; points: string }
/** SVG points list, open (fences). */
export type PolylineShape = { kind: 'polyline'; points: string }

export type PlotShape = RectShape | PolygonShape
export type FeatureShape = PlotShape | PolylineShape

export type SitePlot = { id: string; shape: PlotShape; label: Point }

export type FeatureKind = 'willow' | 'path' | 'building' | 'compost' | 'fence' | 'gate' | 'orchard'

export type SiteFeature = {
  kind: FeatureKind
  name: string
  shape: FeatureShape
  label?: Point & { text: string }
}

export type SiteLayout = {
  viewBox: { width: number; height: number }
  plots: SitePlot[]
  features: SiteFeature[]
}

// The site: a fenced field entered by a gate in the south fence. The main path runs north from the
// gate; four cross paths each serve a row of plots on either side. West of the main path are six
// half-plots per row (01 to 48); east are four full plots per row (49 to 71, with 66b beside 66),
// a willow windbreak along the east fence and the orchard in the north-east corner. The toilet,
// the two containers, the compost bay and a willow bed sit along the south fence.
export const siteLayout: SiteLayout = {
  viewBox: { width: 297, height: 210 },
  // prettier-ignore
  plots: [
    { id: '01', shape: { kind: 'rect', x: 8, y: 8, width: 21, height: 17 }, label: { x: 18.5, y: 16.5 } },
    { id: '02', shape: { kind: 'rect', x: 30, y: 8, width: 21, height: 17 }, label: { x: 40.5, y: 16.5 } },
    { id: '03', shape: { kind: 'rect', x: 52, y: 8, width: 21, height: 17 }, label: { x: 62.5, y: 16.5 } },
    { id: '04', shape: { kind: 'rect', x: 74, y: 8, width: 21, height: 17 }, label: { x: 84.5, y: 16.5 } },
    { id: '05', shape: { kind: 'rect', x: 96, y: 8, width: 21, height: 17 }, label: { x: 106.5, y: 16.5 } },
    { id: '06', shape: { kind: 'rect', x: 118, y: 8, width: 21, height: 17 }, label: { x: 128.5, y: 16.5 } },
    { id: '07', shape: { kind: 'rect', x: 8, y: 32, width: 21, height: 17 }, label: { x: 18.5, y: 40.5 } },
    { id: '08', shape: { kind: 'rect', x: 30, y: 32, width: 21, height: 17 }, label: { x: 40.5, y: 40.5 } },
    { id: '09', shape: { kind: 'rect', x: 52, y: 32, width: 21, height: 17 }, label: { x: 62.5, y: 40.5 } },
    { id: '10', shape: { kind: 'rect', x: 74, y: 32, width: 21, height: 17 }, label: { x: 84.5, y: 40.5 } },
    { id: '11', shape: { kind: 'rect', x: 96, y: 32, width: 21, height: 17 }, label: { x: 106.5, y: 40.5 } },
    { id: '12', shape: { kind: 'rect', x: 118, y: 32, width: 21, height: 17 }, label: { x: 128.5, y: 40.5 } },
    { id: '13', shape: { kind: 'rect', x: 8, y: 52, width: 21, height: 17 }, label: { x: 18.5, y: 60.5 } },
    { id: '14', shape: { kind: 'rect', x: 30, y: 52, width: 21, height: 17 }, label: { x: 40.5, y: 60.5 } },
    { id: '15', shape: { kind: 'rect', x: 52, y: 52, width: 21, height: 17 }, label: { x: 62.5, y: 60.5 } },
    { id: '16', shape: { kind: 'rect', x: 74, y: 52, width: 21, height: 17 }, label: { x: 84.5, y: 60.5 } },
    { id: '17', shape: { kind: 'rect', x: 96, y: 52, width: 21, height: 17 }, label: { x: 106.5, y: 60.5 } },
    { id: '18', shape: { kind: 'rect', x: 118, y: 52, width: 21, height: 17 }, label: { x: 128.5, y: 60.5 } },
    { id: '19', shape: { kind: 'rect', x: 8, y: 76, width: 21, height: 17 }, label: { x: 18.5, y: 84.5 } },
    { id: '20', shape: { kind: 'rect', x: 30, y: 76, width: 21, height: 17 }, label: { x: 40.5, y: 84.5 } },
    { id: '21', shape: { kind: 'rect', x: 52, y: 76, width: 21, height: 17 }, label: { x: 62.5, y: 84.5 } },
    { id: '22', shape: { kind: 'rect', x: 74, y: 76, width: 21, height: 17 }, label: { x: 84.5, y: 84.5 } },
    { id: '23', shape: { kind: 'rect', x: 96, y: 76, width: 21, height: 17 }, label: { x: 106.5, y: 84.5 } },
    { id: '24', shape: { kind: 'rect', x: 118, y: 76, width: 21, height: 17 }, label: { x: 128.5, y: 84.5 } },
    { id: '25', shape: { kind: 'rect', x: 8, y: 96, width: 21, height: 17 }, label: { x: 18.5, y: 104.5 } },
    { id: '26', shape: { kind: 'rect', x: 30, y: 96, width: 21, height: 17 }, label: { x: 40.5, y: 104.5 } },
    { id: '27', shape: { kind: 'rect', x: 52, y: 96, width: 21, height: 17 }, label: { x: 62.5, y: 104.5 } },
    { id: '28', shape: { kind: 'rect', x: 74, y: 96, width: 21, height: 17 }, label: { x: 84.5, y: 104.5 } },
    { id: '29', shape: { kind: 'rect', x: 96, y: 96, width: 21, height: 17 }, label: { x: 106.5, y: 104.5 } },
    { id: '30', shape: { kind: 'rect', x: 118, y: 96, width: 21, height: 17 }, label: { x: 128.5, y: 104.5 } },
    { id: '31', shape: { kind: 'rect', x: 8, y: 120, width: 21, height: 17 }, label: { x: 18.5, y: 128.5 } },
    { id: '32', shape: { kind: 'rect', x: 30, y: 120, width: 21, height: 17 }, label: { x: 40.5, y: 128.5 } },
    { id: '33', shape: { kind: 'rect', x: 52, y: 120, width: 21, height: 17 }, label: { x: 62.5, y: 128.5 } },
    { id: '34', shape: { kind: 'rect', x: 74, y: 120, width: 21, height: 17 }, label: { x: 84.5, y: 128.5 } },
    { id: '35', shape: { kind: 'rect', x: 96, y: 120, width: 21, height: 17 }, label: { x: 106.5, y: 128.5 } },
    { id: '36', shape: { kind: 'rect', x: 118, y: 120, width: 21, height: 17 }, label: { x: 128.5, y: 128.5 } },
    { id: '37', shape: { kind: 'rect', x: 8, y: 140, width: 21, height: 17 }, label: { x: 18.5, y: 148.5 } },
    { id: '38', shape: { kind: 'rect', x: 30, y: 140, width: 21, height: 17 }, label: { x: 40.5, y: 148.5 } },
    { id: '39', shape: { kind: 'rect', x: 52, y: 140, width: 21, height: 17 }, label: { x: 62.5, y: 148.5 } },
    { id: '40', shape: { kind: 'rect', x: 74, y: 140, width: 21, height: 17 }, label: { x: 84.5, y: 148.5 } },
    { id: '41', shape: { kind: 'rect', x: 96, y: 140, width: 21, height: 17 }, label: { x: 106.5, y: 148.5 } },
    { id: '42', shape: { kind: 'rect', x: 118, y: 140, width: 21, height: 17 }, label: { x: 128.5, y: 148.5 } },
    { id: '43', shape: { kind: 'rect', x: 8, y: 164, width: 21, height: 17 }, label: { x: 18.5, y: 172.5 } },
    { id: '44', shape: { kind: 'rect', x: 30, y: 164, width: 21, height: 17 }, label: { x: 40.5, y: 172.5 } },
    { id: '45', shape: { kind: 'rect', x: 52, y: 164, width: 21, height: 17 }, label: { x: 62.5, y: 172.5 } },
    { id: '46', shape: { kind: 'rect', x: 74, y: 164, width: 21, height: 17 }, label: { x: 84.5, y: 172.5 } },
    { id: '47', shape: { kind: 'rect', x: 96, y: 164, width: 21, height: 17 }, label: { x: 106.5, y: 172.5 } },
    { id: '48', shape: { kind: 'rect', x: 118, y: 164, width: 21, height: 17 }, label: { x: 128.5, y: 172.5 } },
    { id: '49', shape: { kind: 'rect', x: 151, y: 52, width: 26, height: 17 }, label: { x: 164, y: 60.5 } },
    { id: '50', shape: { kind: 'rect', x: 178, y: 52, width: 26, height: 17 }, label: { x: 191, y: 60.5 } },
    { id: '51', shape: { kind: 'rect', x: 205, y: 52, width: 26, height: 17 }, label: { x: 218, y: 60.5 } },
    { id: '52', shape: { kind: 'rect', x: 232, y: 52, width: 26, height: 17 }, label: { x: 245, y: 60.5 } },
    { id: '53', shape: { kind: 'rect', x: 151, y: 76, width: 26, height: 17 }, label: { x: 164, y: 84.5 } },
    { id: '54', shape: { kind: 'rect', x: 178, y: 76, width: 26, height: 17 }, label: { x: 191, y: 84.5 } },
    { id: '55', shape: { kind: 'rect', x: 205, y: 76, width: 26, height: 17 }, label: { x: 218, y: 84.5 } },
    { id: '56', shape: { kind: 'rect', x: 232, y: 76, width: 26, height: 17 }, label: { x: 245, y: 84.5 } },
    { id: '57', shape: { kind: 'rect', x: 151, y: 96, width: 26, height: 17 }, label: { x: 164, y: 104.5 } },
    { id: '58', shape: { kind: 'rect', x: 178, y: 96, width: 26, height: 17 }, label: { x: 191, y: 104.5 } },
    { id: '59', shape: { kind: 'rect', x: 205, y: 96, width: 26, height: 17 }, label: { x: 218, y: 104.5 } },
    { id: '60', shape: { kind: 'rect', x: 232, y: 96, width: 26, height: 17 }, label: { x: 245, y: 104.5 } },
    { id: '61', shape: { kind: 'rect', x: 151, y: 120, width: 26, height: 17 }, label: { x: 164, y: 128.5 } },
    { id: '62', shape: { kind: 'rect', x: 178, y: 120, width: 26, height: 17 }, label: { x: 191, y: 128.5 } },
    { id: '63', shape: { kind: 'rect', x: 205, y: 120, width: 26, height: 17 }, label: { x: 218, y: 128.5 } },
    { id: '64', shape: { kind: 'rect', x: 232, y: 120, width: 26, height: 17 }, label: { x: 245, y: 128.5 } },
    { id: '65', shape: { kind: 'rect', x: 151, y: 140, width: 26, height: 17 }, label: { x: 164, y: 148.5 } },
    { id: '66', shape: { kind: 'rect', x: 178, y: 140, width: 26, height: 17 }, label: { x: 191, y: 148.5 } },
    { id: '66b', shape: { kind: 'rect', x: 205, y: 140, width: 26, height: 17 }, label: { x: 218, y: 148.5 } },
    { id: '67', shape: { kind: 'rect', x: 232, y: 140, width: 26, height: 17 }, label: { x: 245, y: 148.5 } },
    { id: '68', shape: { kind: 'rect', x: 151, y: 164, width: 26, height: 17 }, label: { x: 164, y: 172.5 } },
    { id: '69', shape: { kind: 'rect', x: 178, y: 164, width: 26, height: 17 }, label: { x: 191, y: 172.5 } },
    { id: '70', shape: { kind: 'rect', x: 205, y: 164, width: 26, height: 17 }, label: { x: 218, y: 172.5 } },
    { id: '71', shape: { kind: 'rect', x: 232, y: 164, width: 26, height: 17 }, label: { x: 245, y: 172.5 } },
  ],
  // prettier-ignore
  features: [
    { kind: 'path', name: 'Main path', shape: { kind: 'rect', x: 141, y: 8, width: 8, height: 197 } },
    { kind: 'path', name: 'First path, west', shape: { kind: 'rect', x: 8, y: 26, width: 133, height: 5 } },
    { kind: 'path', name: 'Second path, west', shape: { kind: 'rect', x: 8, y: 70, width: 133, height: 5 } },
    { kind: 'path', name: 'Second path, east', shape: { kind: 'rect', x: 149, y: 70, width: 110, height: 5 } },
    { kind: 'path', name: 'Third path, west', shape: { kind: 'rect', x: 8, y: 114, width: 133, height: 5 } },
    { kind: 'path', name: 'Third path, east', shape: { kind: 'rect', x: 149, y: 114, width: 110, height: 5 } },
    { kind: 'path', name: 'Fourth path, west', shape: { kind: 'rect', x: 8, y: 158, width: 133, height: 5 } },
    { kind: 'path', name: 'Fourth path, east', shape: { kind: 'rect', x: 149, y: 158, width: 110, height: 5 } },
    { kind: 'orchard', name: 'Orchard', shape: { kind: 'polygon', points: '151,8 267,8 289,30 289,49 151,49' }, label: { x: 216, y: 30, text: 'Orchard' } },
    { kind: 'willow', name: 'Willow windbreak', shape: { kind: 'rect', x: 261, y: 52, width: 28, height: 151 }, label: { x: 275, y: 128, text: 'Willow' } },
    { kind: 'willow', name: 'Willow bed', shape: { kind: 'rect', x: 8, y: 185, width: 40, height: 18 }, label: { x: 28, y: 194, text: 'Willow' } },
    { kind: 'compost', name: 'Compost bay', shape: { kind: 'rect', x: 56, y: 189, width: 34, height: 14 }, label: { x: 73, y: 196, text: 'Compost' } },
    { kind: 'building', name: 'Toilet', shape: { kind: 'rect', x: 153, y: 191, width: 12, height: 12 }, label: { x: 159, y: 197, text: 'Toilet' } },
    { kind: 'building', name: 'Container 1', shape: { kind: 'rect', x: 169, y: 194, width: 24, height: 9 }, label: { x: 181, y: 198.5, text: 'Container 1' } },
    { kind: 'building', name: 'Container 2', shape: { kind: 'rect', x: 197, y: 194, width: 24, height: 9 }, label: { x: 209, y: 198.5, text: 'Container 2' } },
    { kind: 'fence', name: 'Perimeter fence', shape: { kind: 'polyline', points: '150,206 293,206 293,27 270,4 4,4 4,206 140,206' } },
    { kind: 'gate', name: 'Main gate', shape: { kind: 'rect', x: 140, y: 205, width: 10, height: 2 }, label: { x: 145, y: 201, text: 'Gate' } },
  ],
}
