/** Links that act as the page's main and secondary actions, styled like Button. */
export const primaryLinkClass =
  'inline-flex items-center justify-center rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700'
export const secondaryLinkClass =
  'inline-flex items-center justify-center rounded-md border border-slate-300 bg-white px-4 py-2 font-medium text-slate-800 hover:border-brand-600'
