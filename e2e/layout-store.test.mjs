// The storefront's layout on a phone (390 px) and a desktop (1366 px), page by page: nothing
// wider than the screen, no picture that failed to load, no fixed header over the filter
// drawer's head, every main category reachable from the desktop bar (shown or under "Više"),
// the home tiles never empty circles, action pictures never cropped, the product page's buying
// controls on one line and apart from the price-offer form, and axe's serious findings.
// Screenshots of each page go to e2e/out/layout-<page>-<width>.png.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import AxeBuilder from '@axe-core/playwright'
import { screenshot, useShop } from './harness.mjs'

let shop, browser

useShop((s, b) => ([shop, browser] = [s, b]))

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1366, height: 800 },
]

async function api(path) {
  const res = await fetch(`${shop.base}/api/v1/${path}`, { headers: { 'Accept-Language': 'sr' } })
  assert.equal(res.status, 200, `GET ${path}`)
  return (await res.json()).data
}

async function open(viewport, path) {
  const context = await browser.newContext({ viewport })
  // The cookie notice is answered already (it would cover the bottom of small screens).
  await context.addInitScript(() => localStorage.setItem('cookie_consent', '1'))
  const page = await context.newPage()
  await page.goto(`${shop.base}${path}`)
  await page.locator('main h1').first().waitFor()
  await page.waitForLoadState('networkidle')
  return { context, page }
}

// settle scrolls through the page (lazy pictures load on the way) and back to the top.
async function settle(page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y)
      await new Promise((r) => setTimeout(r, 60))
    }
  })
  await page.waitForLoadState('networkidle')
  await page.evaluate(() => window.scrollTo(0, 0))
  await page.waitForTimeout(150)
}

// common checks every page passes at every width.
async function checkPage(page, label) {
  const wide = await page.evaluate(() => ({ doc: document.documentElement.scrollWidth, screen: window.innerWidth }))
  assert.ok(wide.doc <= wide.screen + 1, `${label}: the page is ${wide.doc} px wide on a ${wide.screen} px screen`)
  const broken = await page.evaluate(() =>
    [...document.images].filter((i) => i.getAttribute('src') && i.complete && i.naturalWidth === 0).map((i) => i.getAttribute('src')),
  )
  assert.deepEqual(broken, [], `${label}: pictures that did not load`)
  const axe = await new AxeBuilder({ page }).analyze()
  const bad = axe.violations.filter((v) => v.impact === 'critical')
  assert.deepEqual(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), [], `${label}: axe`)
}

let productPath
async function pages() {
  if (!productPath) {
    const list = await fetch(`${shop.base}/api/v1/categories/frizideri/products?paginate=24`).then((r) => r.json())
    const p = list.data.find((x) => x.purchasable) ?? list.data[0]
    productPath = `/kategorije/${p.main_category_slug}/proizvodi/${p.slug}`
  }
  return [
    ['home', '/'],
    ['category', '/kategorije/frizideri'],
    ['product', productPath],
    ['actions', '/akcije'],
    ['cart', '/korpa'],
    ['checkout', '/zavrsetak-kupovine'],
    ['contact', '/kontakt'],
  ]
}

for (const viewport of VIEWPORTS) {
  test(`every storefront page fits ${viewport.width} px, loads its pictures and passes axe`, async () => {
    for (const [name, path] of await pages()) {
      const { context, page } = await open(viewport, path)
      await settle(page)
      await screenshot(page, `layout-${name}-${viewport.width}`)
      await checkPage(page, `${path} at ${viewport.width} px`)
      await context.close()
    }
  })
}

