// MenuButton loads antd's Dropdown with its first click and then behaves as one.
import { fireEvent, render, screen } from '@testing-library/react'
import { Button } from 'antd'
import { MenuButton } from './MenuButton'

describe('MenuButton', () => {
  it('opens its menu on the first click and reports the choice', async () => {
    const onClick = vi.fn()
    render(
      <MenuButton menu={{ items: [{ key: 'a', label: 'Prvi' }, { key: 'b', label: 'Drugi' }], onClick }}>
        <Button>Izbor</Button>
      </MenuButton>,
    )
    expect(screen.queryByRole('menuitem')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Izbor' }))
    fireEvent.click(await screen.findByText('Drugi'))
    expect(onClick).toHaveBeenCalledWith(expect.objectContaining({ key: 'b' }))
    expect(screen.getAllByRole('menuitem').map((m) => m.textContent)).toEqual(['Prvi', 'Drugi'])
  })
})
