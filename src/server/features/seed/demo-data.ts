/**
 * Demo data: the accounts CONTRACT.md promises, a verified contractor network over several
 * states, and projects in every status. Plain constants, no I/O; seed.service.ts writes them.
 *
 * Moments are given in days before the seed runs (fractions allowed), so a fresh demo always
 * looks recent. Money is integer cents. Addresses use fictional street numbers in real cities
 * with their real ZIP codes; phone numbers are in the 555 range; e-mail domains end in .test.
 */
import type {
  accountType,
  businessType,
  discountType,
  permitStatus,
  projectPriority,
  projectStatus,
  urgency,
  verificationStatus,
} from '../../platform/db/schema';

export const DEMO_PASSWORD = 'ridgeline-demo';

/** The admin's local part; the domain is the configured company domain (ADMIN_EMAIL_DOMAIN). */
export const DEMO_ADMIN_LOCAL_PART = 'admin';
export const DEMO_CONTRACTOR_EMAIL = 'contractor@demo.test';
export const DEMO_PENDING_CONTRACTOR_EMAIL = 'pending-contractor@demo.test';
export const DEMO_HOMEOWNER_EMAIL = 'homeowner@demo.test';

export type VerificationStatus = (typeof verificationStatus.enumValues)[number];
export type ProjectStatus = (typeof projectStatus.enumValues)[number];
export type ProjectPriority = (typeof projectPriority.enumValues)[number];
export type PermitStatus = (typeof permitStatus.enumValues)[number];
export type AccountType = (typeof accountType.enumValues)[number];
export type BusinessType = (typeof businessType.enumValues)[number];
export type DiscountType = (typeof discountType.enumValues)[number];
export type Urgency = (typeof urgency.enumValues)[number];

export interface DemoPerson {
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  city: string;
  /** Two-letter code, shown as "Dallas, TX". */
  state: string;
  createdDaysAgo: number;
}

export const demoAdmin: Omit<DemoPerson, 'email'> = {
  firstName: 'Avery',
  lastName: 'Lindqvist',
  phone: '(302) 555-0100',
  city: 'Wilmington',
  state: 'DE',
  createdDaysAgo: 540,
};

export const demoHomeowners: DemoPerson[] = [
  {
    email: DEMO_HOMEOWNER_EMAIL,
    firstName: 'Sarah',
    lastName: 'Mitchell',
    phone: '(214) 555-0187',
    city: 'Dallas',
    state: 'TX',
    createdDaysAgo: 140,
  },
  {
    email: 'kevin.tran@demo.test',
    firstName: 'Kevin',
    lastName: 'Tran',
    phone: '(469) 555-0122',
    city: 'Frisco',
    state: 'TX',
    createdDaysAgo: 31,
  },
  {
    email: 'angela.foster@demo.test',
    firstName: 'Angela',
    lastName: 'Foster',
    phone: '(817) 555-0149',
    city: 'Fort Worth',
    state: 'TX',
    createdDaysAgo: 182,
  },
  {
    email: 'priya.raman@demo.test',
    firstName: 'Priya',
    lastName: 'Raman',
    phone: '(512) 555-0131',
    city: 'Austin',
    state: 'TX',
    createdDaysAgo: 1.2,
  },
  {
    email: 'lisa.nguyen@demo.test',
    firstName: 'Lisa',
    lastName: 'Nguyen',
    phone: '(206) 555-0175',
    city: 'Seattle',
    state: 'WA',
    createdDaysAgo: 4.5,
  },
  {
    email: 'hannah.okafor@demo.test',
    firstName: 'Hannah',
    lastName: 'Okafor',
    phone: '(919) 555-0168',
    city: 'Raleigh',
    state: 'NC',
    createdDaysAgo: 6.5,
  },
  {
    email: 'carlos.medina@demo.test',
    firstName: 'Carlos',
    lastName: 'Medina',
    phone: '(813) 555-0104',
    city: 'Tampa',
    state: 'FL',
    createdDaysAgo: 13,
  },
  {
    email: 'emily.carter@demo.test',
    firstName: 'Emily',
    lastName: 'Carter',
    phone: '(720) 555-0116',
    city: 'Denver',
    state: 'CO',
    createdDaysAgo: 26,
  },
  {
    email: 'robert.whitaker@demo.test',
    firstName: 'Robert',
    lastName: 'Whitaker',
    phone: '(480) 555-0181',
    city: 'Scottsdale',
    state: 'AZ',
    createdDaysAgo: 98,
  },
  {
    email: 'michael.bennett@demo.test',
    firstName: 'Michael',
    lastName: 'Bennett',
    phone: '(614) 555-0137',
    city: 'Columbus',
    state: 'OH',
    createdDaysAgo: 37,
  },
  {
    email: 'margaret.oneil@demo.test',
    firstName: 'Margaret',
    lastName: "O'Neil",
    phone: '(412) 555-0112',
    city: 'Pittsburgh',
    state: 'PA',
    createdDaysAgo: 20,
  },
  {
    email: 'james.porter@demo.test',
    firstName: 'James',
    lastName: 'Porter',
    phone: '(919) 555-0153',
    city: 'Cary',
    state: 'NC',
    createdDaysAgo: 128,
  },
  {
    email: 'ben.alvarez@demo.test',
    firstName: 'Ben',
    lastName: 'Alvarez',
    phone: '(425) 555-0140',
    city: 'Bellevue',
    state: 'WA',
    createdDaysAgo: 11,
  },
];

// ---------------------------------------------------------------- contractors

export interface DemoLicense {
  /** Full state name, one entry per working state. */
  state: string;
  licenseNumber?: string;
  licenseType?: string;
  noLicenseRequired?: boolean;
  expiresInDays?: number;
  licenseDocument?: string;
}

/** The insurance step's shapes (spec: Insurance). Expiration dates are computed from expiresInDays. */
export interface DemoInsurance {
  generalLiability: {
    carrier: string;
    policyNumber: string;
    expiresInDays: number;
    coverageAmount: string;
    document: string;
  };
  workersCompensation:
    | { carrier: string; policyNumber: string; expiresInDays: number; document: string }
    | { notRequired: true };
  bonding: { carrier: string; bondAmount: string; document: string } | { notRequired: true };
}

export interface DemoBanking {
  bankName: string;
  accountType: AccountType;
  accountHolderName: string;
  routingNumber: string;
  accountNumber: string;
}

export interface DemoTaxInfo {
  businessName: string;
  businessType: BusinessType;
  /** Street line; city, state and ZIP are the profile's business address. */
  businessAddress: string;
  ein?: string;
  ssn?: string;
  w9Document?: string;
}

export interface DemoContractor {
  user: DemoPerson;
  companyName: string;
  /** Street line; the full business address adds city, state and ZIP. */
  street: string;
  businessCity: string;
  businessState: string;
  businessZip: string;
  website?: string;
  /** Full state names. */
  workingStates: string[];
  travelDistance: number;
  specialties: string[];
  yearsExperience: number;
  rating: number;
  totalProjects: number;
  isAvailable: boolean;
  verificationStatus: VerificationStatus;
  verificationNotes?: string;
  /** When the admin decided (verified or rejected). */
  decidedDaysAgo?: number;
  /** application_submitted -> password_set -> licenses_set -> insurance_set */
  profileCompletionStatus: string;
  licenses: DemoLicense[];
  insurance?: DemoInsurance;
  banking?: DemoBanking;
  taxInfo?: DemoTaxInfo;
}

