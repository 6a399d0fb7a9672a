/**
 * The engine against published local figures for one 2,000 sq ft laminate roof in seven metros
 * (issue 24 #6; docs/estimate-model.md §2 "The engine against published local figures"). Each
 * metro's position against each local page is asserted as the document states it, so a model change
 * that moves a metro across a published figure fails here and the table must be updated with it.
 */
import { describe, expect, it } from 'vitest';
import { measurementFromArea } from './ballpark';
import { computeEstimate } from './estimate';
import { LOCAL_FIGURES } from './local-figures';

type Position = 'below' | 'inside' | 'above';

/** Engine total (USD, whole dollars) and its position against each source, as docs/estimate-model.md §2 states. */
const DOCUMENTED: Record<string, { total: number; positions: Position[] }> = {
  'New York': { total: 13641, positions: ['above', 'above'] },
  Houston: { total: 10611, positions: ['above', 'above', 'inside'] },
  Atlanta: { total: 10595, positions: ['inside', 'inside'] },
  Chicago: { total: 13580, positions: ['above', 'above'] },
  Phoenix: { total: 11129, positions: ['inside', 'inside'] },
  Denver: { total: 11908, positions: ['inside', 'inside'] },
  Miami: { total: 13239, positions: ['inside', 'inside'] },
};

const engineTotal = (zipCode: string): number =>
  Math.round(
    computeEstimate({
      measurement: measurementFromArea(2000, 6, 'Manual entry'),
      zipCode,
      roofSurfaceMaterial: '30 YEAR LAMINATE SHINGLE',
      roofLayers: '1 Layer',
      buildingHeight: '1-Story',
      plywoodNeeded: 'No',
    }).totalCents / 100,
  );

describe('published local figures for a 2,000 sq ft laminate roof', () => {
  it('covers seven metros, each with at least two local pages of a plausible range', () => {
    expect(LOCAL_FIGURES.map((m) => m.metro)).toEqual(Object.keys(DOCUMENTED));
    for (const m of LOCAL_FIGURES) {
      expect(m.sources.length).toBeGreaterThanOrEqual(2);
      for (const s of m.sources) {
        expect(s.low).toBeLessThan(s.high);
        expect(s.low).toBeGreaterThanOrEqual(5000);
        expect(s.high).toBeLessThanOrEqual(20000);
        expect(s.url).toMatch(/^https:\/\//);
      }
    }
  });

  it('places each metro against each source as the model document states', () => {
    for (const m of LOCAL_FIGURES) {
      const total = engineTotal(m.zip);
      const positions = m.sources.map(
        (s): Position => (total < s.low ? 'below' : total > s.high ? 'above' : 'inside'),
      );
      expect({ metro: m.metro, total, positions }).toEqual({ metro: m.metro, ...DOCUMENTED[m.metro] });
    }
  });

  it('puts Atlanta, Phoenix and Miami (with its HVHZ scope) inside every local source', () => {
    for (const name of ['Atlanta', 'Phoenix', 'Miami']) {
      const m = LOCAL_FIGURES.find((x) => x.metro === name);
      if (!m) throw new Error(name);
      const total = engineTotal(m.zip);
      for (const s of m.sources) {
        expect(total).toBeGreaterThanOrEqual(s.low);
        expect(total).toBeLessThanOrEqual(s.high);
      }
    }
  });
});
