import { fieldErrors, isApiError } from './errors'

describe('fieldErrors', () => {
  it('keeps the first message of each field', () => {
    const body = {
      message: 'Podaci nisu ispravni.',
      errors: { email: ['Polje je obavezno', 'E-mail nije ispravan'], name: ['Polje mora sadržati minimum 2 karaktera'] },
    }
    expect(fieldErrors(body)).toEqual({ email: 'Polje je obavezno', name: 'Polje mora sadržati minimum 2 karaktera' })
  })

  it('skips fields without messages', () => {
    expect(fieldErrors({ message: 'x', errors: { email: [] } })).toEqual({})
  })

  it('gives nothing for bodies that are not API errors', () => {
    expect(fieldErrors(undefined)).toEqual({})
    expect(fieldErrors('oops')).toEqual({})
    expect(fieldErrors({ message: 'Unauthorized' })).toEqual({})
    expect(fieldErrors({ errors: { email: ['x'] } })).toEqual({})
  })
})

describe('isApiError', () => {
  it('recognises the {message} body', () => {
    expect(isApiError({ message: 'Unauthorized' })).toBe(true)
    expect(isApiError({ msg: 'x' })).toBe(false)
    expect(isApiError(null)).toBe(false)
  })
})
