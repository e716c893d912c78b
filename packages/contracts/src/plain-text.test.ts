import { describe, expect, it } from 'vitest'
import { LINES, ONE_LINE } from './plain-text.ts'

describe('plain text rules', () => {
  it('takes one line of any script, with the joiners Persian and Indic names need', () => {
    for (const text of ['', 'Chan Tai Man', '陳大文', 'مریم\u200cزاده', 'क्‍ष', 'EUR/USD 💶', "O'Brien-Smith"])
      expect({ text, ok: ONE_LINE.test(text) }).toEqual({ text, ok: true })
  })

  it('refuses in one line what breaks it or makes it read as something else', () => {
    const bad = [
      'a\nb',
      'a\rb',
      'a\tb',
      'a\u0000b',
      'a\u001b[31mb',
      'a\u007fb',
      'a\u0085b',
      'a\u2028b',
      'a\u2029b',
    ]
    const bidi = ['\u202eNAM IAT NAHC', 'a\u202ab', 'a\u202db', 'a\u2066b', 'a\u2069b']
    const marks = ['\u200fEUR\u200f/\u200fUSD', 'a\u200eb', 'a\u061cb']
    for (const text of [...bad, ...bidi, ...marks])
      expect({ text, ok: ONE_LINE.test(text) }).toEqual({ text, ok: false })
  })

  it('takes a few lines with tabs, and refuses escapes and direction tricks in them', () => {
    for (const text of ['line one\nline two', 'a\r\nb', 'a\tb', '多行\n文字', 'سلام\u200f!'])
      expect({ text, ok: LINES.test(text) }).toEqual({ text, ok: true })
    for (const text of ['a\u0000b', 'a\u001bb', 'a\u0085b', 'a\u202eb', 'a\u2067b'])
      expect({ text, ok: LINES.test(text) }).toEqual({ text, ok: false })
  })
})
