// Social sign-in and the customers' voice: a customer signs in with
// the local test provider as "Google" (tools/oidcdev: no outside network), asks a question and
// rates a product; the admin answers the question and approves the rating in the back office;
// both then appear on the product page.
import { execFileSync, spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { join, resolve } from 'node:path'
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { launchBrowser, screenshot, startShop } from './harness.mjs'

const root = resolve(import.meta.dirname, '..')
let shop, browser, provider

/** freePort: the provider sends the browser back to the shop's public URL, so the shop needs a
 * known port before it starts (the other specs let it pick one). */
function freePort() {
  return new Promise((ok, fail) => {
    const srv = createServer()
    srv.once('error', fail)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address()
      srv.close(() => ok(port))
    })
  })
}

/** startProvider builds and runs the local test provider; it answers its URL. */
async function startProvider() {
  const bin = join(root, 'bin', 'oidcdev')
  execFileSync('go', ['build', '-o', bin, './tools/oidcdev'], { cwd: root, stdio: 'pipe' })
  const proc = spawn(bin, ['-addr', '127.0.0.1:0', '-client-id', 'shop-e2e', '-client-secret', 'e2e-secret',
    '-subject', 'e2e-google-1', '-email', 'google.kupac@example.com', '-name', 'Gugl Kupac'], { stdio: ['ignore', 'pipe', 'pipe'] })
  let out = ''
  const url = await new Promise((ok, fail) => {
    const timer = setTimeout(() => fail(new Error(`oidcdev did not start:\n${out}`)), 30_000)
    const read = (chunk) => {
      out += chunk
      const m = out.match(/OIDC test provider \(TEST ONLY\): (http:\/\/\S+)/)
      if (m) {
        clearTimeout(timer)
        ok(m[1])
      }
    }
    proc.stdout.on('data', read)
    proc.stderr.on('data', read)
    proc.on('exit', (code) => fail(new Error(`oidcdev exited (${code}):\n${out}`)))
  })
  return { url, stop: () => proc.kill('SIGINT') }
}

before(async () => {
  provider = await startProvider()
  const port = await freePort()
  shop = await startShop({
    env: {
      SHOP_HTTP_ADDR: `127.0.0.1:${port}`,
      SHOP_HTTP_PUBLIC_URL: `http://127.0.0.1:${port}`,
      SHOP_AUTH_GOOGLE_CLIENT_ID: 'shop-e2e',
      SHOP_AUTH_GOOGLE_CLIENT_SECRET: 'e2e-secret',
      SHOP_AUTH_GOOGLE_ISSUER: provider.url,
    },
  })
  browser = await launchBrowser()
})

after(async () => {
  await browser?.close()
  provider?.stop()
  const code = await shop?.stop()
  assert.equal(code, 0, `shopd did not stop cleanly on Ctrl-C:\n${shop?.output()}`)
})

async function api(path) {
  const res = await fetch(`${shop.base}/api/v1/${path}`, { headers: { 'Accept-Language': 'sr' } })
  return { status: res.status, body: res.status === 200 ? await res.json() : null }
}

/** aProduct: a product of the demo catalogue that the storefront shows. */
async function aProduct() {
  const cats = (await api('categories?include=all_subcategories&main=1')).body.data
  for (const c of cats) {
    const r = await api(`categories/${c.slug}/products?paginate=24`)
    const p = r.body?.data?.[0]
    if (p) return p
  }
  throw new Error('the demo catalogue has no product')
}

