/** The 3D geometry of roof XML faces: line lengths, a face's ring of lines, area and pitch (Newell). */

export type Vec3 = [number, number, number];

export function dist(a: Vec3, b: Vec3): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
}

/**
 * Orders a face's edges (line ids) into a closed ring of point ids; null when they do not close.
 * At each point the lowest-numbered unused edge is taken next; a cursor per point skips used
 * edges, so the whole walk is linear in the number of edges.
 */
export function chainRing(lineIds: string[], lineEnds: Map<string, [string, string]>): string[] | null {
  const edges: Array<[string, string]> = [];
  for (const id of lineIds) {
    const e = lineEnds.get(id);
    if (!e) return null;
    edges.push(e);
  }
  const first = edges[0];
  if (!first) return null;
  const incident = new Map<string, { edges: number[]; next: number }>();
  edges.forEach(([a, b], i) => {
    for (const p of a === b ? [a] : [a, b]) {
      const list = incident.get(p);
      if (list) list.edges.push(i);
      else incident.set(p, { edges: [i], next: 0 });
    }
  });
  const used = new Uint8Array(edges.length);
  used[0] = 1;
  const ring = [first[0], first[1]];
  for (let count = 1; count < edges.length; count++) {
    const end = ring[ring.length - 1] as string;
    const at = incident.get(end);
    if (!at) return null;
    while (at.next < at.edges.length && used[at.edges[at.next] as number]) at.next++;
    const next = at.edges[at.next];
    if (next === undefined) return null;
    used[next] = 1;
    const e = edges[next] as [string, string];
    ring.push(e[0] === end ? e[1] : e[0]);
  }
  if (ring[ring.length - 1] !== ring[0]) return null;
  ring.pop();
  return ring.length >= 3 ? ring : null;
}

function newell(poly: Vec3[]): Vec3 {
  const o = poly[0] as Vec3;
  let nx = 0;
  let ny = 0;
  let nz = 0;
  for (let i = 0; i < poly.length; i++) {
    const a = poly[i] as Vec3;
    const b = poly[(i + 1) % poly.length] as Vec3;
    const ax = a[0] - o[0];
    const ay = a[1] - o[1];
    const az = a[2] - o[2];
    const bx = b[0] - o[0];
    const by = b[1] - o[1];
    const bz = b[2] - o[2];
    nx += ay * bz - az * by;
    ny += az * bx - ax * bz;
    nz += ax * by - ay * bx;
  }
  return [nx, ny, nz];
}

/** Area of a planar 3D polygon (sq ft) by Newell's method. */
export function polygonArea(poly: Vec3[]): number {
  const [x, y, z] = newell(poly);
  return Math.hypot(x, y, z) / 2;
}

/** Pitch (rise per 12) of a planar 3D polygon, z up, unrounded (a vertical face: Infinity). */
export function polygonPitchExact(poly: Vec3[]): number {
  const [x, y, z] = newell(poly);
  if (Math.abs(z) < 1e-9) return Number.POSITIVE_INFINITY;
  return (12 * Math.hypot(x, y)) / Math.abs(z);
}

/** Pitch (rise per 12) of a planar 3D polygon, z up, to the half inch (a vertical face: 24). */
export function polygonPitch(poly: Vec3[]): number {
  const exact = polygonPitchExact(poly);
  return Number.isFinite(exact) ? Math.round(exact * 2) / 2 : 24;
}
