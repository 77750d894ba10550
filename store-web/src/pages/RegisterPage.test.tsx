import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { json, mockApi, renderAt } from '../test/render'
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
})
