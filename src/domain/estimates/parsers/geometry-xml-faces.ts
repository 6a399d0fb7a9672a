/** Reading a roof of geometry XML: its nodes and attributes, its points, each face's area and pitch. */
import type { RoofFacet } from '../types';
import { fail, type ParseContext, parseNumberText, parsePitchLabel, shown } from './common';
import { MEASUREMENT_LIMITS } from './limits';
import { chainRing, polygonArea, polygonPitch, type Vec3 } from './polygon';

export type Node = Record<string, unknown>;

export function asArray(v: unknown): Node[] {
  if (v === undefined || v === null || v === '') return [];
  return (Array.isArray(v) ? v : [v]).filter((x): x is Node => typeof x === 'object' && x !== null);
}

export function attr(node: Node | undefined, name: string): string | undefined {
  if (!node) return undefined;
  const v = node[`@_${name}`];
  return v === undefined || v === null ? undefined : String(v);
}

/** The POINTS of a roof by id; a point without three numbers fails the parse. */
export function readPoints(roof: Node, roofWhere: string, ctx: ParseContext): Map<string, Vec3> {
  const points = new Map<string, Vec3>();
  for (const p of asArray((roof.POINTS as Node | undefined)?.POINT)) {
    const id = attr(p, 'id');
    const data = attr(p, 'data');
    if (!id) continue;
    const xyz = (data ?? '').split(',').map((s) => Number(s.trim()));
    if (xyz.length !== 3 || xyz.some((n) => !Number.isFinite(n))) {
      fail(
        ctx,
        `In "${ctx.fileName}", point ${id} in ${roofWhere} has the coordinates "${shown(data)}"; expected three numbers "x,y,z" in feet.`,
        `${roofWhere} <POINTS> ${id}`,
      );
    }
    points.set(id, xyz as Vec3);
  }
  return points;
}

/** One ROOF face: area from the polygon's size (or its outline), pitch from its label (or its outline). */
export function readFace(
  face: Node,
  fid: string,
  roofWhere: string,
  points: Map<string, Vec3>,
  lineEnds: Map<string, [string, string]>,
  ctx: ParseContext,
): RoofFacet {
  const L = MEASUREMENT_LIMITS;
  const faceWhere = `face ${fid} in ${roofWhere}`;
  const poly = asArray(face.POLYGON)[0];
  if (!poly)
    fail(
      ctx,
      `In "${ctx.fileName}", ${faceWhere} has no <POLYGON>, so its area and pitch are unknown.`,
      faceWhere,
    );
  const ids = (attr(poly, 'path') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (ids.length > L.edgesPerFacet)
    fail(
      ctx,
      `In "${ctx.fileName}", the outline of ${faceWhere} has ${ids.length.toLocaleString('en-US')} edges, more than the ${L.edgesPerFacet} a roof face can have, so it was not read. Export the measurements again from the provider.`,
      faceWhere,
    );
  const ring = ids.length >= 3 ? chainRing(ids, lineEnds) : null;
  const polygon = ring ? ring.map((pid) => points.get(pid) as Vec3) : undefined;
  const sizeText = attr(poly, 'unroundedsize') ?? attr(poly, 'size');
  let area = parseNumberText(sizeText);
  if (area !== null && (Number.isNaN(area) || area < 0)) {
    fail(
      ctx,
      `In "${ctx.fileName}", ${faceWhere} has the area "${shown(sizeText)}", which is not a number of square feet.`,
      faceWhere,
    );
  }
  if (area === null) {
    if (!polygon) {
      fail(
        ctx,
        `In "${ctx.fileName}", the outline of ${faceWhere} (lines ${shown(ids.join(',')) || 'none'}) does not form a closed shape, so its area cannot be computed.`,
        faceWhere,
      );
    }
    area = polygonArea(polygon);
  }
  const pitchText = attr(poly, 'pitch');
  let pitch = pitchText === undefined ? null : parsePitchLabel(pitchText);
  if (pitchText !== undefined && pitch === null) {
    fail(
      ctx,
      `In "${ctx.fileName}", ${faceWhere} has the pitch "${shown(pitchText)}"; expected the rise per 12, like "6".`,
      faceWhere,
    );
  }
  if (pitch === null) {
    if (!polygon)
      fail(
        ctx,
        `In "${ctx.fileName}", ${faceWhere} has neither a pitch nor a closed outline, so its pitch is unknown.`,
        faceWhere,
      );
    pitch = polygonPitch(polygon);
  }
  const facet: RoofFacet = { id: fid, areaSqFt: area, pitch };
  if (polygon) facet.polygon = polygon;
  return facet;
}
