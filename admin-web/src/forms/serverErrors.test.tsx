import { act, render, screen } from '@testing-library/react'
import { Form, Input, type FormInstance } from 'antd'
import { ApiError } from '../api/client'
import { applyServerErrors, serverFieldData } from './serverErrors'

const invalid = new ApiError(422, {
  message: 'Podaci nisu ispravni.',
  errors: { email: ['Email adresa je već zauzeta', 'second message'], name: ['Polje mora sadržati minimum 2 karaktera'] },
})

describe('serverFieldData', () => {
  it('takes the first message of each field of a 422', () => {
    expect(serverFieldData(invalid)).toEqual([
      { name: 'email', errors: ['Email adresa je već zauzeta'] },
      { name: 'name', errors: ['Polje mora sadržati minimum 2 karaktera'] },
    ])
  })

  it('gives nothing for other failures', () => {
    expect(serverFieldData(new ApiError(403, { message: 'Unauthorized' }))).toEqual([])
    expect(serverFieldData(new TypeError('Failed to fetch'))).toEqual([])
  })
})

describe('applyServerErrors on an antd form', () => {
  let form: FormInstance

  function UserFields() {
    const [f] = Form.useForm()
    form = f
    return (
      <Form form={f}>
        <Form.Item name="name" label="Ime">
          <Input />
        </Form.Item>
        <Form.Item name="email" label="E-mail">
          <Input />
        </Form.Item>
        <Form.Item name="role" label="Uloga">
          <Input />
        </Form.Item>
      </Form>
    )
  }

  it('clears the old errors and shows the first message per field', async () => {
    render(<UserFields />)
    act(() => form.setFields([{ name: 'role', errors: ['an old error'] }]))
    expect(await screen.findByText('an old error')).toBeTruthy()

    act(() => {
      applyServerErrors(form, invalid)
    })
    expect(await screen.findByText('Email adresa je već zauzeta')).toBeTruthy()
    expect(screen.getByText('Polje mora sadržati minimum 2 karaktera')).toBeTruthy()
    expect(screen.queryByText('second message')).toBeNull()
    expect(form.getFieldError('role')).toEqual([])
    expect(form.getFieldError('email')).toEqual(['Email adresa je već zauzeta'])
  })

  it('only clears the errors when the failure is not a 422', () => {
    render(<UserFields />)
    act(() => form.setFields([{ name: 'email', errors: ['stale'] }]))
    act(() => {
      expect(applyServerErrors(form, new ApiError(500, { message: 'x' }))).toEqual([])
    })
    expect(form.getFieldError('email')).toEqual([])
  })
})
