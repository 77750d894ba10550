// Client-side rules of the account forms (name 2-255, e-mail max 255, password min 8, matching
// confirmation). A rule answers an i18n message key with its parameters, or null when valid.

export interface Problem {
  key: string
  params?: Record<string, number>
}

export type Rule = (value: string, all: Record<string, string>) => Problem | null

// A pragmatic address pattern: something@domain.tld, no spaces.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/

export const required: Rule = (v) => (v.trim() === '' ? { key: 'form.required' } : null)
export const minLength = (count: number): Rule => (v) =>
  v.length > 0 && v.length < count ? { key: 'form.minLength', params: { count } } : null
export const maxLength = (count: number): Rule => (v) =>
  v.length > count ? { key: 'form.maxLength', params: { count } } : null
export const email: Rule = (v) => (v.trim() !== '' && !EMAIL.test(v.trim()) ? { key: 'form.email' } : null)
export const sameAs = (field: string): Rule => (v, all) =>
  v !== '' && v !== (all[field] ?? '') ? { key: 'form.passwordsMatch' } : null

export const NAME_MIN = 2
export const NAME_MAX = 255
export const EMAIL_MAX = 255
export const PASSWORD_MIN = 8

export const rules = {
  name: [required, minLength(NAME_MIN), maxLength(NAME_MAX)],
  email: [required, email, maxLength(EMAIL_MAX)],
  password: [required, minLength(PASSWORD_MIN)],
  // Login only checks presence: a short old password must still be able to log in.
  loginPassword: [required],
  passwordConfirmation: [required, sameAs('password')],
} satisfies Record<string, Rule[]>

export type Schema = Record<string, Rule[]>

/** validate runs each field's rules in order and keeps the first problem per field. */
export function validate(schema: Schema, values: Record<string, string>): Record<string, Problem> {
  const out: Record<string, Problem> = {}
  for (const [field, fieldRules] of Object.entries(schema)) {
    for (const rule of fieldRules) {
      const p = rule(values[field] ?? '', values)
      if (p) {
        out[field] = p
        break
      }
    }
  }
  return out
}
