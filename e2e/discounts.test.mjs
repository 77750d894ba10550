// Discounts in the back office, the way an editor works: a discount is added
// on a product's Akcije tab (a percentage type) and listed there; two products of the list get a
// fixed-price action with the mass dialog, whose progress shows the background job's end (and
// the starter is notified); the Actions page finds the product by its category and the type.
// Every step goes through the UI; the API is read only to double-check the end state.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { eventually, screenshot, useShop } from './harness.mjs'

let shop, browser

useShop((s, b) => ([shop, browser] = [s, b]))

async function login(page, email) {
  await page.goto(`${shop.base}/admin/`)
  await page.waitForURL(/\/admin\/login/)
  await page.fill('input[name=email]', email)
  await page.fill('input[name=password]', 'demo1234')
  await page.getByRole('button', { name: 'Prijavi se' }).click()
  await page.getByTestId('sidebar').waitFor({ state: 'visible' })
}

/** toast: the antd notification with this text (they go away after 1.5 s: wait at once). */
function toast(page, text) {
  return page.locator('.ant-notification-notice').filter({ hasText: text })
}

/** a day in the shop's calendar (Europe/Belgrade), `plus` days from today, as DD.MM.YYYY. */
function shopDay(plus = 0) {
  const d = new Date(Date.now() + plus * 86_400_000)
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Belgrade', day: '2-digit', month: '2-digit', year: 'numeric' }).formatToParts(d)
  const get = (t) => parts.find((p) => p.type === t).value
  return `${get('day')}.${get('month')}.${get('year')}`
}

/** wire: DD.MM.YYYY as the API's YYYY-MM-DD */
const wire = (day) => day.split('.').reverse().join('-')

