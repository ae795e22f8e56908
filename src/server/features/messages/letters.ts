import { postalRecipient } from '#shared/domain/message-copies'
import type { Db } from '#server/core/db/database'
import type { AssociationDetails } from '#server/core/db/association-settings'
import { lettersAfter, type LetterSet } from '#server/core/email/batches'
import { LEFT, letterhead, MM, newPdf, WIDTH } from '#server/core/pdf'
import { contactDetails } from '#server/features/people/sql'

// The letters of one message as one PDF, a page per person (more if a letter is long), made with
// pdfkit (core/pdf.ts) and streamed as it is written: 2,000 letters never sit in memory at once.
// A4, with the name and address in a window envelope's window (core/pdf.ts).

const PART = 500

interface Letter {
  id: number
  personId: string
  channel: 'email' | 'post'
  recipient: string
  subject: string
  body: string
  attachment: string | null
}

/** The pages a letter's attachment adds after it (copies.letterPagesOf). */
export type PagesOf = (
  attachment: string | null,
) => ((doc: PDFKit.PDFDocument) => Promise<void>) | undefined

function writeLetter(
  doc: PDFKit.PDFDocument,
  letter: Letter,
  association: AssociationDetails,
  date: string,
) {
  doc.addPage()
  letterhead(doc, association, letter.recipient)
  doc.text(date, LEFT, 100 * MM, { width: WIDTH })
  doc.moveDown(1.5).font('bold').fontSize(12).text(letter.subject, { width: WIDTH })
  doc.moveDown().font('regular').fontSize(11).text(letter.body, { width: WIDTH, lineGap: 2 })
}

// An e-mail printed (only a set printed for everyone holds any) is made out to the person's name
// and postal address as their record has them now; a person no longer kept, to the nickname the
// copy was made for.
async function withPostalAddresses(db: Db, part: Letter[]): Promise<Letter[]> {
  const emailed = part.filter((letter) => letter.channel === 'email')
  if (emailed.length === 0) return part
  const people = await contactDetails(
    db.kysely,
    emailed.map((letter) => letter.personId),
  )
  const postal = new Map(people.map((person) => [person.id, postalRecipient(person)]))
  return part.map((letter) =>
    letter.channel === 'post'
      ? letter
      : { ...letter, recipient: postal.get(letter.personId) ?? letter.personId },
  )
}

/** The PDF of the set's letters, in the order their copies were made, as a stream. */
export function lettersPdf(
  db: Db,
  set: LetterSet,
  association: AssociationDetails,
  date: string,
  pagesOf: PagesOf,
) {
  const doc = newPdf({
    title: 'batchId' in set ? `Letters of message ${set.batchId}` : `Letter ${set.id}`,
    producer: association.name,
    margin: 20 * MM,
  })
  // The letters are read a part at a time, and the event loop turns between parts so the pages
  // written so far flow out to the client.
  void (async () => {
    try {
      for (let after = 0; ;) {
        const part = await lettersAfter(db.kysely, set, after, PART)
        for (const letter of await withPostalAddresses(db, part)) {
          writeLetter(doc, letter, association, date)
          await pagesOf(letter.attachment)?.(doc)
        }
        if (part.length < PART) break
        after = part.at(-1)!.id
        await new Promise(setImmediate)
      }
      doc.end()
    } catch (error) {
      doc.destroy(error as Error)
    }
  })()
  return doc
}
