import { Cable, ClipboardCheck, Cpu, Lock, Ruler, Users } from 'lucide-react';
import { ServicePage, type ServicePageContent } from '../components/service-page';
import { figures } from '../marketing-figures';

const content: ServicePageContent = {
  eyebrow: 'Insurance Claims',
  title: 'Neutral roof estimates your adjusters can defend',
  lead: `Fair Market Value estimates in ${figures.reportTime}, priced from local material and labor costs in ${figures.priceZones} price zones, with an inspection scheduled within 24 hours when a claim needs eyes on the roof.`,
  stats: [
    { value: '5-10 min', label: 'typical report delivery' },
    { value: '24 hours', label: 'to schedule an inspection' },
    { value: figures.priceZones, label: 'local price zones' },
    { value: figures.quotes, label: 'quotes delivered' },
  ],
  features: {
    title: 'Built for claims teams',
    lead: 'Consistent, documented numbers that hold up with policyholders, reinsurers and regulators.',
    items: [
      {
        title: 'Open API for claims systems',
        text: 'Order estimates and receive finished reports inside your claims platform, with no re-keying and no email chasing.',
        icon: Cable,
      },
      {
        title: 'Measurement integration',
        text: 'Attach HOVER, EagleView, Roofr or GAF QuickSquare measurements and the estimate prices the exact squares, pitch and waste.',
        icon: Ruler,
      },
      {
        title: 'Local, current pricing',
        text: `Material and labor costs for each of ${figures.priceZones} price zones, so a claim in Tampa isn't priced like one in Tulsa.`,
        icon: Cpu,
      },
      {
        title: `Backed by ${figures.certifiedContractorsPerQuote} certified contractors`,
        text: 'Every estimate is a price that certified local contractors stand behind, not a desk number nobody will build for.',
        icon: Users,
      },
      {
        title: 'SOC 2 compliance',
        text: 'Audited security controls, encryption of sensitive data at rest, and access limited to the people on each claim.',
        icon: Lock,
      },
      {
        title: 'Inspection within 24 hours',
        text: 'When the file is not enough, a verified contractor is scheduled to inspect the roof within 24 hours.',
        icon: ClipboardCheck,
      },
    ],
  },
  steps: {
    title: 'From first notice of loss to a finished roof',
    lead: 'One partner for the estimate and, when the policyholder wants it, the installation.',
    items: [
      ['Order the estimate', 'From our site or straight from your claims system through the API.'],
      [
        'Receive the report',
        `The PDF report usually arrives in ${figures.reportTime}; complex roofs are delivered within 24 hours.`,
      ],
      ['Inspect if needed', 'An inspection by a verified local contractor is scheduled within 24 hours.'],
      [
        'Close the loop',
        'Once you accept the estimate, the policyholder can opt in to installation with a verified contractor and follow the work in real time.',
      ],
    ],
  },
  promises: {
    title: 'What every policyholder gets',
    items: [
      'A contractor with an active state license, $1M+ liability insurance and workers’ compensation',
      'Real-time progress updates and a direct line to the contractor',
      'A final inspection and warranty paperwork at the end of the job',
      `A ${figures.laborWarranty} and ${figures.materialWarranty}`,
      'Our satisfaction guarantee',
    ],
  },
  cta: {
    title: 'Price your next claim in minutes',
    text: `Order a Fair Market Value estimate now: the report arrives in ${figures.reportTime}.`,
  },
};

export function InsurancePage() {
  return <ServicePage content={content} />;
}
