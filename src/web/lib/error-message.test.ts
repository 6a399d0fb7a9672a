import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import {
  errorMessage,
  errorStatus,
  GENERIC_ERROR_MESSAGE,
  NETWORK_ERROR_MESSAGE,
  parseApiError,
} from './error-message';

describe('errorMessage', () => {
  it("reads the JSON body's message", () => {
    const error = new Error('401: {"message":"Invalid email or password."}');
    expect(errorMessage(error)).toBe('Invalid email or password.');
  });

  it('works with ApiError instances', () => {
    const error = new ApiError(429, '{"message":"Too many sign-in attempts. Try again in 15 minutes."}');
    expect(errorMessage(error)).toBe('Too many sign-in attempts. Try again in 15 minutes.');
    expect(errorStatus(error)).toBe(429);
  });

  it("falls back to an 'error' field", () => {
    expect(errorMessage(new Error('400: {"error":"Discount code not found"}'))).toBe(
      'Discount code not found',
    );
  });

  it('uses a plain-text body as it is', () => {
    expect(errorMessage(new Error('409: An account with this email already exists'))).toBe(
      'An account with this email already exists',
    );
  });

  it('uses the given fallback, else a sentence for the status, when the body says nothing useful', () => {
    expect(errorMessage(new Error('500: <html><body>Oops</body></html>'))).toBe(
      'Something went wrong on our side. Please try again in a moment.',
    );
    expect(errorMessage(new Error('500: {}'), 'Failed to create project.')).toBe('Failed to create project.');
    expect(errorMessage(new Error('429: '))).toBe('Too many attempts. Please wait a moment and try again.');
    expect(errorMessage(new Error('418: {}'))).toBe(GENERIC_ERROR_MESSAGE);
  });

  it('explains network failures', () => {
    expect(errorMessage(new TypeError('Failed to fetch'))).toBe(NETWORK_ERROR_MESSAGE);
  });

  it('keeps the message of other errors, and copes with non-errors', () => {
    expect(errorMessage(new Error('Stripe not loaded'))).toBe('Stripe not loaded');
    expect(errorMessage('weird')).toBe(GENERIC_ERROR_MESSAGE);
    expect(errorMessage(undefined, 'Please try again.')).toBe('Please try again.');
  });
});

describe('parseApiError', () => {
  it('returns status, message and field errors', () => {
    const error = new Error(
      '400: {"message":"Please check the highlighted fields.","fieldErrors":{"password":["Password must be at least 8 characters"],"x":"no"}}',
    );
    expect(parseApiError(error)).toEqual({
      status: 400,
      message: 'Please check the highlighted fields.',
      fieldErrors: { password: ['Password must be at least 8 characters'] },
    });
  });

  it('is empty for errors that are not api-client errors', () => {
    expect(parseApiError(new Error('nope'))).toEqual({});
    expect(parseApiError(null)).toEqual({});
  });
});