test('on a phone the filter drawer\'s title and "Prikaži proizvode" are on an opaque sheet, not under the header', async () => {
  const { context, page } = await open(VIEWPORTS[0], '/kategorije/frizideri')
  await page.getByRole('button', { name: 'Prikaži filtere' }).click()
  const drawer = page.locator('.facets-drawer--open')
  const title = drawer.getByRole('heading', { name: 'Filteri' })
  const done = drawer.getByRole('button', { name: 'Prikaži proizvode' })
  await title.waitFor()
  await screenshot(page, 'layout-drawer-390')
  for (const [what, el] of [['title', title], ['button', done]]) {
    const seen = await el.evaluate((node) => {
      const r = node.getBoundingClientRect()
      const x = r.left + r.width / 2
      const y = r.top + r.height / 2
      const top = document.elementFromPoint(x, y)
      // What is behind the element shows through until the first opaque background.
      let bg = null
      for (let e = node; e; e = e.parentElement) {
        const c = getComputedStyle(e).backgroundColor
        const m = c.match(/rgba?\(([^)]+)\)/)
        const alpha = m ? (m[1].split(',')[3] === undefined ? 1 : parseFloat(m[1].split(',')[3])) : 0
        if (alpha > 0) {
          bg = { alpha, tag: e.className }
          break
        }
      }
      const header = document.querySelector('.site-header')?.getBoundingClientRect()
      return { onTop: node.contains(top), bg, inView: r.top >= 0 && r.bottom <= window.innerHeight, header: header ? header.bottom : 0, top: r.top }
    })
    assert.ok(seen.inView, `the drawer's ${what} is off the screen`)
    assert.ok(seen.onTop, `something covers the drawer's ${what}`)
    assert.ok(seen.bg && seen.bg.alpha === 1, `the drawer's ${what} shows what is behind it (background ${JSON.stringify(seen.bg)})`)
  }
  await done.click()
  await drawer.waitFor({ state: 'detached' }).catch(() => {})
  assert.equal(await page.locator('.facets-drawer--open').count(), 0, 'Prikaži proizvode did not close the drawer')
  await context.close()
})

test('every main category is reachable from the desktop bar, shown or under "Više"', async () => {
  const tree = await api('categories?main=true')
  const { context, page } = await open(VIEWPORTS[1], '/')
  const bar = page.getByTestId('catbar-mini')
  const reachable = new Set()
  for (const link of await bar.locator(':scope > li > a').all()) {
    if (await link.isVisible()) reachable.add((await link.innerText()).trim())
  }
  const more = bar.getByRole('button', { name: /Više/ })
  if (await more.count()) {
    await more.click()
    const list = page.locator('#catbar-more')
    await list.waitFor()
    await screenshot(page, 'layout-catbar-more-1366')
    for (const link of await list.getByRole('link').all()) {
      assert.ok(await link.isVisible(), 'a link under Više is hidden')
      reachable.add((await link.innerText()).trim())
    }
  }
  const missing = tree.map((c) => c.name).filter((n) => !reachable.has(n))
  assert.deepEqual(missing, [], 'main categories neither in the bar nor under Više')
  // The bar fits the screen (nothing cut at its right edge).
  const edge = await bar.evaluate((ul) => ({ right: ul.getBoundingClientRect().right, width: document.documentElement.clientWidth }))
  assert.ok(edge.right <= edge.width, `the category bar runs to ${edge.right} px on a ${edge.width} px screen`)
  await context.close()
})

test('home category tiles show a picture or the initial, never an empty circle', async () => {
  for (const viewport of VIEWPORTS) {
    const { context, page } = await open(viewport, '/')
    await page.locator('.home-cat').first().waitFor()
    const empty = await page.evaluate(() =>
      [...document.querySelectorAll('.home-cat')]
        .filter((a) => !a.querySelector('img') && !a.querySelector('.home-cat__noimg')?.textContent?.trim())
        .map((a) => a.textContent),
    )
    assert.deepEqual(empty, [], `tiles with neither a picture nor an initial at ${viewport.width} px`)
    await context.close()
  }
})

test('action pictures on /akcije are shown whole, not cropped', async () => {
  for (const viewport of VIEWPORTS) {
    const { context, page } = await open(viewport, '/akcije')
    const imgs = page.locator('.action-card img')
    await imgs.first().waitFor()
    await page.waitForFunction(() => [...document.querySelectorAll('.action-card img')].every((i) => i.complete))
    const cropped = await imgs.evaluateAll((all) =>
      all
        .filter((i) => {
          const fit = getComputedStyle(i).objectFit
          const box = i.clientWidth / i.clientHeight
          const pic = i.naturalWidth / i.naturalHeight
          return (fit === 'cover' || fit === 'fill') && Math.abs(box - pic) / pic > 0.05
        })
        .map((i) => i.alt || i.src),
    )
    assert.deepEqual(cropped, [], `cropped or stretched action pictures at ${viewport.width} px`)
    await context.close()
  }
})

