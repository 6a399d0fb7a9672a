import { formatCents } from '../../../domain/payments/money';
import type { QuoteRow } from './quotes.repo';

export interface ConfirmationMailContext {
  brandName: string;
  supportEmail: string;
  /** Absolute base of links (PUBLIC_URL). */
  publicUrl: string;
  /** What was charged, e.g. "Visa ending in 4242", when a card paid. */
  cardText?: string | null;
}

/** The mail the requester gets the moment the quote is submitted: Project ID and confirmation code. */
export function confirmationMail(quote: QuoteRow, ctx: ConfirmationMailContext) {
  const site = ctx.publicUrl;
  const payment =
    quote.amountCents === 0
      ? quote.isVipSubmission
        ? 'VIP Free Submission: no payment required'
        : `Discounted Submission (${quote.discountCode ?? ''}): no payment required`
      : quote.paymentStatus === 'account'
        ? `${formatCents(quote.amountCents)} billed to your organisation's account (monthly statement)`
        : `${formatCents(quote.amountCents)} paid by card${ctx.cardText ? ` (${ctx.cardText})` : ''}${
            quote.discountCode ? `, discount code ${quote.discountCode}` : ''
          }`;
  const address = [
    quote.streetAddress,
    quote.streetAddress2,
    `${quote.city}, ${quote.state} ${quote.zipCode}`,
  ]
    .filter(Boolean)
    .join(', ');
  const lines = [
    `Hello ${quote.requesterFirstName},`,
    '',
    `Thank you for ordering a Fair Market Value roof estimate from ${ctx.brandName}. Your quote request is confirmed.`,
    '',
    `Project ID: ${quote.reference}`,
    `Confirmation code: ${quote.confirmationCode}`,
    `Property: ${address}`,
    `Homeowner: ${quote.homeownerFirstName} ${quote.homeownerLastName}`,
    `Payment: ${payment}`,
    '',
    'Your report will be emailed to you within 5-10 minutes.',
    site
      ? `You can follow its progress at ${site}/thank-you?project_id=${quote.reference}`
      : 'Keep this mail: you can follow the progress with your Project ID.',
    '',
    'Keep your Project ID and confirmation code: you need both to turn this quote into an installation project with a verified contractor.',
    '',
    `Questions? Write to ${ctx.supportEmail}${site ? ` or visit ${site}/contact` : ''}.`,
    '',
    `The ${ctx.brandName} team`,
  ];
  return {
    to: quote.requesterEmail,
    subject: `Your ${ctx.brandName} quote request ${quote.reference} is confirmed`,
    text: lines.join('\n'),
  };
}
