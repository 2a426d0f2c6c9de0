import { formatDollars } from '@keydesk/contracts/money'
import type { SandboxSession } from './sandbox-repository.ts'

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char)

const STYLE = `
body{font-family:system-ui,sans-serif;background:#f1f5f9;color:#0f172a;margin:0}
main{max-width:32rem;margin:2rem auto;background:#fff;border-radius:.75rem;padding:2rem;box-shadow:0 1px 3px #0002}
.banner{background:#fef3c7;color:#78350f;border:1px solid #f59e0b;border-radius:.5rem;padding:.75rem;margin-bottom:1.5rem;font-weight:600}
table{width:100%;border-collapse:collapse;margin-bottom:1rem}td{padding:.4rem 0;border-bottom:1px solid #e2e8f0}td.amount{text-align:right}
tr.total td{font-weight:700;border-bottom:none}
label{display:block;font-size:.9rem;font-weight:600;margin-top:.8rem}
input{width:100%;box-sizing:border-box;padding:.6rem;border:1px solid #94a3b8;border-radius:.4rem;font-size:1rem;margin-top:.25rem}
input:focus,button:focus,a:focus{outline:3px solid #2563eb;outline-offset:2px}
.row{display:flex;gap:1rem}.row>div{flex:1}
button{margin-top:1.5rem;width:100%;padding:.8rem;border:0;border-radius:.4rem;background:#1d4ed8;color:#fff;font-size:1rem;font-weight:700;cursor:pointer}
.error{background:#fee2e2;color:#7f1d1d;border:1px solid #ef4444;border-radius:.5rem;padding:.75rem;margin-bottom:1rem}
.hint{font-size:.85rem;color:#334155}.cancel{display:block;text-align:center;margin-top:1rem;color:#1d4ed8}`

function page(title: string, body: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`
}

/** The sandbox's hosted checkout: items, total, the test cards, and a Cancel back to the shop. */
export function checkoutPage(session: SandboxSession, values: { email?: string; name?: string; error?: string }) {
  const rows = session.lineItems
    .map(
      (item) =>
        `<tr><td>${escapeHtml(item.name)}<div class="hint">${escapeHtml(item.description)}</div></td><td class="amount">${formatDollars(item.amountCents)}</td></tr>`,
    )
    .join('')
  const emailField = session.customerEmail
    ? ''
    : `<label for="email">E-mail for your receipt and keycode</label><input id="email" name="email" type="email" autocomplete="email" required value="${escapeHtml(values.email ?? '')}">`
  return page(
    'Keydesk test checkout',
    `<div class="banner" role="note">TEST CHECKOUT: no real card is charged. Use 4242 4242 4242 4242 to pay, 4000 0000 0000 0002 to see a decline.</div>
<h1>Pay Keydesk</h1>
${values.error ? `<div class="error" role="alert">${escapeHtml(values.error)}</div>` : ''}
<table aria-label="Order summary"><tbody>${rows}<tr class="total"><td>Total</td><td class="amount">${formatDollars(session.amountCents)}</td></tr></tbody></table>
<form method="post" action="/sandbox-checkout/${escapeHtml(session.id)}">
${emailField}
<label for="name">Name on card</label><input id="name" name="name" autocomplete="cc-name" required value="${escapeHtml(values.name ?? '')}">
<label for="cardNumber">Card number</label><input id="cardNumber" name="cardNumber" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242" required>
<div class="row"><div><label for="expiry">Expiry (MM/YY)</label><input id="expiry" name="expiry" autocomplete="cc-exp" placeholder="12/34" required></div>
<div><label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123" required></div></div>
<button type="submit">Pay ${formatDollars(session.amountCents)}</button>
</form>
<a class="cancel" href="${escapeHtml(session.cancelUrl)}">Cancel and return to Keydesk</a>`,
  )
}

export function closedCheckoutPage() {
  return page(
    'Checkout closed',
    '<h1>This checkout is closed</h1><p>It was paid, cancelled or has expired. Return to Keydesk to see your order or start again.</p><a class="cancel" href="/cart">Back to the cart</a>',
  )
}
