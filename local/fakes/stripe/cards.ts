// Stripe's documented test cards and PaymentMethod tokens, and how each behaves when a payment is confirmed:
// 4242… succeeds, 4000 0027 6000 3184 (pm_card_threeDSecure2Required) needs 3-D Secure, 4000 0000 0000 0002
// (pm_card_chargeDeclined) is declined with card_declined / generic_decline.

export type CardBehaviour = 'succeed' | 'authenticate' | 'decline' | 'insufficient_funds';

export interface TestCard {
  number: string;
  brand: string;
  behaviour: CardBehaviour;
}

const CARDS: TestCard[] = [
  { number: '4242424242424242', brand: 'visa', behaviour: 'succeed' },
  { number: '4000056655665556', brand: 'visa', behaviour: 'succeed' },
  { number: '5555555555554444', brand: 'mastercard', behaviour: 'succeed' },
  { number: '378282246310005', brand: 'amex', behaviour: 'succeed' },
  { number: '4000002760003184', brand: 'visa', behaviour: 'authenticate' },
  { number: '4000002500003155', brand: 'visa', behaviour: 'authenticate' },
  { number: '4000000000003220', brand: 'visa', behaviour: 'authenticate' },
  { number: '4000000000000002', brand: 'visa', behaviour: 'decline' },
  { number: '4000000000009995', brand: 'visa', behaviour: 'insufficient_funds' },
];

/** PaymentMethod (pm_card_…) and token (tok_…) shortcuts Stripe accepts in test mode. */
const TOKENS: Record<string, string> = {
  visa: '4242424242424242',
  mastercard: '5555555555554444',
  amex: '378282246310005',
  threeDSecure2Required: '4000002760003184',
  authenticationRequired: '4000002760003184',
  authenticationRequiredOnSetup: '4000002500003155',
  chargeDeclined: '4000000000000002',
  visa_chargeDeclined: '4000000000000002',
  chargeDeclinedInsufficientFunds: '4000000000009995',
};

export function cardByNumber(number: string): TestCard | null {
  const digits = number.replace(/\D/g, '');
  return CARDS.find((c) => c.number === digits) ?? (digits.length >= 12 ? { number: digits, brand: 'visa', behaviour: 'succeed' } : null);
}

/** pm_card_visa, tok_chargeDeclined … → the card behind it. */
export function cardByToken(token: string): TestCard | null {
  const match = /^(?:pm_card_|tok_)(.+)$/.exec(token);
  const number = match ? TOKENS[match[1]!] : undefined;
  return number ? cardByNumber(number) : null;
}
