/**
 * The vocabulary of `npm run seed:scale` (scale-seed-sql.ts, scale-seed-queues-sql.ts): the word
 * lists the seeded rows draw from (places, names, streets, companies, titles, messages) and the SQL
 * expressions built on them (a list's entry by row number, a place, a name, an e-mail, a moment).
 */

const PLACES: [city: string, state: string, zip: string][] = [
  ['Dallas', 'TX', '75201'],
  ['Houston', 'TX', '77002'],
  ['Austin', 'TX', '78701'],
  ['San Antonio', 'TX', '78205'],
  ['Plano', 'TX', '75024'],
  ['Tampa', 'FL', '33602'],
  ['Orlando', 'FL', '32801'],
  ['Miami', 'FL', '33130'],
  ['Atlanta', 'GA', '30303'],
  ['Marietta', 'GA', '30060'],
  ['Phoenix', 'AZ', '85004'],
  ['Scottsdale', 'AZ', '85251'],
  ['Denver', 'CO', '80202'],
  ['Charlotte', 'NC', '28202'],
  ['Raleigh', 'NC', '27601'],
  ['Oklahoma City', 'OK', '73102'],
  ['Nashville', 'TN', '37203'],
  ['New Orleans', 'LA', '70112'],
  ['Chicago', 'IL', '60601'],
  ['Seattle', 'WA', '98101'],
];
const FIRST = [
  'James',
  'Maria',
  'Robert',
  'Linda',
  'Michael',
  'Angela',
  'David',
  'Priya',
  'Kevin',
  'Lisa',
  'Carlos',
  'Emily',
  'Dwayne',
  'Renee',
  'Thomas',
  'Sarah',
  'Luis',
  'Karen',
  'Marcus',
  'Hannah',
  'Wei',
  'Olivia',
  'Jamal',
];
const LAST = [
  'Smith',
  'Johnson',
  'Garcia',
  'Brown',
  'Nguyen',
  'Foster',
  'Raman',
  'Tran',
  'Harris',
  'Broussard',
  'Martinez',
  'Miller',
  'Davis',
  'Lopez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Moore',
  'Jackson',
  'White',
  'Clark',
];
export const STREETS = [
  'Oak',
  'Maple',
  'Cedar',
  'Elm',
  'Pine',
  'Willow',
  'Magnolia',
  'Pecan',
  'Main',
  'Lakeview',
  'Ridge',
  'Sunset',
  'Hillcrest',
  'Meadow',
  'Bluebonnet',
  'Cypress',
  'Live Oak',
  'Highland',
];
export const STREET_KINDS = ['St', 'Ave', 'Dr', 'Ln', 'Ct', 'Blvd', 'Way'];
export const COMPANY = [
  'Lone Star',
  'Gulf Coast',
  'Trinity Peak',
  'Bayou City',
  'Summit',
  'Ironclad',
  'Blue Sky',
  'Heritage',
  'Red River',
  'Cornerstone',
  'Peachtree',
  'Desert Sun',
  'Front Range',
  'Pioneer',
  'Evergreen',
  'Magnolia State',
];
export const COMPANY_KIND = [
  'Roofing',
  'Roofing & Exteriors',
  'Storm Restoration',
  'Roof Systems',
  'Contracting',
];
export const ROOF_TYPES = ['Asphalt Shingle', 'Metal', 'Tile', 'Slate', 'Flat / TPO', 'Wood Shake'];
export const TITLES = [
  'Roof replacement',
  'Storm damage repair',
  'Hail claim re-roof',
  'Leak repair',
  'New construction roof',
  'Metal roof upgrade',
  'Gutter and flashing repair',
];
export const SPECIALTIES = [
  '["Residential","Insurance"]',
  '["Residential","Repair"]',
  '["Commercial","Residential"]',
  '["Solar","Residential"]',
  '["Insurance","Repair","Residential"]',
];
export const NOTIFICATION_KINDS = [
  'project_created',
  'project_matched',
  'contractor_assigned',
  'project_accepted',
  'step_completed',
  'crew_scheduled',
  'project_completed',
  'new_message',
  'job_payment',
];
export const MESSAGES = [
  'Hi, when can your crew come out to look at the roof?',
  'We can inspect on Tuesday morning.',
  'The adjuster approved the claim, sending the paperwork now.',
  'Shingles are delivered, crew starts Monday.',
  'Can you send photos of the damaged decking?',
  'Thanks, the work looks great!',
  'Permit was issued today.',
  'Running 30 minutes late, sorry about that.',
  'Which color did you choose for the shingles?',
];

const lit = (s: string) => `'${s.replaceAll("'", "''")}'`;
const arr = (values: string[]) => `(ARRAY[${values.map(lit).join(',')}])`;
/** values[expr mod n], expr an integer expression */
export const pick = (values: string[], expr: string) =>
  `${arr(values)}[1 + ((${expr})::bigint % ${values.length})]`;
/** A place index skewed to the first (bigger) markets: r in [0, 1). */
export const placeIdx = (r: string) => `floor(${PLACES.length} * (${r}) * (${r}))::int`;
export const city = (idx: string) =>
  pick(
    PLACES.map((p) => p[0]),
    idx,
  );
export const state = (idx: string) =>
  pick(
    PLACES.map((p) => p[1]),
    idx,
  );
export const zip = (idx: string) =>
  pick(
    PLACES.map((p) => p[2]),
    idx,
  );
export const firstName = (n: string) => pick(FIRST, n);
export const lastName = (n: string) => pick(LAST, `(${n}) / ${FIRST.length}`);
export const userEmail = (n: string) => `'user' || (${n}) || '@scale.test'`;
/** A moment in the last two years, from r in [0, 1). */
export const ago = (r: string) => `now() - (${r}) * interval '730 days'`;
