import { screen } from '@testing-library/react'
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

  it('sends a user without the permission to the admin home', () => {
    renderApp(<ScreenGuard screen={screens.users}>users</ScreenGuard>, { user: staff, modules: [], at: '/korisnici', others })
    expect(screen.queryByText('users')).toBeNull()
    expect(screen.getByText('admin home')).toBeTruthy()
    expect(screen.getByTestId('location').textContent).toBe('/')
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
