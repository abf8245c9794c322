// Stripe's error answers: { error: { type, code, decline_code, message, param } } with its statuses (400, 402, 404).
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Stripe errors are open-ended JSON
type Body = Record<string, any>;

export class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly body: Body,
  ) {
    super(String(body.message));
  }
}

export const invalid = (message: string, param?: string) => new StripeError(400, { type: 'invalid_request_error', message, ...(param ? { param } : {}) });

export const missing = (kind: string, id: string, param = 'id') =>
  new StripeError(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${kind}: '${id}'`, param });

export function cardError(code: string, decline: string | null, message: string, extra: Body = {}): StripeError {
  return new StripeError(402, { type: 'card_error', code, ...(decline ? { decline_code: decline } : {}), message, doc_url: `https://stripe.com/docs/error-codes/${code}`, ...extra });
}
