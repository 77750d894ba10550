// ListPage is the shared layout of every back-office list: title, rows per page, a debounced
// search box ('/' focuses it, Escape leaves it), the total, the table and its pagination. The
// page, size and search come from the URL (filters too, kept by their own module); the previous
// page stays shown while the next loads. Pages up to VIRTUAL_FROM_ROWS rows are a SimpleTable (antd's
// table look, without its Table); big pages (1000, 5000 rows) render through antd Table's
// virtual mode, so only the rows in view are in the DOM. A bounded total (the server stopped
// counting there) shows as "more than N". The virtual table is as wide as its columns ask (their
// widths are minimums) and fills the space beyond that, as the plain table does: a fixed width
// wider than the page would push the last columns out of view.
import { DownOutlined, LeftOutlined, RightOutlined, SearchOutlined } from '@ant-design/icons'
import { Button, Flex, theme, type InputRef, type TableProps } from 'antd'
// the input alone, not antd's Input with its TextArea, Password, Search and OTP
import Input from 'antd/es/input/Input'
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { Meta } from '../api/client'
import { lastPage, pageItems, stepBack } from './pagination'
import { MenuButton } from './MenuButton'
import { SimpleTable } from './SimpleTable'
import { PAGE_SIZES, useListParams } from './useListParams'
import { usePageTitle } from './usePageTitle'

// antd's Table, for the big virtual pages only: a page of up to VIRTUAL_FROM_ROWS rows is a
// SimpleTable, so a list's first screen does not load it
const VirtualTable = lazy(async () => ({ default: (await import('./VirtualTable')).VirtualTable })) as <T extends object>(
  props: TableProps<T>,
) => ReactNode

export const SEARCH_DEBOUNCE_MS = 500
/** from this many rows on the table is virtual (rows outside the view are not rendered) */
export const VIRTUAL_FROM_ROWS = 200
/** what a column without a width counts for in the virtual table's width */
export const MIN_COLUMN_WIDTH = 120
/** antd's selection column when the list names no width */
const SELECTION_WIDTH = 32

/**
 * tableWidth: the width the columns need (the virtual table's scroll.x). antd spreads any room
 * beyond it over the columns, so a table that fits shows every column without sideways scrolling.
 */
export function tableWidth<T>(columns: TableProps<T>['columns'], rowSelection?: TableProps<T>['rowSelection']): number {
  let width = rowSelection ? (typeof rowSelection.columnWidth === 'number' ? rowSelection.columnWidth : SELECTION_WIDTH) : 0
  for (const c of columns ?? []) width += typeof c.width === 'number' ? c.width : MIN_COLUMN_WIDTH
  return width
}

export interface ListPageProps<T> {
  title: string
  /** header actions, e.g. the add button */
  extra?: ReactNode
  /** next to the search box, e.g. the filter button and the mass-action menu */
  toolbar?: ReactNode
  /** under the toolbar, e.g. <FilterChips/> */
  chips?: ReactNode
  columns: TableProps<T>['columns']
  rowKey: TableProps<T>['rowKey']
  rows: T[] | undefined
  meta: Meta | undefined
  loading: boolean
  /** page sizes offered (default 20, 50, 100, 1000, 5000) */
  pageSizes?: readonly number[]
  /** false hides the search box (a list without search) */
  searchable?: boolean
  rowSelection?: TableProps<T>['rowSelection']
  /** the scroll area's height in virtual mode; default 640 */
  virtualHeight?: number
  /** what an empty table says (default 'Nema podataka') */
  emptyText?: ReactNode
}

export function ListPage<T extends object>({
  title,
  extra,
  toolbar,
  chips,
  columns,
  rowKey,
  rows,
  meta,
  loading,
  pageSizes = PAGE_SIZES,
  searchable = true,
  rowSelection,
  virtualHeight = 640,
  emptyText,
}: ListPageProps<T>) {
  const { t } = useTranslation()
  const [params, setParams] = useListParams(pageSizes)
  const { token } = theme.useToken()
  usePageTitle(title)
  const total = meta?.total ?? 0
  const last = meta?.last_page && meta.last_page > 0 ? meta.last_page : lastPage(total, meta?.per_page ?? params.paginate)

  // the list shrank under the current page: one page back (spec 4, pagination control)
  useEffect(() => {
    if (loading || !meta) return
    const back = stepBack(params.page, last)
    if (back !== undefined) setParams({ page: back })
  }, [loading, meta, last, params.page, setParams])

  const data = rows ?? []
  const virtual = data.length >= VIRTUAL_FROM_ROWS
  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        {/* a plain heading: antd's Typography brings its editing and copying code */}
        <h3 style={{ margin: 0, color: token.colorTextHeading, fontSize: token.fontSizeHeading3, lineHeight: token.lineHeightHeading3, fontWeight: token.fontWeightStrong }}>
          {title}
        </h3>
        {extra}
      </Flex>
      <Flex justify="space-between" align="center" wrap gap={8}>
        {/* the search and filters ask for a phone's width beside the total: on a phone the total
            goes under them, rather than leaving them a sliver they spill out of */}
        <Flex align="center" gap={8} wrap style={{ flex: '1 1 280px', minWidth: 0, maxWidth: '100%' }}>
          {searchable && <SearchBox value={params.search} onSearch={(search) => setParams({ search })} />}
          {toolbar}
        </Flex>
        <Flex align="center" gap={16}>
          <span data-testid="list-total">{t(meta?.total_bounded ? 'list.totalMore' : 'list.total', { count: total })}</span>
          <PageSizeMenu sizes={pageSizes} value={params.paginate} onChange={(paginate) => setParams({ paginate })} />
        </Flex>
      </Flex>
      {chips}
      {virtual ? (
        <Suspense fallback={<SimpleTable<T> rowKey={rowKey} columns={columns} dataSource={[]} loading emptyText={null} />}>
          <VirtualTable<T>
            rowKey={rowKey}
            columns={columns}
            dataSource={data}
            loading={loading}
            locale={{ emptyText: emptyText ?? t('common.noData') }}
            rowSelection={rowSelection}
            scroll={{ x: tableWidth(columns, rowSelection), y: virtualHeight }}
          />
        </Suspense>
      ) : (
        <SimpleTable<T> rowKey={rowKey} columns={columns} dataSource={data} loading={loading} emptyText={emptyText ?? t('common.noData')} rowSelection={rowSelection} />
      )}
      <ListPagination current={params.page} last={last} onChange={(page) => setParams({ page })} />
    </Flex>
  )
}

