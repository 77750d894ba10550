// E-ponuda in the back office: a competitor CSV naming two demo products is
// uploaded on the e-offer import screen; the controls are set, 'Prikaži' shows the two tables,
// two rows of 'U okviru ulazne cene' are chosen and 'Potvrdi' applies them: their web prices
// become the new prices (read back from the API). On the E Ponuda page a product is sent to the
// feed, then taken out of it from the E-PONUDA PROIZVODI tab.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eventually, launchBrowser, screenshot, startShop } from './harness.mjs'

let shop, browser, tmp, token

before(async () => {
  tmp = mkdtempSync(join(tmpdir(), 'shop-e2e-eoffer-'))
  shop = await startShop()
  browser = await launchBrowser()
})

after(async () => {
  await browser?.close()
  if (tmp) rmSync(tmp, { recursive: true, force: true })
  const code = await shop?.stop()
  assert.equal(code, 0, `shopd did not stop cleanly on Ctrl-C:\n${shop?.output()}`)
})

async function api(path) {
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

async function login(page) {
  await page.goto(`${shop.base}/admin/`)
  await page.waitForURL(/\/admin\/login/)
  await page.fill('input[name=email]', 'admin@demo.local')
  await page.fill('input[name=password]', 'demo1234')
  await page.getByRole('button', { name: 'Prijavi se' }).click()
  await page.getByTestId('sidebar').waitFor({ state: 'visible' })
}

/** choose: an antd Select by its label, then the option with this text */
async function choose(page, label, option) {
  await page.getByRole('combobox', { name: label, exact: true }).click()
  await page.locator('.ant-select-item-option').filter({ hasText: new RegExp(`^${option.replace(/[%]/g, '\\$&')}$`) }).first().click()
}

test('upload a competitor CSV, Prikaži, choose two rows, Potvrdi: their web prices change; send a product to the feed and back', async () => {
  const page = await browser.newPage({ viewport: { width: 1500, height: 900 } })
  page.setDefaultTimeout(15_000)
  try {
    const products = (await api('/api/v1/admin/products?visible=1&active=1&eponuda=0&paginate=2&sort=sku')).data
    assert.equal(products.length, 2, 'two visible demo products')
    const csv = ['sku;prodavnica;cena', ...products.flatMap((p) => [`${p.sku};Gigatron;${p.web_price * 2}`, `${p.sku};WinWin;${p.web_price * 3}`])].join('\n')
    const file = join(tmp, 'ponuda.csv')
    writeFileSync(file, csv + '\n')

    await login(page)
    await page.goto(`${shop.base}/admin/e-ponuda/uvoz`)
    await page.getByText('Unesite csv fajl').waitFor()
    await page.locator('input[type=file]').setInputFiles(file)
    await page.getByText('Formiraj cenu u odnosu na').waitFor()
    const show = page.getByRole('button', { name: 'Prikaži' })
    assert.equal(await show.isDisabled(), true, 'Prikaži waits for the controls')
    await choose(page, 'Formiraj cenu u odnosu na', 'Ulazna')
    await choose(page, 'Format', 'RSD')
    await page.getByLabel('Vrednost', { exact: true }).fill('100')
    await show.click()
    const results = page.getByTestId('eoffer-results')
    await results.waitFor()
    const confirm = page.getByRole('button', { name: 'Potvrdi' })
    assert.equal(await confirm.isDisabled(), true, 'Potvrdi waits for a choice')
    for (const p of products) await results.getByLabel(p.sku, { exact: true }).check()
    const recalc = await api('/api/v1/admin/eponuda?relative_to=entry&format=RSD&value=100')
    const want = new Map(recalc.ok.map((r) => [r.id, r.created_price]))
    await screenshot(page, 'eoffer-import')
    await confirm.click()
    // the apply is a job: wait until both web prices are the new ones
    let got
    const applied = await eventually(async () => {
      got = await Promise.all(products.map(async (p) => (await api(`/api/v1/admin/products/${p.id}`)).data.web_price))
      return got.every((w, i) => w === want.get(products[i].id))
    }, { timeout: 20_000, every: 300 })
    assert.ok(applied, `web prices ${got} never became ${products.map((p) => want.get(p.id))}`)

    // The E Ponuda page: the first product goes in the feed, then out again.
    const sku = encodeURIComponent(products[0].sku)
    await page.goto(`${shop.base}/admin/e-ponuda?search=${sku}`)
    await page.getByRole('tab', { name: 'PROIZVODI', exact: true }).waitFor()
    const row = page.locator('.ant-table-tbody tr.ant-table-row').filter({ has: page.getByRole('link', { name: products[0].sku, exact: true }) })
    const send = page.getByRole('button', { name: /Pošalji/ })
    assert.equal(await send.isDisabled(), true)
    await row.locator('input[type=checkbox]').check()
    await send.click()
    const inFeedNow = async () => (await api(`/api/v1/admin/eponuda-feed?search=${sku}`)).data.some((p) => p.id === products[0].id)
    assert.ok(await eventually(inFeedNow, { every: 200 }), 'the product never reached the feed')
    await page.goto(`${shop.base}/admin/e-ponuda?tab=feed&search=${sku}`)
    await page.getByRole('tab', { name: 'E-PONUDA PROIZVODI' }).waitFor()
    const inFeed = page.locator('.ant-table-tbody tr.ant-table-row').filter({ has: page.getByRole('link', { name: products[0].sku, exact: true }) })
    await inFeed.locator('input[type=checkbox]').check()
    await page.getByRole('button', { name: /Pošalji/ }).click()
    assert.ok(await eventually(async () => !(await inFeedNow()), { every: 200 }), 'the product never left the feed')
  } catch (err) {
    await screenshot(page, 'eoffer-failure')
    throw err
  } finally {
    await page.close()
  }
})
