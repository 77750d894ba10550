// The product page's voice components against a fake API: client-side rules with the spec's
// messages, the bodies sent, the server's messages shown.
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { startSession, endSession } from '../session/loginState'
import { json, mockApi, renderAt } from '../test/render'
import { BackInStockForm } from './BackInStockForm'
import { ContactForm } from './ContactForm'
import { PriceOfferForm } from './PriceOfferForm'
import { QuestionForm } from './QuestionForm'
import { RatingModal } from './RatingModal'

afterEach(() => {
  vi.unstubAllGlobals()
  endSession()
})

const submit = (name: RegExp) => fireEvent.click(screen.getByRole('button', { name }))

describe('QuestionForm', () => {
  it('checks name and question on submit with the spec\'s messages, then sends and resets', async () => {
    const seen = mockApi({ 'POST /api/v1/products/frizider/questions': () => json({ message: 'Hvala na pitanju!' }) })
    renderAt(<QuestionForm productSlug="frizider" />)
    submit(/Pošalji pitanje/)
    await waitFor(() => expect(screen.getByLabelText('Ime')).toHaveFocus())
    expect(await screen.findByText('Ime je obavezno')).toBeTruthy()
    expect(screen.getByText('Pitanje je obavezno')).toBeTruthy()
    fireEvent.change(screen.getByLabelText('Ime'), { target: { value: 'A' } })
    fireEvent.change(screen.getByLabelText('Pitanje'), { target: { value: 'x'.repeat(1201) } })
    submit(/Pošalji pitanje/)
    expect(await screen.findByText('Ime mora sadržati najmanje 2 karaktera')).toBeTruthy()
    expect(screen.getByText('Pitanje može sadržati najviše 1200 karaktera')).toBeTruthy()
    expect(seen).toHaveLength(0)

    fireEvent.change(screen.getByLabelText('Ime'), { target: { value: 'Ana' } })
    fireEvent.change(screen.getByLabelText('Pitanje'), { target: { value: ' Da li je tih? ' } })
    submit(/Pošalji pitanje/)
    expect(await screen.findByText('Hvala na pitanju!')).toBeTruthy()
    expect(await seen[0].json()).toEqual({ name: 'Ana', question: 'Da li je tih?', website: '' })
    expect((screen.getByLabelText('Ime') as HTMLInputElement).value).toBe('')
  })

  it('shows the server\'s field message of a 422', async () => {
    mockApi({
      'POST /api/v1/products/frizider/questions': () =>
        json({ message: 'Podaci nisu ispravni.', errors: { name: ['Ime mora sadržati najmanje 2 karaktera'] } }, 422),
    })
    renderAt(<QuestionForm productSlug="frizider" />)
    fireEvent.change(screen.getByLabelText('Ime'), { target: { value: 'Ana' } })
    fireEvent.change(screen.getByLabelText('Pitanje'), { target: { value: 'Da li je tih?' } })
    submit(/Pošalji pitanje/)
    expect(await screen.findByText('Ime mora sadržati najmanje 2 karaktera')).toBeTruthy()
  })
})

describe('PriceOfferForm', () => {
  it('says the fields are empty, then the e-mail is wrong, then sends', async () => {
    const seen = mockApi({ 'POST /api/v1/priceoffer': () => json({ success: true, message: 'Uspešno ste poslali upit!' }) })
    renderAt(<PriceOfferForm productSku="VC-1" />)
    // An h2: on the product page it follows the h1 (heading order).
    expect(screen.getByRole('heading', { level: 2, name: 'Pošaljite upit za cenu' })).toBeTruthy()
    submit(/Pošalji upit/)
    expect(await screen.findByText('Polja su prazna.')).toBeTruthy()
    // The notice is about both empty fields: they are marked, the first has the focus.
    await waitFor(() => expect(screen.getByLabelText('E-mail adresa')).toHaveFocus())
    expect(screen.getByLabelText('Vaša cena (RSD)')).toHaveAttribute('aria-invalid', 'true')
    fireEvent.change(screen.getByLabelText('E-mail adresa'), { target: { value: 'ana@' } })
    fireEvent.change(screen.getByLabelText('Vaša cena (RSD)'), { target: { value: '899,50' } })
    submit(/Pošalji upit/)
    expect(await screen.findByText('Niste uneli pravilnu e-mail adresu.')).toBeTruthy()
    expect(screen.getByLabelText('Vaša cena (RSD)')).not.toHaveAttribute('aria-invalid')
    expect(screen.getByLabelText('E-mail adresa')).toHaveAttribute('aria-invalid', 'true')
    expect(seen).toHaveLength(0)
    fireEvent.change(screen.getByLabelText('E-mail adresa'), { target: { value: 'ana@example.com' } })
    submit(/Pošalji upit/)
    expect(await screen.findByText('Uspešno ste poslali upit!')).toBeTruthy()
    expect(await seen[0].json()).toEqual({ product_sku: 'VC-1', email: 'ana@example.com', price: '899.50', website: '' })
  })

  it('shows the server\'s message as the danger notice', async () => {
    mockApi({ 'POST /api/v1/priceoffer': () => json({ message: 'Proizvod ne postoji ili je izbrisan.' }, 404) })
    renderAt(<PriceOfferForm productSku="VC-1" />)
    fireEvent.change(screen.getByLabelText('E-mail adresa'), { target: { value: 'ana@example.com' } })
    fireEvent.change(screen.getByLabelText('Vaša cena (RSD)'), { target: { value: '900' } })
    submit(/Pošalji upit/)
    expect(await screen.findByText('Proizvod ne postoji ili je izbrisan.')).toBeTruthy()
  })
})

