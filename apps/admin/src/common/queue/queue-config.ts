import type { ReactNode } from 'react'
import type { AdminFirstApproval } from '@tp/contracts/light'
import type { ColumnsType } from 'antd/es/table'
import type { Translate } from '../i18n/i18n.tsx'
import type { MessageKey } from '../i18n/en.ts'

/** What every queue item has: an id and a status code. */
export interface QueueItem {
  id: number
  status: number
}

export interface QueueList<T> {
  data: T[]
  total: number
}

/** An input a decision asks for (a reason, a remark, the transfer reference). */
export interface DecisionInput {
  field: string
  label: MessageKey
  required: MessageKey
  hint?: MessageKey
  maxLength: number
  multiline: boolean
}

export interface Decision<T> {
  key: string
  label: MessageKey
  kind: 'approve' | 'reject' | 'other'
  /** The confirmation's title and text for this item. */
  title: (item: T, t: Translate) => string
  hint?: (item: T, t: Translate) => string
  /** The input it asks for, fixed or by the item (a first approval asks a note, not a reference). */
  input?: DecisionInput | ((item: T) => DecisionInput)
  /** The message shown once done. */
  done: MessageKey
  call: (id: number, body: Record<string, string>) => Promise<unknown>
}

export interface QueueConfig<T extends QueueItem> {
  /** The query key's second part, and the SSE event's `queue`. */
  name: 'identity' | 'deposits' | 'withdrawals'
  title: MessageKey
  /** Status codes in order, the waiting one first (the default filter). */
  statuses: readonly number[]
  waiting: number
  statusLabel: (status: number) => MessageKey
  statusColour: (status: number) => string
  types?: readonly { value: number; label: MessageKey }[]
  list: (query: Record<string, string | number | undefined>, signal?: AbortSignal) => Promise<QueueList<T>>
  columns: (t: Translate) => ColumnsType<T>
  /** The drawer's body: every detail of the item. */
  details: (item: T, t: Translate) => ReactNode
  drawerTitle: (item: T, t: Translate) => string
  decisions: readonly Decision<T>[]
  /** Four eyes (decision 025): the item's first approval and whether approving it takes two. */
  approvals?: (item: T) => { first: AdminFirstApproval | null; two: boolean }
}

/** Whether an answer of an approval says it was the first of two. */
export const firstOfTwo = (answer: unknown) =>
  typeof answer === 'object' && answer !== null && 'waiting_for_second_approval' in answer
