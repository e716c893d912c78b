import { describe, expect, it } from 'vitest'
import { identityFormProblem } from './identity-form.ts'

const good = { name: 'Chan Tai Man', cardId: 'A1234567', front: '/f', back: '/b' }

describe('identityFormProblem', () => {
  it('accepts a complete form', () => {
    expect(identityFormProblem(good)).toBeNull()
    expect(identityFormProblem({ ...good, cardId: ' ｇ１２３ ４５６ ' })).toBeNull()
    expect(identityFormProblem({ ...good, name: 'علی‌رضا' })).toBeNull()
  })

  it.each([
    [{ front: null }, 'identity.imagesRequired'],
    [{ back: null }, 'identity.imagesRequired'],
    [{ name: '   ' }, 'identity.nameRequired'],
    [{ name: 'X' }, 'identity.nameInvalid'],
    [{ name: 'N'.repeat(65) }, 'identity.nameInvalid'],
    [{ name: 'Chan\tTai' }, 'identity.nameInvalid'],
    [{ cardId: '' }, 'identity.cardIdRequired'],
    [{ cardId: 'AB1' }, 'identity.cardIdInvalid'],
    [{ cardId: '1'.repeat(33) }, 'identity.cardIdInvalid'],
    [{ cardId: 'A12<34>' }, 'identity.cardIdInvalid'],
    [{ cardId: '-- --' }, 'identity.cardIdInvalid'],
  ])('%o is refused with %s', (change, key) => {
    expect(identityFormProblem({ ...good, ...change })).toBe(key)
  })
})
