// The storefront shows what staff make in the admin: a home slider banner and a home
// section with a product appear on the home page; a landing page of layout 2 (banner, cards,
// products, link) renders at its slug.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { deflateSync } from 'node:zlib'
import { screenshot, useShop } from './harness.mjs'

let shop, browser

useShop((s, b) => ([shop, browser] = [s, b]))

/** png: a w×h PNG of one colour (the banner forms check the file's content, not its name). */
function png(w, h, [r, g, b]) {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    return c >>> 0
  })
  const crc = (buf) => {
    let c = 0xffffffff
    for (const x of buf) c = crcTable[(c ^ x) & 0xff] ^ (c >>> 8)
    return (c ^ 0xffffffff) >>> 0
  }
  const chunk = (type, data) => {
    const len = Buffer.alloc(4)
    len.writeUInt32BE(data.length)
    const td = Buffer.concat([Buffer.from(type), data])
    const sum = Buffer.alloc(4)
    sum.writeUInt32BE(crc(td))
    return Buffer.concat([len, td, sum])
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(w, 0)
  ihdr.writeUInt32BE(h, 4)
  ihdr.set([8, 2, 0, 0, 0], 8) // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: w }, () => [r, g, b]).flat())])
  const raw = Buffer.concat(Array.from({ length: h }, () => row))
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))])
}

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
  await page.getByLabel('Slika', { exact: true }).setInputFiles({ name: 'baner.png', mimeType: 'image/png', buffer: png(124, 40, [200, 30, 30]) })
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
  await (await chooser).setFiles({ name: 'landing.png', mimeType: 'image/png', buffer: png(124, 31, [30, 90, 200]) })
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
