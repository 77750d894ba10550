// Shared set-up of the browser tests: one shopd on a free loopback port with its own data
// folder (embedded SQLite, in-process Redis, demo users seeded on first start), and Debian's
// chromium driven by playwright-core.
import { execFileSync, spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import assert from 'node:assert/strict'
import { after, before } from 'node:test'
import { chromium } from 'playwright-core'

const root = resolve(import.meta.dirname, '..')

// prepare: shopctl commands run on the shop's data folder before it starts, e.g.
// [['seed', 'bench', '--products', '5000']] for a big catalogue. env: settings added to the
// defaults below (a fixed address, a sign-in provider, ...).
export async function startShop({ prepare = [], env: extra = {} } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-e2e-'))
  const env = {
    ...process.env,
    SHOP_HTTP_ADDR: '127.0.0.1:0',
    // Metrics listen apart; a free port keeps parallel shops from colliding.
    SHOP_HTTP_METRICS_ADDR: '127.0.0.1:0',
    SHOP_DATA_DIR: dataDir,
    SHOP_LOG_LEVEL: 'warn',
    SHOP_WEB_STORE_DIR: join(root, 'store-web', 'dist'),
    SHOP_WEB_ADMIN_DIR: join(root, 'admin-web', 'dist'),
    ...extra,
  }
  for (const args of prepare) execFileSync(join(root, 'bin', 'shopctl'), args, { cwd: root, env, stdio: 'pipe' })
  const proc = spawn(join(root, 'bin', 'shopd'), ['serve'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const base = await new Promise((ok, fail) => {
    const timer = setTimeout(() => fail(new Error(`shopd did not start:\n${output}`)), 60_000)
    const read = (chunk) => {
      output += chunk
      const m = output.match(/Storefront: (http:\/\/[^/\s]+)\//)
      if (m) {
        clearTimeout(timer)
        ok(m[1])
      }
    }
    proc.stdout.on('data', read)
    proc.stderr.on('data', read)
    proc.on('exit', (code) => fail(new Error(`shopd exited (${code}):\n${output}`)))
  })
  return {
    base,
    // dataDir is the shop's data folder (the outbox of mails is dataDir/outbox).
    dataDir,
    output: () => output,
    // stop sends Ctrl-C and resolves with the exit code (a clean stop is 0).
    async stop() {
      const code = await new Promise((ok) => {
        if (proc.exitCode !== null) return ok(proc.exitCode)
        proc.once('exit', (c) => ok(c))
        proc.kill('SIGINT')
      })
      rmSync(dataDir, { recursive: true, force: true })
      return code
    },
  }
}

export async function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
      '--disable-quic', '--no-first-run', '--disable-sync'],
  })
}

// screenshot keeps a picture of the page under e2e/out for a person to look at.
export async function screenshot(page, name) {
  await page.screenshot({ path: join(import.meta.dirname, 'out', `${name}.png`), fullPage: false })
}

// eventually calls check (which may be async) until it answers something truthy or timeout ms
// have passed, and answers its last answer: the caller asserts on it, so a failure says what
// never came.
export async function eventually(check, { timeout = 30_000, every = 250 } = {}) {
  const end = Date.now() + timeout
  for (;;) {
    const v = await check()
    if (v || Date.now() > end) return v
    await new Promise((r) => setTimeout(r, every))
  }
}

// outboxMails answers the mails in a shop's outbox whose decoded text contains every needle.
export function outboxMails(shop, ...needles) {
  const dir = join(shop.dataDir, 'outbox')
  const decode = (raw) =>
    raw
      .replace(/=\r?\n/g, '')
      .replace(/(?:=[0-9A-F]{2})+/g, (m) => Buffer.from(m.replaceAll('=', ''), 'hex').toString('utf8'))
  return readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .map((f) => decode(readFileSync(join(dir, f), 'utf8')))
    .filter((text) => needles.every((n) => text.includes(n)))
}

// fixture answers a committed test file of e2e/fixtures as an upload named name (the server
// decodes images, so they are real PNGs).
export function fixture(file, name = file) {
  return { name, mimeType: 'image/png', buffer: readFileSync(join(import.meta.dirname, 'fixtures', file)) }
}

// useShop is a test file's shop and browser: started before its tests, stopped after them (a
// clean stop on Ctrl-C is asserted). set receives both once started; options go to startShop.
export function useShop(set, options) {
  let shop, browser
  before(async () => {
    shop = await startShop(options)
    browser = await launchBrowser()
    set(shop, browser)
  })
  after(async () => {
    await browser?.close()
    const code = await shop?.stop()
    assert.equal(code, 0, `shopd did not stop cleanly on Ctrl-C:\n${shop?.output()}`)
  })
}
