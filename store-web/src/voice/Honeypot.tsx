// The honeypot field: hidden from people (and screen readers), filled by form-filling bots;
// the server accepts a filled one as a success and drops it.
import type { ChangeEvent } from 'react'

export function Honeypot({ value, onChange }: { value: string; onChange: (e: ChangeEvent<HTMLInputElement>) => void }) {
  return (
    <div aria-hidden="true" style={{ position: 'absolute', left: '-10000px', width: 1, height: 1, overflow: 'hidden' }}>
      <label>
        Website
        <input name="website" type="text" tabIndex={-1} autoComplete="off" value={value} onChange={onChange} />
      </label>
    </div>
  )
}
