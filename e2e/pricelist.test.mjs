// Supplier price lists in the back office: a small generated price list is
// uploaded for a demo supplier on 'Otpremanje cenovnika'; without a reload the header bell's unread
// count goes up and its dropdown shows PricelistUploaded, CategoriesNotMapped and ImportFinished
// (a chime is played, the import's row says Završen); 'Naši dobavljači' shows the supplier's new
// unconnected products; one of them is connected to a shop product on 'Povezivanje proizvoda'
// and the suppliers' counts move by one. Every step goes through the UI; the API is read only to
// double-check what the UI showed.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { launchBrowser, screenshot, startShop } from './harness.mjs'

const root = resolve(import.meta.dirname, '..')
const SUPPLIER = 'Digitalna Distribucija d.o.o.'
const FILE_NAME = 'cenovnik-e2e.xlsx'
const ROWS = 15

let shop, browser, tmp, file

before(async () => {
  tmp = mkdtempSync(join(tmpdir(), 'shop-e2e-pricelist-'))
  // The price list: 15 generated rows (SKUs 00000001-00000015, none of them in the demo shop, so
  // all stay unconnected), some deliberately bad so the report has rejections. The seed fixes
  // the content, so every run uploads the same file. shopctl is built beside shopd (make build-go).
  const shopctl = join(root, 'bin', 'shopctl')
  assert.ok(existsSync(shopctl), `${shopctl} is missing: run make build-go first`)
  file = join(tmp, FILE_NAME)
  execFileSync(shopctl, ['seed', 'pricelist-file', '--rows', String(ROWS), '--seed', '4', '--bad-percent', '10', '--out', file], {
    cwd: root,
    stdio: 'pipe',
  })
  shop = await startShop()
  browser = await launchBrowser()
})

after(async () => {
  await browser?.close()
  if (tmp) rmSync(tmp, { recursive: true, force: true })
  const code = await shop?.stop()
  assert.equal(code, 0, `shopd did not stop cleanly on Ctrl-C:\n${shop?.output()}`)
})

// ---- helpers -----------------------------------------------------------------------------

async function login(page, email) {
  await page.goto(`${shop.base}/admin/`)
  await page.waitForURL(/\/admin\/login/)
  await page.fill('input[name=email]', email)
  await page.fill('input[name=password]', 'demo1234')
  await page.getByRole('button', { name: 'Prijavi se' }).click()
  await page.getByTestId('sidebar').waitFor({ state: 'visible' })
}

