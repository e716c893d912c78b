import { ChatStatus } from '@tp/contracts/light'

/** The list's filter, as kept in the URL: every conversation, or the open or the closed ones. */
export type StatusFilter = 'all' | 'open' | 'closed'

export const statusFilterOf = (value: string | null): StatusFilter =>
  value === 'open' || value === 'closed' ? value : 'all'

/** What the server's `status` parameter takes for a filter (none: both). */
export const statusParam = (filter: StatusFilter): number | undefined =>
  filter === 'open' ? ChatStatus.Open : filter === 'closed' ? ChatStatus.Closed : undefined
