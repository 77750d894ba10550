import i18n from '../../i18n'
import { toCatalogStickerBody } from './ProductCatalogStickersTab'
import { checkFiles } from './ProductImages'
import { emptyProduct, fromProduct, toProductBody } from './productMapping'
import { catalogStickerRules, extraImagesProblem, imageProblem, productRules } from './productRules'
import { productTabs, tabOfPath, tabPath } from './productTabs'
import { plainToLexical, richTextLength, richTextToPlain, toEditorState } from './richText'
import { firstError } from './ruleCheck'
import type { ProductDetail } from '../../api/catalogTypes'

const t = i18n.getFixedT('sr')
const lexical = (text: string) => plainToLexical(text)

describe('product form rules', () => {
  const create = productRules(t, true)
  const edit = productRules(t, false)

  it('sku: required on create, at most 15, not asked on edit', async () => {
    expect(await firstError(create.sku, '')).toBe('Polje je obavezno')
    expect(await firstError(create.sku, 'A'.repeat(16))).toBe('Polje može sadržati maksimum 15 karaktera')
    expect(await firstError(create.sku, 'A'.repeat(15))).toBeNull()
    expect(edit.sku).toEqual([])
  })

  it('name: required, 2-1200 characters', async () => {
    expect(await firstError(create.name, '')).toBe('Polje je obavezno')
    expect(await firstError(create.name, 'a')).toBe('Polje mora sadržati minimum 2 karaktera')
    expect(await firstError(create.name, 'a'.repeat(1201))).toBe('Polje može sadržati maksimum 1200 karaktera')
    expect(await firstError(create.name, 'Frižider')).toBeNull()
  })

  it('entry price: required, at least 0.01', async () => {
    expect(await firstError(create.entry_price, undefined)).toBe('Polje je obavezno')
    expect(await firstError(create.entry_price, 0)).toBe('Broj mora biti najmanje 0,01')
    expect(await firstError(create.entry_price, 0.01)).toBeNull()
  })

  it('description: counts the text of the rich text, 2-1200', async () => {
    expect(await firstError(create.description, undefined)).toBe('Polje je obavezno')
    expect(await firstError(create.description, lexical(''))).toBe('Polje je obavezno')
    expect(await firstError(create.description, lexical('a'))).toBe('Polje mora sadržati minimum 2 karaktera')
    expect(await firstError(create.description, lexical('x'.repeat(1201)))).toBe('Polje može sadržati maksimum 1200 karaktera')
    // markup does not count: 1200 characters of text in bold lists pass
    expect(await firstError(create.description, lexical('x'.repeat(600) + '\n' + 'y'.repeat(599)))).toBeNull()
  })

  it('categories: at least one', async () => {
    expect(await firstError(create.categories, [])).toBe('Polje je obavezno')
    expect(await firstError(create.categories, [4])).toBeNull()
  })

  it('images: type and 2 MB, at most 3 extra counting the ones there', () => {
    expect(imageProblem({ size: 2_000_000, type: 'image/png' })).toBeNull()
    expect(imageProblem({ size: 2_000_001, type: 'image/png' })).toBe('validation.imageSize')
    expect(imageProblem({ size: 10, type: 'application/pdf' })).toBe('validation.imageType')
    expect(extraImagesProblem(1, 2)).toBeNull()
    expect(extraImagesProblem(2, 2)).toBe('catalogAdmin.validation.maxImages')
    expect(t('catalogAdmin.validation.maxImages')).toBe('Možete dodati najviše 3 slike')
    expect(t('validation.imageSize')).toBe('Maksimalni limit slike je 2MB')
    const big = new File([new Uint8Array(2_000_001)], 'a.jpg', { type: 'image/jpeg' })
    const ok = new File([new Uint8Array(10)], 'b.jpg', { type: 'image/jpeg' })
    expect(checkFiles([ok, big], 0, true)).toBe('validation.imageSize')
    expect(checkFiles([ok, ok, ok, ok], 0, true)).toBe('catalogAdmin.validation.maxImages')
    expect(checkFiles([ok], 2, true)).toBeNull()
  })

  it('catalog sticker: the spec messages; the end not before the start', async () => {
    const r = catalogStickerRules(t)
    expect(await firstError(r.catalog_sticker_type_id, undefined)).toBe('Tip akcije je obavezan')
    expect(await firstError(r.from, undefined)).toBe('Početak akcije je obavezan')
    expect(await firstError(r.to, undefined)).toBe('Završetak akcije je obavezan')
    expect(await firstError(r.to, '2026-01-01', { from: '2026-01-02' })).toBe('Završetak ne može biti pre početka')
    expect(await firstError(r.to, '2026-01-02', { from: '2026-01-02' })).toBeNull()
  })
})

