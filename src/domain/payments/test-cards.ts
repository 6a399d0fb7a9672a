/**
 * Card checks and Stripe's test-mode card semantics, for the built-in payment sandbox.
 * The browser runs the checks before it sends anything; the server runs them again and
 * decides the outcome. Messages are the ones Stripe shows for the same cases.
 */

export type CardBrand =
  | 'visa'
  | 'mastercard'
  | 'amex'
  | 'discover'
  | 'diners'
  | 'jcb'
  | 'unionpay'
  | 'unknown';

export const cardBrandLabels: Record<CardBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  unknown: 'Card',
};

export const cardMessages = {
  numberIncomplete: 'Your card number is incomplete.',
  numberInvalid: 'Your card number is invalid.',
  expiryIncomplete: "Your card's expiration date is incomplete.",
  expiryMonthInvalid: "Your card's expiration month is invalid.",
  expiryYearInvalid: "Your card's expiration year is invalid.",
  expiryPast: "Your card's expiration date is in the past.",
  cvcIncomplete: "Your card's security code is incomplete.",
  postalIncomplete: 'Your ZIP is incomplete.',
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  expiredCard: 'Your card has expired.',
  incorrectCvc: "Your card's security code is incorrect.",
  processingError: 'An error occurred while processing your card. Try again in a little bit.',
  notTestCard:
    'Your card was declined. This is test mode: no real card is charged. Use a test card such as 4242 4242 4242 4242.',
} as const;

export function cardDigits(number: string): string {
  return number.replace(/[\s-]/g, '');
}

export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

export function cardBrand(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d{2}|27[01]\d|2720)/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  if (/^(36|38|30[0-5])/.test(digits)) return 'diners';
  if (/^35/.test(digits)) return 'jcb';
  if (/^62/.test(digits)) return 'unionpay';
  return 'unknown';
}

/** The number's full length for its brand (Amex 15, Diners 14, others 16). */
export function cardLength(brand: CardBrand): number {
  if (brand === 'amex') return 15;
  if (brand === 'diners') return 14;
  return 16;
}

export function cvcLength(brand: CardBrand): number {
  return brand === 'amex' ? 4 : 3;
}

/** "4242 4242 4242 4242" (Amex: 4-6-5) as the person types. */
export function formatCardNumber(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 19);
  const brand = cardBrand(digits);
  if (brand === 'amex') {
    return [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10, 15)].filter(Boolean).join(' ');
  }
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "12 / 34" as the person types. */
export function formatExpiry(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 4);
  if (digits.length <= 2) return digits;
  return `${digits.slice(0, 2)} / ${digits.slice(2)}`;
}

/** Month and four-digit year from "MM / YY", "MM/YYYY" or "MMYY"; null when incomplete. */
export function parseExpiry(input: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(input);
  if (!match) return null;
  const month = Number(match[1]);
  const yearText = match[2] as string;
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  return { month, year };
}

export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  postalCode?: string | null;
}

export type CardField = 'number' | 'expiry' | 'cvc' | 'postalCode';

export type CardCheck =
  | { ok: true; brand: CardBrand; last4: string; digits: string }
  | { ok: false; errors: Partial<Record<CardField, string>> };

/** Number (length and Luhn), expiry (a real month, not in the past) and CVC (length for the brand). */
export function checkCard(input: CardInput, now: Date): CardCheck {
  const errors: Partial<Record<CardField, string>> = {};
  const digits = cardDigits(input.number);
  const brand = cardBrand(digits);
  if (!/^\d*$/.test(digits) || digits.length > 19) errors.number = cardMessages.numberInvalid;
  else if (digits.length < cardLength(brand)) errors.number = cardMessages.numberIncomplete;
  else if (!luhnValid(digits)) errors.number = cardMessages.numberInvalid;

  const { expMonth, expYear } = input;
  const thisYear = now.getUTCFullYear();
  const thisMonth = now.getUTCMonth() + 1;
  if (!Number.isInteger(expMonth) || !Number.isInteger(expYear))
    errors.expiry = cardMessages.expiryIncomplete;
  else if (expMonth < 1 || expMonth > 12) errors.expiry = cardMessages.expiryMonthInvalid;
  else if (expYear > thisYear + 50) errors.expiry = cardMessages.expiryYearInvalid;
  else if (expYear < thisYear || (expYear === thisYear && expMonth < thisMonth)) {
    errors.expiry = cardMessages.expiryPast;
  }

  const cvc = input.cvc.trim();
  if (!/^\d+$/.test(cvc) || cvc.length < cvcLength(brand) || cvc.length > 4) {
    errors.cvc = cardMessages.cvcIncomplete;
  }
  if (input.postalCode !== undefined && input.postalCode !== null) {
    if (input.postalCode.trim().length < 5) errors.postalCode = cardMessages.postalIncomplete;
  }

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, brand, last4: digits.slice(-4), digits };
}

export type SandboxOutcome =
  | { outcome: 'succeeded' }
  | { outcome: 'declined'; code: string; declineCode: string; message: string };

/** Stripe's test cards that succeed (any future expiry, any CVC). */
export const SUCCESS_TEST_CARDS: readonly string[] = [
  '4242424242424242',
  '4000056655665556',
  '5555555555554444',
  '2223003122003222',
  '5200828282828210',
  '5105105105105100',
  '378282246310005',
  '371449635398431',
  '6011111111111117',
  '6011000990139424',
  '3056930009020004',
  '36227206271667',
  '3566002020360505',
  '6200000000000005',
];

/** Stripe's test cards that fail, with the decline they cause. */
export const DECLINE_TEST_CARDS: Readonly<
  Record<string, { code: string; declineCode: string; message: string }>
> = {
  '4000000000000002': {
    code: 'card_declined',
    declineCode: 'generic_decline',
    message: cardMessages.declined,
  },
  '4000000000009995': {
    code: 'card_declined',
    declineCode: 'insufficient_funds',
    message: cardMessages.insufficientFunds,
  },
  '4000000000009987': { code: 'card_declined', declineCode: 'lost_card', message: cardMessages.declined },
  '4000000000009979': { code: 'card_declined', declineCode: 'stolen_card', message: cardMessages.declined },
  '4100000000000019': { code: 'card_declined', declineCode: 'fraudulent', message: cardMessages.declined },
  '4000000000000069': {
    code: 'expired_card',
    declineCode: 'expired_card',
    message: cardMessages.expiredCard,
  },
  '4000000000000127': {
    code: 'incorrect_cvc',
    declineCode: 'incorrect_cvc',
    message: cardMessages.incorrectCvc,
  },
  '4000000000000119': {
    code: 'processing_error',
    declineCode: 'processing_error',
    message: cardMessages.processingError,
  },
};

/** What the sandbox does with a valid card number: Stripe's test-mode behaviour. */
export function sandboxOutcome(digits: string): SandboxOutcome {
  if (SUCCESS_TEST_CARDS.includes(digits)) return { outcome: 'succeeded' };
  const decline = DECLINE_TEST_CARDS[digits];
  if (decline) return { outcome: 'declined', ...decline };
  return {
    outcome: 'declined',
    code: 'card_declined',
    declineCode: 'test_mode_live_card',
    message: cardMessages.notTestCard,
  };
}
