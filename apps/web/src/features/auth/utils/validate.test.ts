import * as contracts from '@tp/contracts'
import { describe, expect, it } from 'vitest'
import {
  meetsPasswordRule,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordFormProblem,
} from './validate.ts'

describe('password form checks', () => {
  it('uses the bounds of the contracts', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(contracts.PASSWORD_MIN_LENGTH)
    expect(PASSWORD_MAX_LENGTH).toBe(contracts.PASSWORD_MAX_LENGTH)
  })

  it.each(['abcdefg1', 'A1234567', `a${'1'.repeat(63)}`])('accepts %s like the server does', (password) => {
    expect(meetsPasswordRule(password)).toBe(true)
    expect(contracts.password.safeParse(password).success).toBe(true)
  })

  it.each(['abc1', 'abcdefgh', '12345678', `a${'1'.repeat(64)}`])(
    'rejects %s like the server does',
    (password) => {
      expect(meetsPasswordRule(password)).toBe(false)
      expect(contracts.password.safeParse(password).success).toBe(false)
    },
  )

  it('asks for every field first, then matching passwords, then the rule', () => {
    expect(passwordFormProblem(['a@b.c', ''], 'abcdefg1', 'abcdefg1')).toBe('auth.errors.fillCompletely')
    expect(passwordFormProblem(['a@b.c', '123456'], 'abcdefg1', 'abcdefg2')).toBe(
      'auth.errors.passwordMismatch',
    )
    expect(passwordFormProblem(['a@b.c', '123456'], 'short1', 'short1')).toBe('auth.errors.passwordRule')
    expect(passwordFormProblem(['a@b.c', '123456'], 'abcdefg1', 'abcdefg1')).toBeNull()
  })
})
