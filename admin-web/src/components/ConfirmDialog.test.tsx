import { fireEvent, render, screen } from '@testing-library/react'
import { ConfirmDialog } from './ConfirmDialog'

describe('ConfirmDialog', () => {
  it('asks with Da and Ne and reports the answer', async () => {
    const onConfirm = vi.fn()
    const onCancel = vi.fn()
    render(
      <ConfirmDialog open title="Obrisati korisnika?" onConfirm={onConfirm} onCancel={onCancel}>
        Demo Kupac
      </ConfirmDialog>,
    )
    // the modal is its own chunk, shown once loaded
    expect(await screen.findByText('Obrisati korisnika?')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Ne' }))
    expect(onCancel).toHaveBeenCalledTimes(1)
    fireEvent.click(screen.getByRole('button', { name: 'Da' }))
    expect(onConfirm).toHaveBeenCalledTimes(1)
  })

  it('shows nothing when closed', () => {
    render(<ConfirmDialog open={false} title="Obrisati?" onConfirm={() => {}} onCancel={() => {}} />)
    expect(screen.queryByText('Obrisati?')).toBeNull()
  })
})
