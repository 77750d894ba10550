// The proforma invoice screens against the API's paths (openapi-fetch's client spied on): the
// list's search and filters, the single view's send and transfer, the invoice data form, banks
// (the account's control digits checked before sending) and e-mail entries (the spec's rules).
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { client } from '../../api/client'
import { renderApp } from '../../testing/render'
import { InvoiceDataPage } from './InvoiceDataPage'
import { InvoiceDetail } from './InvoiceDetail'
import { BanksPage, InvoiceEmailsPage, validAccount } from './InvoiceInfoLists'
import { InvoicesPage, readInvoiceFilters } from './InvoicesPage'

afterEach(() => vi.restoreAllMocks())

const admin = { id: 1, roles: ['super-admin'], permissions: [] }
const meta = { total: 1, per_page: 20, current_page: 1, last_page: 1 }

function ok(body: unknown, status = 200) {
  return { data: body, error: undefined, response: new Response(null, { status }) }
}

const invoice = {
  id: 4,
  number: 'PR-2026-P000004',
  user_id: null,
  email: 'nabavka@firma.rs',
  name: 'Žarko Šćepanović',
  address: 'Bulevar 1',
  city: 'Novi Sad',
  post_code: '21000',
  phone: '011 222 333',
  valid_until: '2026-12-03',
  issue_place: 'Beograd',
  payment_method: 'bank_transfer',
  company_name: 'Firma d.o.o.',
  company_number: '',
  company_pib: '100000024',
  note: '',
  total: 2400,
  order_id: null,
  order_number: null,
  sent_at: null,
  created_at: '2026-11-25T10:00:00Z',
  items: [{ product_id: 7, sku: 'LA-1', name: 'Laptop Đak', price: 1200, quantity: 2, total: 2400, vat_bps: 2000 }],
  vat: [{ vat_bps: 2000, base: 2000, vat: 400, total: 2400 }],
}

async function modalButton(text: string): Promise<HTMLElement> {
  let found: HTMLElement | undefined
  await waitFor(() => {
    found = [...document.querySelectorAll<HTMLElement>('.ant-modal-footer button, .ant-modal-confirm-btns button')].filter((b) => b.textContent === text).at(-1)
    expect(found).toBeTruthy()
  })
  return found!
}

async function field(name: string): Promise<HTMLElement> {
  let found: HTMLElement | null = null
  await waitFor(() => {
    found = document.querySelector<HTMLElement>(`.ant-modal #${name}`)
    expect(found).toBeTruthy()
  })
  return found!
}

describe('readInvoiceFilters and validAccount', () => {
  it('keeps well-formed filters only', () => {
    expect(readInvoiceFilters(new URLSearchParams('date_from=2026-11-01&date_to=1.1.2026&ordered=no'))).toEqual({ date_from: '2026-11-01', ordered: 'no' })
    expect(readInvoiceFilters(new URLSearchParams('ordered=maybe'))).toEqual({ ordered: 'all' })
  })
  it('checks the account the way the server does', () => {
    expect(validAccount('160000000001234595')).toBe(true)
    expect(validAccount('160-12345-95')).toBe(true)
    expect(validAccount('160-0000000012345-95')).toBe(true)
    expect(validAccount('160000000001234596')).toBe(false)
    expect(validAccount('16000000000123459')).toBe(false)
  })
})

describe('Proforma invoices list', () => {
  it('searches and filters through the API and links to the invoice', async () => {
    const get = vi.spyOn(client, 'GET').mockResolvedValue(ok({ data: [invoice], meta }) as never)
    renderApp(<InvoicesPage />, { user: admin, at: '/profakture?search=firma&ordered=no' })
    const row = (await screen.findByText('nabavka@firma.rs')).closest('tr')!
    expect(within(row).getByText('PR-2026-P000004').getAttribute('href')).toBe('/profakture/4')
    expect(within(row).getByText('Firma d.o.o. (Žarko Šćepanović)')).toBeTruthy()
    expect(within(row).getByText('2.400,00')).toBeTruthy()
    expect(within(row).getByText('Nije prebačena')).toBeTruthy()
    expect(get).toHaveBeenCalledWith('/api/v1/admin/proforma-invoices', {
      params: { query: { page: 1, paginate: 20, search: 'firma', date_from: undefined, date_to: undefined, ordered: 'no' } },
    })
    fireEvent.click(screen.getByText('Prebačene u porudžbinu', { selector: '.ant-segmented-item-label' }))
    await waitFor(() =>
      expect(get).toHaveBeenCalledWith('/api/v1/admin/proforma-invoices', {
        params: { query: { page: 1, paginate: 20, search: 'firma', date_from: undefined, date_to: undefined, ordered: 'yes' } },
      }),
    )
  }, 30_000)
})

