// SimpleTable: the lists' table for pages of up to a few hundred rows, in antd's table look (the
// few rules of it that a list shows, from the theme's tokens) and with antd's class names (which
// pages and tests look for), without antd's Table, whose sorting, filtering, tree and pagination
// machinery and styles (rc-table, rc-tree, the filter menus: about 65 kB gzipped) the lists do not
// use on their first screen. ListPage loads antd's Table for its big virtual
// pages.
// It knows what the lists use: columns with key, dataIndex, title, width, align and render; a row
// key; the loading spinner; the empty text; a selection column with select-all of the page (onChange,
// onSelect, onSelectAll and preserveSelectedRowKeys as antd's Table has them).
import { Checkbox, Spin, theme, type TableProps } from 'antd'
import type { Key, ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

export interface SimpleTableProps<T> {
  columns: TableProps<T>['columns']
  rowKey: TableProps<T>['rowKey']
  dataSource: T[]
  loading?: boolean
  emptyText?: ReactNode
  rowSelection?: TableProps<T>['rowSelection']
}

type Column<T> = NonNullable<TableProps<T>['columns']>[number]

function keyOf<T>(rowKey: TableProps<T>['rowKey'], row: T, index: number): Key {
  if (typeof rowKey === 'function') return rowKey(row, index)
  if (typeof rowKey === 'string') return (row as Record<string, unknown>)[rowKey] as Key
  return index
}

function valueOf<T>(column: Column<T>, row: T): unknown {
  const index = (column as { dataIndex?: unknown }).dataIndex
  if (index === undefined || index === null) return undefined
  const path = (Array.isArray(index) ? index : [index]) as (string | number)[]
  let v: unknown = row
  for (const k of path) v = v == null ? v : (v as Record<string | number, unknown>)[k]
  return v
}

export function SimpleTable<T extends object>({ columns = [], rowKey, dataSource, loading = false, emptyText, rowSelection }: SimpleTableProps<T>) {
  const { t } = useTranslation()
  const css = useTableStyle()
  const prefixCls = 'ant-table'
  const cell = `${prefixCls}-cell`

  const keys = dataSource.map((row, i) => keyOf(rowKey, row, i))
  const selected = new Set(rowSelection?.selectedRowKeys ?? [])
  const chosen = keys.filter((k) => selected.has(k)).length
  // as antd's Table: keys of other pages stay chosen only with preserveSelectedRowKeys
  const kept = (rowSelection?.selectedRowKeys ?? []).filter((k) => rowSelection?.preserveSelectedRowKeys || keys.includes(k))
  const rowsOf = (ks: Key[]) => dataSource.filter((_, i) => ks.includes(keys[i]))
  const chooseRow = (r: number, on: boolean, e: Event) => {
    const next = on ? [...kept.filter((k) => k !== keys[r]), keys[r]] : kept.filter((k) => k !== keys[r])
    rowSelection?.onSelect?.(dataSource[r], on, rowsOf(next), e)
    rowSelection?.onChange?.(next, rowsOf(next), { type: 'single' })
  }
  const chooseAll = (on: boolean) => {
    // the chosen ones first, then the page's others (antd's order)
    const next = on ? [...kept, ...keys.filter((k) => !kept.includes(k))] : kept.filter((k) => !keys.includes(k))
    const changed = dataSource.filter((_, i) => selected.has(keys[i]) !== on)
    rowSelection?.onSelectAll?.(on, rowsOf(next), changed)
    rowSelection?.onChange?.(next, rowsOf(next), { type: 'all' })
  }
  const selectionWidth = rowSelection ? (typeof rowSelection.columnWidth === 'number' ? rowSelection.columnWidth : 32) : 0
  const fixLeft = rowSelection?.fixed ? { position: 'sticky' as const, left: 0, zIndex: 2 } : undefined
  const fixClass = rowSelection?.fixed ? ` ${cell}-fix-left ${cell}-fix-left-last` : ''
  const cols = columns as Column<T>[]

  return (
    <div className={`${prefixCls}-wrapper shop-table`}>
      <style>{css}</style>
      <Spin spinning={loading}>
        <div className={`${prefixCls}${dataSource.length === 0 ? ` ${prefixCls}-empty` : ''}`}>
          <div className={`${prefixCls}-container`}>
            {/* focusable: a table wider than a phone scrolls sideways by keyboard too */}
            <div className={`${prefixCls}-content`} style={{ overflowX: 'auto', overflowY: 'hidden' }} tabIndex={0}>
              <table style={{ width: 'auto', minWidth: '100%', tableLayout: 'auto' }}>
                <colgroup>
                  {rowSelection && <col className={`${prefixCls}-selection-col`} style={{ width: selectionWidth, minWidth: selectionWidth }} />}
                  {cols.map((c, i) => (
                    <col key={String(c.key ?? i)} style={c.width !== undefined ? { width: c.width, minWidth: c.width } : undefined} />
                  ))}
                </colgroup>
                <thead className={`${prefixCls}-thead`}>
                  <tr>
                    {rowSelection && (
                      <th className={`${cell} ${prefixCls}-selection-column${fixClass}`} style={fixLeft} scope="col">
                        <div className={`${prefixCls}-selection`}>
                          <Checkbox
                            checked={keys.length > 0 && chosen === keys.length}
                            indeterminate={chosen > 0 && chosen < keys.length}
                            disabled={keys.length === 0}
                            onChange={(e) => chooseAll(e.target.checked)}
                            aria-label={t('list.selectAll')}
                          />
                        </div>
                      </th>
                    )}
                    {cols.map((c, i) => (
                      <th key={String(c.key ?? i)} className={cell} scope="col" style={c.align ? { textAlign: c.align } : undefined}>
                        {typeof c.title === 'function' ? null : c.title}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody className={`${prefixCls}-tbody`}>
                  {dataSource.map((row, r) => {
                    const key = keys[r]
                    const on = selected.has(key)
                    return (
                      <tr key={String(key)} data-row-key={String(key)} className={`${prefixCls}-row ${prefixCls}-row-level-0${on ? ` ${prefixCls}-row-selected` : ''}`}>
                        {rowSelection && (
                          <td className={`${cell} ${prefixCls}-selection-column${fixClass}`} style={fixLeft}>
                            <Checkbox
                              checked={on}
                              onChange={(e) => chooseRow(r, e.target.checked, e.nativeEvent)}
                              aria-label={t('list.selectRow', { n: r + 1 })}
                            />
                          </td>
                        )}
                        {cols.map((c, i) => {
                          const value = valueOf(c, row)
                          const shown = 'render' in c && c.render ? c.render(value, row, r) : (value as ReactNode)
                          return (
                            <td key={String(c.key ?? i)} className={cell} style={c.align ? { textAlign: c.align } : undefined}>
                              {shown as ReactNode}
                            </td>
                          )
                        })}
                      </tr>
                    )
                  })}
                  {dataSource.length === 0 && (
                    <tr className={`${prefixCls}-placeholder`}>
                      <td className={cell} colSpan={cols.length + (rowSelection ? 1 : 0)}>
                        {emptyText}
                      </td>
                    </tr>
                  )}
                </tbody>
              </table>
            </div>
          </div>
        </div>
      </Spin>
    </div>
  )
}

/** the table's look: antd's default table (16 px cells, a grey header with split lines, row hover and selection) */
function useTableStyle(): string {
  const { token } = theme.useToken()
  const line = `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`
  return `
.shop-table table { width: 100%; border-collapse: separate; border-spacing: 0; text-align: start }
.shop-table .ant-table { background: ${token.colorBgContainer}; border-radius: ${token.borderRadiusLG}px; color: ${token.colorText}; font-size: ${token.fontSize}px; line-height: ${token.lineHeight} }
.shop-table .ant-table-cell { padding: ${token.padding}px; border-bottom: ${line}; overflow-wrap: break-word }
.shop-table th.ant-table-cell { position: relative; background: ${token.colorFillAlter}; color: ${token.colorTextHeading}; font-weight: ${token.fontWeightStrong}; text-align: start }
.shop-table tr > th.ant-table-cell:first-child { border-start-start-radius: ${token.borderRadiusLG}px }
.shop-table tr > th.ant-table-cell:last-child { border-start-end-radius: ${token.borderRadiusLG}px }
.shop-table th.ant-table-cell:not(:last-child)::before { content: ''; position: absolute; top: 50%; inset-inline-end: 0; width: 1px; height: 1.6em; background: ${token.colorSplit}; transform: translateY(-50%) }
.shop-table .ant-table-selection-column { padding-inline: ${token.paddingXS}px; text-align: center }
.shop-table .ant-table-row > td { transition: background ${token.motionDurationMid} }
.shop-table .ant-table-row:hover > td, .shop-table .ant-table-row:hover > td.ant-table-cell-fix-left { background: ${token.colorFillAlter} }
.shop-table .ant-table-row-selected > td, .shop-table .ant-table-row-selected > td.ant-table-cell-fix-left { background: ${token.controlItemBgActive} }
.shop-table .ant-table-row-selected:hover > td, .shop-table .ant-table-row-selected:hover > td.ant-table-cell-fix-left { background: ${token.controlItemBgActiveHover} }
.shop-table td.ant-table-cell-fix-left { background: ${token.colorBgContainer} }
.shop-table .ant-table-placeholder > td { text-align: center; color: ${token.colorTextDescription} }
`
}
