/**
 * Published local figures for one roof (issue 24 #6): a 2,000 sq ft asphalt (laminate) shingle roof
 * replaced, in seven metros, two or three local pages each, as stored in the search corpus. USD for
 * the whole job. Where a page gives dollars per sq ft, or a range for another size, the conversion
 * to 2,000 sq ft is in `basis`. Commercial pages, not surveys: they show where local contractors say
 * prices sit, not a distribution. Used by model/local-figures.test.ts and the table of
 * docs/estimate-model.md §2 ("The engine against published local figures"); the model never reads them.
 */
export interface LocalFigure {
  title: string;
  url: string;
  low: number;
  high: number;
  /** How the page's figure becomes a 2,000 sq ft roof. */
  basis: string;
}

export interface MetroFigures {
  metro: string;
  /** A residential ZIP of the metro the engine prices. */
  zip: string;
  sources: LocalFigure[];
}

export const LOCAL_FIGURES: MetroFigures[] = [
  {
    metro: 'New York',
    zip: '10314',
    sources: [
      {
        title: 'How Much Does a Roof Cost for a 2000 sq ft House? (TCI Manhattan Roofing NYC, 2021)',
        url: 'https://thehomeidea.com/how-much-does-a-roof-cost-for-a-2000-sq-ft-house/',
        low: 7400,
        high: 10500,
        basis: '"roofing replacement costs around $7,400 – $10,500" for a 2,000 sq ft house',
      },
      {
        title: 'How Much Does a Roof Replacement Cost in NYC (Best Roof Contracting, 2025)',
        url: 'https://bestroofcontracting.com/how-much-does-a-roof-replacement-cost-in-nyc',
        low: 9333,
        high: 12222,
        basis: 'shingle roofs "$7K–$11K for 1,500–1,800 sq. ft.": $4.67-$6.11 per sq ft x 2,000',
      },
    ],
  },
  {
    metro: 'Houston',
    zip: '77084',
    sources: [
      {
        title: 'Roof Replacement Cost Houston (EZ Roof Houston)',
        url: 'https://ezroofhouston.com/roof-replacement-cost-houston/',
        low: 6120,
        high: 9760,
        basis: 'asphalt shingle roof, "2000 square foot = $6120 – $9760"',
      },
      {
        title: 'New Asphalt Shingle Roofing Cost Houston (Beck Roofing & Restoration)',
        url: 'https://beckroofingandrestoration.com/new-asphalt-shingle-roofing-cost-houston/',
        low: 6400,
        high: 10500,
        basis: '"2000 square foot roof: $6,400 to $10,500"',
      },
      {
        title: 'What is the Typical Cost of a Roof Replacement in Houston? (Fitz Roofing)',
        url: 'https://fitzroofing.com/roof-replacement-cost-in-houston/',
        low: 8000,
        high: 14000,
        basis: 'asphalt shingles, "For a 20-square roof: $8,000 to $14,000"',
      },
    ],
  },
  {
    metro: 'Atlanta',
    zip: '30303',
    sources: [
      {
        title: 'How Much Does a Full Roof Replacement Actually Cost in Atlanta? (First Choice Roofing)',
        url: 'https://firstchoiceroofingatlanta.com/?p=18938',
        low: 8500,
        high: 18000,
        basis: '"$8,500 and $18,000 for a complete roof replacement on a typical 2,000-square-foot home"',
      },
      {
        title: 'Roof Replacement Costs: What You Need to Know (Heritage Exteriors, Atlanta, 2024)',
        url: 'https://heritagesidingwindows.com/average-cost-of-new-roof',
        low: 8000,
        high: 17000,
        basis: '"Asphalt Shingles: $8,000 – $17,000 for a 2,000 sq. ft. roof"',
      },
    ],
  },
  {
    metro: 'Chicago',
    zip: '60601',
    sources: [
      {
        title: 'How Much Does a New Roof Cost in Chicago, IL? (5estimates)',
        url: 'https://5estimates.com/new-roof-cost-in-chicago-il/',
        low: 8400,
        high: 12000,
        basis:
          '"between $4.20 and $6 per square foot" x 2,000 (its asphalt calculator: $10,824 for 2,000 sq ft)',
      },
      {
        title: "What Can I Expect to Pay for a Roof Replacement in Chicago? (Jack's Roofing & Siding)",
        url: 'https://jhr4u.com/chicago-roof-replacement-cost/',
        low: 9000,
        high: 13000,
        basis: 'asphalt shingles "$4.50 to $6.50 per square foot" x 2,000',
      },
    ],
  },
  {
    metro: 'Phoenix',
    zip: '85004',
    sources: [
      {
        title: 'Roof Replacement Costs in Phoenix, 2025 (Capstone Roofing)',
        url: 'https://capstoneroofingaz.com/roof-replacement-costs-in-phoenix',
        low: 7000,
        high: 14000,
        basis: 'for a 2,000 sq ft home, "Asphalt Shingle Replacement → $7,000 – $14,000"',
      },
      {
        title: 'How Do You Figure the Cost of Roof Replacement (Mikku and Sons Roofing, Phoenix area)',
        url: 'https://www.mikkuandsons.com/how-do-you-figure-the-cost-of-roof-replacement/',
        low: 7000,
        high: 18000,
        basis: 'roof size 2,000 sq ft: "$7,000 - $18,000"',
      },
    ],
  },
  {
    metro: 'Denver',
    zip: '80202',
    sources: [
      {
        title: 'Roof Replacement Cost in Denver, CO (My Home Pros)',
        url: 'https://myhomepros.com/roofing-denver-co/roof-replacement-cost-in-denver-co/',
        low: 9000,
        high: 15500,
        basis:
          '"asphalt roofs on a 2,000-square-foot home ... in Denver, the costs range from $9,000 to $15,500"',
      },
      {
        title: 'How much to replace a roof on a 2000 sq ft house? (Northstar Roofers, Denver, 2025)',
        url: 'https://northstarroofers.com/how-much-to-replace-a-roof-on-a-2000-sq-ft-house/',
        low: 8000,
        high: 12000,
        basis: '"Asphalt shingles ... between $8,000 and $12,000 for a 2000 square foot house"',
      },
    ],
  },
  {
    metro: 'Miami',
    zip: '33130',
    sources: [
      {
        title: 'Roof replacement in Miami (Ironwood Roofing Miami)',
        url: 'https://ironwoodroofingmiami.com/?p=18907',
        low: 12000,
        high: 18000,
        basis:
          '"A 2,000-square-foot home usually falls between $12,000 and $18,000 for standard architectural shingles"',
      },
      {
        title: 'What Does a New Roof Cost in Miami? (Royal Builders Miami, 2026)',
        url: 'https://lp260208-1258-royal-builders-miami-8zhhe3.pages.dev/blog/roof-replacement-cost-miami',
        low: 12000,
        high: 18000,
        basis: 'architectural shingles for a typical 2,000-square-foot roof "range from $12,000 to $18,000"',
      },
    ],
  },
];
