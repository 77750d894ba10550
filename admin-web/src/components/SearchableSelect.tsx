// SearchableSelect: a picker over a server list (brand, manufacturer, catalog sticker type,
// category, ...) built on antd Select: type-ahead sent 500 ms after the last keystroke, 10 entries
// by default and 1000 while the dropdown is open, arrow keys wrap, Enter selects, a click outside
// closes. Chosen entries keep their names even when the current search does not list them.
import { useQuery, type UseQueryOptions } from '@tanstack/react-query'
import { Select } from 'antd'
import { useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useDebounced } from './useDebounced'

export const PICKER_DEBOUNCE_MS = 500
export const PICKER_PAGE_SIZE = 10
export const PICKER_OPEN_PAGE_SIZE = 1000

export interface PickerSearch {
  search?: string
  paginate: number
}

export interface PickerOption {
  value: number
  label: string
}

type Single = { mode?: undefined; value?: number; onChange?: (v: number | undefined) => void }
type Multiple = { mode: 'multiple'; value?: number[]; onChange?: (v: number[]) => void }

export type SearchableSelectProps<T> = (Single | Multiple) & {
  /** the query of one page of entries for a search (e.g. brandSearch from hooks/api/brands) */
  // the key's exact tuple type is the source's business: a tuple key type is not assignable to
  // QueryKey in queryFn's parameter, and inferring it through the props union does not work
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  source: (q: PickerSearch) => UseQueryOptions<T[], Error, T[], any>
  toOption: (item: T) => PickerOption
  /** entries already known (e.g. the cached lookup list), to name chosen ids */
  known?: T[]
  placeholder?: string
  id?: string
  'aria-label'?: string
  allowClear?: boolean
  pageSize?: number
  openPageSize?: number
  /** shown when the search finds nothing; default 'Nema rezultata' */
  notFound?: string
  disabled?: boolean
  autoFocus?: boolean
  style?: React.CSSProperties
}

export function SearchableSelect<T>(props: SearchableSelectProps<T>) {
  const { t } = useTranslation()
  const { source, toOption, known, pageSize = PICKER_PAGE_SIZE, openPageSize = PICKER_OPEN_PAGE_SIZE } = props
  const [text, setText] = useState('')
  const [open, setOpen] = useState(false)
  const search = useDebounced(text, PICKER_DEBOUNCE_MS).trim()
  const result = useQuery(source({ search: search || undefined, paginate: open ? openPageSize : pageSize }))

  // every entry seen so far, so a chosen id keeps its name
  const names = useRef(new Map<number, string>())
  // callers pass toOption inline (a new function each render, the same mapping): the options
  // follow the data and the chosen value, not the function's identity
  const latestToOption = useRef(toOption)
  latestToOption.current = toOption
  const options = useMemo(() => {
    const toOption = latestToOption.current
    for (const item of known ?? []) {
      const o = toOption(item)
      names.current.set(o.value, o.label)
    }
    const list = (result.data ?? []).map(toOption)
    for (const o of list) names.current.set(o.value, o.label)
    const chosen = props.mode === 'multiple' ? (props.value ?? []) : props.value !== undefined ? [props.value] : []
    const listed = new Set(list.map((o) => o.value))
    const extra = chosen.filter((v) => !listed.has(v)).map((v) => ({ value: v, label: names.current.get(v) ?? `#${v}` }))
    return [...list, ...extra]
  }, [result.data, known, props.mode, props.value])

  return (
    <Select<number | number[]>
      id={props.id}
      aria-label={props['aria-label']}
      mode={props.mode}
      value={props.value}
      onChange={(v) => {
        setText('')
        ;(props.onChange as ((v: unknown) => void) | undefined)?.(v ?? (props.mode === 'multiple' ? [] : undefined))
      }}
      showSearch
      filterOption={false}
      searchValue={text}
      onSearch={setText}
      open={open}
      onOpenChange={(o) => {
        setOpen(o)
        if (!o) setText('')
      }}
      loading={result.isFetching}
      options={options}
      placeholder={props.placeholder}
      allowClear={props.allowClear ?? true}
      notFoundContent={result.isFetching ? undefined : (props.notFound ?? t('filters.noResult'))}
      disabled={props.disabled}
      autoFocus={props.autoFocus}
      style={{ width: '100%', ...props.style }}
      maxTagCount="responsive"
    />
  )
}
