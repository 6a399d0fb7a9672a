import { CalendarClock, FileText, HardHat, MapPin, Ruler, ShieldCheck } from 'lucide-react';
import { ServicePage, type ServicePageContent } from '../components/service-page';
import { figures } from '../marketing-figures';

const content: ServicePageContent = {
  eyebrow: 'Solar Installation',
  title: 'Know the roof before the panels go on',
  lead: 'Panels last 25 years or more; the roof under them should too. Give your sales team a neutral roof condition and replacement cost report, delivered in 5-10 minutes or within 24 hours, and settle the roof question at the kitchen table.',
  stats: [
    { value: '5-10 min', label: 'typical report delivery' },
    { value: figures.contractors, label: 'verified contractors' },
    { value: figures.states, label: 'states and Puerto Rico' },
    { value: '10 years', label: 'labor warranty on reroofs' },
  ],
  features: {
    title: 'Made for solar sales',
    lead: 'Fewer cancelled installs, fewer surprises on install day, and a proposal the homeowner trusts.',
    items: [
      {
        title: 'Reroof cost in the proposal',
        text: 'Put a Fair Market Value replacement price next to the system price, so the homeowner decides once.',
        icon: FileText,
      },
      {
        title: 'Measurement integration',
        text: 'Use the HOVER, EagleView, Roofr or GAF QuickSquare file you already ordered for the panel layout.',
        icon: Ruler,
      },
      {
        title: 'Reroof before solar',
        text: 'Verified contractors who coordinate with your install crew, so the new roof is ready before the racking goes up.',
        icon: HardHat,
      },
      {
        title: 'Fast enough for the sales call',
        text: `Most reports arrive in ${figures.reportTime}; the rest within 24 hours, with an inspection scheduled within 24 hours when needed.`,
        icon: CalendarClock,
      },
      {
        title: 'Warranties that match the array',
        text: `A ${figures.laborWarranty} on the roof work and ${figures.materialWarranty}.`,
        icon: ShieldCheck,
      },
      {
        title: 'Nationwide coverage',
        text: `${figures.contractors} verified contractors across ${figures.coverage}, matched by ZIP code and specialty.`,
        icon: MapPin,
      },
    ],
  },
  steps: {
    title: 'How solar teams use it',
    lead: 'A roof answer at the same speed as the rest of your proposal.',
    items: [
      [
        'Order a quote during the sale',
        'Enter the property and roof details, and add a measurement file if you have one.',
      ],
      [
        'Share the report',
        'The homeowner sees the roof condition and a fair replacement price in the same meeting.',
      ],
      ['Reroof if needed', 'The homeowner opts in and a verified roofing contractor schedules the work.'],
      ['Install the array', 'Your crew installs on a new roof with its warranty paperwork in hand.'],
    ],
  },
  promises: {
    title: 'Every reroof includes',
    items: [
      'A licensed, insured contractor with 3+ years of experience',
      'Manufacturer-certified installation',
      'Real-time progress tracking for the homeowner and your team',
      'A final inspection and warranty paperwork',
      `A ${figures.laborWarranty}`,
    ],
  },
  cta: {
    title: 'Add a roof report to your next proposal',
    text: 'No account needed to order. Most reports arrive in 5-10 minutes.',
  },
};

export function SolarPage() {
  return <ServicePage content={content} />;
}
