// Test helpers of the price-list screens: answers in openapi-fetch's shape, a mocked client
// routed by path, and picking an option of an antd Select.
import { fireEvent, waitFor } from '@testing-library/react'
import { client } from '../../api/client'

export const admin = { id: 1, roles: ['super-admin'], permissions: [] }

export function ok(body: unknown, status = 200) {
  return { data: body, error: undefined, response: new Response(null, { status }) }
}

export function refused(status: number, body: unknown) {
  return { data: undefined, error: body, response: new Response(null, { status }) }
}

export const suppliers = [
  { id: 3, name: 'Ewe' },
  { id: 4, name: 'Comtrade' },
]
export const categories = [
  { id: 7, name: 'Laptopovi' },
  { id: 8, name: 'Monitori' },
]

type Answer = ReturnType<typeof ok> | ReturnType<typeof refused>

/** mockGet answers the lookups and the given paths; it returns the spy */
export function mockGet(answers: Record<string, (init: unknown) => Answer>) {
  return vi.spyOn(client, 'GET').mockImplementation(((path: string, init: unknown) => {
    if (answers[path]) return Promise.resolve(answers[path](init))
    if (path === '/api/v1/admin/suppliers') return Promise.resolve(ok({ data: suppliers }))
    if (path === '/api/v1/admin/categories') return Promise.resolve(ok({ data: categories }))
    return Promise.resolve(ok({ data: [] }))
  }) as never)
}

/** calls of a spy to a path: their init objects */
export function callsTo(spy: { mock: { calls: unknown[][] } }, path: string) {
  return spy.mock.calls.filter(([p]) => p === path).map(([, init]) => init as { params?: { path?: unknown; query?: Record<string, unknown> }; body?: unknown })
}

/** pick opens the Select whose input has the label and clicks the option with that text */
export async function pick(label: string | HTMLElement, option: string) {
  const input = typeof label === 'string' ? (document.querySelector(`input[aria-label="${label}"]`) as HTMLElement | null) : label
  if (!input) throw new Error(`no select labelled ${String(label)}`)
  const selector = input.closest('.ant-select')?.querySelector('.ant-select-selector') ?? input
  fireEvent.mouseDown(selector)
  let found: HTMLElement | undefined
  await waitFor(() => {
    found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find((o) => o.textContent === option)
    expect(found).toBeTruthy()
  })
  fireEvent.click(found!)
}

/** modalButton: a button of the last open modal's footer by its text */
export async function modalButton(text: string): Promise<HTMLElement> {
  let found: HTMLElement | undefined
  await waitFor(() => {
    found = [...document.querySelectorAll<HTMLElement>('.ant-modal-footer button')].filter((b) => b.textContent === text).at(-1)
    expect(found).toBeTruthy()
  })
  return found!
}
