// The header's search box (spec "Search"): 500 ms debounce, Enter goes to the results page,
// focus or click opens the dropdown, an empty text shows the first-click suggestions, a click
// outside or Escape closes it. The dropdown lists categories, popular searches and products
// (names highlighted by the server, rendered as text), with the top and bottom banners, or
// 'Nema rezultata o pretrazi.'. A combobox with a listbox: arrows move, Enter opens the option.
import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { formatPrice, searchPath } from '../catalog/format'
import { useSuggestions } from '../hooks/api/search'
import { useIsLoggedIn } from '../session/loginState'
import { Highlighted, sanitizeHtml } from './highlight'
import { useDebounced } from './useDebounced'
import './search.css'

interface Option {
  key: string
  to: string
  group: 'category' | 'popular' | 'product'
}

// one empty list for every render, so the options below are not rebuilt while nothing came
const NONE: never[] = []

export function SearchBox({ autoFocus = false, onDone }: { autoFocus?: boolean; onDone?: () => void }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const loggedIn = useIsLoggedIn()
  const id = useId()
  const listId = `${id}-list`
  const [text, setText] = useState('')
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const box = useRef<HTMLDivElement>(null)
  const debounced = useDebounced(text)
  const sug = useSuggestions(debounced, open)
  const res = sug.data?.results
  const categories = res?.category?.items ?? NONE
  const popular = res?.popular?.items ?? NONE
  const products = res?.product?.items ?? NONE
  const top = sug.data?.banners?.top ?? []
  const bottom = sug.data?.banners?.bottom ?? []

  const options: Option[] = useMemo(
    () => [
      ...categories.map((c) => ({ key: `c${c.id}`, to: c.link ?? `/kategorije/${c.slug}`, group: 'category' as const })),
      ...popular.map((p) => ({ key: `p${p.name}`, to: `/pretraga-proizvoda/${p.url_name ?? encodeURIComponent(p.name)}`, group: 'popular' as const })),
      ...products.map((p) => ({ key: `r${p.id}`, to: p.link ?? '/', group: 'product' as const })),
    ],
    [categories, popular, products],
  )

  useEffect(() => setActive(-1), [debounced])

  // A click anywhere outside the box closes the dropdown.
  useEffect(() => {
    if (!open) return
    const onDown = (e: MouseEvent | TouchEvent) => {
      if (box.current && !box.current.contains(e.target as Node)) setOpen(false)
    }
    document.addEventListener('mousedown', onDown)
    document.addEventListener('touchstart', onDown)
    return () => {
      document.removeEventListener('mousedown', onDown)
      document.removeEventListener('touchstart', onDown)
    }
  }, [open])

  const go = (to: string) => {
    setOpen(false)
    setActive(-1)
    navigate(to)
    onDone?.()
  }

  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (active >= 0 && options[active]) return go(options[active].to)
    if (text.trim() === '') return
    go(searchPath(text))
  }

  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Escape') {
      setOpen(false)
      setActive(-1)
      return
    }
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault()
      setOpen(true)
      if (!options.length) return
      const step = e.key === 'ArrowDown' ? 1 : -1
      setActive((a) => (a < 0 && step < 0 ? options.length - 1 : (a + step + options.length) % options.length))
    }
  }

  const optionId = (i: number) => `${id}-opt-${i}`
  const empty = !sug.isPending && options.length === 0
  let index = 0
  const next = () => index++

  return (
    <div className="searchbox" ref={box}>
      <form role="search" onSubmit={submit} className="searchbox__form">
        <label htmlFor={`${id}-input`} className="visually-hidden">
          {t('search.label')}
        </label>
        <input
          id={`${id}-input`}
          type="search"
          role="combobox"
          autoComplete="off"
          autoFocus={autoFocus}
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={active >= 0 ? optionId(active) : undefined}
          placeholder={t('search.placeholder')}
          value={text}
          maxLength={100}
          onChange={(e) => {
            setText(e.target.value)
            setOpen(true)
          }}
          onFocus={() => setOpen(true)}
          onClick={() => setOpen(true)}
          onKeyDown={onKey}
        />
        <button type="submit" className="searchbox__submit" aria-label={t('search.submit')}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
            <circle cx="11" cy="11" r="7" />
            <path d="m20 20-3.5-3.5" />
          </svg>
        </button>
      </form>

      {open && (
        <div className="searchbox__dropdown" data-testid="search-dropdown">
          {top.map((b, i) => (
            <div key={`t${i}`} className="searchbox__banner" dangerouslySetInnerHTML={{ __html: sanitizeHtml(b.html) }} />
          ))}
          <ul id={listId} role="listbox" aria-label={t('search.label')} className="searchbox__list">
            {categories.length > 0 && (
              <li role="presentation" className="searchbox__group">
                {t('search.categories')}
              </li>
            )}
            {categories.map((c) => {
              const i = next()
              return (
                <li key={`c${c.id}`} id={optionId(i)} role="option" aria-selected={active === i} className="searchbox__option"
                  onMouseDown={(e) => e.preventDefault()} onClick={() => go(options[i].to)}>
                  <span>
                    <Highlighted html={c.highlighted_name} fallback={c.name} />
                  </span>
                </li>
              )
            })}
            {popular.length > 0 && (
              <li role="presentation" className="searchbox__group">
                {t('search.popular')}
              </li>
            )}
            {popular.map((p) => {
              const i = next()
              return (
                <li key={`p${p.name}`} id={optionId(i)} role="option" aria-selected={active === i} className="searchbox__option"
                  onMouseDown={(e) => e.preventDefault()} onClick={() => go(options[i].to)}>
                  <span>
                    <Highlighted html={p.highlighted_name} fallback={p.name} />
                  </span>
                </li>
              )
            })}
            {products.length > 0 && (
              <li role="presentation" className="searchbox__group">
                {t('search.products')}
              </li>
            )}
            {products.map((p) => {
              const i = next()
              const price = (loggedIn ? p.customer_price : p.guest_price) ?? 0
              return (
                <li key={`r${p.id}`} id={optionId(i)} role="option" aria-selected={active === i}
                  className="searchbox__option searchbox__product" onMouseDown={(e) => e.preventDefault()} onClick={() => go(options[i].to)}>
                  {p.image ? (
                    <img src={p.image} alt="" width={48} height={48} loading="lazy" />
                  ) : (
                    <span className="searchbox__noimg" aria-hidden="true" />
                  )}
                  <span className="searchbox__name">
                    <Highlighted html={p.highlighted_name} fallback={p.name} />
                  </span>
                  <span className="searchbox__price">
                    {p.regular_price !== undefined && p.regular_price > price && <s>{formatPrice(p.regular_price)}</s>}
                    <strong>{formatPrice(price)}</strong>
                  </span>
                </li>
              )
            })}
          </ul>
          {empty && <p className="searchbox__empty">{t('search.noResults')}</p>}
          {bottom.map((b, i) => (
            <div key={`b${i}`} className="searchbox__banner" dangerouslySetInnerHTML={{ __html: sanitizeHtml(b.html) }} />
          ))}
        </div>
      )}
    </div>
  )
}
