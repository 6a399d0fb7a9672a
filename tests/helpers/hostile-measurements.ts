import type { MeasurementSource } from '../../src/domain/estimates/types';

/**
 * Measurement files built to stall a naive parser (issue 8, item 15): each is within the upload
 * size limit (5 MB) and most are well-formed, so only linear, bounded parsing keeps them cheap.
 * Shared by the parser tests and the bench figure `upload.parse.worstCaseMs`.
 */
export interface HostileFile {
  name: string;
  fileName: string;
  source: MeasurementSource;
  text: string;
}

const GAF_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';

/** A small valid GAF QuickMeasure roof (the gable fixture's geometry), to append after hostile parts. */
function gableRoof(): string {
  return `<QUICKMEASURE_EXPORT version="1.0">
  <STRUCTURES units="FEET">
    <ROOF id="ROOF1">
      <FACES>
        <FACE id="F1" type="ROOF"><POLYGON id="P1" path="L1,L2,L3,L4" pitch="6" /></FACE>
        <FACE id="F2" type="ROOF"><POLYGON id="P2" path="L5,L3,L6,L7" pitch="6" /></FACE>
      </FACES>
      <LINES>
        <LINE id="L1" path="C1,C2" type="EAVE" />
        <LINE id="L2" path="C2,C3" type="RAKE" />
        <LINE id="L3" path="C3,C4" type="RIDGE" />
        <LINE id="L4" path="C4,C1" type="RAKE" />
        <LINE id="L5" path="C5,C4" type="RAKE" />
        <LINE id="L6" path="C3,C6" type="RAKE" />
        <LINE id="L7" path="C6,C5" type="EAVE" />
      </LINES>
      <POINTS>
        <POINT id="C1" data="1000,2000,100" />
        <POINT id="C2" data="1046,2000,100" />
        <POINT id="C3" data="1046,2017.5,108.75" />
        <POINT id="C4" data="1000,2017.5,108.75" />
        <POINT id="C5" data="1000,2035,100" />
        <POINT id="C6" data="1046,2035,100" />
      </POINTS>
    </ROOF>
  </STRUCTURES>
</QUICKMEASURE_EXPORT>
`;
}

/** 117 KB: a leading comment full of `<` (each looked like an element to the old root search), then a real roof. */
export function xmlCommentFullOfLt(): HostileFile {
  return {
    name: 'xml-comment-full-of-lt',
    fileName: 'comment.xml',
    source: 'GAF QuickSquare .xml',
    text: `${GAF_HEAD}<!-- ${'<a '.repeat(39_000)}-->\n${gableRoof()}`,
  };
}

/**
 * One facet whose outline has `edges` edges (a flat polygon around a circle), listed in reverse
 * order so that chaining them by search is quadratic; no stated area, so it must be computed.
 */
export function xmlFacetWithManyEdges(edges = 45_000): HostileFile {
  const points: string[] = [];
  const lines: string[] = [];
  for (let i = 0; i < edges; i++) {
    const a = (2 * Math.PI * i) / edges;
    points.push(
      `<POINT id="C${i}" data="${(30 * Math.cos(a)).toFixed(4)},${(30 * Math.sin(a)).toFixed(4)},0"/>`,
    );
    lines.push(`<LINE id="L${i}" path="C${i},C${(i + 1) % edges}" type="EAVE"/>`);
  }
  const path = Array.from({ length: edges }, (_, i) => `L${edges - 1 - i}`).join(',');
  return {
    name: 'xml-facet-45000-edges',
    fileName: 'edges.xml',
    source: 'GAF QuickSquare .xml',
    text: `${GAF_HEAD}<QUICKMEASURE_EXPORT><STRUCTURES><ROOF id="R1"><FACES><FACE id="F1" type="ROOF"><POLYGON id="P1" path="${path}" pitch="0"/></FACE></FACES><LINES>${lines.join('')}</LINES><POINTS>${points.join('')}</POINTS></ROOF></STRUCTURES></QUICKMEASURE_EXPORT>\n`,
  };
}

/** Elements nested 200,000 deep inside the root. */
export function xmlDeepNesting(depth = 200_000): HostileFile {
  return {
    name: 'xml-deep-nesting',
    fileName: 'deep.xml',
    source: 'Eagleview .xml',
    text: `${GAF_HEAD}<EAGLEVIEW_EXPORT>${'<a>'.repeat(depth)}${'</a>'.repeat(depth)}</EAGLEVIEW_EXPORT>\n`,
  };
}

/** A HOVER file whose `roof` holds arrays nested 500,000 deep. */
export function jsonDeepNesting(depth = 500_000): HostileFile {
  return {
    name: 'json-deep-nesting',
    fileName: 'deep.json',
    source: 'HOVER .json',
    text: `{"roof":{"roof_facets":{"area":1800},"x":${'['.repeat(depth)}${']'.repeat(depth)}}}`,
  };
}

/** A Roofr CSV with its header and ~4.8 MB of data rows. */
export function csvHugeRows(rows = 150_000): HostileFile {
  const header = 'Total roof area (Sqft),Eaves (LF),Ridges (LF),6/12 pitch (Sqft)';
  return {
    name: 'csv-huge-rows',
    fileName: 'rows.csv',
    source: 'Roofr .csv',
    text: `${header}\n${'1800,92,46,1800\n'.repeat(rows)}`,
  };
}

/** A Roofr CSV whose area cell is 2 million digits and a letter (backtracking bait for number patterns). */
export function csvLongNumber(digits = 2_000_000): HostileFile {
  return {
    name: 'csv-long-number',
    fileName: 'digits.csv',
    source: 'Roofr .csv',
    text: `Total roof area (Sqft),6/12 pitch (Sqft)\n${'1'.repeat(digits)}x,1800\n`,
  };
}

/** A CSV header with 500,000 columns. */
export function csvManyColumns(columns = 500_000): HostileFile {
  return {
    name: 'csv-many-columns',
    fileName: 'columns.csv',
    source: 'Roofr .csv',
    text: `Total roof area (Sqft),${Array.from({ length: columns }, (_, i) => `c${i}`).join(',')}\n1800\n`,
  };
}

export function hostileFiles(): HostileFile[] {
  return [
    xmlCommentFullOfLt(),
    xmlFacetWithManyEdges(),
    xmlDeepNesting(),
    jsonDeepNesting(),
    csvHugeRows(),
    csvLongNumber(),
    csvManyColumns(),
  ];
}
