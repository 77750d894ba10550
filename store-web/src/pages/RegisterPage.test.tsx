import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { json, mockApi, renderAt } from '../test/render'
import { CartNotice } from '../cart/CartNotice'
import { leavePage } from '../cart/notice'
import { RegisterPage } from './RegisterPage'

// userEvent-heavy tests: a generous limit for a shared, loaded machine (not a timing assertion).
const SLOW = 30_000

describe('RegisterPage', () => {
  it('checks the passwords match before calling the API', async () => {
    const calls = mockApi({})
    renderAt(<RegisterPage />, '/registracija')
    const user = userEvent.setup()
    await user.type(screen.getByLabelText('Ime i prezime'), 'Ana Anić')
    await user.type(screen.getByLabelText('E-mail adresa'), 'ana@primer.rs')
    await user.type(screen.getByLabelText('Lozinka'), 'lozinka123')
    await user.type(screen.getByLabelText('Potvrda lozinke'), 'lozinka124')
    await user.click(screen.getByRole('button', { name: 'Registruj se' }))
    expect(screen.getByLabelText('Potvrda lozinke')).toHaveAccessibleDescription('Lozinke se ne poklapaju')
    // none but the social buttons' provider list
    expect(calls.filter((c) => !c.url.endsWith('/api/v1/auth/providers'))).toHaveLength(0)
  }, SLOW)

  it('puts each server 422 message under its field', async () => {
    mockApi({
      'POST /api/v1/register': () =>
        json(
          {
            message: 'Podaci nisu ispravni.',
            errors: { email: ['E-mail adresa je već zauzeta', 'drugi razlog'], name: ['Ime nije dozvoljeno'] },
          },
          422,
        ),
    })
    renderAt(<RegisterPage />, '/registracija')
    const user = userEvent.setup()
    await user.type(screen.getByLabelText('Ime i prezime'), 'Ana Anić')
    await user.type(screen.getByLabelText('E-mail adresa'), 'ana@primer.rs')
    await user.type(screen.getByLabelText('Lozinka'), 'lozinka123')
    await user.type(screen.getByLabelText('Potvrda lozinke'), 'lozinka123')
    await user.click(screen.getByRole('button', { name: 'Registruj se' }))

    await waitFor(() =>
      expect(screen.getByLabelText('E-mail adresa')).toHaveAccessibleDescription('E-mail adresa je već zauzeta'),
    )
    expect(screen.getByLabelText('Ime i prezime')).toHaveAccessibleDescription('Ime nije dozvoljeno')
    expect(screen.getByLabelText('Lozinka')).not.toHaveAttribute('aria-invalid')
  }, SLOW)

  it('lands the new customer with a welcome that survives the move to the home page', async () => {
    mockApi({
      'POST /api/v1/register': () =>
        json({ message: 'ok', data: { token: 't', refresh_token: 'r', expires_in: 900, user: { id: 9, name: 'Ana Anić', roles: ['customer'] } } }, 201),
    })
    renderAt(
      <>
        <RegisterPage />
        <CartNotice />
      </>,
      '/registracija',
    )
    const user = userEvent.setup()
    await user.type(screen.getByLabelText('Ime i prezime'), 'Ana Anić')
    await user.type(screen.getByLabelText('E-mail adresa'), 'ana@primer.rs')
    await user.type(screen.getByLabelText('Lozinka'), 'lozinka123')
    await user.type(screen.getByLabelText('Potvrda lozinke'), 'lozinka123')
    await user.click(screen.getByRole('button', { name: 'Registruj se' }))
    const notice = await screen.findByText('Dobro došli, Ana Anić! Vaš nalog je napravljen i prijavljeni ste.')
    // The guard's redirect home is one change of page: the welcome stays for it.
    act(() => leavePage())
    expect(notice).toBeInTheDocument()
  }, SLOW)
})