export const demoContractors: DemoContractor[] = [
  {
    user: {
      email: DEMO_CONTRACTOR_EMAIL,
      firstName: 'Marcus',
      lastName: 'Reyes',
      phone: '(214) 555-0143',
      city: 'Dallas',
      state: 'TX',
      createdDaysAgo: 420,
    },
    companyName: 'Lone Star Roofing & Restoration',
    street: '1845 Ross Ave, Suite 210',
    businessCity: 'Dallas',
    businessState: 'TX',
    businessZip: '75201',
    website: 'https://lonestarroofing.test',
    workingStates: ['Texas', 'Oklahoma'],
    travelDistance: 100,
    specialties: ['Residential', 'Insurance', 'Repair'],
    yearsExperience: 14,
    rating: 4.8,
    totalProjects: 127,
    isAvailable: true,
    verificationStatus: 'verified',
    decidedDaysAgo: 411,
    profileCompletionStatus: 'insurance_set',
    licenses: [
      { state: 'Texas', noLicenseRequired: true },
      {
        state: 'Oklahoma',
        licenseNumber: '80003417',
        licenseType: 'Roofing Contractor Registration (CIB)',
        expiresInDays: 243,
        licenseDocument: 'lone-star-ok-roofing-registration.pdf',
      },
    ],
    insurance: {
      generalLiability: {
        carrier: 'The Hartford',
        policyNumber: '46 SBA RX4821',
        expiresInDays: 212,
        coverageAmount: '$2,000,000',
        document: 'lone-star-general-liability-coi.pdf',
      },
      workersCompensation: {
        carrier: 'Texas Mutual Insurance',
        policyNumber: 'TXM-0457712',
        expiresInDays: 151,
        document: 'lone-star-workers-comp-coi.pdf',
      },
      bonding: {
        carrier: 'Merchants Bonding Company',
        bondAmount: '$50,000',
        document: 'lone-star-surety-bond.pdf',
      },
    },
    banking: {
      bankName: 'Frost Bank',
      accountType: 'checking',
      accountHolderName: 'Lone Star Roofing & Restoration LLC',
      routingNumber: '114000093',
      accountNumber: '4027715938',
    },
    taxInfo: {
      businessName: 'Lone Star Roofing & Restoration LLC',
      businessType: 'llc',
      businessAddress: '1845 Ross Ave, Suite 210',
      ein: '82-4417093',
      w9Document: 'lone-star-w9.pdf',
    },
  },
  {
    user: {
      email: 'dwayne.harris@trinitypeakroofing.test',
      firstName: 'Dwayne',
      lastName: 'Harris',
      phone: '(214) 555-0178',
      city: 'Dallas',
      state: 'TX',
      createdDaysAgo: 388,
    },
    companyName: 'Trinity Peak Roofing',
    street: '1601 Elm St, Suite 1400',
    businessCity: 'Dallas',
    businessState: 'TX',
    businessZip: '75201',
    website: 'https://trinitypeakroofing.test',
    workingStates: ['Texas'],
    travelDistance: 75,
    specialties: ['Residential', 'Commercial', 'Repair'],
    yearsExperience: 9,
    rating: 4.6,
    totalProjects: 88,
    isAvailable: true,
    verificationStatus: 'verified',
    decidedDaysAgo: 380,
    profileCompletionStatus: 'insurance_set',
    licenses: [{ state: 'Texas', noLicenseRequired: true }],
    insurance: {
      generalLiability: {
        carrier: 'Travelers',
        policyNumber: 'PHPK2219384',
        expiresInDays: 97,
        coverageAmount: '$1,000,000',
        document: 'trinity-peak-gl-coi.pdf',
      },
      workersCompensation: {
        carrier: 'Texas Mutual Insurance',
        policyNumber: 'TXM-0612094',
        expiresInDays: 97,
        document: 'trinity-peak-wc-coi.pdf',
      },
      bonding: { notRequired: true },
    },
    banking: {
      bankName: 'JPMorgan Chase Bank',
      accountType: 'checking',
      accountHolderName: 'Trinity Peak Roofing Inc.',
      routingNumber: '111000614',
      accountNumber: '739104482216',
    },
    taxInfo: {
      businessName: 'Trinity Peak Roofing Inc.',
      businessType: 'corporation',
      businessAddress: '1601 Elm St, Suite 1400',
      ein: '46-3318720',
    },
  },
  {
    user: {
      email: 'renee.broussard@bayoucitystorm.test',
      firstName: 'Renee',
      lastName: 'Broussard',
      phone: '(713) 555-0121',
      city: 'Houston',
      state: 'TX',
      createdDaysAgo: 610,
    },
    companyName: 'Bayou City Storm Restoration',
    street: '1100 Louisiana St, Suite 3900',
    businessCity: 'Houston',
    businessState: 'TX',
    businessZip: '77002',
    website: 'https://bayoucitystorm.test',
    workingStates: ['Texas', 'Louisiana'],
    travelDistance: 150,
    specialties: ['Insurance', 'Emergency', 'Residential'],
    yearsExperience: 12,
    rating: 4.7,
    totalProjects: 214,
    isAvailable: false,
    verificationStatus: 'verified',
    decidedDaysAgo: 601,
    profileCompletionStatus: 'insurance_set',
    licenses: [
      { state: 'Texas', noLicenseRequired: true },
      {
        state: 'Louisiana',
        licenseNumber: '889042',
        licenseType: 'Residential Roofing Subclassification (LSLBC)',
        expiresInDays: 318,
        licenseDocument: 'bayou-city-la-license.pdf',
      },
    ],
    insurance: {
      generalLiability: {
        carrier: 'Liberty Mutual',
        policyNumber: 'TB7-Z91-448213-025',
        expiresInDays: 188,
        coverageAmount: '$2,000,000',
        document: 'bayou-city-gl-coi.pdf',
      },
      workersCompensation: {
        carrier: 'Liberty Mutual',
        policyNumber: 'WC7-Z91-448213-015',
        expiresInDays: 188,
        document: 'bayou-city-wc-coi.pdf',
      },
      bonding: {
        carrier: 'CNA Surety',
        bondAmount: '$100,000',
        document: 'bayou-city-bond.pdf',
      },
    },
    banking: {
      bankName: 'Bank of America',
      accountType: 'checking',
      accountHolderName: 'Bayou City Storm Restoration LLC',
      routingNumber: '111000025',
      accountNumber: '488012937465',
    },
    taxInfo: {
      businessName: 'Bayou City Storm Restoration LLC',
      businessType: 'llc',
      businessAddress: '1100 Louisiana St, Suite 3900',
      ein: '27-1984456',
    },
  },
  {
    user: {
      email: 'nate.whitfield@hillcountrysolarroof.test',
      firstName: 'Nate',
      lastName: 'Whitfield',
      phone: '(512) 555-0164',
      city: 'Austin',
      state: 'TX',
      createdDaysAgo: 75,
    },
    companyName: 'Hill Country Solar Roofing',
    street: '600 Congress Ave, Suite 1700',
    businessCity: 'Austin',
    businessState: 'TX',
    businessZip: '78701',
    website: 'https://hillcountrysolarroof.test',
    workingStates: ['Texas'],
    travelDistance: 60,
    specialties: ['Solar', 'Residential'],
    yearsExperience: 7,
    rating: 4.5,
    totalProjects: 61,
    isAvailable: true,
    verificationStatus: 'verified',
    decidedDaysAgo: 70,
    profileCompletionStatus: 'insurance_set',
    licenses: [{ state: 'Texas', noLicenseRequired: true }],
    insurance: {
      generalLiability: {
        carrier: 'Next Insurance',
        policyNumber: 'NXTGL-7Q4M2K9P',
        expiresInDays: 290,
        coverageAmount: '$1,000,000',
        document: 'hill-country-gl-coi.pdf',
      },
      workersCompensation: { notRequired: true },
      bonding: { notRequired: true },
    },
  },
  {
    user: {
      email: 'ana.delgado@suncoastroofing.test',
      firstName: 'Ana',
      lastName: 'Delgado',
      phone: '(813) 555-0132',
      city: 'Tampa',
      state: 'FL',
      createdDaysAgo: 505,
    },
    companyName: 'Suncoast Roofing Co.',
    street: '401 E Jackson St, Suite 2340',
    businessCity: 'Tampa',
    businessState: 'FL',
    businessZip: '33602',
    website: 'https://suncoastroofing.test',
    workingStates: ['Florida'],
    travelDistance: 100,
    specialties: ['Residential', 'Insurance', 'Emergency'],
    yearsExperience: 16,
    rating: 4.9,
    totalProjects: 305,
    isAvailable: true,
    verificationStatus: 'verified',
    decidedDaysAgo: 498,
    profileCompletionStatus: 'insurance_set',
    licenses: [
      {
        state: 'Florida',
        licenseNumber: 'CCC1331874',
        licenseType: 'Certified Roofing Contractor',
        expiresInDays: 615,
        licenseDocument: 'suncoast-ccc-license.pdf',
      },
    ],
    insurance: {
      generalLiability: {
        carrier: 'Nationwide',
        policyNumber: 'ACP GLO 3041877215',
        expiresInDays: 134,
        coverageAmount: '$2,000,000',
        document: 'suncoast-gl-coi.pdf',
      },
      workersCompensation: {
        carrier: 'FFVA Mutual',
        policyNumber: 'WC 0881-2471-26',
        expiresInDays: 134,
        document: 'suncoast-wc-coi.pdf',
      },
      bonding: { carrier: 'Old Republic Surety', bondAmount: '$25,000', document: 'suncoast-bond.pdf' },
    },
    banking: {
      bankName: 'Regions Bank',
      accountType: 'checking',
      accountHolderName: 'Suncoast Roofing Co.',
      routingNumber: '063104668',
      accountNumber: '0172645539',
    },
    taxInfo: {
      businessName: 'Suncoast Roofing Co.',
      businessType: 'corporation',
      businessAddress: '401 E Jackson St, Suite 2340',
      ein: '59-3627104',
    },
  },
  {
    user: {
      email: 'victor.alvarez@goldcoastroof.test',
      firstName: 'Victor',
      lastName: 'Alvarez',
      phone: '(954) 555-0119',
      city: 'Fort Lauderdale',
      state: 'FL',
      createdDaysAgo: 470,
    },
    companyName: 'Gold Coast Roof Systems',
    street: '200 E Las Olas Blvd, Suite 1650',
    businessCity: 'Fort Lauderdale',
    businessState: 'FL',
    businessZip: '33301',
    website: 'https://goldcoastroof.test',
    workingStates: ['Florida'],
    travelDistance: 50,
    specialties: ['Commercial', 'Repair'],
    yearsExperience: 21,
    rating: 4.4,
    totalProjects: 412,
    isAvailable: true,
    verificationStatus: 'verified',
    decidedDaysAgo: 462,
    profileCompletionStatus: 'insurance_set',
    licenses: [
      {
        state: 'Florida',
        licenseNumber: 'CCC1328450',
        licenseType: 'Certified Roofing Contractor',
        expiresInDays: 615,
        licenseDocument: 'gold-coast-ccc-license.pdf',
      },
    ],
    insurance: {
      generalLiability: {
        carrier: 'Travelers',
        policyNumber: 'VTC2K-CO-6720B415',
        expiresInDays: 63,
        coverageAmount: '$3,000,000',
        document: 'gold-coast-gl-coi.pdf',
      },
      workersCompensation: {
        carrier: 'Travelers',
        policyNumber: 'UB-4N218833-26',
        expiresInDays: 63,
        document: 'gold-coast-wc-coi.pdf',
      },
      bonding: { carrier: 'Old Republic Surety', bondAmount: '$50,000', document: 'gold-coast-bond.pdf' },
    },
    banking: {
      bankName: 'Wells Fargo Bank',
      accountType: 'checking',
      accountHolderName: 'Gold Coast Roof Systems Inc.',
      routingNumber: '121000248',
      accountNumber: '5318870264',
    },
    taxInfo: {
      businessName: 'Gold Coast Roof Systems Inc.',
      businessType: 'corporation',
      businessAddress: '200 E Las Olas Blvd, Suite 1650',
      ein: '65-1093348',
    },
  },
  {
    user: {
      email: 'tamika.wells@peachtreeroofing.test',
      firstName: 'Tamika',
      lastName: 'Wells',
      phone: '(770) 555-0157',
      city: 'Marietta',
      state: 'GA',
      createdDaysAgo: 290,
    },
    companyName: 'Peachtree Roofing Group',
    street: '55 Church St, Suite 300',
    businessCity: 'Marietta',
    businessState: 'GA',
    businessZip: '30060',
    website: 'https://peachtreeroofing.test',
    workingStates: ['Georgia', 'Alabama'],
    travelDistance: 120,
    specialties: ['Residential', 'Insurance'],
    yearsExperience: 11,
    rating: 4.7,
    totalProjects: 176,
    isAvailable: true,
    verificationStatus: 'verified',
    decidedDaysAgo: 284,
    profileCompletionStatus: 'insurance_set',
    licenses: [
      { state: 'Georgia', noLicenseRequired: true },
      {
        state: 'Alabama',
        licenseNumber: '23114',
        licenseType: 'Residential Roofing Endorsement (HBLB)',
        expiresInDays: 402,
        licenseDocument: 'peachtree-al-roofing-endorsement.pdf',
      },
    ],
    insurance: {
      generalLiability: {
        carrier: 'Auto-Owners Insurance',
        policyNumber: '214618-50339-26',
        expiresInDays: 240,
        coverageAmount: '$2,000,000',
        document: 'peachtree-gl-coi.pdf',
      },
      workersCompensation: {
        carrier: 'Auto-Owners Insurance',
        policyNumber: 'WC-214618-50340',
        expiresInDays: 240,
        document: 'peachtree-wc-coi.pdf',
      },
      bonding: { notRequired: true },
    },
    banking: {
      bankName: 'Truist Bank',
      accountType: 'checking',
      accountHolderName: 'Peachtree Roofing Group LLC',
      routingNumber: '061000104',
      accountNumber: '1000239847561',
    },
    taxInfo: {
      businessName: 'Peachtree Roofing Group LLC',
      businessType: 'llc',
      businessAddress: '55 Church St, Suite 300',
      ein: '58-2740196',
    },
  },
  {
    user: {
      email: 'brian.mcallister@oakcityroofing.test',
      firstName: 'Brian',
      lastName: 'McAllister',
      phone: '(919) 555-0186',
      city: 'Raleigh',
      state: 'NC',
      createdDaysAgo: 330,
    },
    companyName: 'Oak City Roofing',
    street: '333 Fayetteville St, Suite 1210',
    businessCity: 'Raleigh',
    businessState: 'NC',
    businessZip: '27601',
    website: 'https://oakcityroofing.test',
    workingStates: ['North Carolina'],
    travelDistance: 80,
    specialties: ['Residential', 'Repair'],
    yearsExperience: 8,
    rating: 4.3,
    totalProjects: 97,
    isAvailable: true,
    verificationStatus: 'verified',
    decidedDaysAgo: 322,
    profileCompletionStatus: 'insurance_set',
    licenses: [
      {
        state: 'North Carolina',
        licenseNumber: '84512',
        licenseType: 'General Contractor - Residential (Limited)',
        expiresInDays: 40,
        licenseDocument: 'oak-city-nc-gc-license.pdf',
      },
    ],
    insurance: {
      generalLiability: {
        carrier: 'Erie Insurance',
        policyNumber: 'Q47-0318852',
        expiresInDays: 176,
        coverageAmount: '$1,000,000',
        document: 'oak-city-gl-coi.pdf',
      },
      workersCompensation: {
        carrier: 'Erie Insurance',
        policyNumber: 'Q17-0318853',
        expiresInDays: 176,
        document: 'oak-city-wc-coi.pdf',
      },
      bonding: { notRequired: true },
    },
    banking: {
      bankName: 'First Citizens Bank',
      accountType: 'checking',
      accountHolderName: 'Brian McAllister',
      routingNumber: '053100300',
      accountNumber: '009183726410',
    },
    taxInfo: {
      businessName: 'Oak City Roofing',
      businessType: 'sole_proprietorship',
      businessAddress: '333 Fayetteville St, Suite 1210',
      ssn: '987-65-4323',
    },
  },
  {
    user: {
      email: 'luis.castillo@sonorantileroof.test',
      firstName: 'Luis',
      lastName: 'Castillo',
      phone: '(480) 555-0193',
      city: 'Scottsdale',
      state: 'AZ',
      createdDaysAgo: 560,
    },
    companyName: 'Sonoran Tile & Roof',
    street: '7014 E Camelback Rd, Suite 120',
    businessCity: 'Scottsdale',
    businessState: 'AZ',
    businessZip: '85251',
    website: 'https://sonorantileroof.test',
    workingStates: ['Arizona'],
    travelDistance: 120,
    specialties: ['Residential', 'Solar', 'Repair'],
    yearsExperience: 18,
    rating: 4.8,
    totalProjects: 268,
    isAvailable: true,
    verificationStatus: 'verified',
    decidedDaysAgo: 552,
    profileCompletionStatus: 'insurance_set',
    licenses: [
      {
        state: 'Arizona',
        licenseNumber: 'ROC 298417',
        licenseType: 'R-42 Roofing',
        expiresInDays: 512,
        licenseDocument: 'sonoran-roc-license.pdf',
      },
    ],
    insurance: {
      generalLiability: {
        carrier: 'The Hartford',
        policyNumber: '59 SBW AA7312',
        expiresInDays: 302,
        coverageAmount: '$2,000,000',
        document: 'sonoran-gl-coi.pdf',
      },
      workersCompensation: {
        carrier: 'CopperPoint Insurance',
        policyNumber: 'CPW-3380145',
        expiresInDays: 302,
        document: 'sonoran-wc-coi.pdf',
      },
      bonding: {
        carrier: 'Merchants Bonding Company',
        bondAmount: '$15,000',
        document: 'sonoran-roc-bond.pdf',
      },
    },
    banking: {
      bankName: 'Wells Fargo Bank',
      accountType: 'checking',
      accountHolderName: 'Sonoran Tile & Roof LLC',
      routingNumber: '122105278',
      accountNumber: '7742093185',
    },
    taxInfo: {
      businessName: 'Sonoran Tile & Roof LLC',
      businessType: 'llc',
      businessAddress: '7014 E Camelback Rd, Suite 120',
      ein: '86-1174329',
    },
  },
  {
    user: {
      email: 'kelsey.morgan@frontrangeroofing.test',
      firstName: 'Kelsey',
      lastName: 'Morgan',
      phone: '(303) 555-0148',
      city: 'Denver',
      state: 'CO',
      createdDaysAgo: 445,
    },
    companyName: 'Front Range Roofing & Exteriors',
    street: '1550 Wewatta St, Suite 200',
    businessCity: 'Denver',
    businessState: 'CO',
    businessZip: '80202',
    website: 'https://frontrangeroofing.test',
    workingStates: ['Colorado', 'Wyoming'],
    travelDistance: 100,
    specialties: ['Insurance', 'Residential', 'Emergency'],
    yearsExperience: 10,
    rating: 4.6,
    totalProjects: 189,
    isAvailable: true,
    verificationStatus: 'verified',
    decidedDaysAgo: 439,
    profileCompletionStatus: 'insurance_set',
    licenses: [
      { state: 'Colorado', noLicenseRequired: true },
      { state: 'Wyoming', noLicenseRequired: true },
    ],
    insurance: {
      generalLiability: {
        carrier: 'Pinnacol Assurance',
        policyNumber: 'GL-20-4471893',
        expiresInDays: 221,
        coverageAmount: '$2,000,000',
        document: 'front-range-gl-coi.pdf',
      },
      workersCompensation: {
        carrier: 'Pinnacol Assurance',
        policyNumber: '4471893',
        expiresInDays: 221,
        document: 'front-range-wc-coi.pdf',
      },
      bonding: { carrier: 'CNA Surety', bondAmount: '$20,000', document: 'front-range-bond.pdf' },
    },
    banking: {
      bankName: 'Wells Fargo Bank',
      accountType: 'checking',
      accountHolderName: 'Front Range Roofing & Exteriors LLC',
      routingNumber: '102000076',
      accountNumber: '3361904728',
    },
    taxInfo: {
      businessName: 'Front Range Roofing & Exteriors LLC',
      businessType: 'llc',
      businessAddress: '1550 Wewatta St, Suite 200',
      ein: '84-3926651',
    },
  },
  {
    user: {
      email: 'jenna.park@pacificcrestsolar.test',
      firstName: 'Jenna',
      lastName: 'Park',
      phone: '(619) 555-0172',
      city: 'San Diego',
      state: 'CA',
      createdDaysAgo: 210,
    },
    companyName: 'Pacific Crest Solar Roofing',
    street: '1230 Columbia St, Suite 500',
    businessCity: 'San Diego',
    businessState: 'CA',
    businessZip: '92101',
    website: 'https://pacificcrestsolar.test',
    workingStates: ['California'],
    travelDistance: 50,
    specialties: ['Solar', 'Residential'],
    yearsExperience: 6,
    rating: 4.2,
    totalProjects: 54,
    isAvailable: true,
    verificationStatus: 'verified',
    decidedDaysAgo: 203,
    profileCompletionStatus: 'insurance_set',
    licenses: [
      {
        state: 'California',
        licenseNumber: '1056732',
        licenseType: 'C-39 Roofing (CSLB)',
        expiresInDays: 466,
        licenseDocument: 'pacific-crest-cslb-license.pdf',
      },
    ],
    insurance: {
      generalLiability: {
        carrier: 'Hiscox',
        policyNumber: 'P100.882.734',
        expiresInDays: 144,
        coverageAmount: '$1,000,000',
        document: 'pacific-crest-gl-coi.pdf',
      },
      workersCompensation: {
        carrier: 'State Compensation Insurance Fund',
        policyNumber: '9174402-26',
        expiresInDays: 144,
        document: 'pacific-crest-wc-coi.pdf',
      },
      bonding: {
        carrier: 'Merchants Bonding Company',
        bondAmount: '$25,000',
        document: 'pacific-crest-cslb-bond.pdf',
      },
    },
    banking: {
      bankName: 'Wells Fargo Bank',
      accountType: 'checking',
      accountHolderName: 'Pacific Crest Solar Roofing Inc.',
      routingNumber: '121042882',
      accountNumber: '6604418297',
    },
    taxInfo: {
      businessName: 'Pacific Crest Solar Roofing Inc.',
      businessType: 'corporation',
      businessAddress: '1230 Columbia St, Suite 500',
      ein: '33-2081764',
    },
  },
  {
    user: {
      email: 'tom.kowalski@lakeshorecommercial.test',
      firstName: 'Tom',
      lastName: 'Kowalski',
      phone: '(312) 555-0126',
      city: 'Chicago',
      state: 'IL',
      createdDaysAgo: 690,
    },
    companyName: 'Lakeshore Commercial Roofing',
    street: '130 E Randolph St, Suite 2100',
    businessCity: 'Chicago',
    businessState: 'IL',
    businessZip: '60601',
    website: 'https://lakeshorecommercial.test',
    workingStates: ['Illinois', 'Indiana', 'Wisconsin'],
    travelDistance: 50,
    specialties: ['Commercial', 'Repair'],
    yearsExperience: 25,
    rating: 4.5,
    totalProjects: 389,
    isAvailable: true,
    verificationStatus: 'verified',
    decidedDaysAgo: 684,
    profileCompletionStatus: 'insurance_set',
    licenses: [
      {
        state: 'Illinois',
        licenseNumber: '104.017655',
        licenseType: 'Unlimited Roofing Contractor (IDFPR)',
        expiresInDays: 280,
        licenseDocument: 'lakeshore-il-roofing-license.pdf',
      },
      { state: 'Indiana', noLicenseRequired: true },
      {
        state: 'Wisconsin',
        licenseNumber: 'DC-1187432',
        licenseType: 'Dwelling Contractor Certification',
        expiresInDays: 551,
        licenseDocument: 'lakeshore-wi-dwelling-contractor.pdf',
      },
    ],
    insurance: {
      generalLiability: {
        carrier: 'Zurich North America',
        policyNumber: 'GLO 9931547-02',
        expiresInDays: 258,
        coverageAmount: '$5,000,000',
        document: 'lakeshore-gl-coi.pdf',
      },
      workersCompensation: {
        carrier: 'Zurich North America',
        policyNumber: 'WC 9931548-02',
        expiresInDays: 258,
        document: 'lakeshore-wc-coi.pdf',
      },
      bonding: {
        carrier: 'Travelers Casualty and Surety',
        bondAmount: '$250,000',
        document: 'lakeshore-bond.pdf',
      },
    },
    banking: {
      bankName: 'BMO Bank',
      accountType: 'checking',
      accountHolderName: 'Lakeshore Commercial Roofing Corp.',
      routingNumber: '071000288',
      accountNumber: '2840175593',
    },
    taxInfo: {
      businessName: 'Lakeshore Commercial Roofing Corp.',
      businessType: 'corporation',
      businessAddress: '130 E Randolph St, Suite 2100',
      ein: '36-4418920',
    },
  },
  {
    user: {
      email: 'greg.sutton@buckeyeroofpros.test',
      firstName: 'Greg',
      lastName: 'Sutton',
      phone: '(614) 555-0139',
      city: 'Columbus',
      state: 'OH',
      createdDaysAgo: 48,
    },
    companyName: 'Buckeye Roof Pros',
    street: '250 S High St, Suite 600',
    businessCity: 'Columbus',
    businessState: 'OH',
    businessZip: '43215',
    website: 'https://buckeyeroofpros.test',
    workingStates: ['Ohio'],
    travelDistance: 90,
    specialties: ['Residential', 'Repair', 'Insurance'],
    yearsExperience: 5,
    rating: 3.9,
    totalProjects: 42,
    isAvailable: true,
    verificationStatus: 'verified',
    decidedDaysAgo: 44,
    profileCompletionStatus: 'insurance_set',
    licenses: [{ state: 'Ohio', noLicenseRequired: true }],
    insurance: {
      generalLiability: {
        carrier: 'Westfield Insurance',
        policyNumber: 'CWP 4120087',
        expiresInDays: 330,
        coverageAmount: '$1,000,000',
        document: 'buckeye-gl-coi.pdf',
      },
      workersCompensation: {
        carrier: 'Ohio Bureau of Workers’ Compensation',
        policyNumber: '1841207-0',
        expiresInDays: 220,
        document: 'buckeye-bwc-certificate.pdf',
      },
      bonding: { notRequired: true },
    },
  },
  {
    user: {
      email: 'dan.obrien@threeriversroofing.test',
      firstName: 'Dan',
      lastName: "O'Brien",
      phone: '(412) 555-0154',
      city: 'Pittsburgh',
      state: 'PA',
      createdDaysAgo: 520,
    },
    companyName: 'Three Rivers Roofing',
    street: '420 Fort Duquesne Blvd, Suite 1100',
    businessCity: 'Pittsburgh',
    businessState: 'PA',
    businessZip: '15222',
    website: 'https://threeriversroofing.test',
    workingStates: ['Pennsylvania', 'West Virginia'],
    travelDistance: 75,
    specialties: ['Residential', 'Commercial'],
    yearsExperience: 19,
    rating: 4.7,
    totalProjects: 241,
    isAvailable: false,
    verificationStatus: 'verified',
    decidedDaysAgo: 514,
    profileCompletionStatus: 'insurance_set',
    licenses: [
      {
        state: 'Pennsylvania',
        licenseNumber: 'PA163482',
        licenseType: 'Home Improvement Contractor Registration',
        expiresInDays: 361,
        licenseDocument: 'three-rivers-pa-hic.pdf',
      },
      {
        state: 'West Virginia',
        licenseNumber: 'WV057214',
        licenseType: 'Contractor License - Residential',
        expiresInDays: 187,
        licenseDocument: 'three-rivers-wv-license.pdf',
      },
    ],
    insurance: {
      generalLiability: {
        carrier: 'Erie Insurance',
        policyNumber: 'Q40-1127734',
        expiresInDays: 205,
        coverageAmount: '$2,000,000',
        document: 'three-rivers-gl-coi.pdf',
      },
      workersCompensation: {
        carrier: 'Erie Insurance',
        policyNumber: 'Q18-1127735',
        expiresInDays: 205,
        document: 'three-rivers-wc-coi.pdf',
      },
      bonding: { carrier: 'CNA Surety', bondAmount: '$50,000', document: 'three-rivers-bond.pdf' },
    },
    banking: {
      bankName: 'PNC Bank',
      accountType: 'checking',
      accountHolderName: 'Three Rivers Roofing LLC',
      routingNumber: '043000096',
      accountNumber: '5104829376',
    },
    taxInfo: {
      businessName: 'Three Rivers Roofing LLC',
      businessType: 'llc',
      businessAddress: '420 Fort Duquesne Blvd, Suite 1100',
      ein: '25-1876043',
    },
  },
  {
    user: {
      email: 'kate.schultz@niagarafrontierroofing.test',
      firstName: 'Kate',
      lastName: 'Schultz',
      phone: '(716) 555-0161',
      city: 'Buffalo',
      state: 'NY',
      createdDaysAgo: 365,
    },
    companyName: 'Niagara Frontier Roofing',
    street: '300 Pearl St, Suite 450',
    businessCity: 'Buffalo',
    businessState: 'NY',
    businessZip: '14202',
    website: 'https://niagarafrontierroofing.test',
    workingStates: ['New York'],
    travelDistance: 60,
    specialties: ['Emergency', 'Repair', 'Residential'],
    yearsExperience: 13,
    rating: 4.4,
    totalProjects: 152,
    isAvailable: true,
    verificationStatus: 'verified',
    decidedDaysAgo: 359,
    profileCompletionStatus: 'insurance_set',
    licenses: [{ state: 'New York', noLicenseRequired: true }],
    insurance: {
      generalLiability: {
        carrier: 'NYCM Insurance',
        policyNumber: 'CPP 7720419',
        expiresInDays: 112,
        coverageAmount: '$2,000,000',
        document: 'niagara-gl-coi.pdf',
      },
      workersCompensation: {
        carrier: 'New York State Insurance Fund',
        policyNumber: 'W 2288 417-6',
        expiresInDays: 112,
        document: 'niagara-wc-c105.pdf',
      },
      bonding: { notRequired: true },
    },
    banking: {
      bankName: 'M&T Bank',
      accountType: 'checking',
      accountHolderName: 'Niagara Frontier Roofing Inc.',
      routingNumber: '022000046',
      accountNumber: '9880314427',
    },
    taxInfo: {
      businessName: 'Niagara Frontier Roofing Inc.',
      businessType: 'corporation',
      businessAddress: '300 Pearl St, Suite 450',
      ein: '16-1709354',
    },
  },
  {
    user: {
      email: 'sam.lindgren@evergreenroofsystems.test',
      firstName: 'Sam',
      lastName: 'Lindgren',
      phone: '(206) 555-0108',
      city: 'Seattle',
      state: 'WA',
      createdDaysAgo: 480,
    },
    companyName: 'Evergreen Roof Systems',
    street: '1420 5th Ave, Suite 2200',
    businessCity: 'Seattle',
    businessState: 'WA',
    businessZip: '98101',
    website: 'https://evergreenroofsystems.test',
    workingStates: ['Washington', 'Oregon'],
    travelDistance: 80,
    specialties: ['Residential', 'Commercial', 'Solar'],
    yearsExperience: 15,
    rating: 4.9,
    totalProjects: 203,
    isAvailable: true,
    verificationStatus: 'verified',
    decidedDaysAgo: 471,
    profileCompletionStatus: 'insurance_set',
    licenses: [
      {
        state: 'Washington',
        licenseNumber: 'EVERGRS881KJ',
        licenseType: 'Specialty Contractor - Roofing (L&I)',
        expiresInDays: 423,
        licenseDocument: 'evergreen-wa-registration.pdf',
      },
      {
        state: 'Oregon',
        licenseNumber: '229174',
        licenseType: 'CCB Residential General Contractor',
        expiresInDays: 298,
        licenseDocument: 'evergreen-or-ccb-license.pdf',
      },
    ],
    insurance: {
      generalLiability: {
        carrier: 'PEMCO Insurance',
        policyNumber: 'BOP-5517203',
        expiresInDays: 266,
        coverageAmount: '$2,000,000',
        document: 'evergreen-gl-coi.pdf',
      },
      workersCompensation: {
        carrier: 'Washington State L&I',
        policyNumber: '604,118-00',
        expiresInDays: 266,
        document: 'evergreen-lni-certificate.pdf',
      },
      bonding: {
        carrier: 'Merchants Bonding Company',
        bondAmount: '$30,000',
        document: 'evergreen-wa-bond.pdf',
      },
    },
    banking: {
      bankName: 'U.S. Bank',
      accountType: 'checking',
      accountHolderName: 'Evergreen Roof Systems LLC',
      routingNumber: '125000105',
      accountNumber: '153709248816',
    },
    taxInfo: {
      businessName: 'Evergreen Roof Systems LLC',
      businessType: 'llc',
      businessAddress: '1420 5th Ave, Suite 2200',
      ein: '91-2274608',
    },
  },
  // Applications still in front of the admin team, and one turned down.
  {
    user: {
      email: DEMO_PENDING_CONTRACTOR_EMAIL,
      firstName: 'Olivia',
      lastName: 'Grant',
      phone: '(713) 555-0190',
      city: 'Houston',
      state: 'TX',
      createdDaysAgo: 2.8,
    },
    companyName: 'Magnolia Roofing & Gutters',
    street: '2410 Yale St',
    businessCity: 'Houston',
    businessState: 'TX',
    businessZip: '77008',
    website: 'https://magnoliaroofing.test',
    workingStates: ['Texas'],
    travelDistance: 40,
    specialties: [],
    yearsExperience: 0,
    rating: 0,
    totalProjects: 0,
    isAvailable: true,
    verificationStatus: 'pending',
    profileCompletionStatus: 'application_submitted',
    licenses: [],
  },
  {
    user: {
      email: 'derek.vance@stormchaserroofing.test',
      firstName: 'Derek',
      lastName: 'Vance',
      phone: '(405) 555-0117',
      city: 'Oklahoma City',
      state: 'OK',
      createdDaysAgo: 23,
    },
    companyName: 'Storm Chaser Roofing Solutions',
    street: '3700 NW 39th St',
    businessCity: 'Oklahoma City',
    businessState: 'OK',
    businessZip: '73112',
    workingStates: ['Oklahoma', 'Texas', 'Kansas'],
    travelDistance: 50,
    specialties: [],
    yearsExperience: 0,
    rating: 0,
    totalProjects: 0,
    isAvailable: true,
    verificationStatus: 'rejected',
    verificationNotes:
      'Could not verify an active Oklahoma roofing contractor registration or proof of general liability insurance. ' +
      'Applicant may reapply once both are current.',
    decidedDaysAgo: 19,
    profileCompletionStatus: 'application_submitted',
    licenses: [],
  },
];

