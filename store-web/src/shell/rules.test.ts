import { describe, expect, it } from 'vitest'
import { canSeeAdminPanel, pathAfterLogout, shellFor } from './rules'

describe('shellFor', () => {
  const all = ['Banner', 'Frontend', 'News']
  it.each([
    ['storefront path with Frontend', '/', all, 'storefront'],
    ['any storefront path with Frontend', '/kategorije/laptopovi', all, 'storefront'],
    ['module list lacks Frontend', '/', ['Banner', 'News'], 'storefront-off'],
    ['empty module list', '/login', [], 'storefront-off'],
    ['module list unavailable (null)', '/', null, 'storefront-off'],
    ['module list unavailable (undefined)', '/', undefined, 'storefront-off'],
    ['admin root', '/admin', all, 'admin'],
    ['admin page, no modules', '/admin/proizvodi', null, 'admin'],
    ['a path that only starts like admin', '/administracija-kupaca', all, 'storefront'],
    ['module names are case-sensitive', '/', ['frontend'], 'storefront-off'],
  ] as const)('%s', (_, path, modules, want) => {
    expect(shellFor(path, modules)).toBe(want)
  })
})

describe('canSeeAdminPanel', () => {
  it.each([
    ['guest', undefined, false],
    ['customer', { roles: ['customer'] }, false],
    ['no roles', { roles: [] }, false],
    ['super-admin', { roles: ['super-admin'] }, true],
    ['staff role', { roles: ['urednik'] }, true],
    ['customer who is also staff', { roles: ['customer', 'urednik'] }, true],
  ] as const)('%s', (_, user, want) => {
    expect(canSeeAdminPanel(user)).toBe(want)
  })
})

describe('pathAfterLogout', () => {
  it('goes home when Frontend is enabled', () => expect(pathAfterLogout(['Frontend'])).toBe('/'))
  it('stays when Frontend is off', () => expect(pathAfterLogout(['News'])).toBeNull())
  it('stays when modules are unknown', () => expect(pathAfterLogout(undefined)).toBeNull())
})
