// Client-side rules of the product page's forms, checked on submit (spec 5): the question
// form's name 2-50 and question 2-1200 with their own messages; the price offer's "both
// fields" and e-mail pattern; the out-of-stock box's required e-mail.
import type { Problem, Rule } from '../forms/validation'

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/

export const NAME_MIN = 2
export const NAME_MAX = 50
export const QUESTION_MIN = 2
export const QUESTION_MAX = 1200
export const COMMENT_MAX = 1200

const problem = (key: string): Problem => ({ key })

const lengthRules = (what: 'name' | 'question', min: number, max: number): Rule[] => [
  (v) => (v.trim() === '' ? problem(`voice.question.${what}Required`) : null),
  (v) => (v.trim().length < min ? problem(`voice.question.${what}Min`) : null),
  (v) => (v.trim().length > max ? problem(`voice.question.${what}Max`) : null),
]

export const questionRules = {
  name: lengthRules('name', NAME_MIN, NAME_MAX),
  question: lengthRules('question', QUESTION_MIN, QUESTION_MAX),
  email: [(v: string) => (v.trim() !== '' && !EMAIL.test(v.trim()) ? problem('voice.emailInvalid') : null)],
  website: [],
} satisfies Record<string, Rule[]>

export const MESSAGE_MAX = 1200

/** The contact page's form: name as the question form's, a required e-mail, message 2-1200. */
export const contactRules = {
  name: lengthRules('name', NAME_MIN, NAME_MAX),
  email: [
    (v: string) => (v.trim() === '' ? problem('voice.emailRequired') : null),
    (v: string) => (!EMAIL.test(v.trim()) ? problem('voice.emailInvalid') : null),
  ],
  message: [
    (v: string) => (v.trim() === '' ? problem('voice.contact.messageRequired') : null),
    (v: string) => (v.trim().length < QUESTION_MIN ? problem('voice.contact.messageMin') : null),
    (v: string) => (v.trim().length > MESSAGE_MAX ? problem('voice.contact.messageMax') : null),
  ],
  website: [],
} satisfies Record<string, Rule[]>

export const backInStockRules = {
  email: [
    (v: string) => (v.trim() === '' ? problem('voice.emailRequired') : null),
    (v: string) => (!EMAIL.test(v.trim()) ? problem('voice.emailInvalid') : null),
  ],
  website: [],
} satisfies Record<string, Rule[]>

/** offerProblem is the price offer's one notice: both fields required, then the e-mail pattern. */
export function offerProblem(email: string, price: string): string | null {
  if (email.trim() === '' || price.trim() === '') return 'voice.offer.empty'
  if (!EMAIL.test(email.trim())) return 'voice.emailInvalid'
  return null
}

export const ratingRules = {
  rating: [(v: string) => (v === '' || v === '0' ? problem('voice.rating.required') : null)],
  comment: [(v: string) => (v.trim().length > COMMENT_MAX ? problem('voice.rating.commentMax') : null)],
  name: [],
  email: [],
  website: [],
} satisfies Record<string, Rule[]>

/** A guest's rating also carries a name (the question form's rules) and a required e-mail. */
export const guestRatingRules = {
  ...ratingRules,
  name: lengthRules('name', NAME_MIN, NAME_MAX),
  email: backInStockRules.email,
} satisfies Record<string, Rule[]>
