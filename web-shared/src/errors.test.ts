import { ApiError, fieldErrors, isApiError, unwrap } from './errors'

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

describe('ApiError and unwrap (one behaviour for both apps)', () => {
  const res = (status: number) => new Response(null, { status })

  it('answers the body of a success, from the promise or the awaited result', async () => {
    await expect(unwrap(Promise.resolve({ data: { id: 1 }, response: res(200) }))).resolves.toEqual({ id: 1 })
    await expect(unwrap({ data: { id: 2 }, response: res(201) })).resolves.toEqual({ id: 2 })
  })

  it('throws the status and the API body of a refusal, with the fields of a 422', async () => {
    const body = { message: 'Podaci nisu ispravni.', errors: { email: ['Polje je obavezno'] } }
    const err = await unwrap({ error: body, response: res(422) }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ApiError)
    expect((err as ApiError).status).toBe(422)
    expect((err as ApiError).body).toEqual(body)
    expect((err as ApiError).message).toBe('Podaci nisu ispravni.')
    expect((err as ApiError).fields).toEqual({ email: 'Polje je obavezno' })
  })

  it('keeps no body that is not the API error shape, and no fields outside 422', async () => {
    const err = (await unwrap({ error: '<html>Bad Gateway</html>', response: res(502) }).catch((e: unknown) => e)) as ApiError
    expect(err.status).toBe(502)
    expect(err.body).toBeUndefined()
    expect(err.message).toBe('HTTP 502')
    expect(new ApiError(400, { message: 'x', errors: { a: ['b'] } }).fields).toEqual({})
  })

  it('treats a success without a body, and an error body on a 2xx, as failures', async () => {
    await expect(unwrap({ response: res(200) })).rejects.toBeInstanceOf(ApiError)
    await expect(unwrap({ data: {}, error: { message: 'x' }, response: res(200) })).rejects.toBeInstanceOf(ApiError)
  })
})
