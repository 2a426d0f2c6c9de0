import { supportContact } from '../../../lib/support-contact.ts'

/** docs/product.md, 'Ordering, cart, checkout and payments': the payment pages' way to reach support, by e-mail and (where asked) phone. */
export function SupportContactLine({ withPhone = false }: { withPhone?: boolean }) {
  return (
    <p className="text-sm text-slate-600">
      Need help? E-mail{' '}
      <a href={`mailto:${supportContact.email}`} className="font-semibold text-brand-600 underline">
        {supportContact.email}
      </a>
      {withPhone && (
        <>
          {' '}
          or call{' '}
          <a href={`tel:${supportContact.phone.replace(/[^+\d]/g, '')}`} className="font-semibold text-brand-600 underline">
            {supportContact.phone}
          </a>
        </>
      )}
      .
    </p>
  )
}
