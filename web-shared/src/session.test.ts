import { clearTokens, expiresSoon, getLang, getModules, getToken, keys, saveModules, saveTokens, setLang } from './session'

beforeEach(() => localStorage.clear())

describe('session storage', () => {
  it('saves tokens with their expiry and clears them', () => {
    saveTokens({ token: 't', refresh_token: 'r', expires_in: 60 }, 1_000)
    expect(getToken()).toBe('t')
    expect(localStorage.getItem(keys.expiresAt)).toBe('61000')
    clearTokens()
    expect(getToken()).toBeNull()
    expect(localStorage.getItem(keys.refreshToken)).toBeNull()
  })

  it('counts a token as expired 10 s before its end', () => {
    saveTokens({ token: 't', refresh_token: 'r', expires_in: 60 }, 0)
    expect(expiresSoon(49_999)).toBe(false)
    expect(expiresSoon(50_000)).toBe(true)
    localStorage.clear()
    expect(expiresSoon()).toBe(false)
  })

  it('defaults the language to sr', () => {
    expect(getLang()).toBe('sr')
    setLang('en')
    expect(getLang()).toBe('en')
    localStorage.setItem(keys.language, 'de')
    expect(getLang()).toBe('sr')
  })
})

describe('module list', () => {
  it('round-trips the module names and says null when there is no usable list', () => {
    expect(getModules()).toBeNull()
    saveModules(['Banner', 'Frontend'])
    expect(localStorage.getItem(keys.modules)).toBe('["Banner","Frontend"]')
    expect(getModules()).toEqual(['Banner', 'Frontend'])
    localStorage.setItem(keys.modules, '{broken')
    expect(getModules()).toBeNull()
    localStorage.setItem(keys.modules, '{"Banner":true}')
    expect(getModules()).toBeNull()
  })
})