describe('Proforma invoice', () => {
  it('shows the fields, products and VAT, sends it and transfers it to an order', async () => {
    vi.spyOn(client, 'GET').mockResolvedValue(ok({ data: invoice }) as never)
    const post = vi.spyOn(client, 'POST').mockResolvedValue(ok({ message: 'ok', data: { ...invoice, order_id: 9, order_number: '2026-000009' } }) as never)
    renderApp(<InvoiceDetail />, { user: admin, at: '/profakture/4', path: '/profakture/:invoiceId' })
    expect(await screen.findByText('Laptop Đak')).toBeTruthy()
    expect(screen.getByText('100000024')).toBeTruthy()
    expect(screen.getByText('Uplata na račun (profaktura)')).toBeTruthy()
    expect(screen.getByText('03.12.2026')).toBeTruthy()
    expect(screen.getAllByText('20%').length).toBe(2)
    expect(screen.getByText('400,00')).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: /Pošalji kupcu/ }))
    fireEvent.click(await screen.findByRole('button', { name: 'Da' }))
    await waitFor(() => expect(post).toHaveBeenCalledWith('/api/v1/admin/proforma-invoices/{id}/send', { params: { path: { id: 4 } } }))

    fireEvent.click(screen.getByRole('button', { name: /Prebaci u porudžbinu/ }))
    // the send dialog, closed, stays mounted: the transfer's is the newer one
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Da' }).length).toBe(2))
    fireEvent.click(screen.getAllByRole('button', { name: 'Da' }).at(-1)!)
    await waitFor(() => expect(post).toHaveBeenCalledWith('/api/v1/admin/proforma-invoices/{id}/transfer', { params: { path: { id: 4 } } }))
  }, 30_000)
})

describe('Invoice data', () => {
  it('loads the company data, refuses a bad e-mail and saves trimmed values', async () => {
    const data = { name: 'Prodavnica d.o.o.', address: 'Nemanjina 4', phone: '', fax: '', email: 'info@example.rs', web: '', registration_number: '', pib: '100000024', activity_code: '4791', bank: '' }
    vi.spyOn(client, 'GET').mockResolvedValue(ok({ data }) as never)
    const put = vi.spyOn(client, 'PUT').mockResolvedValue(ok({ message: 'Podaci za fakturu su sačuvani.', data }) as never)
    renderApp(<InvoiceDataPage />, { user: admin, at: '/profakture/podaci' })
    const email = await screen.findByLabelText('Email')
    await waitFor(() => expect((email as HTMLInputElement).value).toBe('info@example.rs'))
    fireEvent.change(email, { target: { value: 'nije-email' } })
    fireEvent.click(screen.getByRole('button', { name: 'Sačuvaj' }))
    expect(await screen.findByText('Polje mora biti ispravna email adresa')).toBeTruthy()
    expect(put).not.toHaveBeenCalled()
    fireEvent.change(email, { target: { value: 'racuni@example.rs' } })
    fireEvent.change(screen.getByLabelText('Faks'), { target: { value: ' 011 1 ' } })
    fireEvent.click(screen.getByRole('button', { name: 'Sačuvaj' }))
    await waitFor(() => expect(put).toHaveBeenCalledWith('/api/v1/admin/invoice-data', { body: { ...data, email: 'racuni@example.rs', fax: '011 1' } }))
  }, 30_000)
})

describe('Banks', () => {
  it('checks name and account before sending, then adds the bank', async () => {
    vi.spyOn(client, 'GET').mockResolvedValue(ok({ data: [], meta: { ...meta, total: 0 } }) as never)
    const post = vi.spyOn(client, 'POST').mockResolvedValue(ok({ message: 'Banka je dodata.', data: {} }, 201) as never)
    renderApp(<BanksPage />, { user: admin, at: '/profakture/banke' })
    fireEvent.click(await screen.findByRole('button', { name: /Dodaj banku/ }))
    fireEvent.change(await field('name'), { target: { value: 'A' } })
    fireEvent.change(await field('account'), { target: { value: '160000000001234596' } })
    fireEvent.click(await modalButton('Sačuvaj'))
    expect(await screen.findByText('Polje mora sadržati minimum 2 karaktera')).toBeTruthy()
    expect(await screen.findByText('Broj računa mora imati 18 cifara sa ispravnim kontrolnim brojem (npr. 160-0000000012345-67)')).toBeTruthy()
    expect(post).not.toHaveBeenCalled()
    fireEvent.change(await field('name'), { target: { value: 'Banka Intesa' } })
    fireEvent.change(await field('account'), { target: { value: '160-12345-95' } })
    fireEvent.click(await modalButton('Sačuvaj'))
    await waitFor(() => expect(post).toHaveBeenCalledWith('/api/v1/admin/banks', { body: { name: 'Banka Intesa', account: '160-12345-95' } }))
  }, 30_000)
})

describe('Invoice e-mails', () => {
  it('lists the entries and refuses an invalid address', async () => {
    vi.spyOn(client, 'GET').mockResolvedValue(ok({ data: [{ id: 2, email: 'knjige@example.rs' }], meta }) as never)
    const patch = vi.spyOn(client, 'PATCH').mockResolvedValue(ok({ message: 'ok', data: {} }) as never)
    renderApp(<InvoiceEmailsPage />, { user: admin, at: '/profakture/email-adrese' })
    const row = (await screen.findByText('knjige@example.rs')).closest('tr')!
    fireEvent.click(within(row).getByRole('button', { name: 'Izmeni' }))
    fireEvent.change(await field('email'), { target: { value: 'nije-email' } })
    fireEvent.click(await modalButton('Sačuvaj'))
    expect(await screen.findByText('Polje mora biti ispravna email adresa')).toBeTruthy()
    expect(patch).not.toHaveBeenCalled()
    fireEvent.change(await field('email'), { target: { value: 'racuni@example.rs' } })
    fireEvent.click(await modalButton('Sačuvaj'))
    await waitFor(() => expect(patch).toHaveBeenCalledWith('/api/v1/admin/invoice-emails/{id}', { params: { path: { id: 2 } }, body: { email: 'racuni@example.rs' } }))
  }, 30_000)
})
