import { screen } from '@testing-library/react'
import { renderApp } from '../testing/render'
import { PermissionGuard } from './PermissionGuard'

const ui = (
  <PermissionGuard permission="create-user" fallback={<span>nothing for you</span>}>
    <button>Dodaj korisnika</button>
  </PermissionGuard>
)

describe('PermissionGuard', () => {
  it('shows its content to a holder of the permission', () => {
    renderApp(ui, { user: { id: 2, roles: ['urednik'], permissions: ['view-user', 'create-user'] } })
    expect(screen.getByRole('button', { name: 'Dodaj korisnika' })).toBeTruthy()
  })

  it('shows its content to super-admin without the permission listed', () => {
    renderApp(ui, { user: { id: 1, roles: ['super-admin'], permissions: [] } })
    expect(screen.getByRole('button', { name: 'Dodaj korisnika' })).toBeTruthy()
  })

  it('renders nothing (or the fallback) for anyone else', () => {
    renderApp(ui, { user: { id: 3, roles: ['urednik'], permissions: ['view-user'] } })
    expect(screen.queryByRole('button')).toBeNull()
    expect(screen.getByText('nothing for you')).toBeTruthy()
  })

  it('renders nothing without a session', () => {
    renderApp(
      <PermissionGuard permission="create-user">
        <button>Dodaj korisnika</button>
      </PermissionGuard>,
    )
    expect(screen.queryByRole('button')).toBeNull()
  })
})
