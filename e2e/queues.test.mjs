// The queue monitor (asynqmon at /admin/queues): a browser without a
// session gets the localized refusal page with the link to the admin's login; the super-admin's
// monitor renders under its own CSP without a single violation and fetches nothing from
// another host (asynqmon's Google Fonts links are dropped; its icons are SVG).
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { screenshot, useShop } from './harness.mjs'

let shop, browser

useShop((s, b) => ([shop, browser] = [s, b]))

test('a browser without a session gets the refusal page', async () => {
  const page = await browser.newPage({ locale: 'sr-RS' })
  const res = await page.goto(`${shop.base}/admin/queues`)
  assert.equal(res.status(), 401)
  await page.getByRole('heading', { name: 'Niste prijavljeni.' }).waitFor()
  assert.equal(await page.getByRole('link', { name: 'Prijava u administraciju' }).getAttribute('href'), '/admin/login')
  await page.close()
})

test("the super-admin's monitor runs under its CSP and fetches nothing outside", async () => {
  const login = await fetch(`${shop.base}/api/v1/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.local', password: 'demo1234' }),
  })
  assert.equal(login.status, 200)
  const { data } = await login.json()
  const token = data.token
  assert.ok(token, 'login answers a token')
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } })
  await context.addCookies([{ name: 'shop_token', value: token, url: shop.base }])
  const page = await context.newPage()
  const violations = []
  await page.exposeFunction('reportViolation', (v) => violations.push(v))
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      window.reportViolation(`${e.violatedDirective} blocked ${e.blockedURI || 'inline'}`))
  })
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) violations.push(m.text())
  })
  const outside = []
  page.on('request', (r) => {
    if (!r.url().startsWith(shop.base) && !r.url().startsWith('data:')) outside.push(r.url())
  })
  const res = await page.goto(`${shop.base}/admin/queues`)
  assert.equal(res.status(), 200)
  assert.match(res.headers()['content-security-policy'] ?? '', /script-src 'self' 'sha256-/)
  // The app rendered (the inline bootstrap ran) and draws its icons as SVG.
  await page.getByText('Queues', { exact: true }).first().waitFor()
  assert.ok((await page.locator('svg.MuiSvgIcon-root').count()) > 0, 'icons are drawn')
  await screenshot(page, 'queue-monitor')
  assert.deepEqual(violations, [])
  assert.deepEqual(outside, [])
  await context.close()
})
