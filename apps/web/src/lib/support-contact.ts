import { SUPPORT_CONTACT } from '@keydesk/contracts/support'

/** Where users reach support (the payment pages of docs/product.md, 'Screens and routes (web)'); a deployment may override the defaults at build time. */
export const supportContact = {
  email: import.meta.env.VITE_SUPPORT_EMAIL ?? SUPPORT_CONTACT.email,
  phone: import.meta.env.VITE_SUPPORT_PHONE ?? SUPPORT_CONTACT.phone,
}
