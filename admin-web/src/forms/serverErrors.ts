// The one mapping of a server 422 onto an antd form (refine's useForm pattern): clear the form's
// errors, then put the first message of each field on that field.
import type { FormInstance } from 'antd'
import { fieldErrors } from '@shop/shared'
import { ApiError } from '../api/client'

export interface FieldData {
  name: string
  errors: string[]
}

/** serverFieldData: the 422's fields as antd field data; none for any other failure. */
export function serverFieldData(err: unknown): FieldData[] {
  if (!(err instanceof ApiError) || err.status !== 422) return []
  return Object.entries(fieldErrors(err.body)).map(([name, message]) => ({ name, errors: [message] }))
}

/** applyServerErrors sets a 422's messages on the form; it returns the fields it set. */
export function applyServerErrors(form: FormInstance, err: unknown): FieldData[] {
  const fields = serverFieldData(err)
  form.setFields(form.getFieldsError().map(({ name }) => ({ name, errors: [] })))
  if (fields.length > 0) form.setFields(fields)
  return fields
}
