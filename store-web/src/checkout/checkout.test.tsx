import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { saveTokens } from '@shop/shared'
import { Route, Routes } from 'react-router'
import { beforeEach, describe, expect, it } from 'vitest'
import type { Order } from '../hooks/api/orders'
import { json, mockApi, renderAt } from '../test/render'
import { CheckoutPage } from './CheckoutPage'
import { validPIB } from './pib'
import { ThankYouPage, formatAccount } from './ThankYouPage'

const guestId = 'c3'.repeat(20)
// userEvent-heavy tests: a generous limit for a shared, loaded machine (not a timing assertion).
const SLOW = 30_000

const cart = {
  id: guestId,
  instance: 'cart',
  total: 2469,
  count: 2,
  items: [
    {
      id: 1,
      product_id: 1,
      name: 'Laptop Lenovo IdeaPad 3',
      quantity: 2,
      price: 1234.5,
      line_total: 2469,
      purchasable: true,
      active: true,
      in_stock: true,
      price_changed: false,
      price_at_add: null,
      product: { id: 1, slug: 'laptop', sku: 'L1', main_image: null, main_category_slug: 'laptopovi', mainCategory: { slug: 'laptopovi' } },
    },
  ],
}

function order(over: Partial<Order> = {}): Order {
  return {
    id: 41,
    number: '2026-000041',
    total: 2469,
    status: 'pending',
    status_label: 'Na čekanju (u obradi)',
    payment_method: 'cash_on_delivery',
    payment_method_label: 'Plaćanje pouzećem',
    qr_url: null,
    payment: null,
    items: [],
    notes: [],
    address: '', cancel_reason: '', city: '', company_name: '', company_number: '', company_pib: '',
    date: '2026-11-20', delivery_status: '', delivery_time: '', email: 'kupac@example.rs', name: 'Kupac',
    note: '', phone: '', post_code: '', proforma_invoice_id: null, receipts: [],
    shipping: { address: '', city: '', name: '', phone: '', post_code: '' },
    ...over,
  }
}

function Pages() {
  return (
    <Routes>
      <Route path="/zavrsetak-kupovine" element={<CheckoutPage />} />
      <Route path="/hvala-na-kupovini/:number" element={<ThankYouPage />} />
    </Routes>
  )
}

async function fillGuest(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('Ime i prezime'), 'Petar Petrović')
  await user.type(screen.getByLabelText('E-mail adresa'), 'petar@primer.rs')
  await user.type(screen.getByLabelText('Telefon'), '064 123 4567')
  await user.type(screen.getByLabelText('Adresa'), 'Knez Mihailova 1')
  await user.type(screen.getByLabelText('Grad'), 'Beograd')
  await user.type(screen.getByLabelText('Poštanski broj'), '11000')
}

describe('PIB check digit', () => {
  it('passes real PIBs and fails a wrong check digit, length or letter', () => {
    for (const p of ['100002887', '104052135', '103920327', '100001159', '101134702']) expect(validPIB(p)).toBe(true)
    for (const p of ['100002888', '104052136', '103920372', '10000288', '1000028870', '10000288a', '']) expect(validPIB(p)).toBe(false)
  })
})

