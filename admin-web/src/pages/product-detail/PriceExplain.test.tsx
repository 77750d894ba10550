import { fireEvent, screen } from '@testing-library/react'
import i18n from '../../i18n'
import { client } from '../../api/client'
import type { PriceExplain as Explain } from '../../hooks/api/priceExplain'
import { renderApp } from '../../testing/render'
import { PriceExplain } from './PriceExplain'

function ok(body: unknown) {
  return { data: body, error: undefined, response: new Response(null, { status: 200 }) }
}

// the priced product of api/pricing_explain_test.go: a brand rule, a cap, the 20 % ceiling, a 10 % action
const explained: Explain = {
  product_id: 7,
  entry_price: 1000,
  category_id: 2,
  web_margin_source: 'rule',
  web_margin_rule: { id: 4, category_id: 2, supplier_id: null, brand_id: 3, price_from: null, price_to: 5000, margin: 25, created_at: '2026-11-25T10:00:00Z' },
  category_web_margin: 15,
  web_margin: 25,
  vat: 20,
  web_before_cap: 1500,
  recommended_rule: { id: 1, name: 'Gorenje MP', manufacturer_id: 9, lower: 10, category_ids: [] },
  recommended_price: 1300,
  cap: 1170,
  capped: true,
  web_price: 1170,
  authenticated_rule: { id: 2, name: 'Ulogovani', category_id: 2, supplier_id: null, brand_id: null, price_from: null, price_to: null, discount: 30 },
  authenticated_discount: 20,
  authenticated_ceiling: 20,
  eponuda_price: null,
  ceiling_applied: true,
  authenticated_price: 936,
  retail_margin: 30,
  retail_price: 1560,
  dealer_margin: 8,
  dealer_price: 1080,
  discount: { id: 5, type_id: 1, type: 'Black Friday', is_percentage: true, percentage: 10, fixed_price: 0, from: '2026-11-24', to: '2026-11-27', price: 1053 },
  guest_price: 1053,
  customer_price: 1053,
  stored: { web_price: 1170, retail_price: 1560, dealer_price: 1080, authenticated_price: 936, discount_price: 1053, up_to_date: true },
}

afterEach(() => vi.restoreAllMocks())

describe('PriceExplain', () => {
  it('asks for nothing while folded, then shows each step in Serbian', async () => {
    const get = vi.spyOn(client, 'GET').mockResolvedValue(ok({ data: explained }) as never)
    renderApp(<PriceExplain productId={7} />)
    expect(get).not.toHaveBeenCalled()
    fireEvent.click(screen.getByText('Kako je cena nastala'))
    expect(await screen.findByText('Web cena pre ograničenja')).toBeTruthy()
    expect(get).toHaveBeenCalledWith('/api/v1/admin/products/{id}/price-explain', { params: { path: { id: 7 } } })
    expect(screen.getByText(/^25,00 % \(pravilo web marže #4: dobavljač bilo koji, brend 3, cena od — do 5\.000,00 RSD\)$/)).toBeTruthy()
    expect(screen.getByText('1.500,00 RSD')).toBeTruthy()
    expect(screen.getByText('Gorenje MP (#1), niže za 10,00 %')).toBeTruthy()
    expect(screen.getByText('1.170,00 RSD (web cena je ograničena)')).toBeTruthy()
    expect(screen.getByText('Ulogovani (#2): 30,00 % (primenjena je granica od 20,00 %)')).toBeTruthy()
    expect(screen.getByText('936,00 RSD')).toBeTruthy()
    expect(screen.getByText('Black Friday, 24.11.2026 – 27.11.2026; 10,00 % popusta')).toBeTruthy()
    expect(screen.getByText('Cena za gosta')).toBeTruthy()
    expect(screen.getAllByText('1.053,00 RSD')).toHaveLength(3) // action, guest, logged-in customer
    expect(screen.queryByText(/preračunavanje je u toku/)).toBeNull()
  })

  it('names the category margin, the missing rules and a stale stored price, in English', async () => {
    await i18n.changeLanguage('en')
    const plain: Explain = {
      ...explained,
      web_margin_source: 'category',
      web_margin_rule: null,
      web_margin: 15,
      recommended_rule: null,
      cap: null,
      capped: false,
      authenticated_rule: null,
      authenticated_discount: 0,
      ceiling_applied: false,
      discount: null,
      stored: { ...explained.stored, up_to_date: false },
    }
    vi.spyOn(client, 'GET').mockResolvedValue(ok({ data: plain }) as never)
    renderApp(<PriceExplain productId={7} defaultOpen />)
    expect(await screen.findByText("15,00 % (the category's margin)")).toBeTruthy()
    expect(screen.getByText('no rule for the manufacturer')).toBeTruthy()
    expect(screen.getByText('no rule')).toBeTruthy()
    expect(screen.getByText('no action')).toBeTruthy()
    expect(screen.getByText(/a recompute is on its way/)).toBeTruthy()
    expect(screen.queryByText('Cap')).toBeNull()
  })
  it('shows the price e-ponuda set in place of the web price', async () => {
    await i18n.changeLanguage('sr')
    vi.spyOn(client, 'GET').mockResolvedValue(ok({ data: { ...explained, eponuda_price: 1099 } }) as never)
    renderApp(<PriceExplain productId={7} defaultOpen />)
    expect(await screen.findByText('Cena iz e-ponude (zamenjuje web cenu)')).toBeTruthy()
    expect(screen.getByText('1.099,00 RSD')).toBeTruthy()
  })
})
