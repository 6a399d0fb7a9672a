import { Card, CardContent, CardHeader } from '@web/components/ui/card';
import { ClipboardCheck, HandCoins, MessagesSquare } from 'lucide-react';

const benefits = [
  {
    title: 'Pre-qualified jobs',
    text: 'Homeowners come to you with an accepted estimate, often already approved by their insurance carrier. No bidding wars, no tire-kickers.',
    icon: ClipboardCheck,
  },
  {
    title: 'A fair share, clearly shown',
    text: 'You keep 88% of each approved budget. Every match shows your payment up front, before you accept the job.',
    icon: HandCoins,
  },
  {
    title: 'Tools that run the job',
    text: 'A six-step checklist from first call to final photo, live messaging with the homeowner, and progress they can follow without calling you.',
    icon: MessagesSquare,
  },
];

/** The application page's three benefit cards (spec 2 §2). */
export function BenefitCards() {
  return (
    <ul aria-label="Why contractors join" className="grid gap-4 md:grid-cols-3">
      {benefits.map(({ title, text, icon: Icon }) => (
        <li key={title}>
          <Card className="h-full">
            <CardHeader>
              <Icon aria-hidden="true" className="size-7 text-primary" />
              <h3 className="text-lg leading-tight font-semibold">{title}</h3>
            </CardHeader>
            <CardContent>
              <p className="text-sm text-muted-foreground">{text}</p>
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}
