// make bench's storefront web figures: Lighthouse (npm lighthouse,
// mobile defaults: simulated throttling on a Moto G-class phone) and axe (@axe-core/playwright,
// desktop and mobile viewports) on the demo shop's home, a category and a product page, and the
// gzipped JavaScript the category page loads. Starts its own shop (the e2e harness) with the
// built storefront, finds a category with products and one of its products through the public
// API (the pages change as the storefront grows: nothing here names a demo slug), and prints
// every figure beside its goal. Asserts nothing: `go run ./tools/bench -only storefront-web`.
import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { gzipSync } from 'node:zlib'
import { AxeBuilder } from '@axe-core/playwright'
import { launchBrowser, startShop } from './harness.mjs'

const run = promisify(execFile)
const here = import.meta.dirname
const lighthouseBin = resolve(here, 'node_modules', '.bin', 'lighthouse')
const chrome = process.env.CHROME_PATH || process.env.CHROMIUM_PATH || '/usr/bin/chromium'
const GOALS = { performance: 90, accessibility: 95, seo: 95, cls: 0.1, js: 150 }

let shop
try {
  shop = await startShop()
} catch (e) {
  // A loaded machine can take longer than the harness's minute to migrate and seed the demo.
  console.log(`storefront web: skipped (${e.message.split('\n')[0]})`)
  process.exit(0)
}
const out = mkdtempSync(join(tmpdir(), 'shop-lighthouse-'))
let browser
try {
  const pages = [{ name: 'home', path: '/' }, ...(await catalogPages(shop.base))]
  console.log('storefront pages (demo shop):', pages.map((p) => `${p.name} ${p.path}`).join(', '))

  // Lighthouse, one page at a time (each run takes the machine's CPU; parallel runs would
  // distort the simulated timings).
  console.log('\nLighthouse (mobile defaults, Debian chromium headless)')
  console.log(`  ${'page'.padEnd(10)} ${'perf'.padStart(5)} ${'a11y'.padStart(5)} ${'SEO'.padStart(5)} ${'BP'.padStart(5)} ${'CLS'.padStart(7)} ${'LCP'.padStart(8)}   goals: perf >= ${GOALS.performance}, a11y >= ${GOALS.accessibility}, SEO >= ${GOALS.seo}, CLS <= ${GOALS.cls}`)
  for (const p of pages) {
    const r = await lighthouse(shop.base + p.path, join(out, `${p.name}.json`))
    if (r.error) {
      console.log(`  ${p.name.padEnd(10)} lighthouse failed: ${r.error}`)
      continue
    }
    const ok = r.performance >= GOALS.performance && r.accessibility >= GOALS.accessibility && r.seo >= GOALS.seo && r.cls <= GOALS.cls
    console.log(`  ${p.name.padEnd(10)} ${fmt(r.performance)} ${fmt(r.accessibility)} ${fmt(r.seo)} ${fmt(r['best-practices'])} ${r.cls.toFixed(3).padStart(7)} ${(r.lcp / 1000).toFixed(2).padStart(7)}s   ${ok ? 'meets' : 'MISSES'}`)
    for (const f of r.failed) console.log(`             ${f}`)
  }

  browser = await launchBrowser()
  console.log('\naxe (serious + critical violations; goal 0)')
  for (const vp of [{ name: 'desktop', width: 1366, height: 900 }, { name: 'mobile', width: 390, height: 844, isMobile: true }]) {
    for (const p of pages) {
      const context = await browser.newContext({ viewport: { width: vp.width, height: vp.height }, isMobile: !!vp.isMobile })
      const page = await context.newPage()
      try {
        await page.goto(shop.base + p.path, { waitUntil: 'load' })
        await page.locator('#root *').first().waitFor({ timeout: 15_000 })
        await page.waitForTimeout(1000) // the first screen's data and fonts
        const res = await new AxeBuilder({ page }).analyze()
        const bad = res.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
        const serious = bad.filter((v) => v.impact === 'serious').length
        const critical = bad.filter((v) => v.impact === 'critical').length
        console.log(`  ${vp.name.padEnd(8)} ${p.name.padEnd(10)} serious ${serious}, critical ${critical}   ${bad.length === 0 ? 'meets' : 'MISSES'}`)
        for (const v of bad) console.log(`           ${v.impact} ${v.id}: ${v.help} (${v.nodes.length} elements)`)
      } catch (e) {
        console.log(`  ${vp.name.padEnd(8)} ${p.name.padEnd(10)} axe failed: ${e.message.split('\n')[0]}`)
      } finally {
        await context.close()
      }
    }
  }

  const category = pages.find((p) => p.name === 'category')
  if (category) {
    const js = await scriptBytes(browser, shop.base + category.path)
    console.log(`\ncategory page JavaScript: ${(js.gz / 1000).toFixed(1)} kB gzipped in ${js.files} files (${(js.raw / 1000).toFixed(0)} kB raw); goal <= ${GOALS.js} kB: ${js.gz / 1000 <= GOALS.js ? 'meets' : 'MISSES'}`)
  } else {
    console.log('\ncategory page JavaScript: no category with products in the demo shop')
  }
} finally {
  if (browser) await browser.close()
  await shop.stop()
  rmSync(out, { recursive: true, force: true })
}

