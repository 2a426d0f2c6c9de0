import { CURRENCY_NOTE, formatDollars } from '@keydesk/contracts/money'
import { type PaymentReceipt, SELLER } from '@keydesk/contracts/receipts'
import PDFDocument from 'pdfkit'

export interface ReceiptBuyer {
  fname: string | null
  lname: string | null
  email: string | null
  phone: string | null
  company: string | null
  state: string | null
  address: string | null
  city: string | null
  zipCode: string | null
}

const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })

const present = (parts: (string | null | undefined)[]) => parts.filter((part): part is string => Boolean(part?.trim()))

/** The buyer's block: the business first, then the person, the address with its state or province, and the contact. */
export function buyerLines(buyer: ReceiptBuyer): string[] {
  const person = present([buyer.fname, buyer.lname]).join(' ')
  const place = present([buyer.city, present([buyer.state, buyer.zipCode]).join(' ')]).join(', ')
  return present([buyer.company, person, buyer.address, place, buyer.email, buyer.phone])
}

/** The business a team member ordered for, and its locations: 'Northside Locks, Downtown'. */
export const orderedForLine = (orderedFor: NonNullable<PaymentReceipt['orderedFor']>) =>
  [orderedFor.business, ...orderedFor.locations].filter(Boolean).join(', ')

/**
 * docs/product.md, 'Receipts': the receipt as a PDF, drawn by pdfkit with its built-in Helvetica (no font files), and
 * streamed: the caller pipes the document to the answer, which ends it.
 */
export function writeReceiptPdf(receipt: PaymentReceipt, buyer: ReceiptBuyer, sellerAddress: string | null): PDFKit.PDFDocument {
  const document = new PDFDocument({
    size: 'LETTER',
    // Uncompressed: a receipt is a page of text, and its words stay findable in the file (tests, mail scanners, search).
    compress: false,
    margin: 56,
    info: { Title: `Receipt ${receipt.confirmationNumber}`, Author: SELLER.name },
  })
  const width = document.page.width - 112
  const amountColumn = 100

  document.font('Helvetica-Bold').fontSize(20).text('Receipt')
  document.font('Helvetica').fontSize(10).moveDown(0.5)
  document.text(`Confirmation number: ${receipt.confirmationNumber}`)
  document.text(`Paid on: ${day(receipt.paidAt)}`)
  document.moveDown()

  const top = document.y
  document.font('Helvetica-Bold').text('Seller', 56, top)
  document.font('Helvetica').text(present([SELLER.name, sellerAddress, SELLER.email, SELLER.phone]).join('\n'), { width: width / 2 - 10 })
  const sellerBottom = document.y
  document.font('Helvetica-Bold').text('Billed to', 56 + width / 2, top)
  document.font('Helvetica').text(buyerLines(buyer).join('\n'), 56 + width / 2, document.y, { width: width / 2 })
  if (receipt.orderedFor) {
    document.font('Helvetica-Bold').text('Ordered for', 56 + width / 2, document.y + 6, { width: width / 2 })
    document.font('Helvetica').text(orderedForLine(receipt.orderedFor), { width: width / 2 })
  }
  document.x = 56
  document.y = Math.max(sellerBottom, document.y) + 20

  const row = (left: string, right: string, options: { bold?: boolean; detail?: string | null } = {}) => {
    const y = document.y
    document.font(options.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10)
    document.text(left, 56, y, { width: width - amountColumn - 10 })
    if (options.detail)
      document
        .fontSize(8.5)
        .fillColor('#475569')
        .text(options.detail, { width: width - amountColumn - 10 })
        .fillColor('black')
    const bottom = document.y
    document.fontSize(10).text(right, 56 + width - amountColumn, y, { width: amountColumn, align: 'right' })
    document.x = 56
    document.y = Math.max(bottom, document.y) + 6
  }

  row('Item', 'Amount', { bold: true })
  for (const line of receipt.lines) row(line.name, formatDollars(line.amountCents), { detail: line.priceRule })
  document
    .moveTo(56, document.y)
    .lineTo(56 + width, document.y)
    .stroke()
  document.moveDown(0.5)
  row('Charged', formatDollars(receipt.chargedCents), { bold: true })
  for (const refund of receipt.refunds)
    row(`Refunded on ${day(refund.refundedAt)}`, `-${formatDollars(refund.amountCents)}`, { detail: refund.what })
  if (receipt.refunds.length > 0) row('Paid after refunds', formatDollars(receipt.netCents), { bold: true })

  document.moveDown()
  document.fontSize(8.5).fillColor('#475569').text(CURRENCY_NOTE, 56, document.y, { width })
  document.end()
  return document
}
