import type { ButtonHTMLAttributes } from 'react'

type Variant = 'primary' | 'secondary' | 'danger' | 'link'

const variants: Record<Variant, string> = {
  primary: 'bg-brand-600 text-white hover:bg-brand-700 disabled:bg-slate-400',
  secondary: 'border border-slate-300 bg-white text-slate-800 hover:border-brand-600 disabled:text-slate-400',
  danger: 'bg-red-700 text-white hover:bg-red-800 disabled:bg-slate-400',
  link: 'text-brand-600 underline-offset-2 hover:underline disabled:text-slate-400',
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant
  /** Disables the button and tells assistive technology that work is under way. */
  isBusy?: boolean
}

export function Button({ variant = 'primary', isBusy = false, className = '', type = 'button', disabled, children, ...rest }: ButtonProps) {
  const padding = variant === 'link' ? 'px-1 py-1' : 'px-4 py-2'
  return (
    <button
      type={type}
      disabled={disabled || isBusy}
      aria-busy={isBusy || undefined}
      className={`inline-flex items-center justify-center gap-2 rounded-md font-medium disabled:cursor-not-allowed ${padding} ${variants[variant]} ${className}`}
      {...rest}
    >
      {isBusy && <span aria-hidden="true" className="h-4 w-4 animate-spin rounded-full border-2 border-current border-t-transparent" />}
      {children}
    </button>
  )
}
