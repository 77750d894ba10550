// The storefront's browsing: search from the header in Cyrillic, a category filtered
// by a brand facet, the mobile viewport's navigation and search.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { screenshot, useShop } from './harness.mjs'

let shop, browser

useShop((s, b) => ([shop, browser] = [s, b]))

async function newPage(viewport = { width: 1400, height: 900 }) {
  const context = await browser.newContext({ viewport })
  // The cookie notice is answered already (it would cover the bottom of small screens).
  await context.addInitScript(() => localStorage.setItem('cookie_consent', '1'))
  return { context, page: await context.newPage() }
}

test("searching 'фрижидер' from the header lands on a Frižider product", async () => {
  const { context, page } = await newPage()
  await page.goto(`${shop.base}/`)
  const box = page.getByRole('combobox', { name: 'Pretraga proizvoda' }).first()
  await box.click()
  await box.fill('фрижидер')
  // The dropdown suggests Frižider products (Cyrillic folded to Latin) after the debounce.
  await page.getByRole('option', { name: /frižider/i }).first().waitFor()
  await screenshot(page, 'browse-search-dropdown')
  await box.press('Enter')
  await page.waitForURL((u) => u.pathname.startsWith('/pretraga-proizvoda/'))
  assert.equal(decodeURIComponent(new URL(page.url()).pathname), '/pretraga-proizvoda/фрижидер')
  const first = page.getByTestId('product-card').first()
  await first.waitFor()
  const name = await first.getByRole('heading').innerText()
  assert.match(name, /frižider/i)
  await screenshot(page, 'browse-search-results')
  await first.getByRole('heading').getByRole('link').click()
  await page.waitForURL((u) => /^\/kategorije\/[^/]+\/proizvodi\/[^/]*frizider/.test(u.pathname))
  await context.close()
})

test('a category filtered by a brand facet shows only that brand, and the URL keeps it', async () => {
  const { context, page } = await newPage()
  await page.goto(`${shop.base}/kategorije/kombinovani-frizideri`)
  const facets = page.getByTestId('facets')
  const gorenje = facets.getByRole('group', { name: 'Brendovi' }).getByRole('checkbox', { name: /Gorenje/ })
  await gorenje.waitFor()
  await gorenje.click()
  await page.waitForURL((u) => u.searchParams.has('brands'))
  const chip = page.getByRole('button', { name: 'Ukloni filter: Gorenje' })
  await chip.waitFor()
  await page.waitForLoadState('networkidle')
  const names = await page.getByTestId('product-card').getByRole('heading').allInnerTexts()
  assert.ok(names.length > 0, 'no products for the brand')
  for (const n of names) assert.match(n, /Gorenje/, `a card of another brand: ${n}`)
  await screenshot(page, 'browse-category-brand')
  // Shareable: a reload keeps the filter; the chip removes it.
  await page.reload()
  await page.getByRole('button', { name: 'Ukloni filter: Gorenje' }).click()
  await page.waitForURL((u) => !u.searchParams.has('brands'))
  await context.close()
})

test('on a phone the menu shows the categories and the search opens in its own panel', async () => {
  const { context, page } = await newPage({ width: 390, height: 844 })
  await page.goto(`${shop.base}/`)
  await page.getByRole('button', { name: 'Otvori meni' }).click()
  const nav = page.locator('#main-nav')
  await nav.getByText('Bela tehnika').first().click()
  await nav.getByRole('link', { name: 'Frižideri', exact: true }).click()
  await page.waitForURL((u) => u.pathname === '/kategorije/frizideri')
  await page.getByRole('button', { name: 'Prikaži filtere' }).click()
  await page.getByTestId('facets').waitFor({ state: 'visible' })
  await page.getByRole('button', { name: 'Prikaži proizvode' }).click()
  await page.getByRole('button', { name: 'Otvori pretragu' }).click()
  const dialog = page.getByRole('dialog', { name: 'Pretraga proizvoda' })
  const box = dialog.getByRole('combobox')
  await box.fill('gorenje')
  await box.press('Enter')
  await page.waitForURL((u) => u.pathname === '/pretraga-proizvoda/gorenje')
  await page.getByTestId('product-card').first().waitFor()
  await screenshot(page, 'browse-mobile-search')
  await context.close()
})
