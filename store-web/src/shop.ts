// The shop's contact data shown in the header and footer (numbers and addresses, not texts:
// the texts around them come from the i18n resources).
export const shop = {
  name: 'ElektroMarket',
  phones: ['011 4150 100', '011 4150 200', '060 4150 100'],
  email: 'prodaja@elektromarket.rs',
  social: [
    { key: 'facebook', label: 'Facebook', url: 'https://www.facebook.com/elektromarket.rs' },
    { key: 'instagram', label: 'Instagram', url: 'https://www.instagram.com/elektromarket.rs' },
    { key: 'linkedin', label: 'LinkedIn', url: 'https://www.linkedin.com/company/elektromarket-rs' },
    { key: 'youtube', label: 'YouTube', url: 'https://www.youtube.com/@elektromarket-rs' },
  ],
} as const

/** telHref makes a dialable link from a local Serbian number. */
export function telHref(phone: string): string {
  return `tel:+381${phone.replace(/\D/g, '').replace(/^0/, '')}`
}
