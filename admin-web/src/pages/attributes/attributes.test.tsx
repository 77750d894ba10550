import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { ApiError } from '../../api/client'
import i18n from '../../i18n'
import { firstError } from '../product-detail/ruleCheck'
import { attributeNameRules, attributeValueRules } from './attributeRules'
import { moveValue, sortValues } from './AttributeValuesDrawer'
import { NameDialog } from './NameDialog'

const t = i18n.getFixedT('sr')

describe('attribute rules', () => {
  it('a value is required, 1-255', async () => {
    const r = attributeValueRules(t)
    expect(await firstError(r, ' ')).toBe('Polje je obavezno')
    expect(await firstError(r, 'x')).toBeNull()
    expect(await firstError(r, 'x'.repeat(256))).toBe('Polje može sadržati maksimum 255 karaktera')
  })

  it('a name is 2-255', async () => {
    const r = attributeNameRules(t)
    expect(await firstError(r, 'B')).toBe('Polje mora sadržati minimum 2 karaktera')
    expect(await firstError(r, 'Boja')).toBeNull()
  })
})

describe('value order', () => {
  const values = [
    { id: 10, value: 'Crna', position: 1, active: true },
    { id: 11, value: 'Bela', position: 2, active: true },
    { id: 12, value: 'Siva', position: 3, active: true },
  ]

  it('moving down swaps two positions, only those are sent', () => {
    expect(moveValue(values, 0, 1)).toEqual([
      { valueId: 10, position: 2 },
      { valueId: 11, position: 1 },
    ])
    // positions need not start at 1 or be consecutive: only the two neighbours change
    const gaps = [
      { id: 1, value: 'a', position: 0, active: true },
      { id: 2, value: 'b', position: 5, active: true },
      { id: 3, value: 'c', position: 9, active: true },
    ]
    expect(moveValue(gaps, 2, -1)).toEqual([
      { valueId: 3, position: 5 },
      { valueId: 2, position: 9 },
    ])
  })

  it('the ends do not move', () => {
    expect(moveValue(values, 0, -1)).toEqual([])
    expect(moveValue(values, 2, 1)).toEqual([])
  })

  it('values sharing a position are renumbered so they still move', () => {
    const same = values.map((v) => ({ ...v, position: 0 }))
    expect(sortValues(same).map((v) => v.id)).toEqual([10, 11, 12])
    expect(moveValue(same, 2, -1)).toEqual([
      { valueId: 10, position: 1 },
      { valueId: 12, position: 2 },
      { valueId: 11, position: 3 },
    ])
  })
})

describe('NameDialog (brand and attribute add)', () => {
  it('keeps a 422 on the field and stays open; closes on success', async () => {
    const onClose = vi.fn()
    const onSubmit = vi
      .fn()
      .mockRejectedValueOnce(new ApiError(422, { message: 'Podaci nisu ispravni.', errors: { name: ['Brend sa ovim nazivom već postoji'] } }))
      .mockResolvedValueOnce({ message: 'Brend je kreiran.' })
    render(<NameDialog title="Novi brend" label="Naziv" rules={attributeNameRules(t)} onSubmit={onSubmit} onClose={onClose} />)
    const input = screen.getByLabelText('Naziv')
    fireEvent.change(input, { target: { value: ' Gorenje ' } })
    fireEvent.click(screen.getByRole('button', { name: 'Sačuvaj' }))
    expect(await screen.findByText('Brend sa ovim nazivom već postoji')).toBeTruthy()
    expect(onSubmit).toHaveBeenCalledWith('Gorenje')
    expect(onClose).not.toHaveBeenCalled()
    fireEvent.click(screen.getByRole('button', { name: 'Sačuvaj' }))
    await waitFor(() => expect(onClose).toHaveBeenCalled())
  }, 30_000)

  it('checks the rules before calling', async () => {
    const onSubmit = vi.fn()
    render(<NameDialog title="Novi brend" label="Naziv" rules={attributeNameRules(t)} onSubmit={onSubmit} onClose={() => {}} />)
    fireEvent.click(screen.getByRole('button', { name: 'Sačuvaj' }))
    expect(await screen.findByText('Polje je obavezno')).toBeTruthy()
    expect(onSubmit).not.toHaveBeenCalled()
  }, 30_000)
})
