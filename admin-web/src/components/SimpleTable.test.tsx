// SimpleTable: the lists' table without antd's Table keeps what the lists use of
// it: cells from dataIndex or render, the empty text, and row selection as antd's Table reports it.
import { fireEvent, render, screen } from '@testing-library/react'
import { SimpleTable } from './SimpleTable'

interface Row {
  id: number
  name: string
  brand: { name: string }
}

const rows: Row[] = [
  { id: 1, name: 'Laptop', brand: { name: 'Acer' } },
  { id: 2, name: 'Monitor', brand: { name: 'Dell' } },
]
const columns = [
  { key: 'name', dataIndex: 'name', title: 'Naziv' },
  { key: 'brand', dataIndex: ['brand', 'name'], title: 'Brend' },
  { key: 'upper', title: 'Veliko', render: (_: unknown, r: Row, i: number) => `${r.name.toUpperCase()} #${i}` },
]
const boxes = () => [...document.querySelectorAll<HTMLInputElement>('input[type=checkbox]')]

describe('SimpleTable', () => {
  it('shows the cells of dataIndex (nested too) and render, under antd class names', () => {
    render(<SimpleTable<Row> rowKey="id" columns={columns} dataSource={rows} />)
    expect([...document.querySelectorAll('.ant-table-thead th')].map((th) => th.textContent)).toEqual(['Naziv', 'Brend', 'Veliko'])
    const cells = [...document.querySelectorAll('.ant-table-row')].map((tr) => [...tr.children].map((td) => td.textContent))
    expect(cells).toEqual([
      ['Laptop', 'Acer', 'LAPTOP #0'],
      ['Monitor', 'Dell', 'MONITOR #1'],
    ])
  })

  it('says the empty text for no rows', () => {
    render(<SimpleTable<Row> rowKey="id" columns={columns} dataSource={[]} emptyText="Nema podataka" />)
    expect(screen.getByText('Nema podataka').closest('.ant-table-placeholder')).not.toBeNull()
  })

  it('reports a row chosen (onSelect, onChange) and select-all of the page (onSelectAll, onChange), keeping nothing of other pages', () => {
    const onChange = vi.fn()
    const onSelect = vi.fn()
    const onSelectAll = vi.fn()
    const { rerender } = render(
      <SimpleTable<Row> rowKey="id" columns={columns} dataSource={rows} rowSelection={{ selectedRowKeys: [9], onChange, onSelect, onSelectAll }} />,
    )
    fireEvent.click(boxes()[2])
    expect(onSelect).toHaveBeenCalledWith(rows[1], true, [rows[1]], expect.anything())
    expect(onChange).toHaveBeenLastCalledWith([2], [rows[1]], { type: 'single' })

    rerender(<SimpleTable<Row> rowKey="id" columns={columns} dataSource={rows} rowSelection={{ selectedRowKeys: [2], onChange, onSelect, onSelectAll }} />)
    expect(document.querySelector('.ant-table-row-selected')?.getAttribute('data-row-key')).toBe('2')
    fireEvent.click(boxes()[0])
    expect(onSelectAll).toHaveBeenCalledWith(true, rows, [rows[0]])
    expect(onChange).toHaveBeenLastCalledWith([2, 1], rows, { type: 'all' })
  })

  it('keeps the keys of other pages with preserveSelectedRowKeys', () => {
    const onChange = vi.fn()
    render(<SimpleTable<Row> rowKey="id" columns={columns} dataSource={rows} rowSelection={{ selectedRowKeys: [9, 1], preserveSelectedRowKeys: true, onChange }} />)
    expect(boxes()[0].checked).toBe(false)
    fireEvent.click(boxes()[1])
    expect(onChange).toHaveBeenLastCalledWith([9], [], { type: 'single' })
    fireEvent.click(boxes()[0])
    expect(onChange).toHaveBeenLastCalledWith([9, 1, 2], rows, { type: 'all' })
  })
})