// ---------------------------------------------------------------- projects

export interface DemoWorkflow {
  contact?: { daysAgo: number; notes?: string };
  materialSelection?: {
    daysAgo: number;
    selectedMaterial: string;
    signatureDaysAgo?: number;
    signatureDocument?: string;
  };
  permit?: {
    status: Exclude<PermitStatus, 'application_needed'>;
    appliedDaysAgo?: number;
    issuedDaysAgo?: number;
    notes?: string;
  };
  material?: {
    status: 'ordered' | 'delivered';
    orderedDaysAgo: number;
    /** Expected delivery; negative means days ahead. */
    expectedDaysAgo?: number;
    deliveredDaysAgo?: number;
    notes?: string;
  };
  crew?: { daysAgo: number; notes?: string };
  install?: { daysAgo: number; notes?: string };
}

export interface DemoMessage {
  from: 'homeowner' | 'contractor';
  daysAgo: number;
  content: string;
  /** Read by its receiver (readAt is set shortly after it was sent). */
  read: boolean;
}

export interface DemoProject {
  /** The SWRX job id; also what makes the seed idempotent. */
  title: string;
  description: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  roofArea: number;
  roofType: string;
  materialPreference: string;
  priority: ProjectPriority;
  status: ProjectStatus;
  estimatedCost: number;
  finalCost?: number;
  homeownerEmail: string;
  contractorEmail?: string;
  preferredContractorEmail?: string;
  source: 'admin' | 'install_request' | 'quote';
  createdDaysAgo: number;
  /** When the admin assigned the contractor. */
  assignedDaysAgo?: number;
  /** When the contractor accepted and work started. */
  startDaysAgo?: number;
  workflow?: DemoWorkflow;
  messages?: DemoMessage[];
}

