/** Generated history, for each session template: candles, gaps, volumes and the calendar agree. */
import { describe, expect, it } from 'vitest'
import { STORED_PERIODS, PERIOD_SECONDS } from '@tp/contracts'
import { aggregate, bucketStart, roundPrice } from './candles.ts'
import { generateHistory, opensOnDay } from './history.ts'
import { MAX_GAP_MS, quoteFromMid } from './price-walk.ts'
import { seededRandom } from './random.ts'
import { SESSION_TEMPLATES } from './sessions.ts'
import {
  weekday,
  closedByCalendar,
  MIN_MINUTE_VOLUME,
  MAX_MINUTE_VOLUME,
  SPECS,
  history,
  last,
  INTRADAY,
  cases,
} from './history.fixtures.ts'

describe.each(cases)(
  'generateHistory $template, $count candles, ending $name',
  ({ template, count, endMs }) => {
    const spec = SPECS[template]
    const endMinute = bucketStart(endMs, '1min')
    const get = () => history(template, endMs, count)

    it('has exactly `count` candles of every period', () => {
      const { bars } = get()
      expect(Object.keys(bars).sort()).toEqual([...STORED_PERIODS].sort())
      for (const period of STORED_PERIODS) expect(bars[period], period).toHaveLength(count)
    })

    it('ends before the minute holding endMs', () => {
      const { bars } = get()
      expect(last(bars['1min']).time + 60).toBeLessThanOrEqual(endMinute)
      for (const period of STORED_PERIODS)
        expect(Math.max(...bars[period].map((b) => b.time)), period).toBeLessThan(endMinute)
    })

    it('has candles aligned to their period, strictly ascending', () => {
      const { bars } = get()
      const wrong: string[] = []
      for (const period of STORED_PERIODS) {
        bars[period].forEach((bar, i) => {
          if (bar.time % PERIOD_SECONDS[period] !== 0) wrong.push(`${period} ${bar.time} not aligned`)
          if (i > 0 && bar.time <= bars[period][i - 1]!.time)
            wrong.push(`${period} ${bar.time} not ascending`)
        })
      }
      expect(wrong).toEqual([])
    })

    it('has consistent, positive prices rounded to the precision and a tick volume', () => {
      const { bars } = get()
      const wrong: string[] = []
      for (const period of STORED_PERIODS) {
        for (const bar of bars[period]) {
          const where = `${period} ${JSON.stringify(bar)}`
          if (!(bar.low > 0)) wrong.push(`${where}: low not positive`)
          if (!(bar.low <= Math.min(bar.open, bar.close))) wrong.push(`${where}: low above open or close`)
          if (!(bar.high >= Math.max(bar.open, bar.close))) wrong.push(`${where}: high below open or close`)
          for (const price of [bar.open, bar.high, bar.low, bar.close])
            if (roundPrice(price, spec.precision) !== price) wrong.push(`${where}: ${price} not rounded`)
          if (!Number.isInteger(bar.volume) || bar.volume < 1) wrong.push(`${where}: bad volume`)
          if (period === '1min' && (bar.volume < MIN_MINUTE_VOLUME || bar.volume > MAX_MINUTE_VOLUME))
            wrong.push(`${where}: implausible minute volume`)
        }
      }
      expect(wrong).toEqual([])
    })

    it('has no minute in a closed session', () => {
      const { bars } = get()
      const wrong: number[] = []
      for (const bar of bars['1min'])
        if (!spec.calendar.isOpenAt(bar.time * 1000) || closedByCalendar(template, bar.time))
          wrong.push(bar.time)
      for (const bar of bars['1day'])
        if (
          !opensOnDay(
            template === 'always' ? SESSION_TEMPLATES.always : SESSION_TEMPLATES[template],
            bar.time * 1000,
          )
        )
          wrong.push(bar.time)
      if (template !== 'always') {
        for (const period of STORED_PERIODS)
          for (const bar of bars[period]) if (weekday(bar.time) === 6) wrong.push(bar.time)
      }
      expect(wrong).toEqual([])
    })

    it('has no gaps between open minutes and no hour left out', () => {
      const { bars } = get()
      const openMinutes = (from: number, to: number) => {
        let n = 0
        for (let t = from; t < to; t += 60) if (spec.calendar.isOpenAt(t * 1000)) n++
        return n
      }
      const minutes = bars['1min']
      expect(openMinutes(minutes[0]!.time, endMinute)).toBe(minutes.length)
      const hours = bars['60min']
      // Every open minute since the oldest hour lies in one of the hourly candles.
      expect(openMinutes(hours[0]!.time, endMinute)).toBe(
        hours.reduce((n, h) => n + openMinutes(h.time, Math.min(h.time + 3600, endMinute)), 0),
      )
    })

    it('has whole hourly candles: even the oldest is made of all its open minutes', () => {
      const { bars } = get()
      const hours = bars['60min']
      for (const hour of hours) {
        let open = 0
        for (let t = hour.time; t < Math.min(hour.time + 3600, endMinute); t += 60)
          if (spec.calendar.isOpenAt(t * 1000)) open++
        expect(open, `${hour.time}`).toBeGreaterThan(0)
        expect(hour.volume, `${hour.time}`).toBeGreaterThanOrEqual(open * MIN_MINUTE_VOLUME)
        expect(hour.volume, `${hour.time}`).toBeLessThanOrEqual(open * MAX_MINUTE_VOLUME)
      }
    })

    it('makes every intraday candle of the 1min candles under it', () => {
      const { bars } = get()
      const minutes = bars['1min']
      const first = minutes[0]!.time
      let compared = 0
      for (const period of INTRADAY) {
        for (const bar of bars[period]) {
          const where = `${period} ${bar.time}`
          const under = minutes.filter((m) => bucketStart(m.time * 1000, period) === bar.time)
          if (bar.time >= first) {
            // Every minute of this bucket is among the returned 1min candles.
            expect(under.length, where).toBeGreaterThan(0)
            expect(aggregate(under, period), where).toEqual([bar])
            compared++
          } else if (under.length) {
            // The bucket began before the oldest returned minute: those minutes are its tail.
            const [tail] = aggregate(under, period)
            expect(bar.close, where).toBe(tail!.close)
            expect(bar.high, where).toBeGreaterThanOrEqual(tail!.high)
            expect(bar.low, where).toBeLessThanOrEqual(tail!.low)
            expect(bar.volume, where).toBeGreaterThan(tail!.volume)
          }
        }
      }
      expect(compared).toBeGreaterThanOrEqual(count / 5)
    })

    it('ends every period at the same close, and its day candles contain its minutes', () => {
      const { bars } = get()
      const close = last(bars['1min']).close
      for (const period of STORED_PERIODS) expect(last(bars[period]).close, period).toBe(close)
      for (const day of bars['1day']) {
        const inDay = bars['1min'].filter((m) => bucketStart(m.time * 1000, '1day') === day.time)
        if (!inDay.length) continue
        expect(day.high).toBeGreaterThanOrEqual(Math.max(...inDay.map((m) => m.high)))
        expect(day.low).toBeLessThanOrEqual(Math.min(...inDay.map((m) => m.low)))
        expect(day.volume).toBeGreaterThanOrEqual(inDay.reduce((v, m) => v + m.volume, 0))
      }
    })

    it('reaches further back with longer periods', () => {
      const { bars } = get()
      expect(bars['60min'][0]!.time).toBeLessThan(bars['1min'][0]!.time)
      for (let i = 1; i < STORED_PERIODS.length; i++) {
        expect(bars[STORED_PERIODS[i]!][0]!.time, STORED_PERIODS[i]).toBeLessThanOrEqual(
          bars[STORED_PERIODS[i - 1]!][0]!.time,
        )
      }
      // Daily candles go back `count` trading days, well before the intraday path.
      expect(bars['1day'][0]!.time).toBeLessThan(bucketStart(bars['60min'][0]!.time * 1000, '1day'))
    })

    it('walks one continuous path: a candle opens near the last close, given the pause between them', () => {
      const { bars } = get()
      const { dailyVolatility } = spec.walk
      const wrong: string[] = []
      for (const period of STORED_PERIODS) {
        const list = bars[period]
        for (let i = 1; i < list.length; i++) {
          const previous = list[i - 1]!
          const bar = list[i]!
          // Days after the previous candle's end (a closed market moves like at most MAX_GAP_MS), plus one
          // walk step; a day candle may open up to a day late (the intraday path starts mid-day).
          const pause = (bar.time - previous.time - PERIOD_SECONDS[period]) / 86_400
          const slack = period === '1day' ? 1 : 1 / 24
          const sigma = dailyVolatility * Math.sqrt(Math.min(pause, MAX_GAP_MS / 86_400_000) + slack)
          // Six standard deviations, plus two points of rounding.
          const bound = 6 * sigma + (2 * 10 ** -spec.precision) / bar.open
          const move = Math.abs(Math.log(bar.open / previous.close))
          if (move > bound) wrong.push(`${period} ${bar.time}: ${move} > ${bound}`)
        }
      }
      expect(wrong).toEqual([])
    })

    it('has daily closes that persist like one walk, not independent days', () => {
      const { bars } = get()
      const x = bars['1day'].map((b) => Math.log(b.close / spec.walk.anchor))
      const m = x.reduce((a, b) => a + b, 0) / x.length
      let lagged = 0
      let variance = 0
      for (let i = 0; i < x.length; i++) {
        variance += (x[i]! - m) ** 2
        if (i > 0) lagged += (x[i]! - m) * (x[i - 1]! - m)
      }
      // An Ornstein-Uhlenbeck walk with a reversion of months is strongly autocorrelated day to day.
      // (Independent days would give about 0 ± 1/√count.)
      expect(lagged / variance).toBeGreaterThan(count >= 200 ? 0.7 : 0.4)
    })

    it('continues the live feed from lastMid', () => {
      const { bars, lastMid } = get()
      expect(quoteFromMid(lastMid, spec.spreadPoints, spec.precision).bid).toBe(last(bars['1min']).close)
    })

    it('is reproducible from its seed, and another seed gives another history', () => {
      const again = generateHistory(spec, endMs, count, seededRandom(42))
      expect(again).toEqual(get())
      const other = generateHistory(spec, endMs, count, seededRandom(43))
      for (const period of STORED_PERIODS) {
        expect(
          other.bars[period].map((b) => b.time),
          period,
        ).toEqual(get().bars[period].map((b) => b.time))
        expect(
          other.bars[period].map((b) => b.close),
          period,
        ).not.toEqual(get().bars[period].map((b) => b.close))
      }
      expect(other.lastMid).not.toBe(get().lastMid)
    })
  },
)
