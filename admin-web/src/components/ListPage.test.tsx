import { act, fireEvent, screen } from '@testing-library/react'
import { renderApp } from '../testing/render'
import { ListPage } from './ListPage'
import { readListParams, writeListParams } from './useListParams'

interface Row {
  id: number
  name: string
}

const rows: Row[] = [
  { id: 1, name: 'Ana' },
  { id: 2, name: 'Marko' },
]

function page(at: string, data: Row[] = rows, total = 120) {
  return renderApp(
    <ListPage<Row>
      title="Korisnici"
      rowKey="id"
      columns={[{ key: 'name', dataIndex: 'name', title: 'Ime' }]}
      rows={data}
      meta={{ total, per_page: 50, current_page: 2, last_page: 3 }}
      loading={false}
    />,
    { at },
  )
}

const location = () => screen.getByTestId('location').textContent
const search = () => screen.getByRole('searchbox') as HTMLInputElement

describe('list params in the URL', () => {
  it('reads page, size and search with defaults for missing or bad values', () => {
    expect(readListParams(new URLSearchParams('page=3&paginate=100&search=ana'))).toEqual({ page: 3, paginate: 100, search: 'ana' })
    expect(readListParams(new URLSearchParams('page=-1&paginate=7'))).toEqual({ page: 1, paginate: 20, search: '' })
  })

  it('writes only what differs from the defaults and keeps other keys', () => {
    const q = writeListParams(new URLSearchParams('page=3&role=urednik'), { page: 1 })
    expect(q.toString()).toBe('role=urednik')
    expect(writeListParams(new URLSearchParams('page=3'), { paginate: 50 }).toString()).toBe('paginate=50')
    expect(writeListParams(new URLSearchParams('page=3&search=a'), { search: 'ab' }).toString()).toBe('search=ab')
  })
})

describe('ListPage', () => {
  afterEach(() => vi.useRealTimers())

  it('shows the URL state: search text, page size, total, the rows', () => {
    page('/korisnici?page=2&paginate=50&search=an')
    expect(screen.getByRole('heading', { name: 'Korisnici' })).toBeTruthy()
    expect(search().value).toBe('an')
    expect(screen.getByText('50 po stranici')).toBeTruthy()
    expect(screen.getByTestId('list-total').textContent).toBe('Ukupno: 120')
    expect(screen.getByText('Marko')).toBeTruthy()
    expect(screen.getByTitle('2').className).toContain('active')
    expect(document.title).toBe('Korisnici | Admin panel')
  })

  it('sends the search 500 ms after the last keystroke, back on page 1, keeping the size', () => {
    vi.useFakeTimers()
    page('/korisnici?page=2&paginate=50')
    fireEvent.change(search(), { target: { value: 'mar' } })
    act(() => vi.advanceTimersByTime(300))
    fireEvent.change(search(), { target: { value: 'mark' } })
    act(() => vi.advanceTimersByTime(499))
    expect(location()).toBe('/korisnici?page=2&paginate=50')
    act(() => vi.advanceTimersByTime(1))
    expect(location()).toBe('/korisnici?paginate=50&search=mark')
  })

  it('clears the search at once when the box is emptied', () => {
    page('/korisnici?search=ana')
    fireEvent.change(search(), { target: { value: '' } })
    expect(location()).toBe('/korisnici')
  })

  it('moves between pages through the URL', () => {
    page('/korisnici?paginate=50')
    fireEvent.click(screen.getByTitle('3'))
    expect(location()).toBe('/korisnici?paginate=50&page=3')
  })

  it("focuses the search on '/' and leaves it on Escape", () => {
    page('/korisnici')
    fireEvent.keyDown(document.body, { key: '/' })
    expect(document.activeElement).toBe(search())
    fireEvent.keyDown(search(), { key: 'Escape' })
    expect(document.activeElement).not.toBe(search())
  })

  it("says 'Nema podataka' for an empty list", () => {
    page('/korisnici', [], 0)
    expect(screen.getAllByText('Nema podataka').length).toBeGreaterThan(0)
    expect(screen.getByTestId('list-total').textContent).toBe('Ukupno: 0')
  })
})
