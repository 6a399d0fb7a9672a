import type { Logger } from 'pino';
import { paymentMessages } from '../../../domain/payments/schemas';
import { AppError } from '../../platform/errors';
import { ProviderUnavailableError } from '../payments';

/** 402: the quote is not paid (enough) yet. */
export class PaymentRequiredError extends AppError {
  constructor(message: string) {
    super(402, message);
  }
}

/** 503: the payment provider could not be reached. */
export class ServiceUnavailableError extends AppError {
  constructor(message: string) {
    super(503, message);
  }
}

/** Errors after which trying again cannot help (not paid, paid too little): no retry job. */
export function isPermanent(err: unknown): boolean {
  return err instanceof AppError && err.statusCode < 500;
}

/** A call to the payment provider; its outage answers 503 (the provider could not be reached). */
export async function withProvider<T>(log: Logger, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof ProviderUnavailableError) {
      log.error({ err }, 'payment provider call failed');
      throw new ServiceUnavailableError(paymentMessages.providerUnavailable);
    }
    throw err;
  }
}
