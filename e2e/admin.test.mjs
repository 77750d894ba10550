// The admin shell: a super-admin logs in and sees the back-office sidebar; the staff user
// sees only the entries of their permissions; the queue monitor is for super-admins only.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { screenshot, useShop } from './harness.mjs'

let shop, browser

useShop((s, b) => ([shop, browser] = [s, b]))

async function login(page, email) {
  await page.goto(`${shop.base}/admin/`)
  await page.waitForURL(/\/admin\/login/)
  await page.fill('input[name=email]', email)
  await page.fill('input[name=password]', 'demo1234')
  await page.getByRole('button', { name: 'Prijavi se' }).click()
}

test('super-admin logs in and sees the sidebar', async () => {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } })
  await login(page, 'admin@demo.local')
  const sidebar = page.getByTestId('sidebar')
  await sidebar.waitFor({ state: 'visible' })
  await assert.doesNotReject(sidebar.getByText('Korisnici').first().waitFor())
  await assert.doesNotReject(sidebar.getByText('Autorizacija').first().waitFor())
  await screenshot(page, 'admin-super-admin')
  await page.close()
})

test('a wrong password shows the server message on the e-mail field', async () => {
  const page = await browser.newPage()
  await page.goto(`${shop.base}/admin/login`)
  await page.fill('input[name=email]', 'admin@demo.local')
  await page.fill('input[name=password]', 'wrong-password')
  await page.getByRole('button', { name: 'Prijavi se' }).click()
  await assert.doesNotReject(page.getByText('Pogrešan email ili lozinka').waitFor())
  await page.close()
})

test('staff sees only what their role allows', async () => {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } })
  await login(page, 'staff@demo.local')
  const sidebar = page.getByTestId('sidebar')
  await sidebar.waitFor({ state: 'visible' })
  await sidebar.getByText('Proizvodi').first().waitFor()
  assert.equal(await sidebar.getByText('Korisnici').count(), 0, 'staff must not see the users entry')
  assert.equal(await sidebar.getByText('Autorizacija').count(), 0, 'staff must not see authorization')
  await screenshot(page, 'admin-staff')
  await page.close()
})
