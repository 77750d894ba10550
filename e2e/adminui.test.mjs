// The admin's products list stays readable at 5000 rows (the virtual table) on a narrow and a
// wide screen: no price or status cell lies under the actions column or any column stuck to an
// edge, and each can be brought fully into view. A staff member who types the
// address of a screen they may not open sees the Unauthorized page there.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { launchBrowser, screenshot, startShop } from './harness.mjs'

let shop, browser

before(async () => {
  // the demo shop plus benchmark products: more than 5000 rows for the biggest page size
  shop = await startShop({ prepare: [['seed', 'bench', '--products', '5000']] })
  browser = await launchBrowser()
})

after(async () => {
  await browser?.close()
  const code = await shop?.stop()
  assert.equal(code, 0, `shopd did not stop cleanly on Ctrl-C:\n${shop?.output()}`)
})

async function login(page, email) {
  await page.goto(`${shop.base}/admin/login`)
  await page.fill('input[name=email]', email)
  await page.fill('input[name=password]', 'demo1234')
  await page.getByRole('button', { name: 'Prijavi se' }).click()
  await page.getByTestId('sidebar').waitFor()
}

const WATCHED = ['Ulazna cena', 'Web cena', 'Aktivan', 'Vidljiv']

// cellBoxes: for every rendered row, the boxes of the watched cells, of the actions cell and of
// every cell stuck to an edge, plus the box of the table's visible area.
async function cellBoxes(page) {
  return page.evaluate((watched) => {
    const box = (el) => {
      const r = el.getBoundingClientRect()
      return { left: r.left, right: r.right, top: r.top, bottom: r.bottom }
    }
    const heads = [...document.querySelectorAll('.ant-table-thead th')].map((th) => th.textContent.trim())
    const index = (name) => heads.findIndex((h) => h.startsWith(name))
    const area = document.querySelector('.ant-table-tbody-virtual-holder') ?? document.querySelector('.ant-table-body, .ant-table-content')
    const rows = [...document.querySelectorAll('.ant-table-row')].map((row) => {
      const cells = [...row.children]
      const stuck = (c) => /ant-table-cell-fix-(left|right)/.test(c.className)
      return {
        watched: watched.map((name) => ({ name, ...box(cells[index(name)]) })),
        others: cells
          .map((c, i) => ({ name: heads[i], stuck: stuck(c), ...box(c) }))
          .filter((c) => !c.stuck && c.name !== 'Akcije'),
        actions: box(cells[index('Akcije')]),
        stuck: cells.filter(stuck).map(box),
      }
    })
    return { heads, area: box(area), virtual: !!document.querySelector('.ant-table-tbody-virtual'), rows }
  }, WATCHED)
}

const overlap = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5

// assertNothingUnder: no watched cell (every cell, with all: true) lies under the actions cell or
// a cell stuck to an edge
function assertNothingUnder(state, where, { all = false } = {}) {
  assert.ok(state.rows.length > 5, `${where}: rows are rendered`)
  for (const row of state.rows) {
    for (const cell of all ? row.others : row.watched) {
      assert.ok(!overlap(cell, row.actions), `${where}: ${cell.name} [${cell.left}, ${cell.right}] lies under the actions column [${row.actions.left}, ${row.actions.right}]`)
      for (const stuck of row.stuck) {
        assert.ok(!overlap(cell, stuck), `${where}: ${cell.name} [${cell.left}, ${cell.right}] lies under a stuck column [${stuck.left}, ${stuck.right}]`)
      }
    }
  }
}

// inView: the watched cells of the rows fully inside the table's visible area, left to right
function assertReadable(state, where) {
  const shown = state.rows.filter((r) => r.watched[0].top >= state.area.top && r.watched[0].bottom <= state.area.bottom)
  assert.ok(shown.length > 0, `${where}: some rows are in view`)
  for (const row of shown) {
    for (const cell of row.watched) {
      assert.ok(cell.left >= state.area.left - 0.5 && cell.right <= state.area.right + 0.5,
        `${where}: ${cell.name} [${cell.left}, ${cell.right}] is not inside the table [${state.area.left}, ${state.area.right}]`)
    }
  }
}

// narrow: the sidebar collapsed to icons; laptop: the full sidebar beside the list; wide
const SCREENS = [
  ['narrow', { width: 1024, height: 768 }],
  ['laptop', { width: 1366, height: 768 }],
  ['wide', { width: 1920, height: 1080 }],
]

for (const [name, viewport] of SCREENS) {
  test(`products list at 5000 rows, ${name} screen: no column under the actions, prices and status readable`, async () => {
    const page = await browser.newPage({ viewport })
    await login(page, 'admin@demo.local')
    await page.goto(`${shop.base}/admin/proizvodi?paginate=5000`)
    await page.locator('.ant-table-tbody-virtual .ant-table-row').first().waitFor({ timeout: 60_000 })
    // the pointer off the collapsed sidebar (its menus open on hover and would cover the picture)
    await page.mouse.move(viewport.width - 10, 10)
    const first = await cellBoxes(page)
    assert.ok(first.virtual, 'a 5000-row page renders through the virtual table')
    for (const h of [...WATCHED, 'Akcije']) assert.ok(first.heads.some((x) => x.startsWith(h)), `column ${h} is shown`)
    // unscrolled, no column at all hides under another
    assertNothingUnder(first, `${name}, scrolled to the start`, { all: true })
    if (name !== 'narrow') assertReadable(first, `${name}, without scrolling sideways`)
    await screenshot(page, `admin-products-5000-${name}`)

    // sideways to the end, as a person does with the wheel over the rows
    const row = await page.locator('.ant-table-row').first().boundingBox()
    await page.mouse.move(row.x + row.width / 2, row.y + row.height / 2)
    for (let i = 0; i < 12; i++) await page.mouse.wheel(250, 0)
    await page.waitForFunction(() => {
      const r = document.querySelector('.ant-table-row')?.lastElementChild?.getBoundingClientRect()
      const area = document.querySelector('.ant-table-tbody-virtual-holder')?.getBoundingClientRect()
      return r && area && r.right <= area.right + 0.5
    })
    const end = await cellBoxes(page)
    assertNothingUnder(end, `${name}, scrolled to the end`)
    assertReadable(end, `${name}, scrolled to the end`)
    await screenshot(page, `admin-products-5000-${name}-end`)
    await page.close()
  })
}

test('a staff member typing the address of a screen they may not open sees the no-permission page there', async () => {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } })
  await login(page, 'staff@demo.local')
  await page.goto(`${shop.base}/admin/korisnici`)
  await page.locator('.ant-result-title', { hasText: 'Nemate dozvolu za ovu stranicu' }).waitFor()
  await page.getByText('Nemate dozvolu da otvorite ovu stranicu.').waitFor()
  assert.equal(new URL(page.url()).pathname, '/admin/korisnici', 'the address stays the one typed')
  await screenshot(page, 'admin-unauthorized')
  await page.close()
})
