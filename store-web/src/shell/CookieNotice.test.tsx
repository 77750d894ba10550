import { readCookie } from '@shop/shared'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { renderAt } from '../test/render'
import { CookieNotice } from './CookieNotice'

describe('CookieNotice', () => {
  it('shows until the visitor agrees, then remembers it', async () => {
    const first = renderAt(<CookieNotice />)
    const notice = screen.getByTestId('cookie-notice')
    expect(notice).toHaveTextContent(/kolačiće/)

    await userEvent.click(screen.getByRole('button', { name: 'Slažem se' }))
    expect(screen.queryByTestId('cookie-notice')).not.toBeInTheDocument()
    expect(localStorage.getItem('cookie_consent')).toBe('1')
    expect(readCookie('cookie_consent')).toBe('1')

    // A later visit (a fresh render) does not show it again.
    first.unmount()
    renderAt(<CookieNotice />)
    expect(screen.queryByTestId('cookie-notice')).not.toBeInTheDocument()
  })

  it('stays hidden when only the cookie remains (storage cleared)', () => {
    document.cookie = 'cookie_consent=1; path=/'
    renderAt(<CookieNotice />)
    expect(screen.queryByTestId('cookie-notice')).not.toBeInTheDocument()
  })
})
