import { describe, expect, it } from 'vitest'
import { appBuild, feedbackFormProblem, screenFrom } from './feedback-form.ts'

const good = { category: 'bug', text: 'The chart does not load.', contactEmail: '' }

describe('feedbackFormProblem', () => {
  it('accepts a complete form, with or without a contact address', () => {
    expect(feedbackFormProblem(good)).toBeNull()
    expect(feedbackFormProblem({ ...good, contactEmail: ' me@example.com ' })).toBeNull()
    // Characters as people count them: ten emoji are ten characters.
    expect(feedbackFormProblem({ ...good, text: '😀'.repeat(10) })).toBeNull()
    expect(feedbackFormProblem({ ...good, text: 'سطر أول\nسطر ثانٍ مفيد' })).toBeNull()
  })

  it.each([
    [{ category: '' }, 'feedback.categoryRequired', undefined],
    [{ category: 'praise' }, 'feedback.categoryRequired', undefined],
    [{ text: '   short   ' }, 'feedback.textTooShort', { min: 10 }],
    [{ text: 'x'.repeat(2001) }, 'feedback.textTooLong', { max: 2000 }],
    [{ text: 'Chart broken\u202e again' }, 'feedback.textInvalid', undefined],
    [{ text: 'Chart broken\u0007 again' }, 'feedback.textInvalid', undefined],
    [{ contactEmail: 'not an address' }, 'feedback.contactInvalid', undefined],
  ])('%o is refused with %s', (change, key, values) => {
    expect(feedbackFormProblem({ ...good, ...change })).toEqual(values ? { key, values } : { key })
  })
})

describe('screenFrom', () => {
  it('keeps app paths and drops anything else', () => {
    expect(screenFrom('/trade')).toBe('/trade')
    expect(screenFrom('/mine/withdraw?type=1')).toBe('/mine/withdraw?type=1')
    expect(screenFrom(null)).toBe('')
    expect(screenFrom('https://evil.example')).toBe('')
    expect(screenFrom('//evil.example')).toBe('')
    expect(screenFrom('/<script>')).toBe('')
    expect(screenFrom(`/${'a'.repeat(100)}`)).toBe('')
  })
})

describe('appBuild', () => {
  it("names the build by its entry script's hash", () => {
    expect(
      appBuild([{ src: 'https://x.example/assets/vendor-1.js' }, { src: '/assets/index-B2x_9kQa.js' }]),
    ).toBe('B2x_9kQa')
    expect(appBuild([{ src: '/src/main.tsx' }])).toBe('dev')
  })
})
