// ListPage is the shared layout of every back-office list: title, rows per page, a debounced
// search box ('/' focuses it, Escape leaves it), the total, the table and its pagination. The
// page, size and search come from the URL; the previous page stays shown while the next loads.
import { SearchOutlined } from '@ant-design/icons'
import { Flex, Input, Select, Table, Typography, type InputRef, type TableProps } from 'antd'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { Meta } from '../api/client'
import { PAGE_SIZES, useListParams } from './useListParams'
import { usePageTitle } from './usePageTitle'

export const SEARCH_DEBOUNCE_MS = 500

export interface ListPageProps<T> {
  title: string
  /** header actions, e.g. the add button */
  extra?: ReactNode
  columns: TableProps<T>['columns']
  rowKey: TableProps<T>['rowKey']
  rows: T[] | undefined
  meta: Meta | undefined
  loading: boolean
}

export function ListPage<T extends object>({ title, extra, columns, rowKey, rows, meta, loading }: ListPageProps<T>) {
  const { t } = useTranslation()
  const [params, setParams] = useListParams()
  usePageTitle(title)
  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        {extra}
      </Flex>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <SearchBox value={params.search} onSearch={(search) => setParams({ search })} />
        <Flex align="center" gap={16}>
          <Typography.Text data-testid="list-total">{t('list.total', { count: meta?.total ?? 0 })}</Typography.Text>
          <Select
            aria-label={t('list.perPage', { count: params.paginate })}
            value={params.paginate}
            onChange={(paginate) => setParams({ paginate })}
            options={PAGE_SIZES.map((n) => ({ value: n, label: t('list.perPage', { count: n }) }))}
            style={{ width: 150 }}
          />
        </Flex>
      </Flex>
      <Table<T>
        rowKey={rowKey}
        columns={columns}
        dataSource={rows ?? []}
        loading={loading}
        locale={{ emptyText: t('common.noData') }}
        pagination={{
          current: params.page,
          pageSize: params.paginate,
          total: meta?.total ?? 0,
          showSizeChanger: false,
          onChange: (page) => setParams({ page }),
        }}
        scroll={{ x: true }}
      />
    </Flex>
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
