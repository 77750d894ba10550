// The pricing rules' activity-log entry types (web_margin.created, ...): their subjects, and the
// i18n key of each type's text (kept with the pricing rules' texts).
export const PRICING_RULE_SUBJECTS = ['web_margin', 'recommended_price', 'authenticated_discount'] as const

/** pricingRuleActivityKey: 'web_margin.created' -> 'pricingRules.activity.web_margin_created'; null for other types */
export function pricingRuleActivityKey(type: string): string | null {
  const subject = type.split('.')[0]
  return (PRICING_RULE_SUBJECTS as readonly string[]).includes(subject) ? `pricingRules.activity.${type.replace('.', '_')}` : null
}
