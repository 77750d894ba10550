import { getLang } from '@shop/shared'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { renderAt } from '../test/render'
import { LanguageSwitch } from './LanguageSwitch'

describe('LanguageSwitch', () => {
  it('stores the choice and sets the lang cookie the server renders the meta by', async () => {
    renderAt(<LanguageSwitch />)
    await userEvent.click(screen.getByRole('button', { name: 'EN' }))
    expect(getLang()).toBe('en')
    expect(document.cookie).toMatch(/(?:^|; )lang=en/)
    expect(await screen.findByRole('button', { name: 'EN', pressed: true })).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'SR' }))
    expect(document.cookie).toMatch(/(?:^|; )lang=sr/)
  })
})
