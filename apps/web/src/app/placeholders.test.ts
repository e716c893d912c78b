import { describe, expect, it } from 'vitest'

/** Issue 10 left /feedback as the one placeholder; issue 25 made it a working form. None is left. */
const screens = import.meta.glob<string>('../features/**/components/*-screen.tsx', {
  eager: true,
  query: '?raw',
  import: 'default',
})

describe('placeholders', () => {
  it('no screen is "coming soon"', () => {
    const placeholders = Object.entries(screens)
      .filter(([, source]) => source.includes('ComingSoon'))
      .map(([path]) => path.replace('../', ''))
    expect(placeholders).toEqual([])
  })
})
