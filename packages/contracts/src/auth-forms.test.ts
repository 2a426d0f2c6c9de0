import { describe, expect, it } from 'vitest'
import { AdminRegisterFormSchema, BusinessRegisterFormSchema, ResetPasswordFormSchema } from './auth-forms.ts'

/** The first message of each field, as the form shows it. */
function messages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const shown: Record<string, string> = {}
  for (const issue of result.error?.issues ?? []) shown[issue.path.join('.')] ??= issue.message
  return shown
}

describe('reset password form', () => {
  it('requires the new password', () => {
    expect(messages(ResetPasswordFormSchema.safeParse({ password: '', confirmPassword: '' }))).toEqual({
      password: 'Password is required',
    })
  })

  it('needs at least 6 characters', () => {
    expect(messages(ResetPasswordFormSchema.safeParse({ password: '12345', confirmPassword: '12345' }))).toEqual({
      password: 'Password must be at least 6 characters',
    })
  })

  it('needs a matching confirmation', () => {
    expect(messages(ResetPasswordFormSchema.safeParse({ password: '123456', confirmPassword: '123457' }))).toEqual({
      confirmPassword: 'Passwords do not match',
    })
  })
})

const adminForm = {
  fname: 'Ada',
  lname: 'Admin',
  email: 'ada@keydesk.example',
  company: 'Keydesk',
  phone: '555-0101',
  password: 'longenough',
  confirmPassword: 'longenough',
  adminCode: 'ABC123',
}

describe('admin register form', () => {
  it('accepts a complete form', () => {
    expect(AdminRegisterFormSchema.safeParse(adminForm).success).toBe(true)
  })

  it('gives the admin page texts for every missing field', () => {
    const empty = { fname: '', lname: '', email: '', company: '', phone: '', password: '', confirmPassword: '', adminCode: '' }
    expect(messages(AdminRegisterFormSchema.safeParse(empty))).toEqual({
      fname: 'First name is required',
      lname: 'Last name is required',
      email: 'Email is required',
      company: 'Company name is required',
      phone: 'Phone number is required',
      password: 'Password must be at least 8 characters',
      confirmPassword: 'Please confirm your password',
      adminCode: 'Please enter the registration code sent to your email',
    })
  })

  it('refuses a malformed e-mail, a short password and a short code', () => {
    expect(
      messages(
        AdminRegisterFormSchema.safeParse({ ...adminForm, email: 'ada', password: 'short', confirmPassword: 'short', adminCode: 'ABC' }),
      ),
    ).toEqual({
      email: 'Email is invalid',
      password: 'Password must be at least 8 characters',
      adminCode: 'Please enter the registration code sent to your email',
    })
  })

  it('says when the passwords differ, even while other fields are wrong', () => {
    expect(messages(AdminRegisterFormSchema.safeParse({ ...adminForm, company: '', confirmPassword: 'different1' }))).toEqual({
      company: 'Company name is required',
      confirmPassword: 'Passwords do not match',
    })
  })
})

describe('business register form', () => {
  const form = {
    fname: 'Dana',
    lname: 'Locke',
    email: 'dana@locke.example',
    phone: '555',
    password: 'longenough',
    confirmPassword: 'longenough',
    state: 'Texas',
  }

  it('gives the business page texts for the password', () => {
    expect(messages(BusinessRegisterFormSchema.safeParse({ ...form, password: 'short', confirmPassword: 'short' }))).toEqual({
      password: 'Password must be at least 8 characters long.',
    })
    expect(messages(BusinessRegisterFormSchema.safeParse({ ...form, confirmPassword: 'longenougH' }))).toEqual({
      confirmPassword: 'Passwords do not match. Please try again.',
    })
  })

  it('requires a state and a phone', () => {
    expect(messages(BusinessRegisterFormSchema.safeParse({ ...form, state: '', phone: '' }))).toEqual({
      phone: 'Phone is required',
      state: 'State is required',
    })
  })
})
