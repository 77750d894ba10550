// The storefront shows what staff make in the admin: a home slider banner and a home
// section with a product appear on the home page; a landing page of layout 2 (banner, cards,
// products, link) renders at its slug.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { fixture, screenshot, useShop } from './harness.mjs'

let shop, browser

useShop((s, b) => ([shop, browser] = [s, b]))

async function adminPage() {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } })
  const page = await context.newPage()
  await page.goto(`${shop.base}/admin/`)
  await page.waitForURL(/\/admin\/login/)
  await page.fill('input[name=email]', 'admin@demo.local')
  await page.fill('input[name=password]', 'demo1234')
  await page.getByRole('button', { name: 'Prijavi se' }).click()
  await page.getByTestId('sidebar').waitFor()
  return { context, page }
}

async function shopPage() {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } })
  // The cookie notice is answered already (it would cover the bottom of the page).
  await context.addInitScript(() => localStorage.setItem('cookie_consent', '1'))
  return { context, page: await context.newPage() }
}

/** liveProduct: a product the storefront shows (the demo catalogue's first laptop hit). */
async function liveProduct() {
  const res = await fetch(`${shop.base}/api/v1/search?q=laptop`)
  assert.equal(res.status, 200)
  const first = (await res.json()).data[0]
  assert.ok(first, 'the demo catalogue has no laptop')
  return first.name
}

/** pickOption: types into an antd select and clicks the option holding text. */
async function pickOption(page, input, typed, text) {
  await input.click()
  if (typed) await input.pressSequentially(typed, { delay: 10 })
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).first().click()
  await page.locator('.ant-select-selection-item').filter({ hasText: text }).first().waitFor()
  await page.keyboard.press('Escape') // the multiple select's list stays open over the form
}

test('a slider banner and a home section made in the admin appear on the home page', async () => {
  const product = await liveProduct()
  const { context, page } = await adminPage()

  await page.goto(`${shop.base}/admin/baneri/dodaj`)
  await page.getByLabel('Naziv').fill('E2E zimski baner')
  await pickOption(page, page.getByLabel('Pozicija'), '', 'Početna – slajder')
  await page.getByLabel('Link').fill('/akcije')
  await page.getByLabel('Slika', { exact: true }).setInputFiles(fixture('banner.png', 'baner.png'))
  await page.getByRole('button', { name: 'Sačuvaj' }).click()
  await page.waitForURL((u) => u.pathname === '/admin/baneri')
  await page.getByText('E2E zimski baner').first().waitFor()

  await page.goto(`${shop.base}/admin/naslovna/sekcije/dodaj`)
  await page.getByLabel('Naziv').fill('E2E izdvajamo')
  await page.getByLabel('Redosled').fill('0')
  await pickOption(page, page.getByRole('combobox', { name: 'Proizvodi' }), product.slice(0, 14), product)
  await page.getByRole('button', { name: 'Sačuvaj' }).click()
  await page.waitForURL((u) => u.pathname === '/admin/naslovna/sekcije')
  await page.getByText('E2E izdvajamo').first().waitFor()
  await context.close()

  const shopper = await shopPage()
  // The slider shows one banner at a time (the demo has its own): its dot goes to ours.
  const home = (await (await fetch(`${shop.base}/api/v1/home`)).json()).data
  const slider = home.banners.filter((b) => b.position === 'home_slider')
  const n = slider.findIndex((b) => b.name === 'E2E zimski baner')
  assert.ok(n >= 0, `the banner is not among the home page's: ${JSON.stringify(slider.map((b) => b.name))}`)
  await shopper.page.goto(`${shop.base}/`)
  if (slider.length > 1) await shopper.page.getByRole('button', { name: `Baner ${n + 1}`, exact: true }).click()
  const slide = shopper.page.getByRole('img', { name: 'E2E zimski baner' })
  await slide.waitFor()
  assert.match(await slide.getAttribute('src'), /^\/media\/images\/banners\//)
  assert.equal(await shopper.page.getByRole('link').filter({ has: slide }).getAttribute('href'), '/akcije')
  const section = shopper.page.getByTestId('home-section').filter({ has: shopper.page.getByRole('heading', { name: 'E2E izdvajamo' }) })
  await section.getByTestId('product-card').filter({ hasText: product }).first().waitFor()
  await screenshot(shopper.page, 'content-home-banner-section')
  await shopper.context.close()
})

test('a landing page of layout 2 made in the admin renders at its slug', async () => {
  const product = await liveProduct()
  const { context, page } = await adminPage()
  await page.goto(`${shop.base}/admin/landing-stranice/dodaj`)
  await page.getByRole('radio', { name: 'Baner, četiri kartice i proizvodi' }).check()
  await page.getByRole('button', { name: 'Izaberi' }).click()
  await page.getByLabel('Ime stranice').fill('E2E zimska ponuda')
  const chooser = page.waitForEvent('filechooser')
  await page.getByRole('button', { name: 'Izaberi sliku' }).click()
  await (await chooser).setFiles(fixture('landing.png'))
  await pickOption(page, page.getByRole('combobox', { name: 'Proizvodi' }), product.slice(0, 14), product)
  await page.getByRole('textbox', { name: 'Link', exact: true }).fill('/kategorije/racunari-i-komponente')
  await page.getByRole('button', { name: 'Napravi' }).click()
  await page.waitForURL((u) => u.pathname === '/admin/landing-stranice')
  await context.close()

  const shopper = await shopPage()
  await shopper.page.goto(`${shop.base}/landing/e2e-zimska-ponuda`)
  await shopper.page.getByTestId('landing-layout-2').waitFor()
  assert.equal(await shopper.page.getByRole('heading', { level: 1 }).innerText(), 'E2E zimska ponuda')
  assert.match(await shopper.page.getByTestId('landing-banner').getAttribute('src'), /^\/media\//)
  await shopper.page.getByTestId('landing-products').getByTestId('product-card').filter({ hasText: product }).first().waitFor()
  // The server described it for crawlers too: its own title, not the shop's default.
  assert.equal(await shopper.page.title(), 'E2E zimska ponuda | ElektroMarket')
  await screenshot(shopper.page, 'content-landing-layout-2')
  await shopper.context.close()
})