async function apiGet(path) {
  const login = await fetch(`${shop.base}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.local', password: 'demo1234' }),
  })
  const body = (await login.json()).data
  const res = await fetch(`${shop.base}${path.replace('{me}', body.user.id)}`, { headers: { authorization: `Bearer ${body.token}` } })
  assert.equal(res.status, 200, `GET ${path}`)
  return res.json()
}

/** pick: an option of an antd select (the field's input) by its text */
async function pick(page, input, text) {
  await input.click()
  await page.locator('.ant-select-item-option').filter({ hasText: text }).first().click()
}

/** day: a DayPicker filled by typing DD.MM.YYYY (Tab leaves it; Enter would submit the form) */
async function day(input, value) {
  await input.click()
  await input.fill(value)
  await input.press('Tab')
  assert.equal(await input.inputValue(), value)
}

test('a discount on the Akcije tab, a mass discount with its progress and notification, the Actions page', async () => {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } })
  page.setDefaultTimeout(10_000)
  try {
    await login(page, 'admin@demo.local')

    // The first two products of the list.
    await page.goto(`${shop.base}/admin/proizvodi`)
    const rows = page.locator('.ant-table-tbody tr.ant-table-row')
    await rows.first().waitFor()
    const ids = []
    for (const i of [0, 1]) {
      const href = await rows.nth(i).locator('a[href*="/admin/proizvodi/"]').first().getAttribute('href')
      ids.push(Number(href.split('/').pop()))
    }

    // 1. The Akcije tab: a percentage type, 15 %, far from the demo's actions.
    await page.goto(`${shop.base}/admin/proizvodi/${ids[0]}/popusti`)
    await page.getByRole('tab', { name: 'Akcije', selected: true }).waitFor()
    const form = page.locator('.ant-card-small').filter({ hasText: 'Nova akcija' })
    await pick(page, form.locator('#discount_type_id'), 'Popust %')
    await form.locator('#percentage').fill('15')
    const from = shopDay(200)
    const to = shopDay(210)
    await day(form.locator('#from'), from)
    await day(form.locator('#to'), to)
    await form.getByRole('button', { name: 'Dodaj' }).click()
    await toast(page, 'Akcija je uspešno dodata.').waitFor()
    const added = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: '15,00 %' })
    await added.getByText(from).waitFor()
    await added.getByText(to).waitFor()
    assert.equal(await form.locator('.ant-form-item-has-error').count(), 0, 'the form is empty and clean after the add')
    await screenshot(page, 'discounts-1-tab')

    // 2. The mass dialog: the two rows, a fixed-price action; the dialog follows the job to its end.
    await page.goto(`${shop.base}/admin/proizvodi`)
    await rows.first().waitFor()
    for (const i of [0, 1]) await rows.nth(i).getByRole('checkbox').check()
    await page.getByTestId('selection-bar').getByText('Izabrano proizvoda: 2').waitFor()
    await page.getByRole('button', { name: 'Masovne izmene' }).click()
    await page.getByRole('menuitem', { name: 'Dodavanje popusta' }).click()
    const dialog = page.getByRole('dialog', { name: 'Dodavanje popusta' })
    await pick(page, dialog.locator('#discount_type_id'), 'Akcija')
    await dialog.locator('#price').fill('999')
    const massFrom = shopDay(300)
    const massTo = shopDay(310)
    await day(dialog.locator('#from'), massFrom)
    await day(dialog.locator('#to'), massTo)
    await screenshot(page, 'discounts-2-mass-dialog')
    await dialog.getByRole('button', { name: 'Sačuvaj' }).click()
    const progress = page.getByRole('dialog', { name: 'Dodavanje akcije' })
    await progress.getByText('Akcija je dodata na 2 proizvoda; preskočeno zbog preklapanja: 0.').waitFor({ timeout: 20_000 })
    await screenshot(page, 'discounts-3-mass-done')
    await progress.getByRole('button', { name: 'Zatvori' }).click()
    await progress.waitFor({ state: 'hidden' })

    for (const id of ids) {
      const list = (await apiGet(`/api/v1/admin/products/${id}/discounts`)).data
      assert.ok(list.some((d) => d.price === 999 && d.from === wire(massFrom) && d.to === wire(massTo)), `product ${id} has the mass action`)
    }
    const notes = (await apiGet('/api/v1/admin/users/{me}/notifications')).data
    assert.ok(notes.some((n) => n.type === 'DiscountsDone'), 'the starter is notified')

    // 3. The Actions page: the product's main category and the type find it.
    const product = (await apiGet(`/api/v1/admin/products/${ids[1]}?include=mainCategory`)).data
    const category = product.main_category?.name ?? product.mainCategory?.name
    assert.ok(category, 'the product has a main category')
    await page.goto(`${shop.base}/admin/akcije`)
    await page.getByText('Choose category and discount type for search.').waitFor()
    const categorySelect = page.getByRole('combobox', { name: 'Kategorija' })
    await categorySelect.click()
    await categorySelect.pressSequentially(category.slice(0, 6), { delay: 20 })
    await page.locator('.ant-select-item-option').filter({ hasText: category }).first().click()
    await pick(page, page.getByRole('combobox', { name: 'Tip popusta' }), 'Akcija')
    await page.getByRole('button', { name: 'Pretraži' }).click()
    await page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: product.name }).first().waitFor()
    await screenshot(page, 'discounts-4-actions-page')
  } catch (err) {
    await screenshot(page, 'discounts-failure').catch(() => {})
    throw err
  } finally {
    await page.close()
  }
})

test("an action valid today, added on the Akcije tab, gives the shown price and the discount filter finds it", async () => {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } })
  page.setDefaultTimeout(10_000)
  try {
    await login(page, 'admin@demo.local')
    // a product without an action today
    const list = (await apiGet('/api/v1/admin/products?paginate=100&active=1')).data
    const p = list.find((x) => !x.discount && x.web_price > 100)
    assert.ok(p, 'a demo product without an action')

    await page.goto(`${shop.base}/admin/proizvodi/${p.id}/popusti`)
    await page.getByRole('tab', { name: 'Akcije', selected: true }).waitFor()
    const form = page.locator('.ant-card-small').filter({ hasText: 'Nova akcija' })
    await pick(page, form.locator('#discount_type_id'), 'Popust %')
    await form.locator('#percentage').fill('10')
    await day(form.locator('#from'), shopDay(0))
    await day(form.locator('#to'), shopDay(3))
    await form.getByRole('button', { name: 'Dodaj' }).click()
    await toast(page, 'Akcija je uspešno dodata.').waitFor()

    // the shown (guest) price follows once the background recompute has run
    // prices are whole dinars (web_price in RSD as a number)
    const want = Math.round(p.web_price * 0.9)
    let got
    await eventually(async () => {
      got = (await apiGet(`/api/v1/admin/products/${p.id}`)).data
      return got.guest_price !== p.web_price
    }, { every: 500 })
    assert.equal(got.guest_price, want, 'the guest sees the action price (web price less 10 %)')
    assert.equal(got.discount?.price, want, 'the product answer names its action')

    // the list's discount filter (its chip shown) finds the product
    await page.goto(`${shop.base}/admin/proizvodi?discount=1&search=${encodeURIComponent(p.sku)}`)
    await page.getByTestId('filter-chips').waitFor()
    await page.locator('.ant-table-tbody tr.ant-table-row, tbody tr').filter({ hasText: p.sku }).first().waitFor()
    await screenshot(page, 'discounts-4-filter')
  } finally {
    await page.close()
  }
})
