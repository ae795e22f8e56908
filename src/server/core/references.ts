import { randomInt } from 'node:crypto'
import { makeReference } from '#shared/domain/references'

// References are drawn with node:crypto, so that one cannot be guessed from another; a draw
// that is already held is drawn again (with 10¹² of them, almost never).

export const randomReference = () => makeReference(randomInt)

/** A reference that `taken` says nobody holds. */
export async function freeReference(
  taken: (reference: string) => Promise<boolean> | boolean,
): Promise<string> {
  for (;;) {
    const reference = randomReference()
    if (!(await taken(reference))) return reference
  }
}
