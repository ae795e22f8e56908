import { documentPdf } from './pdf.ts'

// The demo's timeline of land communications: a few fictional exchanges with a fictional council,
// each a group (one dateDescription) of one to three small PDFs.

export interface SeedLandDocument {
  name: string
  /** 'YYYY-MM-DD;description', as spec section 3 has it. */
  dateDescription: string
  /** Position within its group. */
  sortOrder: number
  file: { name: string; contentType: 'application/pdf'; data: Uint8Array; createdAt: string }
}

const ASSOCIATION = 'Riverside Allotment Association'
const COUNCIL = 'Riverside Town Council (a fictional council)'

const GROUPS: Array<{ date: string; description: string; documents: string[][] }> = [
  {
    date: '2019-06-03',
    description: 'Lease from the council',
    documents: [
      ['Lease agreement', 'Lease of the allotment field at Towpath Street for ten years.'],
      ['Plan of the leased land', 'The field, its gate on the south fence and the cross paths.'],
    ],
  },
  {
    date: '2021-09-20',
    description: 'Water supply and standpipes',
    documents: [
      ['Letter from the council', 'The council agrees to pay half the cost of new standpipes.'],
      ['Quotation for standpipes', 'Six standpipes along the main path, with frost valves.'],
    ],
  },
  {
    date: '2023-03-14',
    description: 'Lease renewal from the council',
    documents: [
      ['Renewal notice', 'The lease ends in 2029; the council offers to renew it early.'],
      ['Signed renewal', 'Renewed until 2039 on the same terms, rent reviewed every five years.'],
      ['Schedule of rents', 'Rent per square metre for half plots and full plots.'],
    ],
  },
  {
    date: '2024-11-05',
    description: 'Boundary hedge and access track',
    documents: [['Survey of the boundary', 'The hawthorn hedge on the east side is ours to cut.']],
  },
  {
    date: '2025-07-22',
    description: 'Proposal for new plots on the east field',
    documents: [
      ['Proposal', 'Eight new half plots where the old bonfire area was.'],
      ['Reply from the council', 'Agreed, subject to a soil test before letting.'],
    ],
  },
]

export function generateLandDocuments(): SeedLandDocument[] {
  return GROUPS.flatMap(({ date, description, documents }) =>
    documents.map(([name = '', summary = ''], index) => ({
      name,
      dateDescription: `${date};${description}`,
      sortOrder: index + 1,
      file: {
        name: `${date}-${slug(name)}.pdf`,
        contentType: 'application/pdf' as const,
        createdAt: `${date}T12:00:00.000Z`,
        data: documentPdf(
          name,
          [
            `${ASSOCIATION}, ${date}`,
            `${description}. From: ${COUNCIL}.`,
            '',
            summary,
            '',
            'This is a generated demonstration document. The association, the council, the',
            'places and the people named in the demo data are fictional.',
          ],
          new Date(`${date}T12:00:00.000Z`),
        ),
      },
    })),
  )
}

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-')
