import { z } from 'zod'
import { oneOf } from './numbers.ts'
import { pageRequest } from './trading.ts'

/** Shapes of the rank calls (issue 10): the ranking, a trader's profile and the user's own choices. */

/** Days the three-week figures cover (docs/product.md "Limits": "Copy-trading statistics cover three weeks"). */
export const RANK_WINDOW_DAYS = 21

/** `follow/list`: page from 1, limit 10 by default and at most 100. */
export const rankListRequest = pageRequest

/** A user's public number (`uid`): digits only, never the internal id. */
export const traderId = z
  .string()
  .trim()
  .regex(/^[0-9]{1,20}$/)

/** `follow/detail`: one trader of the ranking by uid. */
export const rankDetailRequest = z.object({ id: traderId })

export const NICKNAME_MIN_CHARS = 2
export const NICKNAME_MAX_CHARS = 20
/**
 * Letters of any script (CJK, Arabic, Cyrillic, …), their combining marks (Devanagari, Thai), digits,
 * underscores and single spaces; it starts with a letter, digit or underscore.
 */
const NICKNAME_PATTERN = /^[\p{L}\p{N}_][\p{L}\p{M}\p{N}_ ]*$/u
/** Characters that draw nothing (joiners, variation selectors, the grapheme joiner, which are marks too). */
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/u
/** A mark belongs to a letter; several in a row pile up over the text around ("Zalgo" text). */
const STRAY_MARK = /[ _\p{N}]\p{M}|\p{M}{3,}/u
/** Scripts whose letters pass for one another (о, е, ο, Β): they may not mix. */
const LOOKALIKE_SCRIPTS = [
  ['latin', /\p{Script=Latin}/u],
  ['cyrillic', /\p{Script=Cyrillic}/u],
  ['greek', /\p{Script=Greek}/u],
] as const
/** Scripts written together with Latin in East Asia (UTS #39 "highly restrictive"). */
const EAST_ASIAN =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Bopomofo}]/u

/**
 * Whether the letters come from one script, so that no name can pose as another by swapping in
 * look-alike letters of another script ('Hоusе' with Cyrillic о and е). The East Asian scripts may
 * go together and with Latin; Latin, Cyrillic, Greek and the rest never mix.
 */
function singleScript(text: string): boolean {
  const families = new Set<string>()
  for (const char of text) {
    if (!/\p{L}/u.test(char)) continue
    if (EAST_ASIAN.test(char)) families.add('east-asian')
    else families.add(LOOKALIKE_SCRIPTS.find(([, script]) => script.test(char))?.[0] ?? 'other')
  }
  const eastAsian = families.delete('east-asian')
  if (families.size > 1) return false
  return !eastAsian || families.size === 0 || families.has('latin')
}

const tidy = (text: string) => text.trim().replace(/ {2,}/g, ' ')

/** Whether `typed` (NFC, tidied) and its compatibility form `folded` (NFKC) make an acceptable nickname. */
function acceptable(typed: string, folded: string): boolean {
  const chars = [...folded].length
  return (
    chars >= NICKNAME_MIN_CHARS &&
    chars <= NICKNAME_MAX_CHARS &&
    NICKNAME_PATTERN.test(typed) &&
    NICKNAME_PATTERN.test(folded) &&
    !INVISIBLE.test(typed) &&
    !STRAY_MARK.test(folded) &&
    singleScript(folded)
  )
}

/**
 * A nickname as typed: trimmed, runs of spaces made one, and kept in its compatibility form (NFKC),
 * so that full-width 'Ｈｏｕｓｅ' is 'House' and meets the unique index on lower(nickname) like the
 * plain spelling does. 2 to 20 characters (code points).
 */
export const nickname = z
  .string()
  .max(200)
  .transform((text) => tidy(text.normalize('NFC')))
  .refine((typed) => acceptable(typed, tidy(typed.normalize('NFKC'))))
  .transform((typed) => tidy(typed.normalize('NFKC')))

/** Empty text means "no change" (a form sends every field). */
const optionalNickname = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  nickname.optional(),
)

/** `follow/my_settings` (POST): show me in the ranking or not, and optionally a new nickname. */
export const rankSettingsRequest = z.object({
  rank_visible: oneOf([0, 1]),
  nickname: optionalNickname,
})

/** The user's own ranking choices (`follow/my_settings`). `nickname` is '' until one is chosen. */
export interface RankSettings {
  rank_visible: 0 | 1
  nickname: string
}

/**
 * One trader of the ranking (docs/product.md "Trader rank entry"). Rates and the win share are percent with
 * 2 decimals; profit is USD with 2 decimals. `id` is the trader's uid.
 */
export interface RankEntry {
  id: string
  user: string
  /** 1: a demo account (its money is play money), house demo traders included. */
  is_demo: 0 | 1
  /** The leverage used most in the window. */
  multiple: number
  three_week_rate: number
  three_week_win: number
  three_week_profit: number
  total_rate: number
  total_trade_num: number
  /** The instrument traded most often in the window. */
  code: string
  /** Distinct instruments traded in the window. */
  varieties: number
  /** Clients copying the trader now (decision 053), and what they allocated together (USD, 2 decimals). */
  followers: number
  allocated: string
  /** 1: open to new followers; the profit share a new follow pays (%). */
  copy_open: 0 | 1
  profit_share: number
}

/** `follow/list`: the ranking, best first. */
export interface RankListAnswer {
  data: RankEntry[]
  total: number
}

/**
 * A day of a profile's profit curve: the net trading profit (profit − fee, USD) of the window's
 * closed trades up to the end of that UTC day. Never the balance: that is the user's own business.
 */
export interface ProfitPoint {
  date: string
  profit: number
}

export interface InstrumentFigures {
  code: string
  trades: number
  /** Σ (profit − fee) in USD, 2 decimals. */
  profit: number
}

/** `follow/detail`: the entry, the profit curve over the window and the window's trades by instrument. */
export interface RankDetail extends RankEntry {
  equity: ProfitPoint[]
  by_instrument: InstrumentFigures[]
  /**
   * The largest fall of the account's daily trading returns over the window, compounded (%, 2
   * decimals), and a risk score from 1 to 10 from their volatility (apps/server/src/rank/risk-figures.ts).
   */
  max_drawdown: number
  risk_score: number
}
