// make bench's admin bundle figure: the JavaScript that headless Debian
// chromium loads before the admin's login screen and before its products list, each in a fresh
// browser context (empty cache), counted as the gzipped size of every script the page fetched.
// shopd serves the files uncompressed, so each body is gzipped here as a compressing proxy or
// CDN would send it. Starts its own shop (the e2e harness). Prints figures; asserts nothing.
import { gzipSync } from 'node:zlib'
import { launchBrowser, startShop } from './harness.mjs'

// The figure before code splitting (one 617 kB bundle for every screen), the figures after the
// first split by route (lazy pages only), and the goal.
const BASELINE_KB = 617
const ROUTES_ONLY_KB = { login: 289, products: 529 }
const GOAL_KB = 250

const shop = await startShop()
const browser = await launchBrowser()
try {
  // scripts opens a page in a context of its own and answers the gzipped bytes of the scripts it
  // loaded until the screen shows and the network is quiet.
  async function scripts(path, ready, storageState) {
    const context = await browser.newContext({ storageState, viewport: { width: 1400, height: 900 } })
    const page = await context.newPage()
    const loads = []
    const isScript = (req) => req.resourceType() === 'script' || /\.m?js(\?|$)/.test(req.url())
    let pending = 0
    let last = Date.now()
    page.on('request', (req) => {
      if (!isScript(req)) return
      pending++
      last = Date.now()
    })
    const done = (req) => {
      if (!isScript(req)) return
      pending--
      last = Date.now()
    }
    page.on('requestfailed', done)
    page.on('response', (res) => {
      if (isScript(res.request())) loads.push(res.body().then((b) => ({ url: res.url(), gz: gzipSync(b).length })))
    })
    page.on('requestfinished', done)
    await page.goto(`${shop.base}${path}`)
    await ready(page)
    // Quiet: no script in flight and none asked for during a second. Not 'networkidle': the
    // admin's realtime stream (server-sent events) stays open for as long as the page does.
    while (pending > 0 || Date.now() - last < 1000) await page.waitForTimeout(100)
    const files = await Promise.all(loads)
    await context.close()
    return { kb: files.reduce((n, f) => n + f.gz, 0) / 1000, files: files.length, list: files }
  }

  const login = await scripts('/admin/login', (p) => p.locator('input[name=email]').waitFor())

  // Log in once for the stored token, then open the products list directly in a fresh context.
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto(`${shop.base}/admin/login`)
  await page.fill('input[name=email]', 'admin@demo.local')
  await page.fill('input[name=password]', 'demo1234')
  await page.locator('button[type=submit]').click()
  await page.getByTestId('sidebar').waitFor()
  const token = await context.storageState()
  await context.close()
  const products = await scripts('/admin/proizvodi', (p) => p.locator('.ant-table').first().waitFor(), token)

  const row = (label, kb, extra = '') => `  ${label.padEnd(40)} ${kb.toFixed(0).padStart(7)} kB${extra}`
  const goal = (kb) => `   goal <= ${GOAL_KB} kB: ${kb <= GOAL_KB ? 'meets' : 'MISSES'}`
  console.log('admin JavaScript before the first screen (gzipped, headless Chromium, empty cache)')
  console.log(row('one bundle, no splitting (baseline)', BASELINE_KB))
  console.log(row('login screen, lazy pages only (before)', ROUTES_ONLY_KB.login))
  console.log(row('products list, lazy pages only (before)', ROUTES_ONLY_KB.products))
  console.log(row(`login screen (${login.files} files)`, login.kb, goal(login.kb)))
  console.log(row(`products list (${products.files} files)`, products.kb, goal(products.kb)))
  if (process.env.BENCH_BUNDLE_FILES) {
    for (const [name, r] of [['login', login], ['products', products]]) {
      for (const f of r.list.sort((a, b) => b.gz - a.gz)) console.log(`    ${name} ${(f.gz / 1000).toFixed(1).padStart(6)} kB  ${f.url.replace(/.*\//, '')}`)
    }
  }
} finally {
  await browser.close()
  await shop.stop()
}
