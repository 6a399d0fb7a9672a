import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { MeasurementSummary } from '../../../../domain/quotes/quote-calls';
import { formatPitch, MeasurementSummaryView, measurementRows } from './measurement-summary';

const eagleview: MeasurementSummary = {
  source: 'EagleView',
  totalAreaSqFt: 3125.4,
  squares: 31.25,
  predominantPitch: 7,
  facetCount: 14,
  address: '200 Sample Rd, Dallas, TX 75201',
  warnings: ['The file says 1 storey; the form says 2-Story.'],
};

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('the measurement summary after an upload', () => {
  it('shows the area, squares, pitch, facets, the address and the warnings', () => {
    const html = renderToStaticMarkup(<MeasurementSummaryView summary={eagleview} />);
    const shown = text(html);
    expect(shown).toContain('What we read from your EagleView file');
    expect(shown).toContain('Roof area 3,125 sq ft');
    expect(shown).toContain('Squares 31.3');
    expect(shown).toContain('Predominant pitch 7/12');
    expect(shown).toContain('Roof facets 14');
    expect(shown).toContain('Address in the file 200 Sample Rd, Dallas, TX 75201');
    expect(shown).toContain('The file says 1 storey; the form says 2-Story.');
    expect(html).toContain('data-testid="measurement-summary"');
  });

  it('says when the file states no facets or address, and lists no warnings when there are none', () => {
    const roofr = { ...eagleview, source: 'Roofr', facetCount: null, address: null, warnings: [] };
    expect(measurementRows(roofr)).toEqual([
      { label: 'Roof area', value: '3,125 sq ft' },
      { label: 'Squares', value: '31.3' },
      { label: 'Predominant pitch', value: '7/12' },
      { label: 'Roof facets', value: 'Not stated in the file' },
    ]);
    expect(renderToStaticMarkup(<MeasurementSummaryView summary={roofr} />)).not.toContain(
      'Warnings about the file',
    );
  });

  it('writes the pitch as rise per 12, to the half', () => {
    expect(formatPitch(6)).toBe('6/12');
    expect(formatPitch(6.4)).toBe('6.5/12');
    expect(formatPitch(0.2)).toBe('Flat');
    expect(formatPitch(12)).toBe('12/12');
  });
});