test('a customer signs in with Google, asks and rates; the admin answers and approves; both show', async () => {
  const card = await aProduct()
  const productURL = `${shop.base}/kategorije/${card.main_category_slug}/proizvodi/${card.slug}`
  const question = `Da li uz uređaj dobijam kabl za napajanje? (${Date.now()})`
  const answer = 'Da, kabl za napajanje je u kutiji.'
  const comment = 'Odličan proizvod, preporuka svima.'

  // The customer: Google's button on the login page, the provider approves, the shop signs in.
  const customer = await browser.newContext({ viewport: { width: 1400, height: 900 } })
  const page = await customer.newPage()
  await page.goto(`${shop.base}/login`)
  await page.getByRole('link', { name: 'Prijavi se preko Google naloga' }).waitFor()
  await screenshot(page, 'social-login')
  await page.getByRole('link', { name: 'Prijavi se preko Google naloga' }).click()
  await page.waitForURL((u) => u.origin === shop.base && !u.pathname.startsWith('/login') && !u.pathname.startsWith('/api/'))
  assert.ok(await page.evaluate(() => localStorage.getItem('token')), 'the storefront holds the session after the return')
  await page.goto(`${shop.base}/moj-nalog`)
  await assert.doesNotReject(page.getByText('google.kupac@example.com').first().waitFor())
  await screenshot(page, 'social-signed-in')

  // A question (the product page's form) and a rating (its modal).
  await page.goto(productURL)
  await page.getByTestId('product-page').waitFor()
  await page.getByLabel('Ime', { exact: true }).fill('Gugl Kupac')
  await page.getByLabel('Pitanje', { exact: true }).fill(question)
  await page.getByRole('button', { name: 'Pošalji pitanje' }).click()
  await assert.doesNotReject(page.getByRole('status').first().waitFor())
  await page.getByRole('button', { name: 'Ocenite proizvod' }).click()
  const modal = page.getByRole('dialog')
  await modal.getByText('5 ★').click()
  await modal.getByLabel('Komentar').fill(comment)
  await modal.getByRole('button', { name: 'Pošalji ocenu' }).click()
  await modal.waitFor({ state: 'detached' })
  // Neither shows before staff act on it.
  await page.reload()
  await page.getByTestId('product-page').waitFor()
  assert.equal(await page.getByText(question).count(), 0, 'an unanswered question is not shown')
  assert.equal(await page.getByText(comment).count(), 0, 'an unapproved rating is not shown')

  // The admin answers the question and approves the rating.
  const staff = await browser.newContext({ viewport: { width: 1400, height: 900 } })
  const admin = await staff.newPage()
  await admin.goto(`${shop.base}/admin/login`)
  await admin.fill('input[name=email]', 'admin@demo.local')
  await admin.fill('input[name=password]', 'demo1234')
  await admin.getByRole('button', { name: 'Prijavi se' }).click()
  await admin.getByTestId('sidebar').waitFor()
  await admin.goto(`${shop.base}/admin/pitanja`)
  const qRow = admin.getByRole('row').filter({ hasText: question })
  await qRow.getByRole('button', { name: 'Odgovori' }).click()
  const answerDialog = admin.getByRole('dialog')
  await answerDialog.getByLabel('Odgovor').fill(answer)
  await answerDialog.getByRole('button', { name: 'Sačuvaj' }).click()
  await assert.doesNotReject(qRow.getByText(answer).waitFor())
  await admin.goto(`${shop.base}/admin/ocene`)
  const rRow = admin.getByRole('row').filter({ hasText: comment })
  // The rating is the Google customer's (the list loads after the page).
  await assert.doesNotReject(rRow.getByText('Gugl Kupac').waitFor())
  await rRow.getByRole('button', { name: 'Odobri' }).click()
  await assert.doesNotReject(rRow.getByText('Odobrena').waitFor())
  await screenshot(admin, 'social-admin-approved')

  // Both on the product page.
  await page.goto(productURL)
  await page.getByTestId('product-page').waitFor()
  await assert.doesNotReject(page.getByText(question).waitFor())
  await assert.doesNotReject(page.getByText(answer).waitFor())
  await assert.doesNotReject(page.getByText(comment).waitFor())
  await screenshot(page, 'social-product-voice')
  await customer.close()
  await staff.close()
})

test('a refused sign-in comes back to the login page with its reason', async () => {
  const page = await browser.newPage()
  // A callback with no sign-in started in this browser: a forged state.
  await page.goto(`${shop.base}/api/v1/auth/google/callback?code=stolen&state=forged`)
  await page.waitForURL((u) => u.pathname === '/login')
  await assert.doesNotReject(
    page.getByRole('alert').getByText('Prijava nije uspela: zahtev je istekao ili nije poslat sa ovog sajta. Pokušajte ponovo.').waitFor(),
  )
  // Facebook is not configured: no button for it (the footer's social links are not sign-in).
  const card = page.locator('.auth-card')
  await card.getByRole('link', { name: 'Prijavi se preko Google naloga' }).waitFor()
  assert.equal(await card.getByRole('link', { name: /Facebook/ }).count(), 0)
  await page.close()
})