describe('CheckoutPage', () => {
  beforeEach(() => {
    document.cookie = `user_id=${guestId}; path=/`
  }, SLOW)

  it('checks the PIB before sending, then sends one order with one Idempotency-Key even on a double submit', async () => {
    let release: (r: Response) => void = () => {}
    const calls = mockApi({
      'GET /api/v1/cart': () => json({ data: cart }),
      'POST /api/v1/orders': () => new Promise<Response>((resolve) => (release = resolve)),
    })
    const user = userEvent.setup()
    renderAt(<Pages />, '/zavrsetak-kupovine')
    expect(await screen.findByTestId('free-delivery')).toHaveTextContent('Besplatna dostava na teritoriji cele Srbije')
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('2.469,00 RSD')
    await fillGuest(user)
    await user.click(screen.getByLabelText('Kupujem kao pravno lice'))
    await user.type(screen.getByLabelText('Naziv firme'), 'Primer d.o.o.')
    await user.type(screen.getByLabelText('PIB'), '100002888')
    await user.click(screen.getByLabelText('Uplata na račun (profaktura)'))
    await user.click(screen.getByRole('button', { name: 'Poruči' }))
    expect(screen.getByLabelText('PIB')).toHaveAccessibleDescription('PIB mora imati 9 cifara sa ispravnom kontrolnom cifrom')
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0)

    await user.clear(screen.getByLabelText('PIB'))
    await user.type(screen.getByLabelText('PIB'), '100002887')
    const form = screen.getByRole('form', { name: 'Završetak kupovine' })
    fireEvent.submit(form)
    fireEvent.submit(form)
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1))
    fireEvent.submit(form)
    const post = calls.find((c) => c.method === 'POST')!
    expect(post.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{32,36}$/)
    expect(await post.clone().json()).toEqual({
      cart_id: guestId,
      name: 'Petar Petrović',
      email: 'petar@primer.rs',
      phone: '064 123 4567',
      address: 'Knez Mihailova 1',
      city: 'Beograd',
      post_code: '11000',
      note: '',
      payment_method: 'bank_transfer',
      company_name: 'Primer d.o.o.',
      company_number: '',
      company_pib: '100002887',
    })

    release(
      json(
        {
          message: 'Porudžbina je primljena. Hvala na kupovini!',
          data: order({
            payment_method: 'bank_transfer',
            payment_method_label: 'Uplata na račun (profaktura)',
            qr_url: '/api/v1/orders/41/qr.png?token=abc',
            payment: {
              account: '160000000001234595',
              payee: 'Prodavnica d.o.o., Beograd',
              amount: 2469,
              payment_code: '289',
              purpose: 'Porudžbina 2026-000041',
              model: '97',
              reference: '582026000041',
            },
          }),
        },
        201,
      ),
    )
    expect(await screen.findByRole('heading', { name: 'Hvala na kupovini!' })).toBeInTheDocument()
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1)
    expect(screen.getByTestId('location')).toHaveTextContent('/hvala-na-kupovini/2026-000041')
    expect(screen.getByTestId('order-number')).toHaveTextContent('2026-000041')
    expect(screen.getByTestId('order-total')).toHaveTextContent('2.469,00 RSD')
    expect(screen.getByText('Uplata na račun (profaktura)')).toBeInTheDocument()
    expect(screen.getByTestId('pay-account')).toHaveTextContent('160-0000000012345-95')
    expect(screen.getByTestId('pay-reference')).toHaveTextContent('582026000041')
    expect(screen.getByRole('img', { name: 'NBS IPS QR kod za uplatu' })).toHaveAttribute('src', '/api/v1/orders/41/qr.png?token=abc')
  }, SLOW)

  it('shows a 422 at its fields and the not-purchasable message, and retries with the same Idempotency-Key', async () => {
    let n = 0
    const calls = mockApi({
      'GET /api/v1/cart': () => json({ data: cart }),
      'POST /api/v1/orders': () => {
        n++
        if (n === 1)
          return json(
            {
              message: 'Podaci nisu ispravni.',
              errors: { email: ['Ova e-mail adresa nije ispravna'], items: ['Proizvod trenutno nije moguće kupiti: Laptop Lenovo IdeaPad 3'] },
            },
            422,
          )
        return json({ message: 'Porudžbina je primljena. Hvala na kupovini!', data: order() }, 201)
      },
    })
    const user = userEvent.setup()
    renderAt(<Pages />, '/zavrsetak-kupovine')
    await fillGuest(user)
    await user.click(screen.getByRole('button', { name: 'Poruči' }))
    const email = screen.getByLabelText('E-mail adresa')
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'))
    expect(email).toHaveAccessibleDescription('Ova e-mail adresa nije ispravna')
    expect(screen.getByRole('alert')).toHaveTextContent('Proizvod trenutno nije moguće kupiti: Laptop Lenovo IdeaPad 3')

    await user.click(screen.getByRole('button', { name: 'Poruči' }))
    expect(await screen.findByRole('heading', { name: 'Hvala na kupovini!' })).toBeInTheDocument()
    const posts = calls.filter((c) => c.method === 'POST')
    expect(posts).toHaveLength(2)
    expect(posts[1].headers.get('Idempotency-Key')).toBe(posts[0].headers.get('Idempotency-Key'))
    expect(screen.queryByRole('img', { name: 'NBS IPS QR kod za uplatu' })).not.toBeInTheDocument()
    expect(screen.getByText('Plaćanje pouzećem')).toBeInTheDocument()
  }, SLOW)

  it('lets a customer pick saved addresses (address_method) and sends their ids', async () => {
    saveTokens({ token: 'access-token', refresh_token: 'r', expires_in: 900 })
    const calls = mockApi({
      'GET /api/v1/cart': () => json({ data: { ...cart, id: '7' } }),
      'GET /api/v1/users/token': () => json({ data: { id: 7, name: 'Petar Petrović', email: 'petar@primer.rs', roles: ['customer'] } }),
      'GET /api/v1/account/addresses': () =>
        json({
          data: [
            { id: 3, type: 'billing_address', name: 'Petar Petrović', address: 'Knez Mihailova 1', city: 'Beograd', post_code: '11000', phone: '0641234567' },
            { id: 4, type: 'shipping_address', name: 'Ana Petrović', address: 'Bulevar 2', city: 'Novi Sad', post_code: '21000', phone: '0651234567' },
          ],
        }),
      'POST /api/v1/orders': () => json({ message: 'ok', data: order() }, 201),
    })
    const user = userEvent.setup()
    renderAt(<Pages />, '/zavrsetak-kupovine')
    await waitFor(() => expect(screen.getByLabelText('E-mail adresa')).toHaveValue('petar@primer.rs'))
    // The phone comes from the saved billing address.
    await waitFor(() => expect(screen.getByLabelText('Telefon')).toHaveValue('0641234567'))
    const billing = screen.getByRole('group', { name: 'Način unosa adrese: Adresa za račun' })
    expect(within(billing).getByLabelText('Sačuvana adresa')).toBeChecked()
    expect(screen.queryByLabelText('Adresa')).not.toBeInTheDocument()
    await user.click(screen.getByLabelText('Isporuka na drugu adresu'))
    expect(screen.getByLabelText('Izaberite adresu za isporuku')).toHaveValue('4')
    await user.click(screen.getByRole('button', { name: 'Poruči' }))
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1))
    const body = await calls.find((c) => c.method === 'POST')!.clone().json()
    expect(body).toMatchObject({ billing_address_id: 3, shipping_address_id: 4, name: 'Petar Petrović', email: 'petar@primer.rs', phone: '0641234567' })
    expect(body.cart_id).toBeUndefined()
    expect(body.address).toBeUndefined()
  }, SLOW)
})

describe('a checkout with errors', () => {
  it('moves the focus to the first invalid field, scrolls it into view and announces the errors', async () => {
    const scrolled: Element[] = []
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this)
    }
    mockApi({ 'GET /api/v1/cart': () => json({ data: cart }) })
    const user = userEvent.setup()
    renderAt(<Pages />, '/zavrsetak-kupovine')
    await user.type(await screen.findByLabelText('Ime i prezime'), 'Petar Petrović')
    await user.click(screen.getByRole('button', { name: 'Poruči' }))
    const email = screen.getByLabelText('E-mail adresa')
    await waitFor(() => expect(email).toHaveFocus())
    expect(email).toHaveAccessibleDescription('Polje je obavezno')
    expect(scrolled).toContain(email)
    await waitFor(() => expect(document.getElementById('form-announcer')).toHaveTextContent(/Ispravite označena polja \(grešaka: \d+\)/))
    expect(document.getElementById('form-announcer')).toHaveAttribute('aria-live', 'assertive')
  }, SLOW)
})

describe('ThankYouPage', () => {
  it('writes the account as banks print it', () => {
    expect(formatAccount('160000000001234595')).toBe('160-0000000012345-95')
  })
})
