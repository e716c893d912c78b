import { DAY_MARKET_TOPIC, type DayMarketMessage } from '@tp/contracts'
import { markedQuote } from '@tp/engine'
import type { InstrumentDef } from './catalogue.ts'

/**
 * Quotes per client group (issue 28, decision 052). A group with a markup on some instrument hears
 * the day's quotes on topics of its own (`DAY_MARKET@<group>`, `DAY_MARKET.<code>@<group>`), every
 * instrument on them, at its own price where it has a markup and at the house's elsewhere. A client
 * never names such a topic (the socket's TOPIC_PATTERN refuses `@`): the gateway subscribes a signed-in
 * socket to its group's stream when it asks for `DAY_MARKET` (pricedTopic). Candles stay the house's.
 */

/** The groups with a markup on any instrument: those with quote streams of their own. */
export function pricedGroups(defs: readonly InstrumentDef[]): Set<string> {
  const groups = new Set<string>()
  for (const def of defs) for (const group of Object.keys(def.groupMarkups)) groups.add(group)
  return groups
}

const isQuoteTopic = (topic: string) => topic === DAY_MARKET_TOPIC || topic.startsWith(`${DAY_MARKET_TOPIC}.`)

/** The hub topic a socket of `group` hears `topic` on. Example: pricedTopic('DAY_MARKET', 'vip', {vip}) is 'DAY_MARKET@vip'. */
export const pricedTopic = (topic: string, group: string | undefined, priced: ReadonlySet<string>): string =>
  group !== undefined && priced.has(group) && isQuoteTopic(topic) ? groupTopic(topic, group) : topic

export const groupTopic = (topic: string, group: string) => `${topic}@${group}`

/** The quote of `def` as `group` sees it: the house's, widened by the group's markup on it. */
export function groupQuote<Q extends { bid: number; ask: number }>(
  def: InstrumentDef,
  group: string,
  quote: Q,
): Q {
  return markedQuote(quote, def.groupMarkups[group] ?? 0, def.precision)
}

/** A DAY_MARKET message as `group` hears it: its bid and ask (the day's figures stay the house's chart). */
export function groupDayMessage(def: InstrumentDef, group: string, day: DayMarketMessage): DayMarketMessage {
  if (!def.groupMarkups[group]) return day
  const { bid, ask } = groupQuote(def, group, day.quotation)
  return { ...day, quotation: { ...day.quotation, bid, ask } }
}

/** Whether clients of groups `a` and `b` pay different markups on some instrument (a move between them reprices). */
export const pricedApart = (defs: readonly InstrumentDef[], a: string, b: string): boolean =>
  defs.some((def) => (def.groupMarkups[a] ?? 0) !== (def.groupMarkups[b] ?? 0))
