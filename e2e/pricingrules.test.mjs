// The pricing rules in the back office (issue 12 items 1, 2, 10), the way staff work: a web
// margin is added through its form and shows in the list; a category's web margin is changed in
// the category web margins table and stays after a reload; the activity log names the new rule.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { launchBrowser, screenshot, startShop } from './harness.mjs'

let shop, browser

before(async () => {
  shop = await startShop()
  browser = await launchBrowser()
})

after(async () => {
  await browser?.close()
  const code = await shop?.stop()
  assert.equal(code, 0, `shopd did not stop cleanly on Ctrl-C:\n${shop?.output()}`)
})

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
