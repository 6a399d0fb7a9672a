import { describe, expect, it } from 'vitest';
import { contractorRating, PRIOR_MEAN, ratingOf, ratingText, reviewCountText } from './rating';

describe('contractorRating (Bayesian average, prior 4 stars worth 5 reviews)', () => {
  it('is 0 with no review', () => {
    expect(contractorRating([])).toEqual({ rating: 0, reviewCount: 0 });
  });

  it('pulls a few reviews towards the prior', () => {
    expect(contractorRating([5]).rating).toBe(4.17); // 25 / 6
    expect(contractorRating([1]).rating).toBe(3.5); // 21 / 6
    expect(contractorRating([5, 5, 5, 5, 5]).rating).toBe(4.5);
  });

  it('never ranks one five-star review above many good ones', () => {
    const single = contractorRating([5]).rating;
    const many = contractorRating(Array.from({ length: 20 }, (_, i) => (i % 4 === 0 ? 4 : 5))).rating;
    expect(many).toBeGreaterThan(single);
    // even twelve reviews of 4.5 on average beat one 5
    expect(contractorRating([...Array(6).fill(5), ...Array(6).fill(4)]).rating).toBeGreaterThan(single);
  });

  it('tends to the plain mean as reviews add up', () => {
    expect(contractorRating(Array(1000).fill(3)).rating).toBeCloseTo(3, 2);
    expect(contractorRating(Array(1000).fill(5)).rating).toBeCloseTo(5, 1);
  });

  it('rounds an exact half up, as the database does', () => {
    // (20 + 5 + 5 + 4 + 3) * 100 / 9 = 411.1 -> 4.11; (20 + 9) * 100 / 8 = 362.5 -> 3.63
    expect(ratingOf(17, 4)).toBe(4.11);
    expect(ratingOf(9, 3)).toBe(3.63);
    expect(ratingOf(0, 0)).toBe(0);
  });

  it('stays between 1 and 5 and near the prior', () => {
    for (let n = 1; n <= 30; n++) {
      for (const s of [1, 3, 5]) {
        const r = contractorRating(Array(n).fill(s)).rating;
        expect(r).toBeGreaterThanOrEqual(Math.min(s, PRIOR_MEAN) - 0.005);
        expect(r).toBeLessThanOrEqual(Math.max(s, PRIOR_MEAN) + 0.005);
      }
    }
  });

  it('writes the card texts', () => {
    expect(ratingText({ rating: 4.17, reviewCount: 1 })).toBe('4.2');
    expect(ratingText({ rating: 0, reviewCount: 0 })).toBeNull();
    expect(reviewCountText(0)).toBe('No reviews yet');
    expect(reviewCountText(1)).toBe('1 review');
    expect(reviewCountText(12)).toBe('12 reviews');
  });
});
