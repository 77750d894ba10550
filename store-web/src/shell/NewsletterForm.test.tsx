import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { mockApi, renderAt } from '../test/render'
import { NewsletterForm } from './NewsletterForm'

describe('NewsletterForm', () => {
  it('does nothing when empty, rejects a bad address, clears after a good one, calls no API', async () => {
    const calls = mockApi({})
    renderAt(<NewsletterForm />)
    const input = screen.getByLabelText('Vaša e-mail adresa')
    const submit = screen.getByRole('button', { name: 'Pretplati se' })

    await userEvent.click(submit)
    expect(input).not.toHaveAttribute('aria-invalid')
    expect(screen.queryByRole('status')).not.toBeInTheDocument()

    await userEvent.type(input, 'nije-adresa')
    await userEvent.click(submit)
    expect(input).toHaveAccessibleDescription('Niste uneli pravilnu Email adresu.')
    expect(input).toHaveValue('nije-adresa')

    await userEvent.clear(input)
    await userEvent.type(input, 'ana@primer.rs')
    await userEvent.click(submit)
    expect(input).toHaveValue('')
    expect(input).not.toHaveAttribute('aria-invalid')
    expect(screen.getByRole('status')).toHaveTextContent('Prijava na newsletter biće omogućena uskoro')
    expect(calls).toHaveLength(0)
  })
})
