import { afterEach, describe, expect, it } from 'vitest'
import { initialData, resetInitialData } from './initialData'

function embed(text: string) {
  const el = document.createElement('script')
  el.type = 'application/json'
  el.id = '__SHOP_DATA__'
  el.textContent = text
  document.head.appendChild(el)
}

describe('initialData', () => {
  afterEach(() => {
    document.getElementById('__SHOP_DATA__')?.remove()
    resetInitialData()
  })

  it('gives the embedded answer once, for its key only', () => {
    embed(JSON.stringify({ key: '/api/v1/categories/tv/products', data: { data: [1] } }))
    expect(initialData('/api/v1/products/x')).toBeUndefined()
    expect(initialData('/api/v1/categories/tv/products')).toEqual({ data: [1] })
    expect(initialData('/api/v1/categories/tv/products')).toBeUndefined()
  })

  it('is nothing without the script or with a broken one', () => {
    expect(initialData('/api/v1/products/x')).toBeUndefined()
    resetInitialData()
    embed('{not json')
    expect(initialData('/api/v1/products/x')).toBeUndefined()
  })

  it('is nothing when the page was described in another language', () => {
    embed(JSON.stringify({ key: '/api/v1/categories/tv/products', lang: 'sr', data: { data: [1] } }))
    expect(initialData('/api/v1/categories/tv/products', 'en')).toBeUndefined()
    expect(initialData('/api/v1/categories/tv/products', 'sr')).toEqual({ data: [1] })
  })
})