test('the product page: "Dodaj u korpu" on the quantity stepper\'s line, the price-offer form apart', async () => {
  const [, , [, path]] = await pages()
  for (const viewport of VIEWPORTS) {
    const { context, page } = await open(viewport, path)
    const buy = page.locator('.buy-box').getByRole('button', { name: 'Dodaj u korpu' })
    await buy.waitFor()
    const box = await page.evaluate(() => {
      const r = (el) => el?.getBoundingClientRect()
      const btn = [...document.querySelectorAll('.buy-box button')].find((b) => b.textContent.includes('Dodaj u korpu'))
      const stepper = document.querySelector('.qty__controls')
      const buyBox = document.querySelector('.buy-box')
      const offer = [...document.querySelectorAll('h2, h3')].find((h) => h.textContent.includes('Pošaljite upit za cenu'))
      return { btn: r(btn), stepper: r(stepper), buyBox: r(buyBox), offer: r(offer) }
    })
    if (box.btn.top < box.stepper.bottom) {
      // beside the stepper: the same bottom line and height
      assert.ok(Math.abs(box.btn.bottom - box.stepper.bottom) <= 1, `button bottom ${box.btn.bottom}, stepper ${box.stepper.bottom} at ${viewport.width} px`)
      assert.ok(Math.abs(box.btn.height - box.stepper.height) <= 1, `button ${box.btn.height} px high, stepper ${box.stepper.height} px`)
    }
    if (box.offer) assert.ok(box.offer.top >= box.buyBox.bottom + 8, `the price-offer form touches the buying controls at ${viewport.width} px`)
    await context.close()
  }
})

test('the contact page has its form and the footer link names it', async () => {
  const { context, page } = await open(VIEWPORTS[0], '/')
  const link = page.locator('footer').getByRole('link', { name: 'Kontakt forma' })
  await link.click()
  await page.waitForURL((u) => u.pathname === '/kontakt')
  const form = page.locator('#kontakt-forma')
  await form.getByRole('button', { name: 'Pošalji poruku' }).waitFor()
  await form.getByLabel('Ime').fill('Ana Anić')
  await form.getByLabel('E-mail adresa').fill('ana@primer.rs')
  await form.getByLabel('Poruka').fill('Da li radite nedeljom?')
  await form.getByRole('button', { name: 'Pošalji poruku' }).click()
  await form.getByText('Hvala na poruci').waitFor()
  await screenshot(page, 'layout-contact-sent-390')
  await context.close()
})

test('a guest rates a product with a name and an e-mail', async () => {
  const [, , [, path]] = await pages()
  const { context, page } = await open(VIEWPORTS[1], path)
  await page.getByRole('button', { name: 'Ocenite proizvod' }).click()
  const dialog = page.getByRole('dialog', { name: 'Ocenite proizvod' })
  await dialog.getByLabel('4 ★').check()
  await dialog.getByLabel('Ime').fill('Gost Petar')
  await dialog.getByLabel('E-mail adresa').fill('petar@primer.rs')
  // A dialog over the dimmed page, whole on the screen (it was once laid out in the page's flow).
  const placed = await dialog.evaluate((d) => {
    const r = d.getBoundingClientRect()
    return { backdrop: getComputedStyle(d.parentElement).position, inView: r.top >= 0 && r.bottom <= window.innerHeight && r.right <= window.innerWidth }
  })
  assert.deepEqual(placed, { backdrop: 'fixed', inView: true }, 'the rating dialog is not a dialog over the page')
  await screenshot(page, 'layout-rating-guest-1366')
  await dialog.getByRole('button', { name: 'Pošalji ocenu' }).click()
  await page.getByText('Hvala na oceni').waitFor()
  await context.close()
})