describe('product payload', () => {
  it('create sends the sku, trims texts, rounds money, empties left out', () => {
    const body = toProductBody(
      { ...emptyProduct, sku: ' TV-55 ', name: ' Televizor ', entry_price: 1234.567, description: lexical('Opis'), categories: [3, 3, 5], ean: '  ', stock: 4.7 },
      true,
    )
    expect(body).toEqual({
      sku: 'TV-55',
      name: 'Televizor',
      entry_price: 1234.57,
      description: lexical('Opis'),
      categories: [3, 5],
      brand_id: undefined,
      manufacturer_id: undefined,
      active: true,
      visible: true,
      country_of_origin: undefined,
      ean: undefined,
      stock: 4,
    })
  })

  it('edit sends no sku', () => {
    expect(toProductBody({ ...emptyProduct, sku: 'X', name: 'Ab', entry_price: 1 }, false)).not.toHaveProperty('sku')
  })

  it('a loaded product fills the form, and saving it unchanged sends what it had', () => {
    const p: ProductDetail = {
      authenticated_price: 0, brand_id: 2, catalog_stickers: [], connected: false, created_at: '', customer_price: 0,
      dealer_price: 0, discount: null, energy_value_sticker: null, ep_price: 0, eponuda: false, guest_price: 0,
      main_category_id: 11, main_category_slug: '', manufacturer_id: 7, retail_price: 0, slug: '', supplier_id: null,
      supplier_product_id: null, updated_at: '',
      id: 9,
      sku: 'S1',
      name: 'Laptop',
      entry_price: 50000,
      web_price: 60000,
      description: lexical('Dobar'),
      active: false,
      visible: true,
      brand: { id: 2, name: 'Acme' },
      manufacturer: { id: 7, value: 'Acme d.o.o.' },
      categories: [{ id: 11, name: 'Laptopovi', min_price: 0, slug: 'laptopovi' }],
      country_of_origin: 'Kina',
      ean: '123',
      stock: 3,
    }
    const v = fromProduct(p)
    expect(v).toMatchObject({ brand_id: 2, manufacturer_id: 7, categories: [11], active: false, visible: true })
    const body = toProductBody(v, false)
    expect(body).toMatchObject({ name: 'Laptop', entry_price: 50000, brand_id: 2, manufacturer_id: 7, categories: [11], country_of_origin: 'Kina', ean: '123', stock: 3 })
  })

  it('catalog sticker days go as YYYY-MM-DD', () => {
    expect(toCatalogStickerBody({ catalog_sticker_type_id: 2, from: '2026-03-01', to: '2026-03-31', active: true })).toEqual({
      catalog_sticker_type_id: 2,
      from: '2026-03-01',
      to: '2026-03-31',
      active: true,
    })
  })
})

describe('rich text description', () => {
  it('reads the text of a Lexical state, a Draft.js raw state and plain text', () => {
    expect(richTextToPlain(lexical('a\nb'))).toBe('a\nb')
    expect(richTextToPlain(JSON.stringify({ blocks: [{ text: 'x' }, { text: 'y' }], entityMap: {} }))).toBe('x\ny')
    expect(richTextToPlain('plain')).toBe('plain')
    expect(richTextLength(undefined)).toBe(0)
  })

  it('turns older descriptions into a Lexical state for the editor', () => {
    const state = toEditorState(JSON.stringify({ blocks: [{ text: 'Stari opis' }] }))
    expect(richTextToPlain(state)).toBe('Stari opis')
    expect(JSON.parse(state ?? '{}').root.type).toBe('root')
    expect(toEditorState(lexical('ok'))).toBe(lexical('ok'))
    expect(toEditorState('')).toBeUndefined()
  })
})

describe('product tabs', () => {
  const all = { roles: ['super-admin'] }
  const editorOnly = { roles: ['editor'], permissions: ['view-product', 'create-product'] }

  it('create offers Data and Images only; the rest needs a saved product', () => {
    expect(productTabs(all, true).map((d) => d.key)).toEqual(['data', 'images'])
    expect(productTabs(all, false).map((d) => d.key)).toEqual(['data', 'discounts', 'attributes', 'images', 'sticker', 'catalogSticker'])
  })

  it('attributes and images need their own permissions', () => {
    expect(productTabs(editorOnly, false).map((d) => d.key)).toEqual(['data', 'discounts', 'sticker', 'catalogSticker'])
    expect(productTabs(editorOnly, true).map((d) => d.key)).toEqual(['data'])
    expect(productTabs({ permissions: ['view-product-image'] }, false).map((d) => d.key)).toContain('images')
  })

  it('each tab has its address and an address opens its tab', () => {
    expect(tabPath('data', 5)).toBe('/proizvodi/5')
    expect(tabPath('attributes', 5)).toBe('/proizvodi/5/atributi')
    expect(tabPath('catalogSticker', 5)).toBe('/proizvodi/5/katalog-nalepnica')
    expect(tabPath('discounts', 5)).toBe('/proizvodi/5/popusti')
    expect(tabOfPath('/proizvodi/5/popusti')).toBe('discounts')
    expect(tabOfPath('/proizvodi/5/slike')).toBe('images')
    expect(tabOfPath('/proizvodi/5/nalepnica')).toBe('sticker')
    expect(tabOfPath('/proizvodi/5/katalog-nalepnica')).toBe('catalogSticker')
    expect(tabOfPath('/proizvodi/5')).toBe('data')
  })
})
