import { describe, expect, it } from 'vitest'
import { csvCell } from './statement-csv.ts'

describe('csvCell', () => {
  it('quotes commas, quotes and line breaks, doubling the quotes (RFC 4180)', () => {
    expect(csvCell('plain')).toBe('plain')
    expect(csvCell('a,b')).toBe('"a,b"')
    expect(csvCell('say "hi"')).toBe('"say ""hi"""')
    expect(csvCell('two\r\nlines')).toBe('"two\r\nlines"')
    expect(csvCell('')).toBe('')
  })

  it('defuses cells a spreadsheet would run as a formula', () => {
    for (const lead of ['=', '+', '-', '@', '\t', '\r'])
      expect(csvCell(`${lead}1+1`).replace(/^"/, '')).toMatch(/^'/)
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"')
    expect(csvCell('a=b')).toBe('a=b')
  })

  it('keeps numbers the statement wrote as numbers, negative ones too', () => {
    expect(csvCell('-12.50', true)).toBe('-12.50')
    expect(csvCell('-12.50')).toBe("'-12.50")
  })
})
