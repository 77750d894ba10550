// The user form's client-side rules (spec 5, Users), with the server catalogue's messages.
import type { FormRule } from 'antd'
import type { TFunction } from 'i18next'

// the specification's 2 MB, as the server counts it (2,000,000 bytes)
export const MAX_AVATAR_BYTES = 2_000_000
export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/webp']

export function userRules(t: TFunction, creating: boolean) {
  const required = { required: true, message: t('validation.required') }
  return {
    name: [required, { min: 2, message: t('validation.min', { n: 2 }) }, { max: 255, message: t('validation.max', { n: 255 }) }],
    email: [required, { type: 'email', message: t('validation.email') }, { max: 255, message: t('validation.max', { n: 255 }) }],
    role: [required],
    // on edit the password is optional: empty keeps the old one
    password: [...(creating ? [required] : []), { min: 8, message: t('validation.min', { n: 8 }) }],
    password_confirmation: [
      ({ getFieldValue }) => ({
        validator(_, value: string | undefined) {
          const password = getFieldValue('password') as string | undefined
          if (!password && !value) return creating ? Promise.reject(new Error(t('validation.required'))) : Promise.resolve()
          if (!value) return Promise.reject(new Error(t('validation.required')))
          return value === password ? Promise.resolve() : Promise.reject(new Error(t('validation.passwordMatch')))
        },
      }),
    ],
  } satisfies Record<string, FormRule[]>
}

/** avatarProblem: the i18n key of what is wrong with a chosen avatar file, or null. */
export function avatarProblem(file: { size: number; type: string }): string | null {
  if (!AVATAR_TYPES.includes(file.type)) return 'validation.imageType'
  if (file.size > MAX_AVATAR_BYTES) return 'validation.imageSize'
  return null
}