function fmt(score) {
  return String(Math.round(score)).padStart(5)
}

// catalogPages: the first category (in the tree's order) that has products, and its first
// product, by the public API; none when the demo shop has no catalogue.
async function catalogPages(base) {
  const get = async (path) => {
    const res = await fetch(base + path)
    return res.ok ? res.json() : null
  }
  const tree = await get('/api/v1/categories?include=all_subcategories&main=1')
  const flat = []
  const walk = (cs) => {
    for (const c of cs ?? []) {
      flat.push(c)
      walk(c.subcategories ?? c.all_subcategories ?? c.children)
    }
  }
  walk(tree?.data)
  for (const c of flat) {
    const list = await get(`/api/v1/categories/${encodeURIComponent(c.slug)}/products`)
    const first = list?.data?.[0]
    if (first) {
      return [
        { name: 'category', path: `/kategorije/${c.slug}` },
        { name: 'product', path: `/kategorije/${first.main_category_slug || c.slug}/proizvodi/${first.slug}` },
      ]
    }
  }
  return []
}

// lighthouse runs the CLI on one URL and answers the category scores (0-100), CLS, LCP and
// the failed audits of the scored categories other than performance.
async function lighthouse(url, file) {
  try {
    await run(lighthouseBin, [url, '--quiet', '--output=json', `--output-path=${file}`,
      '--only-categories=performance,accessibility,seo,best-practices',
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu'], { env: { ...process.env, CHROME_PATH: chrome }, timeout: 240_000, maxBuffer: 64 << 20 })
  } catch (e) {
    return { error: (e.stderr || e.message).toString().split('\n').filter(Boolean).slice(-2).join(' ') }
  }
  const lhr = JSON.parse(readFileSync(file, 'utf8'))
  const score = (c) => Math.round((lhr.categories[c]?.score ?? 0) * 100)
  const failed = []
  for (const c of ['accessibility', 'seo', 'best-practices']) {
    for (const ref of lhr.categories[c]?.auditRefs ?? []) {
      const a = lhr.audits[ref.id]
      if (ref.weight > 0 && a && a.score !== null && a.score < 1) failed.push(`${c}: ${a.id} (${a.title})`)
    }
  }
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    seo: score('seo'),
    'best-practices': score('best-practices'),
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? 0,
    lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? 0,
    failed,
  }
}

// scriptBytes: the scripts a fresh context loads for the page until the network is quiet,
// each body gzipped here (what the server sends compressed).
async function scriptBytes(browser, url) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true })
  const page = await context.newPage()
  const loads = []
  page.on('response', (res) => {
    const req = res.request()
    if (req.resourceType() === 'script' || /\.m?js(\?|$)/.test(res.url())) loads.push(res.body().then((b) => ({ raw: b.length, gz: gzipSync(b).length })).catch(() => ({ raw: 0, gz: 0 })))
  })
  await page.goto(url, { waitUntil: 'networkidle' })
  const files = await Promise.all(loads)
  await context.close()
  return { files: files.length, raw: files.reduce((n, f) => n + f.raw, 0), gz: files.reduce((n, f) => n + f.gz, 0) }
}
