import { describe, expect, it } from 'vitest'
import { rules, validate } from './validation'

const register = {
  name: rules.name,
  email: rules.email,
  password: rules.password,
  password_confirmation: rules.passwordConfirmation,
}

describe('validate', () => {
  it('reports the first problem per field', () => {
    expect(validate(register, { name: '', email: 'x', password: 'short', password_confirmation: 'other' })).toEqual({
      name: { key: 'form.required' },
      email: { key: 'form.email' },
      password: { key: 'form.minLength', params: { count: 8 } },
      password_confirmation: { key: 'form.passwordsMatch' },
    })
  })

  it('accepts a valid registration', () => {
    expect(
      validate(register, {
        name: 'Ana',
        email: 'ana@primer.rs',
        password: 'lozinka123',
        password_confirmation: 'lozinka123',
      }),
    ).toEqual({})
  })

  it.each([
    ['name of 1 character', { name: 'A' }, 'name', { key: 'form.minLength', params: { count: 2 } }],
    ['name of 256 characters', { name: 'a'.repeat(256) }, 'name', { key: 'form.maxLength', params: { count: 255 } }],
    ['blank name', { name: '   ' }, 'name', { key: 'form.required' }],
    ['e-mail without domain', { email: 'ana@' }, 'email', { key: 'form.email' }],
    ['e-mail with a space', { email: 'ana @primer.rs' }, 'email', { key: 'form.email' }],
    ['e-mail over 255', { email: `${'a'.repeat(250)}@primer.rs` }, 'email', { key: 'form.maxLength', params: { count: 255 } }],
    ['missing confirmation', { password: 'lozinka123', password_confirmation: '' }, 'password_confirmation', { key: 'form.required' }],
  ])('%s', (_, values, field, problem) => {
    expect(validate(register, values as Record<string, string>)[field]).toEqual(problem)
  })

  it('accepts boundaries: 2 and 255 name characters, 8 password characters', () => {
    const errs = validate(register, {
      name: 'Al',
      email: 'a@b.rs',
      password: '12345678',
      password_confirmation: '12345678',
    })
    expect(errs).toEqual({})
    expect(validate({ name: rules.name }, { name: 'a'.repeat(255) })).toEqual({})
  })
})
