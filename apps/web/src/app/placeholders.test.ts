import { describe, expect, it } from 'vitest'

/** Issue 10: no route shows a placeholder but /feedback, which docs/product.md itself makes one. */
const ALLOWED = ['features/feedback/components/feedback-screen.tsx']

const screens = import.meta.glob<string>('../features/**/components/*-screen.tsx', {
  eager: true,
  query: '?raw',
  import: 'default',
})

describe('placeholders', () => {
  it('only /feedback is still "coming soon"', () => {
    const placeholders = Object.entries(screens)
      .filter(([, source]) => source.includes('ComingSoon'))
      .map(([path]) => path.replace('../', ''))
    expect(placeholders).toEqual(ALLOWED)
  })
})
