// The pricing rules in the back office, the way staff work: a web
// margin is added through its form and shows in the list; a category's web margin is changed in
// the category web margins table and stays after a reload; the activity log names the new rule.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { screenshot, useShop } from './harness.mjs'

let shop, browser

useShop((s, b) => ([shop, browser] = [s, b]))

async function login(page) {
  await page.goto(`${shop.base}/admin/`)
  await page.waitForURL(/\/admin\/login/)
  await page.fill('input[name=email]', 'admin@demo.local')
  await page.fill('input[name=password]', 'demo1234')
  await page.getByRole('button', { name: 'Prijavi se' }).click()
  await page.getByTestId('sidebar').waitFor({ state: 'visible' })
}

test('a web margin added through its form is listed and logged', async () => {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } })
  await login(page)
  await page.goto(`${shop.base}/admin/web-marze/dodaj`)
  // the form's own checks first
  await page.getByRole('button', { name: 'Sačuvaj' }).click()
  await page.getByText('Polje je obavezno').first().waitFor()
  // the category from the tree
  const category = page.getByRole('combobox', { name: 'Kategorija' })
  await category.click()
  await category.fill('Gaming monitori')
  await page.locator('.ant-select-tree-title', { hasText: /^Gaming monitori$/ }).click()
  await page.getByLabel('Marža (%)').fill('15,5')
  await page.getByRole('button', { name: 'Sačuvaj' }).click()
  await page.waitForURL(/\/admin\/web-marze$/)
  const row = page.locator('tr', { hasText: 'Gaming monitori' })
  await row.waitFor()
  await assert.doesNotReject(row.getByText('15,50 %').waitFor())
  await screenshot(page, 'pricing-web-margins')

  await page.goto(`${shop.base}/admin/dnevnik-aktivnosti?type=web_margin.created`)
  await assert.doesNotReject(page.getByText('Web marža kreirana').first().waitFor())
  await page.close()
})

test('the category web margins table saves a changed margin', async () => {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } })
  await login(page)
  await page.goto(`${shop.base}/admin/kategorije/web-marze?search=oled`)
  const cell = page.getByLabel('OLED televizori Web marža (%)')
  await cell.waitFor()
  await cell.fill('12,25')
  await page.getByText('Izmenjenih kategorija: 1').waitFor()
  await page.getByRole('button', { name: 'Sačuvaj izmene' }).click()
  await page.getByText('Marže kategorija su uspešno sačuvane.').waitFor()
  await screenshot(page, 'pricing-category-margins')
  await page.reload()
  await page.getByLabel('OLED televizori Web marža (%)').waitFor()
  assert.equal(await page.getByLabel('OLED televizori Web marža (%)').inputValue(), '12,25')
  await page.close()
})

/** api: a call as admin@demo.local (the same user the page is logged in as). */
async function api(method, path, body) {
  const login = await fetch(`${shop.base}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.local', password: 'demo1234' }),
  })
  const token = (await login.json()).data.token
  const res = await fetch(`${shop.base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body && JSON.stringify(body),
  })
  assert.ok(res.status < 300, `${method} ${path}: ${res.status} ${await res.clone().text()}`)
  return res.json()
}

test("a brand's web margin reprices the open products list after the job, without a reload", async () => {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } })
  page.setDefaultTimeout(15_000)
  await login(page)
  // a product with a brand, its web price before the rule
  const list = await api('GET', '/api/v1/admin/products?paginate=100&active=1&include=mainCategory,brand')
  const p = list.data.find((x) => x.brand && x.main_category && x.entry_price > 0)
  assert.ok(p, 'a demo product with a brand')
  await page.goto(`${shop.base}/admin/proizvodi?search=${encodeURIComponent(p.sku)}`)
  const row = page.locator('tr', { hasText: p.sku })
  await row.waitFor()
  const before = await row.innerText()

  // the rule is added (as the same admin) while the list stays open: the recompute runs as a
  // background job after the coalescing window and tells its author, whose tab reloads the list
  await api('POST', '/api/v1/admin/web-margins', { category_id: p.main_category.id, brand_id: p.brand.id, margin: 77.77 })
  await page.waitForFunction(
    ([sku, text]) => [...document.querySelectorAll('tr')].some((tr) => tr.innerText.includes(sku) && tr.innerText !== text),
    [p.sku, before],
    { timeout: 20_000 },
  )
  const after = (await api('GET', `/api/v1/admin/products/${p.id}`)).data
  assert.notEqual(after.web_price, p.web_price, 'the web price follows the rule')
  await screenshot(page, 'pricing-rule-reprices-list')
  await page.close()
})