let token
/** apiGet: a read of the admin API as the demo admin (only to double-check the UI's result). */
async function apiGet(path) {
  if (!token) {
    const res = await fetch(`${shop.base}/api/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.local', password: 'demo1234' }),
    })
    token = (await res.json()).data.token
  }
  const res = await fetch(`${shop.base}${path}`, { headers: { authorization: `Bearer ${token}` } })
  assert.equal(res.status, 200, `GET ${path}`)
  return res.json()
}

/** toast: the antd notification with this text (they go away after 1.5 s: wait at once). */
function toast(page, text) {
  return page.locator('.ant-notification-notice').filter({ hasText: text })
}

/** menu: the sidebar entry with this text (a client-side navigation, never a reload). */
async function menu(page, text, url) {
  await page.getByTestId('sidebar').getByText(text, { exact: true }).first().click()
  await page.waitForURL(url)
}

/** bellButton: the header bell, whose accessible name carries the unread count. */
const bellButton = (page) => page.getByRole('button', { name: /^Obaveštenja, nepročitanih: \d+$/ })

async function bellCount(page) {
  const name = await bellButton(page).getAttribute('aria-label')
  return Number(name.match(/(\d+)$/)[1])
}

/** supplierCounts: the supplier's connected and unconnected numbers on 'Naši dobavljači'. */
async function supplierCounts(page, expect) {
  const row = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: SUPPLIER })
  await row.waitFor()
  const links = row.getByRole('link')
  const read = async () => ({ connected: Number(await links.nth(0).innerText()), unconnected: Number(await links.nth(1).innerText()) })
  if (expect) {
    // the list refetches after a change: wait for the numbers rather than read a stale page
    await page.waitForFunction(
      ([name, c, u]) => {
        const tr = [...document.querySelectorAll('.ant-table-tbody tr.ant-table-row')].find((r) => r.textContent.includes(name))
        const a = tr ? [...tr.querySelectorAll('a')].map((x) => x.textContent.trim()) : []
        return a[0] === String(c) && a[1] === String(u)
      },
      [SUPPLIER, expect.connected, expect.unconnected],
    )
  }
  return { row, links, counts: await read() }
}

test('upload a price list, see the notifications arrive in the bell, connect one product, see the counts change', async () => {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } })
  page.setDefaultTimeout(10_000)
  // The chime: count the plays the page starts (headless chromium may refuse the autoplay).
  await page.addInitScript(() => {
    window.__chimes = 0
    const play = HTMLMediaElement.prototype.play
    HTMLMediaElement.prototype.play = function (...args) {
      if (String(this.src).includes('/sounds/')) window.__chimes++
      return play.apply(this, args)
    }
  })
  try {
    await login(page, 'admin@demo.local')

    // 1. 'Naši dobavljači' before the upload: the supplier's counts.
    await menu(page, 'Naši dobavljači', /\/admin\/nasi-dobavljaci$/)
    await page.getByRole('heading', { name: 'Naši dobavljači' }).waitFor()
    const before = (await supplierCounts(page)).counts
    assert.ok(before.connected > 0 && before.unconnected > 0, `the demo supplier has both kinds: ${JSON.stringify(before)}`)

    // 2. Otpremanje cenovnika: the supplier, the file, Otpremi. From here on no page load happens:
    // a mark on the window must survive until the notifications have shown.
    await menu(page, 'Otpremanje cenovnika', /\/admin\/cenovnici\/upload$/)
    await page.getByRole('heading', { name: 'Otpremanje cenovnika' }).waitFor()
    await page.evaluate(() => {
      window.__noReload = true
    })
    const unreadBefore = await bellCount(page)

    const supplier = page.locator('#upload-supplier')
    await supplier.click()
    await supplier.pressSequentially('Digitalna', { delay: 20 })
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: SUPPLIER }).click()
    await page.locator('.ant-select-selection-item').filter({ hasText: SUPPLIER }).first().waitFor()

    const chooser = page.waitForEvent('filechooser')
    await page.getByRole('button', { name: 'Izaberite XLSX fajl' }).click()
    await (await chooser).setFiles(file)
    await page.locator('.ant-upload-list').getByText(FILE_NAME).waitFor()
    await screenshot(page, 'pricelist-1-upload-form')
    await page.getByRole('button', { name: 'Otpremi' }).click()
    await toast(page, 'Cenovnik je otpremljen.').waitFor()

    // 3. The bell: three new unread notifications arrive over the realtime channel.
    await page.getByRole('button', { name: `Obaveštenja, nepročitanih: ${unreadBefore + 3}` }).waitFor({ timeout: 20_000 })
    assert.equal(await page.evaluate(() => window.__noReload), true, 'the page was not reloaded')
    assert.ok((await page.evaluate(() => window.__chimes)) >= 1, 'a notification chimed')

    // The import as the server has it: the counts and categories the texts must name.
    const imports = (await apiGet('/api/v1/admin/pricelists?paginate=5')).data
    const imp = imports.find((x) => x.file_name === FILE_NAME)
    assert.ok(imp, 'the upload made an import')
    assert.equal(imp.status, 'finished')
    const detail = (await apiGet(`/api/v1/admin/pricelists/${imp.id}`)).data
    assert.equal(detail.rows, ROWS)
    assert.ok(detail.rejected >= 1, 'the bad rows are rejected')
    assert.equal(detail.created, ROWS - detail.rejected, 'every good row is a new supplier product')
    assert.equal(detail.updated, 0)
    assert.equal(detail.unchanged, 0)
    const unmapped = detail.report?.unmapped_categories ?? []
    assert.ok(unmapped.length > 0, 'the generated categories are linked to no shop category')

    await bellButton(page).click()
    const panel = page.getByTestId('bell-panel')
    await panel.waitFor()
    const items = panel.getByTestId('bell-item')
    const uploaded = `Cenovnik ${FILE_NAME} dobavljača ${SUPPLIER} je primljen`
    const finished =
      `Uvoz cenovnika ${FILE_NAME} dobavljača ${SUPPLIER} je završen. Redova: ${ROWS}, novih: ${detail.created}, ` +
      `izmenjenih: 0, nepromenjenih: 0, odbijenih: ${detail.rejected}`
    const notMapped = `Kategorije dobavljača ${SUPPLIER} nisu povezane: ${[...unmapped].sort((a, b) => a.localeCompare(b, 'sr')).join(', ')}`
    await items.filter({ hasText: uploaded }).waitFor()
    await items.filter({ hasText: finished }).waitFor()
    const notMappedItem = items.filter({ hasText: `Kategorije dobavljača ${SUPPLIER} nisu povezane: ` })
    await notMappedItem.waitFor()
    const notMappedText = (await notMappedItem.locator('.ant-typography').first().innerText()).trim()
    // the categories in the server's order; the set is what matters
    assert.deepEqual(
      notMappedText.replace(`Kategorije dobavljača ${SUPPLIER} nisu povezane: `, '').split(', ').sort(),
      [...unmapped].sort(),
      `CategoriesNotMapped lists the unmapped categories (expected like: ${notMapped})`,
    )
    // the newest first: ImportFinished above PricelistUploaded; none of them is an error
    const texts = await items.locator('.ant-typography:not(.ant-typography-secondary)').allInnerTexts()
    const at = (s) => texts.findIndex((x) => x.includes(s))
    assert.ok(at(finished) >= 0 && at(finished) < at(uploaded), `newest first: ${texts.join(' | ')}`)
    for (const kind of await items.evaluateAll((els) => els.map((e) => e.dataset.kind))) assert.equal(kind, 'info')
    await screenshot(page, 'pricelist-2-bell')
    await page.keyboard.press('Escape')
    await panel.waitFor({ state: 'hidden' })

    // The recent imports below the form: this one finished, with its counts, and its report
    // lists the rejected rows with their reasons.
    const importRow = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: FILE_NAME })
    await importRow.getByText('Završen').waitFor()
    await importRow.getByRole('button', { name: 'Izveštaj' }).click()
    const drawer = page.locator('.ant-drawer-content')
    await drawer.getByText(`Izveštaj uvoza: ${FILE_NAME}`).waitFor()
    const rejected = drawer.locator('section[aria-label="Odbijeni redovi"] .ant-table-tbody tr.ant-table-row')
    await rejected.first().waitFor()
    assert.equal(await rejected.count(), detail.rejected, 'the report lists every rejected row')
    const first = detail.report.rejected_rows[0]
    await rejected.filter({ hasText: first.reason }).first().waitFor()
    await screenshot(page, 'pricelist-3-report')
    await page.keyboard.press('Escape')
    await drawer.waitFor({ state: 'hidden' })

    // 4. 'Naši dobavljači': the new rows are unconnected; the supplier's unconnected products list them.
    await menu(page, 'Naši dobavljači', /\/admin\/nasi-dobavljaci$/)
    const afterImport = { connected: before.connected, unconnected: before.unconnected + detail.created }
    const { links } = await supplierCounts(page, afterImport)
    await links.nth(1).click()
    await page.waitForURL(/\/admin\/nasi-dobavljaci\/\d+\?type=nepovezani$/)
    const supplierId = Number(new URL(page.url()).pathname.split('/').pop())
    await page.getByRole('heading', { name: `Proizvodi dobavljača: ${SUPPLIER}` }).waitFor()
    await page.getByTestId('list-total').getByText(`Ukupno: ${afterImport.unconnected}`).waitFor()
    const goodSku = Array.from({ length: ROWS }, (_, i) => String(i + 1).padStart(8, '0')).find(
      (sku) => !detail.report.rejected_rows.some((r) => r.sku === sku),
    )
    const supplierRow = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: goodSku })
    await supplierRow.waitFor()
    const supplierProductName = (await supplierRow.locator('td').nth(1).innerText()).trim()
    await screenshot(page, 'pricelist-4-unconnected')

    // 5. Povezivanje proizvoda: the supplier, the row found by its SKU, Poveži, a shop product.
    await menu(page, 'Povezivanje proizvoda', /\/admin\/povezivanje-proizvoda/)
    await page.getByText('Prvo izaberite dobavljača ili kategoriju').waitFor()
    const linkSupplier = page.getByRole('combobox', { name: 'Dobavljač' })
    await linkSupplier.click()
    await linkSupplier.pressSequentially('Digitalna', { delay: 20 })
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: SUPPLIER }).click()
    await page.waitForURL(new RegExp(`supplier_id=${supplierId}`))
    await page.getByRole('searchbox', { name: 'Pretraga' }).fill(goodSku)
    const rows = page.locator('.ant-table-tbody tr.ant-table-row')
    const linkRow = rows.filter({ hasText: goodSku })
    await linkRow.waitFor()
    await page.waitForFunction(() => document.querySelectorAll('.ant-table-tbody tr.ant-table-row').length === 1)
    await linkRow.getByText(supplierProductName).waitFor()
    await linkRow.getByRole('button', { name: 'Poveži' }).click()

    const dialog = page.getByRole('dialog', { name: `Povezivanje proizvoda: ${goodSku} – ${supplierProductName}` })
    await dialog.waitFor()
    await dialog.getByRole('combobox', { name: 'Proizvod u prodavnici' }).click()
    // the picker offers the shop products no supplier product is connected to: take the first
    const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option').first()
    await option.waitFor()
    const optionText = (await option.innerText()).trim()
    const [shopSku] = optionText.split(' – ')
    await option.click()
    await dialog.locator('.ant-select-selection-item').filter({ hasText: optionText }).waitFor()
    await screenshot(page, 'pricelist-5-connect-dialog')
    await dialog.getByRole('button', { name: 'Poveži' }).click()
    await toast(page, 'Proizvod je uspešno povezan').waitFor()
    await dialog.waitFor({ state: 'hidden' })
    // the unconnected list no longer has it; the connected tab shows it with the shop product
    await linkRow.waitFor({ state: 'detached' })
    await page.locator('.ant-segmented-item').filter({ hasText: /^Povezani$/ }).click()
    await page.waitForURL(/connected=1/)
    await linkRow.getByRole('link', { name: new RegExp(`^${shopSku} – `) }).waitFor()
    await screenshot(page, 'pricelist-6-connected')

    // 6. 'Naši dobavljači' again: connected +1, unconnected -1.
    await menu(page, 'Naši dobavljači', /\/admin\/nasi-dobavljaci$/)
    const afterConnect = { connected: afterImport.connected + 1, unconnected: afterImport.unconnected - 1 }
    const final = await supplierCounts(page, afterConnect)
    assert.deepEqual(final.counts, afterConnect)
    assert.equal(await page.evaluate(() => window.__noReload), true, 'the whole walk went without a page load')
    await screenshot(page, 'pricelist-7-counts')

    // The end state as the API has it: the supplier product is connected to the chosen shop
    // product, which took its entry price and stock.
    const linked = (await apiGet(`/api/v1/admin/pricelist-products?supplier_id=${supplierId}&connected=1&search=${goodSku}`)).data
    assert.equal(linked.length, 1)
    assert.equal(linked[0].product?.sku, shopSku)
    const product = (await apiGet(`/api/v1/admin/products/${linked[0].product.id}`)).data
    assert.equal(product.entry_price, linked[0].price, 'the shop product takes the supplier price as its entry price')
    assert.equal(product.stock, linked[0].stock, 'and its stock')
    const suppliers = (await apiGet('/api/v1/admin/suppliers')).data
    const s = suppliers.find((x) => x.id === supplierId)
    assert.deepEqual({ connected: s.connected_products, unconnected: s.unconnected_products }, afterConnect)
  } catch (err) {
    await screenshot(page, 'pricelist-failure').catch(() => {})
    throw err
  } finally {
    await page.close()
  }
})
