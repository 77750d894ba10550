// The storefront shell: the cookie notice, the anonymous cart and wish-list ids, not-found.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { screenshot, useShop } from './harness.mjs'

let shop, browser

useShop((s, b) => ([shop, browser] = [s, b]))

test('the cookie notice is accepted once and stays away', async () => {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } })
  const page = await context.newPage()
  await page.goto(`${shop.base}/`)
  const notice = page.getByTestId('cookie-notice')
  await notice.waitFor({ state: 'visible' })
  await screenshot(page, 'store-home')
  await notice.getByRole('button', { name: 'Slažem se' }).click()
  await notice.waitFor({ state: 'detached' })
  await page.reload()
  await page.waitForLoadState('networkidle')
  assert.equal(await page.getByTestId('cookie-notice').count(), 0, 'the notice came back after a reload')

  const cookies = Object.fromEntries((await context.cookies()).map((c) => [c.name, c.value]))
  assert.match(cookies.user_id ?? '', /^[0-9a-f]{16,}$/, 'cart id cookie user_id')
  assert.match(cookies.favorite_user_id ?? '', /^[0-9a-f]{16,}$/, 'wish-list id cookie favorite_user_id')
  assert.notEqual(cookies.user_id, cookies.favorite_user_id)
  await context.close()
})

test('an unknown path shows the not-found page', async () => {
  const page = await browser.newPage()
  await page.goto(`${shop.base}/nepostojeca-stranica`)
  await assert.doesNotReject(page.getByTestId('not-found').waitFor())
  await page.close()
})

test('a customer logs in and sees their account', async () => {
  const page = await browser.newPage()
  await page.goto(`${shop.base}/login`)
  await page.fill('input[name=email]', 'kupac@demo.local')
  await page.fill('input[name=password]', 'demo1234')
  await page.getByRole('button', { name: 'Prijavi se', exact: true }).click()
  await page.waitForURL((u) => !u.pathname.startsWith('/login'))
  await page.goto(`${shop.base}/moj-nalog`)
  await assert.doesNotReject(page.getByText('kupac@demo.local').first().waitFor())
  await screenshot(page, 'store-account')
  await page.close()
})

test('the page never scrolls sideways, from a phone to a wide desktop, guest and logged in', async () => {
  const context = await browser.newContext()
  const page = await context.newPage()
  const overflow = async () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
  for (const login of [false, true]) {
    if (login) {
      await page.goto(`${shop.base}/login`)
      await page.fill('input[name=email]', 'kupac@demo.local')
      await page.fill('input[name=password]', 'demo1234')
      await page.getByRole('button', { name: 'Prijavi se', exact: true }).click()
      await page.waitForURL((u) => !u.pathname.startsWith('/login'))
    }
    for (const width of [390, 768, 1024, 1280, 1440, 1600, 1920]) {
      await page.setViewportSize({ width, height: 800 })
      await page.goto(`${shop.base}/`)
      await page.getByTestId('site-header').waitFor()
      assert.equal(await overflow(), 0, `${width} px${login ? ', logged in' : ''}: the page is wider than the window`)
    }
  }
  await context.close()
})
