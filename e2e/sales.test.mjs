// Cart to order: a guest fills a cart (one product straight from a card, one through
// the wish list), logs in as the demo customer (the cart carries over), completes the purchase
// and finds the order in My orders; staff move it on and send a note, which the customer sees in
// the order and receives as a mail in the outbox.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { eventually, outboxMails, screenshot, useShop } from './harness.mjs'

let shop
let browser

useShop((s, b) => ([shop, browser] = [s, b]))

// A category whose first page has at least two purchasable products in stock.
async function categoryWithTwoProducts() {
  const api = async (path) => (await fetch(`${shop.base}/api/v1/${path}`)).json()
  for (const c of (await api('categories?include=all_subcategories&main=1')).data) {
    const r = await api(`categories/${c.slug}/products?in_stock=true&paginate=24`)
    if ((r.data ?? []).slice(0, 2).every((x) => x.purchasable)) return c
  }
  throw new Error('no category with two purchasable products in stock')
}

test('a guest fills the cart, logs in, orders; staff handle the order and the customer sees the note', async () => {
  const cat = await categoryWithTwoProducts()
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } })
  const page = await context.newPage()

  // As a guest: one product into the cart, another into the wish list and from there to the cart.
  await page.goto(`${shop.base}/kategorije/${cat.slug}?in_stock=true`)
  const cards = page.getByTestId('product-card')
  await cards.nth(1).waitFor()
  await cards.nth(0).getByRole('button', { name: 'Dodaj u korpu' }).click()
  await page.getByRole('status').filter({ hasText: 'Proizvod dodat u korpu!' }).waitFor()
  await cards.nth(1).getByRole('button', { name: /Dodaj u listu želja/ }).click()
  await page.getByRole('status').filter({ hasText: 'Proizvod dodat u listu želja!' }).waitFor()
  await page.getByRole('link', { name: 'Lista želja (1)' }).click()
  await page.getByRole('button', { name: 'Prebaci sve u korpu' }).click()
  await page.getByRole('link', { name: 'Korpa (2)' }).waitFor()

  // Log in as the demo customer: the guest's two lines move to the customer's cart.
  await page.goto(`${shop.base}/login`)
  await page.fill('input[name=email]', 'kupac@demo.local')
  await page.fill('input[name=password]', 'demo1234')
  await page.getByRole('button', { name: 'Prijavi se', exact: true }).click()
  await page.waitForURL((u) => !u.pathname.startsWith('/login'))
  await page.getByRole('link', { name: /^Korpa \(2\)$/ }).click()
  await page.getByRole('heading', { name: 'Korpa', level: 1 }).waitFor()

  // Checkout: the customer's data is filled in; cash on delivery.
  await page.getByRole('link', { name: 'Završi kupovinu' }).click()
  const form = page.getByRole('form', { name: 'Završetak kupovine' })
  await page.waitForFunction(() => document.querySelector('input[name=email]')?.value)
  for (const [label, value] of [
    ['Ime i prezime', 'Kupac Demo'],
    ['Telefon', '064 123 4567'],
    ['Adresa', 'Knez Mihailova 1'],
    ['Grad', 'Beograd'],
    ['Poštanski broj', '11000'],
  ]) {
    const field = form.getByLabel(label, { exact: true })
    if ((await field.count()) === 1 && !(await field.inputValue())) await field.fill(value)
  }
  await form.getByLabel('Plaćanje pouzećem').check()
  await form.getByRole('button', { name: 'Poruči' }).click()
  await page.getByRole('heading', { name: 'Hvala na kupovini!' }).waitFor({ timeout: 20_000 })
  const number = (await page.getByTestId('order-number').textContent()).trim()
  assert.match(number, /^\d{4}-\d{6,}$/)
  await screenshot(page, 'sales-thank-you')
  await page.getByRole('link', { name: 'Korpa (0)' }).waitFor()

  // My orders lists it.
  await page.goto(`${shop.base}/moj-nalog/porudzbine`)
  await page.getByRole('link', { name: number }).click()
  await page.getByTestId('order-status').waitFor()

  // Staff: the order in the admin, a status change and a note to the customer.
  const admin = await browser.newPage({ viewport: { width: 1400, height: 900 } })
  await admin.goto(`${shop.base}/admin/login`)
  await admin.fill('input[name=email]', 'admin@demo.local')
  await admin.fill('input[name=password]', 'demo1234')
  await admin.getByRole('button', { name: /Prijav/ }).click()
  await admin.waitForURL((u) => !u.pathname.endsWith('/login'))
  await admin.goto(`${shop.base}/admin/porudzbine`)
  await admin.getByRole('link', { name: number }).click()
  await admin.getByText(`Porudžbina ${number}`).first().waitFor()
  await admin.getByRole('combobox', { name: 'Novi status' }).click()
  await admin.getByTitle('Kontaktiran').click()
  await admin.getByRole('button', { name: 'Promeni status' }).click()
  await admin.getByText('Kontaktiran').first().waitFor()
  const note = `Vasa porudzbina ${number} stize sutra.`
  await admin.getByRole('textbox', { name: /Poruka kupcu/ }).fill(note)
  await admin.getByRole('button', { name: 'Pošalji kupcu' }).click()
  await admin.getByText(note).first().waitFor()
  await screenshot(admin, 'sales-admin-order')

  // The customer sees the new status and the note in the order, and got the note by mail.
  await page.reload()
  await page.getByText(note).waitFor()
  assert.match(await page.getByTestId('order-status').textContent(), /Kontaktiran/)
  await screenshot(page, 'sales-my-order')
  // The note's mail goes through the queue: wait for it (an empty list is not yet).
  await eventually(() => outboxMails(shop, note).length > 0)
  const mails = outboxMails(shop, note)
  assert.equal(mails.length, 1, 'one mail with the note in the outbox')
  assert.ok(outboxMails(shop, number).length >= 2, 'the order confirmation and the note mention the order number')
  await context.close()
  await admin.close()
})
