import { longDate } from '#shared/domain/dates'
import { plotsField } from '#shared/domain/merge-fields'
import { titledName } from '#shared/domain/person-names'
import { counted } from '#shared/domain/text'
import { peopleMessages } from '#shared/messages/people'
import type { Person } from '#shared/schemas/person'
import { LEFT, MM, WIDTH, newPdf, pdfBytes } from '#server/core/pdf'

// The committee's printed list of plot holders: by surname, each with their plots and every way
// to reach them, for the noticeboard-free shed, a walk round the site, or a phone with no signal.

const BOTTOM = 282 * MM

const bySurname = (a: Person, b: Person) =>
  a.lastName.localeCompare(b.lastName, 'en-GB', { sensitivity: 'base' }) ||
  a.firstName.localeCompare(b.firstName, 'en-GB', { sensitivity: 'base' }) ||
  a.id.localeCompare(b.id)

/** One entry's lines under the name: phone and e-mails, then the address on one line. */
function contactLines(person: Person): string[] {
  const reach = [person.phoneNumber, person.email, person.altEmail].filter((way) => way.trim())
  const address = person.address
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .join(', ')
  return [reach.join('   '), address].filter(Boolean)
}

export function plotHoldersPdf(people: readonly Person[], association: string, today: string) {
  const title = peopleMessages.contactListTitle(association)
  const doc = newPdf({ title, producer: association, margin: 15 * MM })
  doc.addPage()
  doc
    .font('bold')
    .fontSize(15)
    .text(title, LEFT, 15 * MM, { width: WIDTH })
  doc
    .font('regular')
    .fontSize(9)
    .text(peopleMessages.contactListSummary(counted(people.length, 'plot holder'), longDate(today)))
  doc.moveDown()
  for (const person of [...people].sort(bySurname)) {
    const lines = contactLines(person)
    // An entry is never split over two pages.
    if (doc.y + (lines.length + 1) * 14 + 6 > BOTTOM) doc.addPage()
    doc
      .font('bold')
      .fontSize(11)
      .text(
        `${titledName(person) || person.id}, ${plotsField(person.plots) || peopleMessages.noPlot}`,
        LEFT,
        doc.y,
        {
          width: WIDTH,
        },
      )
    doc.font('regular').fontSize(10)
    for (const line of lines) doc.text(line, { width: WIDTH })
    doc.moveDown(0.5)
  }
  return pdfBytes(doc)
}
