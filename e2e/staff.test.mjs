// Staff access end to end: the super-admin creates a role on the
// authorization screen with two permissions, creates a user holding it, and that user, logged
// in, sees exactly the screens those permissions open (plus the entries every staff member
// sees) in the sidebar.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { screenshot, useShop } from './harness.mjs'

let shop, browser

useShop((s, b) => ([shop, browser] = [s, b]))

async function login(page, email, password = 'demo1234') {
  await page.goto(`${shop.base}/admin/login`)
  await page.fill('input[name=email]', email)
  await page.fill('input[name=password]', password)
  await page.getByRole('button', { name: 'Prijavi se' }).click()
  await page.getByTestId('sidebar').waitFor()
}

test('a role with two permissions gives its user exactly those screens', async () => {
  const admin = await browser.newContext({ locale: 'sr-RS' })
  const page = await admin.newPage()
  await login(page, 'admin@demo.local')

  // the role: created, then two permissions ticked and saved
  await page.goto(`${shop.base}/admin/autorizacija`)
  await page.getByRole('button', { name: /Nova uloga/ }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Naziv').fill('E2E moderator')
  await dialog.getByRole('button', { name: 'Sačuvaj' }).click()
  await page.getByText('Uloga: E2E moderator').waitFor()
  await page.getByRole('checkbox', { name: 'view-brand' }).check()
  await page.getByRole('checkbox', { name: 'view-rating' }).check()
  await page.getByRole('button', { name: 'Sačuvaj' }).click()
  await page.getByText('Uloga je uspešno izmenjena.').first().waitFor()
  await screenshot(page, 'staff-role')

  // the user holding it
  await page.goto(`${shop.base}/admin/korisnici/dodaj`)
  await page.fill('input[name=name]', 'Moderator Test')
  await page.fill('input[name=email]', 'moderator@example.com')
  await page.getByLabel('Uloga', { exact: true }).click()
  await page.keyboard.type('E2E moderator')
  await page.keyboard.press('Enter')
  await page.getByRole('tab', { name: 'Lozinka' }).click()
  await page.fill('input[name=password]', 'lozinka123')
  await page.fill('input[name=password_confirmation]', 'lozinka123')
  await page.getByRole('button', { name: 'Sačuvaj' }).click()
  await page.getByText('moderator@example.com').waitFor()
  await admin.close()

  // the user's sidebar: the two permissions' screens and the entries without a permission
  const own = await browser.newContext({ locale: 'sr-RS' })
  const mine = await own.newPage()
  await login(mine, 'moderator@example.com', 'lozinka123')
  const links = await mine.getByTestId('sidebar').locator('a').evaluateAll((as) => as.map((a) => a.textContent.trim()).filter(Boolean))
  await screenshot(mine, 'staff-sidebar')
  assert.deepEqual(
    [...links].sort(),
    ['Početna', 'Brendovi', 'Katalog nalepnice', 'Naši dobavljači', 'Baneri', 'Vesti', 'Ocene'].sort(),
    `sidebar of the new role's user: ${links.join(', ')}`,
  )
  // and the screens open
  await mine.getByRole('link', { name: 'Ocene' }).click()
  await mine.waitForURL(/\/admin\/ocene/)
  await mine.goto(`${shop.base}/admin/korisnici`)
  await mine.getByText('Nemate dozvolu da otvorite ovu stranicu.').waitFor()
  await own.close()
})
