/** A period of the account's history: [from, to), as `from`/`to` Unix ms of the request. */
export interface Period {
  from: Date
  to: Date
}

export const periodOf = (range: { from: number; to: number }): Period => ({
  from: new Date(range.from),
  to: new Date(range.to),
})
