import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MEASUREMENT_FIXTURES_DIR } from '../../../../tests/fixtures/paths';
import { parseMeasurementFile } from '../parsers';
import { measurementFromArea } from './ballpark';
import { computeEstimate } from './estimate';

const read = (name: string) => fs.readFileSync(path.join(MEASUREMENT_FIXTURES_DIR, name), 'utf8');
const order = {
  zipCode: '43215',
  roofSurfaceMaterial: '30 YEAR LAMINATE SHINGLE',
  roofLayers: '1 Layer',
  plywoodNeeded: 'No',
} as const;

describe('conflicts between the file and the order', () => {
  it('file says more than one storey, order says 1-Story: the order is priced and the report says why', () => {
    const m = parseMeasurementFile('Eagleview .xml', 'ev.xml', read('eagleview-complex.xml'));
    expect(m.stories).toBe('>1');
    const e = computeEstimate({ ...order, buildingHeight: '1-Story', measurement: m });
    const r = e.reconciliations.find((x) => x.topic === 'stories');
    expect(r).toEqual({
      topic: 'stories',
      fileSays: 'Measurement file: more than one storey',
      orderSays: 'Order: 1-Story',
      used: '1-Story',
      reason: expect.stringContaining("The order's building height is priced"),
    });
    expect(e.lineItems.find((i) => i.code === 'HIGH-ROOF')).toBeUndefined();
  });

  it('file says one storey, order says 2-Story: the high-roof charge is priced and the conflict said', () => {
    const m = parseMeasurementFile('Eagleview .xml', 'ev.xml', read('eagleview-gable.xml'));
    expect(m.stories).toBe('1');
    const e = computeEstimate({ ...order, buildingHeight: '2-Story', measurement: m });
    expect(e.reconciliations.map((x) => [x.topic, x.fileSays, x.used])).toEqual([
      ['stories', 'Measurement file: one storey', '2-Story'],
    ]);
    expect(e.lineItems.find((i) => i.code === 'HIGH-ROOF')).toBeDefined();
    // agreeing figures: nothing to reconcile
    expect(computeEstimate({ ...order, buildingHeight: '1-Story', measurement: m }).reconciliations).toEqual(
      [],
    );
  });

  it('a typed measurement with stories is named as such, not as a file', () => {
    const m = measurementFromArea(2000, 6, 'Manual entry', { stories: '>1' });
    const e = computeEstimate({ ...order, buildingHeight: '1-Story', measurement: m });
    expect(e.reconciliations[0]?.fileSays).toBe('Measurement (manual entry): more than one storey');
  });

  it("file's suggested waste differs from the applied waste: both figures and the reason", () => {
    const m = parseMeasurementFile('Eagleview .xml', 'ev.xml', read('eagleview-complex.xml'));
    const e = computeEstimate({
      ...order,
      roofSurfaceMaterial: 'SLATE',
      buildingHeight: 'Mix of 1 and 2',
      measurement: m,
    });
    const r = e.reconciliations.find((x) => x.topic === 'waste');
    expect(r?.fileSays).toBe('Measurement file suggests 15% waste');
    expect(r?.used).toBe(`${e.wastePercent}%`);
    expect(r?.reason).toContain('3 points of breakage for this product');
    expect(r?.reason).toContain('the same rule for every measurement format');
  });
});
