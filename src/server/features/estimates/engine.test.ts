import { describe, expect, it } from 'vitest';
import { measurementFromArea } from '../../../domain/estimates/index';
import type { EstimateInput, MarketObservation } from '../../../domain/estimates/types';
import { estimateEngine } from './engine';

const DAY = 86_400_000;
const input = (localObservations: MarketObservation[]): EstimateInput => ({
  measurement: measurementFromArea(2000, 6, 'Manual entry'),
  zipCode: '43215',
  roofSurfaceMaterial: '30 YEAR LAMINATE SHINGLE',
  roofLayers: '1 Layer',
  buildingHeight: '1-Story',
  plywoodNeeded: 'No',
  localObservations,
});
const completed = (msFromNow: number): MarketObservation => ({
  finalCostCents: 1_500_000,
  modelExpectedCents: 1_000_000,
  zoneId: 'Z432',
  state: 'OH',
  contractorId: 'firm-1',
  completedAt: new Date(Date.now() + msFromNow).toISOString(),
});

describe('estimateEngine.price: completed jobs are aged to now', () => {
  it('refuses a job dated in the future and learns from one completed yesterday', () => {
    const none = estimateEngine.price(input([])).totalCents;
    expect(estimateEngine.price(input([completed(DAY)])).totalCents).toBe(none);
    expect(estimateEngine.price(input([completed(-DAY)])).totalCents).toBeGreaterThan(none);
  });
});
