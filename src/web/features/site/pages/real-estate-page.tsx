import { BadgeDollarSign, ClipboardCheck, FileText, Handshake, House, Timer } from 'lucide-react';
import { ServicePage, type ServicePageContent } from '../components/service-page';
import { figures } from '../marketing-figures';

const content: ServicePageContent = {
  eyebrow: 'Real Estate',
  title: 'Take the roof off the negotiating table',
  lead: 'Roof replacement value for listings, offers and inspections, delivered in 5-10 minutes or within 24 hours. When the roof comes up, you have a neutral number instead of a guess.',
  stats: [
    { value: '5-10 min', label: 'typical report delivery' },
    { value: '24 hours', label: 'to schedule an inspection' },
    { value: figures.priceZones, label: 'local price zones' },
    { value: '10 years', label: 'labor warranty' },
  ],
  features: {
    title: 'For every side of the deal',
    lead: 'Listing agents, buyer agents and investors use the same neutral report.',
    items: [
      {
        title: 'Listing agents',
        text: 'Price the roof into the listing, or credit it with confidence, before a buyer’s inspector brings it up.',
        icon: House,
      },
      {
        title: 'Buyer agents',
        text: 'Back a repair request or price reduction with a Fair Market Value replacement estimate.',
        icon: Handshake,
      },
      {
        title: 'Investors',
        text: 'Know the true cost of the roof before you make an offer on a rental or a flip.',
        icon: BadgeDollarSign,
      },
      {
        title: 'Inspection within 24 hours',
        text: 'A verified local contractor is scheduled within 24 hours when the deal needs someone on the roof.',
        icon: ClipboardCheck,
      },
      {
        title: 'Fast enough for option periods',
        text: `Most reports arrive in ${figures.reportTime}, the rest within 24 hours.`,
        icon: Timer,
      },
      {
        title: 'A document everyone can read',
        text: 'A clear PDF with roof area, materials, labor, permits and disposal, ready to attach to an addendum.',
        icon: FileText,
      },
    ],
  },
  steps: {
    title: 'How agents use it',
    lead: 'From a roof question to a settled number in one afternoon.',
    items: [
      ['Order a quote', 'Enter the property address and roof details. No account needed.'],
      [
        'Get the report',
        `Your PDF arrives by email in ${figures.reportTime}, or within 24 hours for complex roofs.`,
      ],
      ['Negotiate with facts', 'Share the report with the other side, the lender or the appraiser.'],
      [
        'Replace it if needed',
        'Seller or buyer can opt in to installation with a verified contractor and follow the work in real time.',
      ],
    ],
  },
  promises: {
    title: 'If the roof gets replaced',
    items: [
      'A verified contractor with an active license and $1M+ liability insurance',
      'Inspection scheduled within 24 hours',
      'A final inspection and warranty paperwork for the closing file',
      `A ${figures.laborWarranty} and ${figures.materialWarranty}`,
    ],
  },
  cta: {
    title: 'Have a roof question on a deal?',
    text: 'Order a neutral Fair Market Value report now and have a number before the next call.',
  },
};

export function RealEstatePage() {
  return <ServicePage content={content} />;
}
