// Selling by Serbian law, end to end: staff record a bank transfer's payment on the order
// screen; the worker has the simulator sign the receipt; the order's fiscal card and the
// "Fiskalni računi" list show it as a test receipt; the customer gets it by mail (the journal
// and the verification link) and sees it with its PDF in My orders.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { eventually, outboxMails, screenshot, useShop } from './harness.mjs'

let shop
let browser

useShop((s, b) => ([shop, browser] = [s, b]))

test('staff record a payment; the receipt is signed, listed, mailed and shown to the customer', async () => {
  // The demo customer's unpaid bank-transfer order.
  const login = await fetch(`${shop.base}/api/v1/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'kupac@demo.local', password: 'demo1234' }),
  }).then((r) => r.json())
  const token = login.data?.token ?? login.token
  const orders = await fetch(`${shop.base}/api/v1/account/orders?paginate=100`, { headers: { Authorization: `Bearer ${token}` } }).then((r) => r.json())
  const order = orders.data.find((o) => o.payment_method === 'bank_transfer' && !o.status.startsWith('cancelled'))
  assert.ok(order, 'the demo customer has a bank-transfer order')

  const admin = await browser.newPage({ viewport: { width: 1400, height: 900 } })
  await admin.goto(`${shop.base}/admin/login`)
  await admin.fill('input[name=email]', 'admin@demo.local')
  await admin.fill('input[name=password]', 'demo1234')
  await admin.getByRole('button', { name: /Prijav/ }).click()
  await admin.waitForURL((u) => !u.pathname.endsWith('/login'))
  await admin.goto(`${shop.base}/admin/porudzbine/${order.id}`)
  const card = admin.getByTestId('fiscal-card')
  await card.getByRole('button', { name: 'Evidentiraj uplatu' }).click()
  await admin.getByRole('dialog').getByRole('button', { name: /OK|Potvrdi|Da/ }).click()
  // The worker signs it: reload until the card shows the sale receipt issued.
  for (let i = 0; i < 40 && !(await card.getByText('Izdat').count()); i++) {
    await admin.waitForTimeout(500)
    await admin.reload()
  }
  await card.getByText('Izdat').waitFor()
  await card.getByText('PROBNI (simulator)').waitFor()
  await screenshot(admin, 'fiscal-order-card')

  await admin.goto(`${shop.base}/admin/fiskalni-racuni`)
  const row = admin.getByRole('row').filter({ hasText: order.number })
  await row.getByText('Izdat').waitFor()
  await row.getByRole('button', { name: 'PDF računa' }).waitFor()
  await screenshot(admin, 'fiscal-receipts-list')

  await eventually(() => outboxMails(shop, 'ОВО НИЈЕ ФИСКАЛНИ РАЧУН', order.number).length > 0)
  const mails = outboxMails(shop, 'ОВО НИЈЕ ФИСКАЛНИ РАЧУН', order.number)
  assert.equal(mails.length, 1, "one receipt mail with the journal in the customer's outbox")
  assert.match(mails[0], /PROBNI RAČUN/)
  assert.match(mails[0], /<pre/)

  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } })
  const page = await context.newPage()
  await page.goto(`${shop.base}/login`)
  await page.fill('input[name=email]', 'kupac@demo.local')
  await page.fill('input[name=password]', 'demo1234')
  await page.getByRole('button', { name: 'Prijavi se', exact: true }).click()
  await page.waitForURL((u) => !u.pathname.startsWith('/login'))
  await page.goto(`${shop.base}/moj-nalog/porudzbine/${order.id}`)
  const section = page.getByRole('region', { name: 'Fiskalni računi' })
  await section.getByText(/PROBNI RAČUN/).waitFor()
  const pdf = await section.getByRole('link', { name: 'Preuzmite PDF' }).getAttribute('href')
  const res = await fetch(`${shop.base}${pdf}`)
  assert.equal(res.status, 200)
  assert.equal(res.headers.get('content-type'), 'application/pdf')
  await screenshot(page, 'fiscal-my-order')
  await context.close()
  await admin.close()
})
