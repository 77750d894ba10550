import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { json, mockApi, renderAt } from '../test/render'
import { NewsletterForm } from './NewsletterForm'

describe('NewsletterForm', () => {
  it('does nothing when empty, rejects a bad address, sends a good one and shows the answer', async () => {
    const calls = mockApi({
      'POST /api/v1/newsletter/subscribe': () => json({ message: 'Proverite e-mail i potvrdite prijavu na newsletter.' }),
    })
    renderAt(<NewsletterForm />)
    const input = screen.getByLabelText('Vaša e-mail adresa')
    const submit = screen.getByRole('button', { name: 'Pretplati se' })

    await userEvent.click(submit)
    expect(input).not.toHaveAttribute('aria-invalid')
    expect(screen.queryByRole('status')).not.toBeInTheDocument()

    await userEvent.type(input, 'nije-adresa')
    await userEvent.click(submit)
    expect(input).toHaveAccessibleDescription('Niste uneli pravilnu e-mail adresu.')
    await waitFor(() => expect(input).toHaveFocus())
    expect(input).toHaveValue('nije-adresa')
    expect(calls).toHaveLength(0)

    await userEvent.clear(input)
    await userEvent.type(input, 'ana@primer.rs')
    await userEvent.click(submit)
    expect(input).toHaveValue('')
    expect(await screen.findByRole('status')).toHaveTextContent('Proverite e-mail i potvrdite prijavu na newsletter.')
    expect(calls).toHaveLength(1)
    expect(await calls[0].json()).toEqual({ email: 'ana@primer.rs', website: '' })
  })

  it('swallows a failure (spec: newsletter calls show no error)', async () => {
    const calls = mockApi({ 'POST /api/v1/newsletter/subscribe': () => json({ message: 'Previše zahteva.' }, 429) })
    renderAt(<NewsletterForm />)
    await userEvent.type(screen.getByLabelText('Vaša e-mail adresa'), 'ana@primer.rs')
    await userEvent.click(screen.getByRole('button', { name: 'Pretplati se' }))
    await waitFor(() => expect(calls).toHaveLength(1))
    expect(screen.queryByRole('status')).not.toBeInTheDocument()
    expect(screen.queryByText('Previše zahteva.')).not.toBeInTheDocument()
  })
})
