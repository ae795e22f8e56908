// Every write the server acknowledged (a 2xx answer reached us), by kind, with what makes it
// unique: after a crash each of them must be found in the database.
export class Ledger {
  enquiries = new Set<string>()
  accounts = new Set<string>()
  people = new Set<string>()
  plots = new Set<string>()
  /** `${plotId}|${personId}` */
  tenancies = new Set<string>()

  get size() {
    return (
      this.enquiries.size +
      this.accounts.size +
      this.people.size +
      this.plots.size +
      this.tenancies.size
    )
  }
}

export function tenancyKey(plotId: string, personId: string) {
  return `${plotId}|${personId}`
}
