import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { renderApp } from '../testing/render'
import { ListPage, MIN_COLUMN_WIDTH, tableWidth } from './ListPage'
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
      meta={{ total, total_bounded: false, per_page: 50, current_page: 2, last_page: 3 }}
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

describe('list params with filters in the URL', () => {
  it('a new page size or search keeps every filter and goes back to page 1', () => {
    const q = new URLSearchParams('categories=7,8&active=1&web_price_from=10.00&page=3')
    expect(writeListParams(q, { paginate: 5000 }).toString()).toBe('categories=7%2C8&active=1&web_price_from=10.00&paginate=5000')
    expect(writeListParams(q, { search: 'tv' }).toString()).toBe('categories=7%2C8&active=1&web_price_from=10.00&search=tv')
    expect(writeListParams(q, { page: 4 }).toString()).toBe('categories=7%2C8&active=1&web_price_from=10.00&page=4')
  })

  it('offers 20, 50, 100, 1000 and 5000 by default, fewer when a list says so', () => {
    expect(readListParams(new URLSearchParams('paginate=5000')).paginate).toBe(5000)
    expect(readListParams(new URLSearchParams('paginate=5000'), [20, 50, 100]).paginate).toBe(20)
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

  it('shows a bounded total as "more than" it (the server stopped counting there)', () => {
    renderApp(
      <ListPage<Row>
        title="Proizvodi"
        rowKey="id"
        columns={[{ key: 'name', dataIndex: 'name', title: 'Ime' }]}
        rows={rows}
        meta={{ total: 10000, total_bounded: true, per_page: 20, current_page: 1, last_page: 501 }}
        loading={false}
      />,
      { at: '/proizvodi' },
    )
    expect(screen.getByTestId('list-total').textContent).toBe('Ukupno: više od 10.000')
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

  it('keeps the filters in the URL while paging, and shows the first and last page around an ellipsis', () => {
    renderApp(
      <ListPage<Row>
        title="Proizvodi"
        rowKey="id"
        columns={[{ key: 'name', dataIndex: 'name', title: 'Ime' }]}
        rows={rows}
        meta={{ total: 200, total_bounded: false, per_page: 20, current_page: 5, last_page: 10 }}
        loading={false}
      />,
      { at: '/proizvodi?categories=7&active=1&page=5' },
    )
    expect(screen.getAllByTestId('page-gap').length).toBe(2)
    expect(screen.getByTitle('1')).toBeTruthy()
    expect(screen.getByTitle('10')).toBeTruthy()
    expect(screen.queryByTitle('3')).toBeNull()
    fireEvent.click(screen.getByTitle('10'))
    expect(location()).toBe('/proizvodi?categories=7&active=1&page=10')
  })

  it('renders a big page through the virtual table (not every row in the DOM)', async () => {
    const many = Array.from({ length: 5000 }, (_, i) => ({ id: i + 1, name: `Red ${i + 1}` }))
    renderApp(
      <ListPage<Row>
        title="Proizvodi"
        rowKey="id"
        columns={[{ key: 'name', dataIndex: 'name', title: 'Ime', width: 200 }]}
        rows={many}
        meta={{ total: 5000, total_bounded: false, per_page: 5000, current_page: 1, last_page: 1 }}
        loading={false}
      />,
      { at: '/proizvodi?paginate=5000' },
    )
    // antd's Table is its own chunk, shown once loaded
    await waitFor(() => expect(document.querySelector('.ant-table-tbody-virtual')).not.toBeNull())
    expect(document.querySelectorAll('.ant-table-row').length).toBeLessThan(5000)
    expect(screen.getByText('5000 po stranici')).toBeTruthy()
  })

  it("the virtual table is as wide as its columns ask, not wider (antd fills any room beyond)", () => {
    const columns = [
      { key: 'a', title: 'A', width: 100 },
      { key: 'b', title: 'B', width: 250 },
      { key: 'c', title: 'C' },
    ]
    expect(tableWidth(columns)).toBe(350 + MIN_COLUMN_WIDTH)
    expect(tableWidth(columns, { columnWidth: 48 })).toBe(398 + MIN_COLUMN_WIDTH)
    expect(tableWidth(columns, {})).toBe(382 + MIN_COLUMN_WIDTH)
  })

  it("says 'Nema podataka' for an empty list", () => {
    page('/korisnici', [], 0)
    expect(screen.getAllByText('Nema podataka').length).toBeGreaterThan(0)
    expect(screen.getByTestId('list-total').textContent).toBe('Ukupno: 0')
  })
})
