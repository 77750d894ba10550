// The apps under their Content-Security-Policy: the storefront, the admin's
// login and its products list run in chromium without a single violation, and the server
// answers an unknown storefront path with 404.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { useShop } from './harness.mjs'

let shop, browser

useShop((s, b) => ([shop, browser] = [s, b]))

// watch records every CSP violation the page reports, as events and as console errors.
async function watch(page) {
  const violations = []
  await page.exposeFunction('reportViolation', (v) => violations.push(v))
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      window.reportViolation(`${e.violatedDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`))
  })
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) violations.push(m.text())
  })
  return violations
}

test('the storefront runs under its CSP', async () => {
  const page = await browser.newPage()
  const violations = await watch(page)
  const res = await page.goto(`${shop.base}/`)
  assert.match(res.headers()['content-security-policy'] ?? '', /script-src 'self'/)
  await page.getByTestId('site-header').waitFor()
  await page.goto(`${shop.base}/login`)
  await page.locator('input[name=email]').waitFor()
  assert.deepEqual(violations, [])
  await page.close()
})

test('an unknown storefront path answers 404 with the not-found page', async () => {
  const page = await browser.newPage()
  const res = await page.goto(`${shop.base}/nepostojeca-stranica`)
  assert.equal(res.status(), 404)
  await page.getByTestId('not-found').waitFor()
  await page.close()
})

test('the admin login and products list run under the CSP', async () => {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } })
  const violations = await watch(page)
  const res = await page.goto(`${shop.base}/admin/`)
  assert.match(res.headers()['content-security-policy'] ?? '', /frame-ancestors 'none'/)
  await page.waitForURL(/\/admin\/login/)
  await page.fill('input[name=email]', 'admin@demo.local')
  await page.fill('input[name=password]', 'demo1234')
  await page.getByRole('button', { name: 'Prijavi se' }).click()
  await page.getByTestId('sidebar').waitFor({ state: 'visible' })
  await page.goto(`${shop.base}/admin/proizvodi`)
  await page.locator('table').first().waitFor()
  assert.deepEqual(violations, [])
  await page.close()
})
