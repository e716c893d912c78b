import { describe, expect, it } from 'vitest'
import { articleIdOf } from './article-id.ts'

describe('articleIdOf', () => {
  it('reads a serial id and refuses anything else', () => {
    expect(articleIdOf('1')).toBe(1)
    expect(articleIdOf('2147483647')).toBe(2147483647)
    for (const bad of [
      null,
      '',
      '0',
      '-1',
      '01',
      'abc',
      '1.5',
      '1e3',
      '0x10',
      ' 1',
      '2147483648',
      '99999999999',
    ])
      expect(articleIdOf(bad), String(bad)).toBeUndefined()
  })
})
