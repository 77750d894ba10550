import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { RichTextEditor } from './RichTextEditor'
import { safeHref } from './RichTextEditorImpl'

// ProseMirror measures the layout, which jsdom has not
beforeAll(() => {
  Range.prototype.getBoundingClientRect = () => ({ x: 0, y: 0, width: 0, height: 0, top: 0, left: 0, bottom: 0, right: 0, toJSON: () => ({}) })
  Range.prototype.getClientRects = () => ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as unknown as DOMRectList
  document.elementFromPoint = () => null
})

function Harness({ initial, onChange }: { initial?: string; onChange?: (html: string) => void }) {
  const [v, setV] = useState(initial)
  return (
    <>
      <RichTextEditor
        aria-label="Tekst"
        withImage
        value={v}
        onChange={(h) => {
          setV(h)
          onChange?.(h)
        }}
      />
      <button type="button" onClick={() => setV('<p>spolja</p>')}>
        postavi
      </button>
    </>
  )
}

describe('RichTextEditor', () => {
  it('shows the value and the toolbar of spec 2.7 (image with withImage)', async () => {
    render(<Harness initial="<p>Zdravo <strong>svete</strong></p>" />)
    const box = await screen.findByRole('textbox', { name: 'Tekst' })
    expect(box.innerHTML).toContain('<strong>svete</strong>')
    for (const name of ['Podebljano', 'Kurziv', 'Podvučeno', 'Precrtano', 'Lista sa tačkama', 'Numerisana lista', 'Centrirano', 'Poništi', 'Ponovi', 'Link', 'Slika']) {
      expect(screen.getByRole('button', { name })).toBeTruthy()
    }
    expect(screen.getByRole('combobox', { name: 'Vrsta bloka' })).toBeTruthy()
    expect(screen.getByRole('combobox', { name: 'Veličina slova' })).toBeTruthy()
  }, 30_000)

  it('bold, heading and alignment change the HTML sent to onChange', async () => {
    const onChange = vi.fn()
    render(<Harness initial="<p>reč</p>" onChange={onChange} />)
    await screen.findByRole('textbox', { name: 'Tekst' })
    // select the whole document, then format it
    const box = screen.getByRole('textbox', { name: 'Tekst' })
    act(() => {
      box.focus()
      document.execCommand?.('selectAll')
    })
    fireEvent.click(screen.getByRole('button', { name: 'Centrirano' }))
    await waitFor(() => expect(onChange).toHaveBeenCalled())
    expect(onChange.mock.calls.at(-1)![0]).toContain('text-align: center')
    fireEvent.change(screen.getByRole('combobox', { name: 'Vrsta bloka' }), { target: { value: 'h2' } })
    await waitFor(() => expect(onChange.mock.calls.at(-1)![0]).toMatch(/^<h2/))
  }, 30_000)

  it('a value set from outside replaces the document', async () => {
    render(<Harness initial="<p>prvo</p>" />)
    const box = await screen.findByRole('textbox', { name: 'Tekst' })
    fireEvent.click(screen.getByRole('button', { name: 'postavi' }))
    await waitFor(() => expect(box.textContent).toBe('spolja'))
  }, 30_000)

  it('accepts only safe links', () => {
    expect(safeHref('/uslovi-isporuke#shipment_tracking')).toBe(true)
    expect(safeHref('https://example.com')).toBe(true)
    expect(safeHref('mailto:a@b.rs')).toBe(true)
    expect(safeHref('javascript:alert(1)')).toBe(false)
    expect(safeHref('//evil.example')).toBe(false)
  })
})
