import { describe, expect, it } from 'vitest'
import { nickname } from './rank.ts'

const read = (text: string) => nickname.safeParse(text)

describe('nickname', () => {
  it.each([
    ['  Alice   Trader ', 'Alice Trader'],
    ['交易員小明', '交易員小明'],
    ['محمد_77', 'محمد_77'],
    ['Zoë 2', 'Zoë 2'],
    ['नमस्ते', 'नमस्ते'],
    ['ab', 'ab'],
    ['Иван Петров', 'Иван Петров'],
    ['Ελένη', 'Ελένη'],
    ['Tokyo 太郎', 'Tokyo 太郎'],
    ['김민수', '김민수'],
    ['مهدی', 'مهدی'],
    ['สมชาย', 'สมชาย'],
    // Full-width letters are kept in their plain form, so they meet the unique index as 'House'.
    ['Ｈｏｕｓｅ Ｄｅｍｏ Ｂ', 'House Demo B'],
  ])('takes %j as %j', (typed, stored) => {
    expect(read(typed)).toEqual({ success: true, data: stored })
  })

  it.each([
    'a',
    'x'.repeat(21),
    'bell\u0007',
    'tab\there',
    '<script>',
    'House\u200dDemo A',
    'House Demo\u00a0A',
    '\u202eA omeD esuoH',
    'House Demo A\u034f',
    'House Demo A\ufe0f',
    'House\u180b Demo A',
    'H\u043eus\u0435 Demo B',
    'House Dem\u03bf \u0392',
    'Иван Ivan',
    '太郎 Иван',
    'a\u0301\u0301\u0301\u0301',
    '_\u0301x',
    ' ',
    '½x',
  ])('refuses %j', (typed) => {
    expect(read(typed).success).toBe(false)
  })
})
