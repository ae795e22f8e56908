import { updateAtVersion } from '#server/core/db/versioned'
import type { ReadTx, WriteTx } from '#server/core/db/write-transaction'
import { notFound } from '#server/core/errors'
import { loggedChange, type LoggedChange } from '#server/core/logged-change'
import type { Viewer } from '#server/core/viewer'
import type { Rent } from '#server/features/rent/context'

// The administrator's kinds of concession and of deposit (decisions 57 and 58), kept one way: a
// kind added, and one changed against the version read, each a logged change of its own table.

interface KindsSpec<Kind, Input> {
  table: 'concession_kinds' | 'deposit_kinds'
  methods: { add: string; update: string }
  insert: (tx: WriteTx, input: Input) => Promise<Kind>
  find: (tx: ReadTx, id: number) => Promise<Kind | undefined>
  missing: (id: number) => string
}

export function keptKinds<Kind extends { id: number }, Input extends object>(
  spec: KindsSpec<Kind, Input>,
) {
  const change = (methodName: string, docId: string, viewer: Viewer): LoggedChange => ({
    methodName,
    eventCollection: spec.table,
    docId,
    userName: viewer.userName,
  })
  return {
    add({ db }: Rent, viewer: Viewer, input: Input): Promise<Kind> {
      const added = change(spec.methods.add, '', viewer)
      return loggedChange(
        db,
        added,
        async (tx) => {
          const kind = await spec.insert(tx, input)
          added.docId = String(kind.id)
          return kind
        },
        input,
      )
    },
    /** A kind changed: what is made from now on follows it; nothing made before changes. */
    update(
      { db }: Rent,
      viewer: Viewer,
      id: number,
      { version, ...fields }: Input & { version: number },
    ): Promise<Kind> {
      return loggedChange(
        db,
        change(spec.methods.update, String(id), viewer),
        async (tx) => {
          if (!(await spec.find(tx, id))) throw notFound(spec.missing(id))
          // The fields are the table's own (each kind's zod schema), which Kysely cannot follow
          // through the table chosen here.
          const saved = await updateAtVersion(tx, spec.table, id, version, fields as never)
          return { id, ...fields, version: saved } as unknown as Kind
        },
        { id, version, ...fields },
      )
    },
  }
}
