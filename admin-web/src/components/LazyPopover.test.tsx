// LazyPopover loads antd's Popover with the first click or hover and then
// behaves as one.
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { LazyPopover } from './LazyPopover'

describe('LazyPopover', () => {
  it('opens on the first click, keeps the clicked button focused, and Escape closes it', async () => {
    function Bell() {
      const [open, setOpen] = useState(false)
      return (
        <LazyPopover trigger="click" open={open} onOpenChange={setOpen} content={<div data-testid="panel">Sadržaj</div>}>
          <span>
            <button type="button">Zvono</button>
          </span>
        </LazyPopover>
      )
    }
    render(<Bell />)
    expect(screen.queryByTestId('panel')).toBeNull()
    const before = screen.getByRole('button', { name: 'Zvono' })
    act(() => before.focus())
    fireEvent.click(before)
    expect((await screen.findByTestId('panel')).textContent).toBe('Sadržaj')
    const button = screen.getByRole('button', { name: 'Zvono' })
    expect(document.activeElement).toBe(button)
    fireEvent.keyDown(button, { key: 'Escape', keyCode: 27 })
    await waitFor(() => expect(screen.getByTestId('panel').closest('.ant-popover')?.className).toContain('ant-popover-hidden'))
  })

  it('opens on the first hover, and closes when the pointer then moves elsewhere', async () => {
    render(
      <LazyPopover title="Katalog" content={<a href="/proizvodi">Proizvodi</a>}>
        <button type="button">K</button>
      </LazyPopover>,
    )
    expect(screen.queryByRole('link', { name: 'Proizvodi' })).toBeNull()
    fireEvent.mouseEnter(screen.getByRole('button', { name: 'K' }))
    expect(await screen.findByRole('link', { name: 'Proizvodi' })).toBeTruthy()
    expect(screen.getByText('Katalog')).toBeTruthy()
    // the pointer jumps away: the new element got no leave, the first move elsewhere closes it
    fireEvent.mouseMove(document.body)
    await waitFor(() => expect(screen.getByText('Katalog').closest('.ant-popover')?.className).toContain('ant-popover-hidden'))
  })
})