/**
 * PageSizeMenu: the rows per page as a menu button ('50 po stranici'). A menu, not antd's Select:
 * the lists' first screen then needs no select code (rc-select and its virtual list).
 */
function PageSizeMenu({ sizes, value, onChange }: { sizes: readonly number[]; value: number; onChange: (n: number) => void }) {
  const { t } = useTranslation()
  const label = t('list.perPage', { count: value })
  return (
    <MenuButton
      menu={{
        items: sizes.map((n) => ({ key: String(n), label: t('list.perPage', { count: n }) })),
        selectable: true,
        selectedKeys: [String(value)],
        onClick: ({ key }) => onChange(Number(key)),
      }}
    >
      <Button aria-label={label} aria-haspopup="menu" style={{ width: 150, justifyContent: 'space-between' }} icon={<DownOutlined />} iconPosition="end">
        {label}
      </Button>
    </MenuButton>
  )
}

/** ListPagination: previous, the page links of `pageItems`, next. Hidden for a single page. */
export function ListPagination({ current, last, onChange }: { current: number; last: number; onChange: (page: number) => void }) {
  const { t } = useTranslation()
  if (last <= 1 && current <= 1) return null
  return (
    <nav aria-label={t('list.pagination')}>
      <Flex gap={4} justify="flex-end" align="center" wrap>
        <Button
          size="small"
          icon={<LeftOutlined />}
          aria-label={t('list.prevPage')}
          disabled={current <= 1}
          onClick={() => onChange(current - 1)}
        />
        {pageItems(current, last).map((item) =>
          typeof item === 'number' ? (
            <Button
              key={item}
              size="small"
              title={String(item)}
              type={item === current ? 'primary' : 'default'}
              className={item === current ? 'list-page-active' : undefined}
              aria-current={item === current ? 'page' : undefined}
              onClick={() => item !== current && onChange(item)}
            >
              {item}
            </Button>
          ) : (
            <span key={item} data-testid="page-gap" aria-hidden style={{ padding: '0 4px' }}>
              …
            </span>
          ),
        )}
        <Button
          size="small"
          icon={<RightOutlined />}
          aria-label={t('list.nextPage')}
          disabled={current >= last}
          onClick={() => onChange(current + 1)}
        />
      </Flex>
    </nav>
  )
}

function isTypingIn(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null
  return !!el && (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.tagName === 'SELECT' || el.isContentEditable)
}

/** SearchBox sends its text 500 ms after the last keystroke; an emptied box clears at once. */
function SearchBox({ value, onSearch }: { value: string; onSearch: (s: string) => void }) {
  const { t } = useTranslation()
  const [text, setText] = useState(value)
  const sent = useRef(value)
  const input = useRef<InputRef>(null)
  // the latest callback, without restarting the debounce on every render
  const onSearchRef = useRef(onSearch)
  onSearchRef.current = onSearch

  // the URL changed by other means (back button, a link): show it
  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value
      setText(value)
    }
  }, [value])

  useEffect(() => {
    if (text === sent.current) return
    const send = () => {
      sent.current = text
      onSearchRef.current(text)
    }
    if (text === '') {
      send()
      return
    }
    const id = setTimeout(send, SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(id)
  }, [text])

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== '/' || isTypingIn(e.target)) return
      e.preventDefault()
      input.current?.focus()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [])

  return (
    <Input
      ref={input}
      name="search"
      type="search"
      allowClear
      value={text}
      onChange={(e) => setText(e.target.value)}
      onKeyDown={(e) => {
        if (e.key === 'Escape') input.current?.blur()
      }}
      placeholder={t('list.searchHint')}
      aria-label={t('list.search')}
      prefix={<SearchOutlined />}
      style={{ maxWidth: 360 }}
    />
  )
}
