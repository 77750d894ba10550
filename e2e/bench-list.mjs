// make bench's browser figure: the admin products list at page size 5000 against page size
// 20, in headless Debian chromium: time to the first rows, then a scroll to the end with the
// longest frame seen. Prints figures; asserts nothing (timings never go in tests).
import { chromium } from 'playwright-core'

const base = process.argv[2]
if (!base) {
  console.error('usage: node e2e/bench-list.mjs http://host:port')
  process.exit(2)
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
    '--disable-quic', '--no-first-run', '--disable-sync'],
})
const page = await browser.newPage({ viewport: { width: 1400, height: 900 } })
await page.goto(`${base}/admin/login`)
await page.fill('input[name=email]', 'admin@demo.local')
await page.fill('input[name=password]', 'demo1234')
await page.getByRole('button', { name: 'Prijavi se' }).click()
await page.getByTestId('sidebar').waitFor()

async function firstRows(size) {
  await page.goto(`${base}/admin/`)
  await page.getByTestId('sidebar').waitFor()
  const start = Date.now()
  await page.goto(`${base}/admin/proizvodi?paginate=${size}`)
  await page.locator('.ant-table-row').first().waitFor({ timeout: 60_000 })
  return Date.now() - start
}

// scroll moves the list's scroll container to the end in steps, one per frame, and answers
// the time taken and the longest gap between frames (a freeze shows as a long gap).
async function scroll() {
  return page.evaluate(async () => {
    const holders = [...document.querySelectorAll('.ant-table-tbody-virtual-holder, .ant-table-body, .ant-table-content')]
    const el = holders.find((h) => h.scrollHeight > h.clientHeight) || document.scrollingElement
    const frame = () => new Promise((r) => requestAnimationFrame(() => r(performance.now())))
    const steps = 60
    let last = await frame()
    let longest = 0
    const t0 = last
    for (let i = 1; i <= steps; i++) {
      el.scrollTop = (el.scrollHeight * i) / steps
      const now = await frame()
      longest = Math.max(longest, now - last)
      last = now
    }
    return { total: Math.round(last - t0), longest: Math.round(longest) }
  })
}

const small = Math.min(await firstRows(20), await firstRows(20))
const large = Math.min(await firstRows(5000), await firstRows(5000))
const s = await scroll()
console.log(`  admin products list in Chromium (time to the first rows, best of two)`)
console.log(`  ${'page size 20 (baseline)'.padEnd(34)} ${String(small).padStart(7)} ms`)
console.log(`  ${'page size 5000'.padEnd(34)} ${String(large).padStart(7)} ms   ratio ${(large / small).toFixed(2)}`)
console.log(`  scroll to the end of 5000 rows: ${s.total} ms, longest frame ${s.longest} ms (a freeze would be seconds)`)
await browser.close()