export const demoProjects: DemoProject[] = [
  // ---- the demo homeowner (Sarah Mitchell, Dallas area)
  {
    title: 'SWRX-2026-0446',
    description:
      'Hail damage on the north and west slopes after last week’s storm: bruised shingles, dented ridge vents ' +
      'and gutters. Insurance adjuster approved a full replacement; homeowner wants impact-resistant shingles.',
    address: '4817 Kincaid Ct',
    city: 'Plano',
    state: 'TX',
    zipCode: '75024',
    roofArea: 2650,
    roofType: 'Hip',
    materialPreference: '40 YEAR LAMINATE SHINGLE',
    priority: 'high',
    status: 'pending',
    estimatedCost: 1_685_000,
    homeownerEmail: DEMO_HOMEOWNER_EMAIL,
    source: 'admin',
    createdDaysAgo: 2.1,
  },
  {
    title: 'SWRX-2026-0436',
    description:
      'Full tear-off and replacement of a 22-year-old 3-tab roof on a rental home. Soft decking suspected ' +
      'around the chimney; HOA requires an approved colour (Weathered Wood).',
    address: '1409 Cheyenne Dr',
    city: 'Richardson',
    state: 'TX',
    zipCode: '75080',
    roofArea: 1900,
    roofType: 'Gable',
    materialPreference: '30 YEAR LAMINATE SHINGLE',
    priority: 'normal',
    status: 'matched',
    estimatedCost: 1_240_000,
    homeownerEmail: DEMO_HOMEOWNER_EMAIL,
    contractorEmail: DEMO_CONTRACTOR_EMAIL,
    source: 'admin',
    createdDaysAgo: 9.2,
    assignedDaysAgo: 6.1,
    messages: [
      {
        from: 'contractor',
        daysAgo: 5.9,
        content:
          'Hi Sarah, this is Marcus with Lone Star Roofing & Restoration. We’ve been matched with your Cheyenne Dr ' +
          'project. I’d like to look at the decking around the chimney before I accept. Would Thursday at 9 AM work?',
        read: true,
      },
      {
        from: 'homeowner',
        daysAgo: 5.6,
        content: 'Thursday at 9 works. The tenants know you’re coming and the side gate will be unlocked.',
        read: true,
      },
      {
        from: 'contractor',
        daysAgo: 3.2,
        content:
          'Thanks for the access. Two sheets of decking by the chimney are soft, which the estimate already ' +
          'covers. I’ll confirm the shingle colour with the HOA list before we accept.',
        read: true,
      },
      {
        from: 'homeowner',
        daysAgo: 0.4,
        content:
          'Great, thank you. The HOA approved Weathered Wood. Can you match it with the ridge caps too?',
        read: false,
      },
    ],
  },
  {
    title: 'SWRX-2026-0398',
    description:
      'Replacement of the main house roof after a wind claim: lifted tabs along the rakes, two leaks over the ' +
      'kitchen. Includes new drip edge, ridge venting and synthetic underlayment.',
    address: '6522 Lakewood Blvd',
    city: 'Dallas',
    state: 'TX',
    zipCode: '75214',
    roofArea: 3100,
    roofType: 'Hip and valley',
    materialPreference: '50 YEAR LAMINATE SHINGLE',
    priority: 'medium',
    status: 'in_progress',
    estimatedCost: 2_275_000,
    homeownerEmail: DEMO_HOMEOWNER_EMAIL,
    contractorEmail: DEMO_CONTRACTOR_EMAIL,
    source: 'admin',
    createdDaysAgo: 40,
    assignedDaysAgo: 36.3,
    startDaysAgo: 33.2,
    workflow: {
      contact: {
        daysAgo: 32.4,
        notes: 'Walked the roof with Sarah; confirmed scope and the two kitchen leaks.',
      },
      materialSelection: {
        daysAgo: 29.1,
        selectedMaterial: '50 YEAR LAMINATE SHINGLE - GAF Timberline UHDZ, Charcoal',
        signatureDaysAgo: 28.3,
        signatureDocument: 'SWRX-2026-0398-contract-signed.pdf',
      },
      permit: {
        status: 'issued',
        appliedDaysAgo: 27.2,
        issuedDaysAgo: 20.9,
        notes: 'City of Dallas residential re-roof permit.',
      },
      material: {
        status: 'ordered',
        orderedDaysAgo: 19.4,
        expectedDaysAgo: -3,
        notes: 'ABC Supply, Dallas branch. Driveway drop.',
      },
    },
    messages: [
      {
        from: 'contractor',
        daysAgo: 32.9,
        content:
          'Hi Sarah, Marcus here. We accepted the Lakewood project. Could I come by tomorrow afternoon to walk the roof?',
        read: true,
      },
      {
        from: 'homeowner',
        daysAgo: 32.7,
        content:
          'Tomorrow after 2 PM is perfect. The leaks are over the kitchen window and the breakfast nook.',
        read: true,
      },
      {
        from: 'contractor',
        daysAgo: 27.1,
        content:
          'Contract is signed and the permit application is in with the City of Dallas. Usually 5 to 7 business days.',
        read: true,
      },
      {
        from: 'homeowner',
        daysAgo: 20.5,
        content: 'Saw the permit was issued. Do you have a delivery date for the shingles yet?',
        read: true,
      },
      {
        from: 'contractor',
        daysAgo: 0.3,
        content:
          'ABC Supply confirmed the shingle delivery for this Friday morning. Please keep the driveway clear; ' +
          'we’ll call to set the tear-off date as soon as the pallets land.',
        read: false,
      },
    ],
  },
  {
    title: 'SWRX-2026-0287',
    description:
      'Standing-seam metal roof replacing a failed composition roof on a 1930s bungalow. Includes new flashing ' +
      'at the two chimneys and half-round gutters.',
    address: '5638 Vanderbilt Ave',
    city: 'Dallas',
    state: 'TX',
    zipCode: '75206',
    roofArea: 2200,
    roofType: 'Gable',
    materialPreference: 'METAL',
    priority: 'normal',
    status: 'completed',
    estimatedCost: 2_480_000,
    finalCost: 2_512_500,
    homeownerEmail: DEMO_HOMEOWNER_EMAIL,
    contractorEmail: DEMO_CONTRACTOR_EMAIL,
    source: 'admin',
    createdDaysAgo: 131,
    assignedDaysAgo: 127,
    startDaysAgo: 122,
    workflow: {
      contact: { daysAgo: 121.5, notes: 'On-site meeting; homeowner chose standing seam over shingles.' },
      materialSelection: {
        daysAgo: 117,
        selectedMaterial: 'METAL - 24 ga standing seam, Charcoal Gray',
        signatureDaysAgo: 116.2,
        signatureDocument: 'SWRX-2026-0287-contract-signed.pdf',
      },
      permit: { status: 'issued', appliedDaysAgo: 113, issuedDaysAgo: 106 },
      material: {
        status: 'delivered',
        orderedDaysAgo: 105,
        expectedDaysAgo: 97,
        deliveredDaysAgo: 97,
        notes: 'Panels roll-formed on site.',
      },
      crew: { daysAgo: 96.5, notes: 'Crew of six, three working days.' },
      install: {
        daysAgo: 92.3,
        notes: 'Final walk-through done with the homeowner; city inspection passed.',
      },
    },
    messages: [
      {
        from: 'homeowner',
        daysAgo: 91.8,
        content: 'The roof looks fantastic and the crew left the yard spotless. Thank you, Marcus!',
        read: true,
      },
      {
        from: 'contractor',
        daysAgo: 91.2,
        content:
          'Thank you, Sarah! Your manufacturer warranty registration and our 10-year workmanship warranty are in ' +
          'the project documents.',
        read: true,
      },
    ],
  },
  // ---- other projects of the demo contractor
  {
    title: 'SWRX-2026-0412',
    description:
      'Re-roof after a hail claim on a two-story home; includes replacing damaged skylight flashing.',
    address: '11732 Cobblestone Dr',
    city: 'Frisco',
    state: 'TX',
    zipCode: '75034',
    roofArea: 2850,
    roofType: 'Hip',
    materialPreference: '30 YEAR LAMINATE SHINGLE',
    priority: 'high',
    status: 'in_progress',
    estimatedCost: 1_560_000,
    homeownerEmail: 'kevin.tran@demo.test',
    contractorEmail: DEMO_CONTRACTOR_EMAIL,
    source: 'admin',
    createdDaysAgo: 28.4,
    assignedDaysAgo: 25.8,
    startDaysAgo: 22.3,
    workflow: {
      contact: { daysAgo: 21.6 },
      materialSelection: {
        daysAgo: 18.2,
        selectedMaterial: '30 YEAR LAMINATE SHINGLE - Owens Corning Duration, Driftwood',
        signatureDaysAgo: 18.1,
        signatureDocument: 'SWRX-2026-0412-contract-signed.pdf',
      },
      permit: {
        status: 'issued',
        appliedDaysAgo: 17.5,
        issuedDaysAgo: 12.2,
        notes: 'City of Frisco permit.',
      },
      material: { status: 'delivered', orderedDaysAgo: 10.4, expectedDaysAgo: 6, deliveredDaysAgo: 6.1 },
      crew: { daysAgo: 1.3, notes: 'Tear-off starts at 7 AM, weather permitting.' },
    },
    messages: [
      {
        from: 'contractor',
        daysAgo: 1.2,
        content: 'Kevin, the crew is booked. Please move the cars out of the garage the night before.',
        read: true,
      },
      { from: 'homeowner', daysAgo: 1.0, content: 'Will do. Thanks for the heads-up!', read: false },
    ],
  },
  {
    title: 'SWRX-2026-0231',
    description: 'Replacement of a storm-damaged roof on a Craftsman home in Arlington Heights.',
    address: '2315 Western Ave',
    city: 'Fort Worth',
    state: 'TX',
    zipCode: '76107',
    roofArea: 2100,
    roofType: 'Gable',
    materialPreference: '30 YEAR LAMINATE SHINGLE',
    priority: 'low',
    status: 'completed',
    estimatedCost: 1_395_000,
    finalCost: 1_395_000,
    homeownerEmail: 'angela.foster@demo.test',
    contractorEmail: DEMO_CONTRACTOR_EMAIL,
    source: 'admin',
    createdDaysAgo: 176,
    assignedDaysAgo: 172,
    startDaysAgo: 169,
    workflow: {
      contact: { daysAgo: 168.5 },
      materialSelection: {
        daysAgo: 165,
        selectedMaterial: '30 YEAR LAMINATE SHINGLE - CertainTeed Landmark, Weathered Wood',
        signatureDaysAgo: 164.5,
        signatureDocument: 'SWRX-2026-0231-contract-signed.pdf',
      },
      permit: { status: 'issued', appliedDaysAgo: 163, issuedDaysAgo: 157 },
      material: { status: 'delivered', orderedDaysAgo: 156, expectedDaysAgo: 150, deliveredDaysAgo: 150 },
      crew: { daysAgo: 149 },
      install: { daysAgo: 141.4, notes: 'Completed in two days; gutters cleaned and magnet sweep done.' },
    },
  },
  // ---- the admin's assignment queue
  {
    title: 'SWRX-2026-0448',
    description:
      'Active leak over the primary bedroom after heavy rain; tarp installed by the homeowner. Insurance claim ' +
      'approved for a full replacement.',
    address: '4306 Clawson Rd',
    city: 'Austin',
    state: 'TX',
    zipCode: '78745',
    roofArea: 1750,
    roofType: 'Gable',
    materialPreference: '30 YEAR LAMINATE SHINGLE',
    priority: 'urgent',
    status: 'pending',
    estimatedCost: 1_120_000,
    homeownerEmail: 'priya.raman@demo.test',
    preferredContractorEmail: 'nate.whitfield@hillcountrysolarroof.test',
    source: 'install_request',
    createdDaysAgo: 1.1,
  },
  {
    title: 'SWRX-2026-0443',
    description:
      'Moss-damaged cedar shake roof to be replaced with metal; homeowner plans solar panels next year.',
    address: '8214 35th Ave NE',
    city: 'Seattle',
    state: 'WA',
    zipCode: '98115',
    roofArea: 2400,
    roofType: 'Gable',
    materialPreference: 'METAL',
    priority: 'normal',
    status: 'pending',
    estimatedCost: 2_890_000,
    homeownerEmail: 'lisa.nguyen@demo.test',
    source: 'admin',
    createdDaysAgo: 4.3,
  },
  {
    title: 'SWRX-2026-0440',
    description: 'Aging roof flagged in a home inspection before sale; replacement needed before closing.',
    address: '5120 Lead Mine Rd',
    city: 'Raleigh',
    state: 'NC',
    zipCode: '27612',
    roofArea: 1600,
    roofType: 'Gable',
    materialPreference: '25 YEAR 3-TAB SHINGLE',
    priority: 'low',
    status: 'pending',
    estimatedCost: 985_000,
    homeownerEmail: 'hannah.okafor@demo.test',
    source: 'admin',
    createdDaysAgo: 6.2,
  },
  // ---- the rest of the network
  {
    title: 'SWRX-2026-0431',
    description:
      'Concrete tile replacement after hurricane wind damage; includes new peel-and-stick underlayment.',
    address: '3412 W San Miguel St',
    city: 'Tampa',
    state: 'FL',
    zipCode: '33629',
    roofArea: 2950,
    roofType: 'Hip',
    materialPreference: 'TILE - CONCRETE',
    priority: 'high',
    status: 'matched',
    estimatedCost: 3_150_000,
    homeownerEmail: 'carlos.medina@demo.test',
    contractorEmail: 'ana.delgado@suncoastroofing.test',
    source: 'admin',
    createdDaysAgo: 12.4,
    assignedDaysAgo: 8.3,
    messages: [
      {
        from: 'contractor',
        daysAgo: 8,
        content:
          'Hello Carlos, Ana from Suncoast Roofing. We can inspect Monday; is the morning good for you?',
        read: true,
      },
      {
        from: 'homeowner',
        daysAgo: 7.6,
        content: 'Monday morning is fine. Thank you for the quick response.',
        read: true,
      },
    ],
  },
  {
    title: 'SWRX-2026-0434',
    description: 'Replace a worn composition roof with standing-seam metal ahead of a planned solar install.',
    address: '1620 110th Ave NE',
    city: 'Bellevue',
    state: 'WA',
    zipCode: '98004',
    roofArea: 2300,
    roofType: 'Hip',
    materialPreference: 'METAL',
    priority: 'normal',
    status: 'matched',
    estimatedCost: 2_640_000,
    homeownerEmail: 'ben.alvarez@demo.test',
    contractorEmail: 'sam.lindgren@evergreenroofsystems.test',
    source: 'admin',
    createdDaysAgo: 10.1,
    assignedDaysAgo: 3.4,
  },
  {
    title: 'SWRX-2026-0417',
    description:
      'Hail claim: full replacement with Class 4 impact-resistant shingles; new gutters on the south side.',
    address: '2280 S Josephine St',
    city: 'Denver',
    state: 'CO',
    zipCode: '80210',
    roofArea: 2500,
    roofType: 'Gable',
    materialPreference: '50 YEAR LAMINATE SHINGLE',
    priority: 'high',
    status: 'in_progress',
    estimatedCost: 2_060_000,
    homeownerEmail: 'emily.carter@demo.test',
    contractorEmail: 'kelsey.morgan@frontrangeroofing.test',
    source: 'admin',
    createdDaysAgo: 24.2,
    assignedDaysAgo: 22,
    startDaysAgo: 20.3,
    workflow: {
      contact: { daysAgo: 19.2, notes: 'Met the adjuster on site; supplement filed for the gutters.' },
      materialSelection: {
        daysAgo: 15.4,
        selectedMaterial: '50 YEAR LAMINATE SHINGLE - Malarkey Legacy (Class 4), Midnight Black',
        signatureDaysAgo: 15.1,
        signatureDocument: 'SWRX-2026-0417-contract-signed.pdf',
      },
      permit: { status: 'applied', appliedDaysAgo: 12.3, notes: 'Denver e-permit submitted.' },
    },
    messages: [
      {
        from: 'homeowner',
        daysAgo: 11.8,
        content: 'Any word from the city on the permit? Our insurer asked for the start date.',
        read: true,
      },
      {
        from: 'contractor',
        daysAgo: 11.5,
        content:
          'Denver is running about two weeks on re-roof permits right now. I’ll message you the moment it is issued.',
        read: true,
      },
    ],
  },
  {
    title: 'SWRX-2026-0423',
    description:
      'Slate roof restoration on a 1912 foursquare: replace broken slates, copper valleys and flashing.',
    address: '5731 Beacon St',
    city: 'Pittsburgh',
    state: 'PA',
    zipCode: '15217',
    roofArea: 2700,
    roofType: 'Hip',
    materialPreference: 'SLATE',
    priority: 'medium',
    status: 'in_progress',
    estimatedCost: 5_400_000,
    homeownerEmail: 'margaret.oneil@demo.test',
    contractorEmail: 'dan.obrien@threeriversroofing.test',
    source: 'admin',
    createdDaysAgo: 18.3,
    assignedDaysAgo: 16.2,
    startDaysAgo: 14.1,
    workflow: {
      contact: { daysAgo: 13.4 },
      materialSelection: {
        daysAgo: 10.2,
        selectedMaterial: 'SLATE - Vermont Unfading Gray, salvaged to match',
        signatureDaysAgo: 9.3,
        signatureDocument: 'SWRX-2026-0423-contract-signed.pdf',
      },
      permit: { status: 'issued', appliedDaysAgo: 8.4, issuedDaysAgo: 3.2 },
      material: {
        status: 'ordered',
        orderedDaysAgo: 2.2,
        expectedDaysAgo: -12,
        notes: 'Slate quarry lead time.',
      },
    },
  },
  {
    title: 'SWRX-2026-0326',
    description:
      'Clay tile re-roof on a desert contemporary; tiles lifted, underlayment replaced and tiles relaid.',
    address: '9820 E Pinnacle Peak Rd',
    city: 'Scottsdale',
    state: 'AZ',
    zipCode: '85255',
    roofArea: 3800,
    roofType: 'Hip',
    materialPreference: 'TILE - CLAY',
    priority: 'normal',
    status: 'completed',
    estimatedCost: 4_650_000,
    finalCost: 4_720_000,
    homeownerEmail: 'robert.whitaker@demo.test',
    contractorEmail: 'luis.castillo@sonorantileroof.test',
    source: 'admin',
    createdDaysAgo: 96,
    assignedDaysAgo: 93,
    startDaysAgo: 90,
    workflow: {
      contact: { daysAgo: 89.5 },
      materialSelection: {
        daysAgo: 86,
        selectedMaterial: 'TILE - CLAY - Santa Fe mission blend (10% replacement tiles)',
        signatureDaysAgo: 85.5,
        signatureDocument: 'SWRX-2026-0326-contract-signed.pdf',
      },
      permit: { status: 'issued', appliedDaysAgo: 84, issuedDaysAgo: 79 },
      material: { status: 'delivered', orderedDaysAgo: 78, expectedDaysAgo: 72, deliveredDaysAgo: 71.5 },
      crew: { daysAgo: 70 },
      install: { daysAgo: 61.2, notes: 'Final cost includes 70 replacement tiles beyond the estimate.' },
    },
  },
  {
    title: 'SWRX-2026-0294',
    description: 'Architectural shingle replacement with new ridge vent and attic insulation baffles.',
    address: '207 Kildaire Farm Rd',
    city: 'Cary',
    state: 'NC',
    zipCode: '27511',
    roofArea: 1850,
    roofType: 'Gable',
    materialPreference: '30 YEAR LAMINATE SHINGLE',
    priority: 'normal',
    status: 'completed',
    estimatedCost: 1_180_000,
    finalCost: 1_214_000,
    homeownerEmail: 'james.porter@demo.test',
    contractorEmail: 'brian.mcallister@oakcityroofing.test',
    source: 'admin',
    createdDaysAgo: 126,
    assignedDaysAgo: 122,
    startDaysAgo: 118,
    workflow: {
      contact: { daysAgo: 117.4 },
      materialSelection: {
        daysAgo: 114,
        selectedMaterial: '30 YEAR LAMINATE SHINGLE - GAF Timberline HDZ, Pewter Gray',
        signatureDaysAgo: 113.8,
        signatureDocument: 'SWRX-2026-0294-contract-signed.pdf',
      },
      permit: {
        status: 'not_required',
        notes: 'Like-for-like re-roof; no permit required by the Town of Cary.',
      },
      material: { status: 'delivered', orderedDaysAgo: 112, expectedDaysAgo: 108, deliveredDaysAgo: 108 },
      crew: { daysAgo: 107 },
      install: { daysAgo: 102.6 },
    },
  },
  {
    title: 'SWRX-2026-0405',
    description:
      'Shingle replacement on a brick two-story. Cancelled: the homeowner sold the property before work was scheduled.',
    address: '186 W Como Ave',
    city: 'Columbus',
    state: 'OH',
    zipCode: '43202',
    roofArea: 2050,
    roofType: 'Gable',
    materialPreference: '30 YEAR LAMINATE SHINGLE',
    priority: 'normal',
    status: 'cancelled',
    estimatedCost: 1_310_000,
    homeownerEmail: 'michael.bennett@demo.test',
    source: 'admin',
    createdDaysAgo: 35.2,
  },
];

