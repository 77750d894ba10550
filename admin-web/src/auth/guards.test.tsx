import { fireEvent, screen } from '@testing-library/react'
import i18n from '../i18n'
import { renderApp } from '../testing/render'
import { screens } from '../screens'
import { ScreenGuard } from './guards'

const staff = { id: 2, roles: ['urednik'], permissions: ['view-product', 'upload-pricelist'] }
const others = { '/': <p>admin home</p> }

describe('ScreenGuard', () => {
  it('shows a screen whose permission and module the user has', () => {
    renderApp(<ScreenGuard screen={screens.pricelistUpload}>upload form</ScreenGuard>, {
      user: staff,
      modules: ['Pricelist'],
      at: '/cenovnici/upload',
      others,
    })
    expect(screen.getByText('upload form')).toBeTruthy()
  })

  it('shows a staff user without the permission the Unauthorized page at the typed address, not the home', async () => {
    renderApp(<ScreenGuard screen={screens.users}>users</ScreenGuard>, { user: staff, modules: [], at: '/korisnici', others })
    // the page is its own chunk, shown once loaded
    expect(await screen.findByText('Nemate dozvolu da otvorite ovu stranicu.')).toBeTruthy()
    expect(screen.queryByText('users')).toBeNull()
    expect(screen.queryByText('admin home')).toBeNull()
    // a Serbian heading, as the rest of the admin reads; 'Unauthorized' stays the toast's text
    expect(document.querySelector('.ant-result-title')?.textContent).toBe('Nemate dozvolu za ovu stranicu')
    expect(screen.getByTestId('location').textContent).toBe('/korisnici')
    expect(document.title.startsWith('Nemate dozvolu')).toBe(true)
    // the way home is offered, not forced
    fireEvent.click(screen.getByRole('button', { name: 'Na početnu' }))
    expect(await screen.findByText('admin home')).toBeTruthy()
  })

  it('shows the no-permission page in English too', async () => {
    await i18n.changeLanguage('en')
    renderApp(<ScreenGuard screen={screens.users}>users</ScreenGuard>, { user: staff, modules: [], at: '/korisnici', others })
    expect(await screen.findByText('You do not have permission to open this page.')).toBeTruthy()
    expect(document.querySelector('.ant-result-title')?.textContent).toBe('You may not open this page')
    expect(screen.getByRole('button', { name: 'To the home page' })).toBeTruthy()
  })

  it('sends the user back when the module is off, even a super-admin', () => {
    renderApp(<ScreenGuard screen={screens.pricelistUpload}>upload form</ScreenGuard>, {
      user: { id: 1, roles: ['super-admin'], permissions: [] },
      modules: ['Banner'],
      at: '/cenovnici/upload',
      others,
    })
    expect(screen.queryByText('upload form')).toBeNull()
    expect(screen.getByTestId('location').textContent).toBe('/')
  })

  it('lets a super-admin into any screen with its module on', () => {
    renderApp(<ScreenGuard screen={screens.webMargin}>edit margin</ScreenGuard>, {
      user: { id: 1, roles: ['super-admin'], permissions: [] },
      modules: ['WebMargin'],
      at: '/web-marze/3',
      others,
    })
    expect(screen.getByText('edit margin')).toBeTruthy()
  })
})