describe('BackInStockForm', () => {
  it('requires an e-mail and sends the product with it', async () => {
    const seen = mockApi({ 'POST /api/v1/products/frizider/available-again/subscribe': () => json({ message: 'Obavestićemo vas.' }) })
    renderAt(<BackInStockForm productId={7} productSlug="frizider" productUrl="https://shop.rs/kategorije/k/proizvodi/frizider" />)
    expect(screen.getByText('Proizvod nije na stanju.')).toBeTruthy()
    submit(/Obavesti me/)
    expect(await screen.findByText('E-mail adresa je obavezna')).toBeTruthy()
    fireEvent.change(screen.getByLabelText('E-mail adresa'), { target: { value: 'ana@example.com' } })
    submit(/Obavesti me/)
    expect(await screen.findByText('Obavestićemo vas.')).toBeTruthy()
    expect(await seen[0].json()).toEqual({
      product_id: 7,
      product_url: 'https://shop.rs/kategorije/k/proizvodi/frizider',
      email: 'ana@example.com',
      website: '',
    })
  })
})

describe('RatingModal', () => {
  it('lets a guest rate with a name and an e-mail', async () => {
    const seen = mockApi({ 'POST /api/v1/products/frizider/ratings': () => json({ message: 'Hvala na oceni!' }) })
    const onClose = vi.fn()
    renderAt(<RatingModal productSlug="frizider" open onClose={onClose} />)
    fireEvent.click(screen.getByLabelText('5 ★'))
    submit(/Pošalji ocenu/)
    expect(await screen.findByText('Ime je obavezno')).toBeTruthy()
    expect(screen.getByText('E-mail adresa je obavezna')).toBeTruthy()
    expect(seen).toHaveLength(0)
    fireEvent.change(screen.getByLabelText('Ime'), { target: { value: 'Ana Gost' } })
    fireEvent.change(screen.getByLabelText('E-mail adresa'), { target: { value: 'ana@example.com' } })
    submit(/Pošalji ocenu/)
    await waitFor(() => expect(onClose).toHaveBeenCalledWith('Hvala na oceni!'))
    const req = seen.find((r) => r.url.endsWith('/ratings'))!
    expect(req.headers.get('Authorization')).toBeNull()
    expect(await req.json()).toEqual({ rating: 5, comment: '', name: 'Ana Gost', email: 'ana@example.com', website: '' })
  })

  it('requires a rating, sends it with the comment and closes with the server\'s message', async () => {
    startSession({ token: 'access-token', refresh_token: 'refresh-token', expires_in: 900 })
    const seen = mockApi({ 'POST /api/v1/products/frizider/ratings': () => json({ message: 'Hvala na oceni!' }) })
    const onClose = vi.fn()
    renderAt(<RatingModal productSlug="frizider" open onClose={onClose} />)
    submit(/Pošalji ocenu/)
    expect(await screen.findByText('Ocena je obavezna')).toBeTruthy()
    fireEvent.click(screen.getByLabelText('4 ★'))
    fireEvent.change(screen.getByLabelText('Komentar'), { target: { value: 'Tih i štedljiv' } })
    submit(/Pošalji ocenu/)
    await waitFor(() => expect(onClose).toHaveBeenCalledWith('Hvala na oceni!'))
    const req = seen.find((r) => r.url.endsWith('/ratings'))!
    expect(req.headers.get('Authorization')).toBe('Bearer access-token')
    expect(await req.json()).toEqual({ rating: 4, comment: 'Tih i štedljiv', website: '' })
  })
})

describe('ContactForm', () => {
  it('checks name, e-mail and message on submit, then sends and resets', async () => {
    const seen = mockApi({ 'POST /api/v1/contact': () => json({ message: 'Hvala na poruci!' }) })
    renderAt(<ContactForm />)
    submit(/Pošalji poruku/)
    await waitFor(() => expect(screen.getByLabelText('Ime')).toHaveFocus())
    expect(await screen.findByText('Ime je obavezno')).toBeTruthy()
    expect(screen.getByText('E-mail adresa je obavezna')).toBeTruthy()
    expect(screen.getByText('Poruka je obavezna')).toBeTruthy()
    expect(seen).toHaveLength(0)
    fireEvent.change(screen.getByLabelText('Ime'), { target: { value: 'Ana Anić' } })
    fireEvent.change(screen.getByLabelText('E-mail adresa'), { target: { value: 'ana@example.com' } })
    fireEvent.change(screen.getByLabelText('Poruka'), { target: { value: ' Da li radite nedeljom? ' } })
    submit(/Pošalji poruku/)
    expect(await screen.findByText('Hvala na poruci!')).toBeTruthy()
    expect(await seen[0].json()).toEqual({ name: 'Ana Anić', email: 'ana@example.com', message: 'Da li radite nedeljom?', website: '' })
    expect((screen.getByLabelText('Poruka') as HTMLTextAreaElement).value).toBe('')
  })
})
