import { formatDay as dayText } from '@domain/en-us-format';
import type { Project } from '@domain/projects/schemas';

/** 'May 14, 2026' in the reader's time zone. */
export function formatDay(iso: string): string {
  return dayText(new Date(iso));
}

/** '6522 Lakewood Blvd, Dallas, TX 75214', leaving out what is missing. */
export function projectAddress(p: Pick<Project, 'address' | 'city' | 'state' | 'zipCode'>): string {
  const stateZip = [p.state, p.zipCode].filter(Boolean).join(' ');
  return [p.address, p.city, stateZip].filter(Boolean).join(', ');
}