// ---------------------------------------------------------------- codes, requests, messages

export interface DemoDiscountCode {
  code: string;
  type: DiscountType;
  /** cents for amount, whole percent for percent, 0 for free */
  value: number;
}

export const demoDiscountCodes: DemoDiscountCode[] = [
  { code: 'SAVE10', type: 'percent', value: 10 },
  { code: 'SAVE50', type: 'amount', value: 5000 },
  { code: 'VIP', type: 'free', value: 0 },
];

export interface DemoInstallRequest {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  /** Full state name, as the form offers it. */
  state: string;
  zipCode: string;
  insuranceCompany?: string;
  claimNumber?: string;
  approvedAmount?: number;
  projectDescription: string;
  urgency: Urgency;
  preferredStartInDays?: number;
  preferredContractorEmail?: string;
  /** The project created from it, by title. */
  projectTitle?: string;
  /** The requester's account, when they have one. */
  userEmail?: string;
  createdDaysAgo: number;
}

export const demoInstallRequests: DemoInstallRequest[] = [
  {
    firstName: 'Priya',
    lastName: 'Raman',
    email: 'priya.raman@demo.test',
    phone: '(512) 555-0131',
    address: '4306 Clawson Rd',
    city: 'Austin',
    state: 'Texas',
    zipCode: '78745',
    insuranceCompany: 'State Farm',
    claimNumber: '43-8K72-19B',
    approvedAmount: 1_120_000,
    projectDescription:
      'Water coming through the bedroom ceiling after the storm. Tarp is on; need a replacement ASAP.',
    urgency: 'emergency',
    preferredStartInDays: 3,
    preferredContractorEmail: 'nate.whitfield@hillcountrysolarroof.test',
    projectTitle: 'SWRX-2026-0448',
    userEmail: 'priya.raman@demo.test',
    createdDaysAgo: 1.15,
  },
  {
    firstName: 'Walter',
    lastName: 'Greene',
    email: 'walter.greene@demo.test',
    phone: '(770) 555-0128',
    address: '1862 Sandtown Rd SW',
    city: 'Marietta',
    state: 'Georgia',
    zipCode: '30064',
    insuranceCompany: 'Allstate',
    claimNumber: '0718834562',
    approvedAmount: 1_475_000,
    projectDescription:
      'Carrier accepted the estimate for a full replacement after a tree limb fell on the back slope.',
    urgency: 'standard',
    preferredStartInDays: 21,
    createdDaysAgo: 0.6,
  },
];

export interface DemoContactMessage {
  channel: 'chat' | 'email';
  name?: string;
  firstName?: string;
  lastName?: string;
  email: string;
  phone?: string;
  subject?: string;
  message: string;
  projectId?: string;
  userEmail?: string;
  createdDaysAgo: number;
}

export const demoContactMessages: DemoContactMessage[] = [
  {
    channel: 'chat',
    name: 'Hannah Okafor',
    email: 'hannah.okafor@demo.test',
    subject: 'Contractor assignment',
    message:
      'Hi! Do you know roughly when a contractor will be assigned? We close on the house in five weeks.',
    projectId: 'SWRX-2026-0440',
    userEmail: 'hannah.okafor@demo.test',
    createdDaysAgo: 3.4,
  },
  {
    channel: 'email',
    firstName: 'Walter',
    lastName: 'Greene',
    email: 'walter.greene@demo.test',
    phone: '(770) 555-0128',
    subject: 'Install request follow-up',
    message:
      'I sent an installation request this morning for my home in Marietta. My adjuster asked whether you can ' +
      'send the contractor’s certificate of insurance before work starts. Thank you.',
    createdDaysAgo: 0.5,
  },
];
