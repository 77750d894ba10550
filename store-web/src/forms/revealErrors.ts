// What a form does when its submit finds errors: the first invalid field gets the focus and
// is scrolled into view (its message is linked by aria-describedby, so a screen reader reads
// it), and one polite sentence says how many fields need fixing. Without this the errors could
// sit above or below the visible part of a long form while nothing seemed to happen.

const ANNOUNCER_ID = 'form-announcer'

/** announce says text through one live region shared by every form of the page. */
export function announce(text: string): void {
  let region = document.getElementById(ANNOUNCER_ID)
  if (!region) {
    region = document.createElement('div')
    region.id = ANNOUNCER_ID
    region.className = 'visually-hidden'
    region.setAttribute('aria-live', 'assertive')
    region.setAttribute('aria-atomic', 'true')
    document.body.appendChild(region)
  }
  // The same sentence twice in a row must be read twice: empty the region first.
  region.textContent = ''
  const r = region
  window.setTimeout(() => {
    r.textContent = text
  }, 50)
}

/** revealFirstError focuses and shows the form's first invalid field (else its first error
 * alert) and announces text. It answers the element it moved to (null: none found). */
export function revealFirstError(form: HTMLFormElement | null, text: string): HTMLElement | null {
  if (!form) return null
  const field = form.querySelector<HTMLElement>('[aria-invalid="true"]')
  const target = field ?? form.querySelector<HTMLElement>('[role="alert"]')
  if (target) {
    if (!field) target.tabIndex = -1
    target.focus({ preventScroll: true })
    target.scrollIntoView?.({ block: 'center' })
  }
  announce(text)
  return target
}
